"""The three seed games' modules imported and compared with their source, then built again.

Every counter comes back with its id (wgc's modules mark each piece with it), its side and its
faces; every placement of a scenario's set-up comes back at its hex or space, on its face; and
the module built from the import reads, for inspect, as the one built from the source: the same
slots, and each setup's every piece on the same map at the same location name.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from compiler.importer import import_module
from compiler.pipeline import validate_game
from compiler.render.names import counter_label
from compiler.vassal.extension.links import value_text
from compiler.vassal.extension.module import build_kept_module
from compiler.vassal.inspect import inspect_module
from compiler.vassal.module import build_module
from rules_engine.definitions import Scenario, ValidGame

from .conftest import GAMES, shipped


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[ValidGame, Path, Path, Path]]:
    """Each seed game: its definition, its module, the imported folder, the module built again."""
    folder = tmp_path_factory.mktemp("seeds")
    found = {}
    for game in GAMES:
        definition = shipped(game)
        module = folder / f"{game}.vmod"
        module.write_bytes(build_module(definition))
        result = import_module(module, folder / game)
        assert result.ok and result.folder is not None, [d.message for d in result.diagnostics]
        report = validate_game(result.folder)
        assert report.valid is not None and not report.diagnostics, [d.message for d in report.diagnostics]
        rebuilt = folder / f"{game}-again.vmod"
        rebuilt.write_bytes(build_kept_module(report.valid))
        found[game] = (definition, module, result.folder, rebuilt)
    return found


def _json(folder: Path, name: str) -> Any:
    return json.loads((folder / name).read_text("utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_every_counter_comes_back(seeds: dict[str, Any], game: str) -> None:
    definition, _, folder, _ = seeds[game]
    imported = {c["id"]: c for c in _json(folder, "counters.json")["counters"]}
    decks = _json(folder, "cards.json")["decks"] if (folder / "cards.json").exists() else []
    cards = {(d["name"], c["title"]) for d in decks for c in d["cards"]}
    assert sorted(imported) == sorted(definition.counters.counters)
    assert cards == {(d.name, c.title) for d in definition.decks for c in d.cards}
    sides = {side["id"]: side["name"] for side in _json(folder, "game.json")["sides"]}
    for counter in definition.counters.counters.values():
        back = imported[counter.id]
        side = definition.game.side(counter.side) if counter.side else None
        # The piece's name in the module: the counter's name as game.json's counter_names print it.
        assert (back["name"], back["kind"]) == (counter_label(definition.game, counter), counter.kind)
        # The module names sides, not their ids; a solitaire game's roster names only 'Solitaire'.
        named = side.name if side is not None and side.name in sides.values() else None
        assert sides.get(back.get("side", "")) == named
        assert back["front"]["image"] == f"images/{counter.id}-front.png"
        two_faces = counter.back is not None and not counter.back.blank
        assert back.get("back", {}).get("image") == (f"images/{counter.id}-back.png" if two_faces else None)


def _expected_location(definition: ValidGame, at: str) -> str:
    space = definition.board.resolve(at)
    assert space is not None
    return space.id if definition.board.grid is not None else (space.name or space.id)


def _set_up(definition: ValidGame, scenario: Scenario) -> Counter[tuple[str, str, str]]:
    """The scenario's set-up placements: (counter, location VASSAL names, face), with copies."""
    found: Counter[tuple[str, str, str]] = Counter()
    for placement in scenario.placements:
        found[(placement.unit, _expected_location(definition, placement.at), placement.face)] += (
            placement.copies
        )
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_placement_comes_back_at_its_hex_on_its_face(seeds: dict[str, Any], game: str) -> None:
    definition, _, folder, _ = seeds[game]
    for scenario in definition.scenarios:
        pieces = _json(folder, f"scenarios/{scenario.id}.json")["pieces"]
        placed: Counter[tuple[str, str, str]] = Counter(
            (p.get("counter", ""), p["at"], p.get("face", "front")) for p in pieces
        )
        wanted = _set_up(definition, scenario)
        assert not wanted - placed, (scenario.id, wanted - placed)


@pytest.mark.parametrize("game", GAMES)
def test_the_import_builds_the_same_module(seeds: dict[str, Any], game: str) -> None:
    _, module, _, rebuilt = seeds[game]
    before, after = inspect_module(module), inspect_module(rebuilt)
    assert after.ok and after.piece_slots == before.piece_slots
    assert [s.name for s in after.setups] == [s.name for s in before.setups]
    for old, new in zip(before.setups, after.setups, strict=True):
        assert {p.id: (p.name, p.map, p.location) for p in new.pieces} == {
            p.id: (p.name, p.map, p.location) for p in old.pieces
        }


@pytest.mark.parametrize("game", GAMES)
def test_every_value_comes_back_on_its_face(seeds: dict[str, Any], game: str) -> None:
    """The module carries each declared value as a piece property (by face where the sides
    differ): the import reads them back as the faces' values."""
    definition, _, folder, _ = seeds[game]
    imported = {c["id"]: c for c in _json(folder, "counters.json")["counters"]}
    for counter in definition.counters.counters.values():
        face = imported[counter.id]["front"]
        if counter.front.blank:
            continue
        assert _printed(face) == _printed(counter.front.values), counter.id
        back = imported[counter.id].get("back", {})
        if counter.two_sided and not counter.hidden and counter.back is not None:
            expected = _printed(counter.back.values)
            shown = {**_printed(face), **_printed(back)}
            assert {k: shown.get(k) for k in expected} == expected, counter.id


def _printed(values: Any) -> dict[str, str]:
    """Values as a piece property holds them, a flag that is not set left out (VASSAL's piece
    says 'false' where the face does not print it)."""
    return {k: value_text(v) for k, v in values.items() if k != "image" and v is not False}
