"""What a map's tracks and Orders of Battle print from the scenarios.

A printed turn track shows where each scenario starts and ends and which turns
bring reinforcements; a printed Order of Battle shows, in each turn's row, the
units that arrive and where they enter, and the units each side sets up at the
start. These are worked out here from the scenarios, in display names, as small
immutable records the board's cache key can hold (``BoardInputs``), so the board
is redrawn when a scenario's schedule changes and not otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from compiler.render.charts import Cell, Chart, Table
from compiler.render.holdings import Key, reinforcement_key, scenario_groups
from compiler.render.names import Names
from rules_engine.definitions import Counter, Scenario, ValidGame


class TurnNote(NamedTuple):
    """A mark on a turn track: a scenario's caption, its last turn, or its arrivals on a turn."""

    label: str  # the turn's box
    kind: str  # "caption" (for the whole track), "start", "end" or "reinforcements"
    text: (
        str  # what is printed: "1 Onslaught: 15 May - 11 June 1948 ...", the scenario's number, "1: 7 Armour"
    )


class Ghost(NamedTuple):
    """A counter printed faintly in the slot it will stand in."""

    counter: Counter  # as its face is drawn
    copies: int
    face: str
    only: str = ""  # the scenario it waits there in, when not the principal one ("2")


class PrintedUnits(NamedTuple):
    """The units the scenarios put in one off-map place, drawn where they wait, and a line saying
    where they go from there (for an Order of Battle row: where they enter)."""

    key: Key
    units: tuple[Ghost, ...]
    note: str


class SetUp(NamedTuple):
    """A side's start on the map, place by place, as its Order of Battle prints it."""

    box: str
    scenario: str
    lines: tuple[tuple[str, str], ...]  # (place, units)


def principal(definition: ValidGame) -> Scenario | None:
    """The scenario the printed map shows: the lowest numbered (the full game where there is one)."""
    scenarios = sorted(definition.scenarios, key=lambda s: (s.number is None, s.number or 0, s.id))
    return scenarios[0] if scenarios else None


def turn_notes(definition: ValidGame) -> tuple[TurnNote, ...]:
    """What a turn track prints of the scenarios: a caption line for each (its dates, turns and
    first player), its first and last turns, and on each turn of arrival the units it brings."""
    names = Names(definition)
    notes: list[TurnNote] = []
    scenarios = sorted(definition.scenarios, key=lambda s: (s.number or 0, s.id))
    for position, scenario in enumerate(scenarios, 1):
        if not scenario.first_turn or not scenario.last_turn:
            continue
        tag = _tag(scenario, position, len(scenarios))
        caption = f"{tag} {scenario.name}: " if tag else f"{scenario.name}: "
        turns = f"turns {scenario.first_turn}-{scenario.last_turn}"
        period = scenario.period or ""
        facts = (
            [period] if scenario.first_turn in period and scenario.last_turn in period else [period, turns]
        )
        if scenario.first_player:
            facts.append(f"{names.side(scenario.first_player)} first")
        notes.append(TurnNote("", "caption", caption + "; ".join(f for f in facts if f)))
        notes.append(TurnNote(scenario.first_turn, "start", tag))
        notes.append(TurnNote(scenario.last_turn, "end", tag))
        arrivals: dict[str, list[str]] = defaultdict(list)
        for r in scenario.reinforcements:
            name = names.counter(r.unit)
            arrivals[r.turn].append(name if r.copies == 1 else f"{r.copies} {name}")
        for turn, units in arrivals.items():
            notes.append(TurnNote(turn, "reinforcements", (f"{tag}: " if tag else "") + ", ".join(units)))
    return tuple(notes)


def _tag(scenario: Scenario, position: int, count: int) -> str:
    """How a track box names a scenario: by its number, else by its place in the list; a
    game of one scenario needs no name at all (a box too narrow for "The Road to Vallon")."""
    if scenario.number is not None:
        return str(scenario.number)
    return str(position) if count > 1 else ""


