"""What `wgc info` shows: a game at a glance, built from its definition."""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from compiler.checks.provenance import iter_marks
from compiler.diagnostics.text import printable
from compiler.loading import FILE_KINDS
from compiler.pipeline import GameReport
from rules_engine.definitions import GameDefinition, Scenario


def summarize(report: GameReport) -> dict[str, Any]:
    """A JSON-ready summary; parts whose data is broken are left out."""
    definition = report.definition
    summary: dict[str, Any] = {"game": report.name, "errors": report.errors, "warnings": report.warnings}
    game = definition.game
    if game is not None:
        summary.update(
            title=game.title,
            system=game.system,
            players={"min": game.min_players, "max": game.max_players},
            sides=[{"id": s.id, "name": s.name} for s in game.sides],
            nations=len(game.nations),
            turns=len(game.turn_labels),
            phases=[p.name for p in game.phases],
            optional_rules=[r.name for r in game.optional_rules],
        )
        summary["turn_track"] = _turn_track(report, game.turn_labels)
    if definition.boards is not None:
        summary["boards"] = _boards_summary(definition)
    elif definition.board is not None:
        summary["map"] = _map_summary(definition)
    if definition.counters is not None:
        summary["counters"] = _counter_summary(definition)
    summary["scenarios"] = [_scenario_summary(definition, s) for s in definition.scenarios]
    if definition.charts is not None:
        charts = definition.charts
        summary["charts"] = {
            "combat": charts.combat.kind if charts.combat else None,
            "tables": [
                {"id": t.id, "name": t.name, "kind": t.kind, "reconstructed": t.reconstructed}
                for t in charts.tables.values()
            ],
        }
    if definition.terrain is not None:
        summary["terrain_chart"] = [t.name for t in definition.terrain.terrain.values()]
    if definition.decks is not None:
        summary["decks"] = [{"id": d.id, "name": d.name, "cards": d.size} for d in definition.decks]
    summary["provenance"] = _provenance(report)
    return summary


def _turn_track(report: GameReport, labels: tuple[str, ...]) -> dict[str, Any]:
    """The turn track's boxes, with game.json's note on it: where a rulebook's count of turns
    and its dates disagree, the note says which reading the data keeps."""
    document = report.sources.one("game")
    turns = document.data.get("turns", {}) if document is not None and isinstance(document.data, dict) else {}
    note = turns.get("note") if isinstance(turns, dict) else None
    return {
        "boxes": len(labels),
        "first": labels[0] if labels else None,
        "last": labels[-1] if labels else None,
        "note": note if isinstance(note, str) else None,
    }


def _boards_summary(definition: GameDefinition) -> dict[str, Any]:
    """An imported module's maps (boards.json): its boards, their grids by kind, and whether the
    game keeps the rest of the module (vassal/)."""
    boards = definition.boards
    assert boards is not None
    grids = Tally(b.grid.kind if b.grid is not None else "none" for m in boards.maps for b in m.boards)
    return {
        "maps": len(boards.maps),
        "boards": sum(len(m.boards) for m in boards.maps),
        "grids": dict(sorted(grids.items())),
        "kept_module": definition.kept is not None,
    }


def _map_summary(definition: GameDefinition) -> dict[str, Any]:
    board = definition.board
    assert board is not None
    terrain = Tally(space.terrain for space in board.spaces.values())
    features = Tally(feature for space in board.spaces.values() for feature in space.features)
    kinds = Tally(kind for space in board.spaces.values() for kind in space.kinds)
    return {
        "kind": board.kind,
        "spaces": len(board.spaces),
        "by_terrain": dict(sorted(terrain.items())),
        "by_feature": dict(sorted(features.items())),
        "by_kind": dict(sorted(kinds.items())),
        "named_places": sum(1 for s in board.spaces.values() if s.name),
        "hexsides": len(board.hexsides),
        "roads": len(board.roads),
        "routes": len(board.routes),
        "regions": [r.name for r in board.regions],
        "supply_sources": dict(sorted(Tally(s.side for s in board.supply_sources).items())),
    }


def _counter_summary(definition: GameDefinition) -> dict[str, Any]:
    counters = definition.counters
    assert counters is not None
    by_side_kind: dict[str, dict[str, int]] = {}
    for counter in counters.counters.values():
        side = counter.side or "none"
        kinds = by_side_kind.setdefault(side, {})
        kinds[counter.kind] = kinds.get(counter.kind, 0) + counter.copies
    return {
        "entries": len(counters.counters),
        "physical": counters.physical_total(),
        "physical_without_optional": counters.physical_total(include_optional=False),
        "by_side": {side: dict(sorted(kinds.items())) for side, kinds in sorted(by_side_kind.items())},
        "two_sided_units": sum(c.copies for c in counters.counters.values() if c.is_unit and c.two_sided),
    }


def _scenario_summary(definition: GameDefinition, scenario: Scenario) -> dict[str, Any]:
    game = definition.game
    length: float | None = None
    if game is not None and scenario.first_turn and scenario.last_turn:
        first, last = game.turn_index(scenario.first_turn), game.turn_index(scenario.last_turn)
        if first is not None and last is not None:
            length = last - first + 1
            # A last turn that not every side plays (Jerusalem!'s June IV) counts as half a turn.
            if scenario.last_turn_players and len(set(scenario.last_turn_players)) < len(game.sides):
                length -= 0.5
    return {
        "id": scenario.id,
        "name": scenario.name,
        "first_turn": scenario.first_turn,
        "last_turn": scenario.last_turn,
        "turns": length,
        "first_player": scenario.first_player,
        "units_at_start": sum(p.copies for p in scenario.placements),
        "pieces": len(scenario.pieces),
        "reinforcements": sum(r.copies for r in scenario.reinforcements),
        "markers": sum(m.copies for m in scenario.markers),
    }


