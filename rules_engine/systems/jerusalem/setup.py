"""Scenario II's set-up rolls: how many Haganah and Mufti units, and which named leaders.

The scenario's data is a set-up for one assumed roll of each table
(``random_setup[].rolled``). Rolling differently adds or takes away units of
the counters the table names, in the places the scenario allows them, and adds
or takes away the named leaders (face down, with Arab units and no leader, away
from the Legion and the EEF: 5.2, 12.3).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rules_engine.core import DiceSource, EngineError, Unit, UnitStatus
from rules_engine.definitions import Table

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game


def roll_setup(game: Game, dice: DiceSource) -> None:
    """Roll each of the scenario's set-up tables and change the set-up to match."""
    for entry in game.scenario.random_setup:
        table = game.tables.tables.get(entry.table)
        if table is None:
            raise EngineError(f"no table '{entry.table}' for the scenario's set-up roll", field="scenario")
        roll = game.roll(dice, f"set-up {entry.table}")
        assumed = entry.rolled if entry.rolled is not None else roll
        game.note("set-up", f"{table.name}: rolled {roll}")
        _apply(game, _result(table, assumed), _result(table, roll))


def _result(table: Table, roll: int) -> dict[str, Any]:
    for row in table.rows:
        if row.roll is not None and row.roll.low <= roll <= row.roll.high and isinstance(row.result, dict):
            return dict(row.result)
    raise EngineError(f"table '{table.id}' has no row for a roll of {roll}")


def _counts(result: dict[str, Any]) -> dict[str, int]:
    entries = result.get("units") or ([result] if "unit" in result else [])
    counts: dict[str, int] = {}
    for entry in entries:
        count = entry.get("count") if isinstance(entry, dict) else None
        if not isinstance(count, int) or isinstance(count, bool) or "unit" not in entry:
            raise EngineError(f"a set-up table result {entry!r} needs a unit and a whole-number count")
        counts[str(entry["unit"])] = count
    return counts


def _apply(game: Game, assumed: dict[str, Any], rolled: dict[str, Any]) -> None:
    before, after = _counts(assumed), _counts(rolled)
    for counter_id in sorted(set(before) | set(after)):
        change = after.get(counter_id, 0) - before.get(counter_id, 0)
        if change > 0:
            _add(game, counter_id, change)
        for unit in _on_map(game, counter_id)[: max(-change, 0)]:
            game.remove(unit, UnitStatus.REMOVED)
    old_leaders, new_leaders = set(assumed.get("leaders", ())), set(rolled.get("leaders", ()))
    for counter_id in sorted(old_leaders - new_leaders):
        for unit in _on_map(game, counter_id):
            game.remove(unit, UnitStatus.REMOVED)
    for counter_id in sorted(new_leaders - old_leaders):
        _add_leader(game, counter_id)


def _on_map(game: Game, counter_id: str) -> list[Unit]:
    units = [u for u in game.state.on_map() if u.counter.id == counter_id]
    return list(reversed(units))


def _places(game: Game, counter_id: str) -> Iterator[str]:
    """The hexes the scenario lets this counter set up in, in the order it lists them."""
    seen: set[str] = set()
    for placement in game.scenario.placements:
        if placement.unit != counter_id:
            continue
        names = [placement.at, *(placement.constraint.one_of if placement.constraint else ())]
        for name in names:
            space = game.board.resolve(name)
            if space is not None and space not in seen:
                seen.add(space)
                yield space


def _add(game: Game, counter_id: str, count: int) -> None:
    places = list(_places(game, counter_id))
    for _ in range(count):
        spare = _spare(game, counter_id)
        if spare is None:
            return
        space = next((p for p in places if _fits(game, p, spare)), None)
        if space is None:
            return
        game.put(spare, space)


def _spare(game: Game, counter_id: str) -> Unit | None:
    names = game.system.names.get(counter_id, ())
    return next(
        (
            game.state.units[n]
            for n in names
            if game.state.units[n].status is UnitStatus.REMOVED and game.state.units[n].space is None
        ),
        None,
    )


def _fits(game: Game, space: str, unit: Unit) -> bool:
    return game.state.side_at(space) in (None, unit.side) and game.stacking_problem(space, [unit]) is None


def _add_leader(game: Game, counter_id: str) -> None:
    """A named leader the roll adds: with Mufti units if one of their hexes takes him, else with
    any Arab units that may (5.2, 12.3)."""
    leader = _spare(game, counter_id)
    if leader is None:
        return
    friendly = [s for s in sorted(game.state.occupants) if game.state.side_at(s) == leader.side]
    mufti = [s for s in friendly if any(game.role(u).needs_leader for u in game.state.units_at(s))]
    space = next((s for s in [*mufti, *friendly] if _fits(game, s, leader)), None)
    if space is not None:
        game.put(leader, space)