def printed_units(definition: ValidGame) -> tuple[PrintedUnits, ...]:
    """The principal scenario's reinforcements in each Order of Battle row, in the order the
    module's set-up stands them in the row's slots, with where they enter; a slot only another
    scenario fills (Jerusalem!'s convoy in scenario 2) shows that scenario's unit, tagged, so
    no printed slot is left blank."""
    first = principal(definition)
    if first is None or not any(b.kind == "order-of-battle" for b in definition.board.boxes):
        return ()
    from compiler.render.counters import CounterPainter  # drawn faces, the counter painter's own

    painter = CounterPainter(definition)
    names = Names(definition)
    ordered = sorted(definition.scenarios, key=lambda s: (s is not first, s.number or 0, s.id))
    rows: dict[Key, list[Ghost]] = {}
    entries: dict[Key, list[str]] = {}
    for position, scenario in enumerate(ordered):
        only = "" if position == 0 else _tag(scenario, position + 1, len(ordered)) or scenario.name
        _add_entries(definition, names, scenario, entries)
        for key, groups in scenario_groups(definition, scenario).items():
            if key[0] != "oob":
                continue
            row = rows.setdefault(key, [])
            for counter_id, copies, face in groups[len(row) :]:
                counter = definition.counters.get(counter_id)
                if counter is not None:
                    row.append(Ghost(painter.drawn(counter, face), copies, face, only))
    return tuple(
        PrintedUnits(key, tuple(row), ("enter: " + "; ".join(entries[key])) if entries.get(key) else "")
        for key, row in rows.items()
    )


def _add_entries(
    definition: ValidGame, names: Names, scenario: Scenario, entries: dict[Key, list[str]]
) -> None:
    """Where each Order of Battle row's units of ``scenario`` enter, added once each."""
    for r in scenario.reinforcements:
        key = reinforcement_key(definition, r.unit, r.turn)
        if key[0] == "oob":
            where = _entry_name(definition, names, r.at) if r.at else ""
            if r.alternate:
                where += f" or {_entry_name(definition, names, r.alternate)}"
            if where and where not in entries.setdefault(key, []):
                entries[key].append(where)


def _entry_name(definition: ValidGame, names: Names, reference: str) -> str:
    """An entry hex as the map labels it ('to Tel Aviv (0103)'), else the place's name."""
    space = definition.board.resolve(reference)
    entry = next((e for e in definition.board.entries if space is not None and e.at == space.id), None)
    if entry is not None and space is not None and not space.name:
        return f"{entry.name} ({space.id})"
    return names.place(reference).split(" (")[0]


def set_ups(definition: ValidGame, scenario: Scenario | None = None) -> tuple[SetUp, ...]:
    """Each side's start in ``scenario`` (by default the principal one), grouped by place, as an
    Order of Battle lists it."""
    scenario = scenario or principal(definition)
    boxes = {b.side: b.id for b in definition.board.boxes if b.kind == "order-of-battle" and b.side}
    if scenario is None or not boxes:
        return ()
    names = Names(definition)
    by_side: dict[str, dict[str, list[str]]] = defaultdict(dict)
    for placement in scenario.placements:
        counter = definition.counters.get(placement.unit)
        if counter is None:
            continue
        place = names.place(placement.at).split(" (")[0]
        label = names.counter(counter.id)
        units = by_side[placement.side].setdefault(place, [])
        units.append(f"{placement.copies} {label}" if placement.copies > 1 else label)
    return tuple(
        SetUp(boxes[side], scenario.name, tuple((place, ", ".join(units)) for place, units in places.items()))
        for side, places in by_side.items()
        if side in boxes
    )


def scenario_chart(definition: ValidGame, names: Names) -> Chart | None:
    """The scenarios at a glance, for the turn track: dates, turns, who goes first and what
    arrives on which turn."""
    scenarios = sorted(
        (s for s in definition.scenarios if s.first_turn and s.last_turn), key=lambda s: (s.number or 0, s.id)
    )
    if not scenarios:
        return None
    rows = []
    for scenario in scenarios:
        arrivals: dict[str, list[str]] = defaultdict(list)
        for r in scenario.reinforcements:
            arrivals[r.turn].append(
                names.counter(r.unit) if r.copies == 1 else f"{r.copies} {names.counter(r.unit)}"
            )
        arriving = "; ".join(f"turn {turn}: {', '.join(units)}" for turn, units in arrivals.items()) or "none"
        number = f"{scenario.number}. " if scenario.number is not None else ""
        rows.append(
            (
                Cell(f"{number}{scenario.name}", bold=True),
                Cell(scenario.period or ""),
                Cell(f"{scenario.first_turn}-{scenario.last_turn}", centre=True),
                Cell(names.side(scenario.first_player) if scenario.first_player else ""),
                Cell(arriving),
            )
        )
    table = Table(
        ("Scenario", "Dates", "Turns", "First", "Reinforcements"), tuple(rows), weights=(2, 2, 1, 1.2, 4)
    )
    return Chart("scenarios", "Scenarios", (table,))