def _provenance(report: GameReport) -> dict[str, Any]:
    """How many records cite the rulebook and how many are marked reconstructed.

    A mark is one ``provenance`` on a record, and one warning in ``wgc validate``;
    a mark that names fields (``{"front/movement": ...}``) counts each field as a
    value. So ``reconstructed_records`` is the warning count and ``reconstructed``
    the number of values.
    """
    per_file: dict[str, dict[str, int]] = {}
    for kind in FILE_KINDS:
        for document in report.sources.all(kind.kind):
            tally = {"cite": 0, "reconstructed_records": 0, "reconstructed": 0}
            for _, key, value in iter_marks(document.data):
                if key == "cite":
                    tally["cite"] += 1
                else:
                    tally["reconstructed_records"] += 1
                    tally["reconstructed"] += len(value) if isinstance(value, dict) else 1
            per_file[document.name] = tally
    return {
        "cite_rulebook": sum(t["cite"] for t in per_file.values()),
        "reconstructed_records": sum(t["reconstructed_records"] for t in per_file.values()),
        "reconstructed": sum(t["reconstructed"] for t in per_file.values()),
        "by_file": per_file,
    }


def format_summary(summary: dict[str, Any]) -> str:
    """The text form of a summary, for people."""
    lines: list[str] = []
    add = lines.append
    add(f"{summary.get('title', summary['game'])}  [{summary.get('system', '?')}]")
    if "sides" in summary:
        add(
            "sides: "
            + ", ".join(s["name"] for s in summary["sides"])
            + f"  ({summary['players']['min']}-{summary['players']['max']} players)"
        )
    maps = summary.get("boards")
    if maps:
        kept = ", its module's other parts kept in vassal/" if maps["kept_module"] else ""
        add(f"maps: {maps['maps']}; boards: {maps['boards']} (grids: {_pairs(maps['grids'])}){kept}")
    board = summary.get("map")
    if board:
        add(
            f"map: {board['kind']}, {board['spaces']} spaces, {board['named_places']} named, "
            f"{board['hexsides']} hexsides, {board['roads']} roads, {board['routes']} routes"
        )
        add("  by terrain: " + _pairs(board["by_terrain"]))
        if board["by_feature"]:
            add("  features: " + _pairs(board["by_feature"]))
        if board["by_kind"]:
            add("  space kinds: " + _pairs(board["by_kind"]))
        if board["supply_sources"]:
            add("  supply sources: " + _pairs(board["supply_sources"]))
    counters = summary.get("counters")
    if counters:
        add(
            f"counters: {counters['physical']} physical ({counters['entries']} entries, "
            f"{counters['physical_without_optional']} without optional-rule counters)"
        )
        for side, kinds in counters["by_side"].items():
            add(f"  {side}: " + _pairs(kinds))
    lines.extend(_turn_track_lines(summary.get("turn_track")))
    lines.extend(_scenario_line(scenario) for scenario in summary.get("scenarios", []))
    charts = summary.get("charts")
    if charts:
        tables = (
            ", ".join(
                t["name"] + (" (reconstructed)" if t["reconstructed"] else "") for t in charts["tables"]
            )
            or "none"
        )
        add(f"charts: combat {charts['combat']}; tables: {tables}")
    for deck in summary.get("decks", []):
        add(f"deck {deck['name']}: {deck['cards']} cards")
    provenance = summary["provenance"]
    add(
        f"provenance: {provenance['cite_rulebook']} records cite the rulebook; "
        f"{provenance['reconstructed_records']} records are marked reconstructed "
        f"(one provenance warning each in wgc validate), covering {provenance['reconstructed']} values"
    )
    if summary["errors"]:
        add(f"{summary['errors']} errors: run 'wgc validate' for details")
    return "\n".join(printable(line) for line in lines)


def _scenario_line(scenario: dict[str, Any]) -> str:
    if scenario["pieces"]:
        return f"scenario {scenario['name']} ({scenario['id']}): {scenario['pieces']} pieces placed"
    turns = f"{_turns(scenario['turns'])} turns" if scenario["turns"] else "turns ?"
    return (
        f"scenario {scenario['name']} ({scenario['id']}): {turns} "
        f"({scenario['first_turn']}-{scenario['last_turn']}), "
        f"{scenario['units_at_start']} units at start, "
        f"{scenario['reinforcements']} reinforcements, first player {scenario['first_player']}"
    )


def _turn_track_lines(track: dict[str, Any] | None) -> list[str]:
    if not track or not track["boxes"]:
        return []
    lines = [f"turn track: {track['boxes']} boxes, {track['first']} to {track['last']}"]
    if track["note"]:
        lines.append(f"  note: {track['note']}")
    return lines


def _turns(count: float) -> str:
    """7.5 turns as the rulebooks write it: '7 1/2'."""
    whole = int(count)
    return f"{whole} 1/2" if count != whole else str(whole)


def _pairs(mapping: dict[str, int]) -> str:
    return ", ".join(f"{key} {value}" for key, value in mapping.items())
