"""Leaving the map by road and coming back (14.6).

Any unit that may move now may leave the map from a road hex on the map's edge,
taking what it carries with it; leaving is one more hex along that road, so it
costs what following the road costs (the first hex counts on the way in, 14.1).
Off the map it waits, for as long as its player likes, and comes back on a later
turn as a reinforcement does (arrivals.py): by the road it left by, or, while the
enemy holds that hex, at the edge within three hexes of it (14.3). Units that
left by the same road are together off the map, so an Arab leader there without
another Arab unit is alone (12.3, leaders.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import IllegalAction, Unit, UnitStatus
from rules_engine.systems.jerusalem.movement import mover_problem, start_problem
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game


def exits(game: Game) -> list[str]:
    """The road hexes on the map's edge (printed roads, and new ones once they may be used)."""
    return sorted(game.tables.exits)


def exit_cost(game: Game, unit: Unit, space: str) -> float | None:
    """What leaving from ``space`` costs ``unit``: one more hex along the road (None: no road)."""
    return game.tables.entry_cost(space, unit.face.movement_class or game.tables.classes[-1], True)


def leave_problem(game: Game, units: Sequence[Unit]) -> IllegalAction | None:
    """Why these units may not leave the map now (None when they may)."""
    if not units:
        return IllegalAction("14.6", "name the units that leave the map")
    start = units[0].space
    if any(u.space != start for u in units):
        return IllegalAction("7.6", "units that leave together must start in the same hex")
    for unit in units:
        if game.role(unit).convoy:
            return IllegalAction("6.2.1", "the Jerusalem Convoy keeps to its route to Jerusalem")
        problem = mover_problem(game, unit)
        if problem is not None:
            return problem
    assert start is not None  # mover_problem: the units are on the map
    if start not in game.tables.exits:
        return IllegalAction(
            "14.6", f"units leave the map only by a road at its edge, and {game.board.name(start)} is not one"
        )
    problem = start_problem(game, units, zoc_hexes(game, game.enemy_of(units[0].side)), None)
    if problem is not None:
        return problem
    for unit in units:
        cost = exit_cost(game, unit, start) or 0.0
        left = game.allowance(unit) - game.spent(unit)
        if cost > left:
            return IllegalAction(
                "7.6" if len(units) > 1 else "7.1",
                f"{game.label(unit)} has {left:g} MP left, and leaving by the road costs {cost:g}",
            )
    return None


def leave(game: Game, units: Sequence[Unit]) -> None:
    """14.6: the units, with what they carry, leave the map by the road in their hex."""
    problem = leave_problem(game, units)
    if problem is not None:
        raise problem
    marks, space = game.marks, units[0].space
    assert space is not None
    marks.anything_moved = True  # 6.2.1: leaving is road movement too
    riders = [p for u in units for p in game.passengers(u)]
    for unit in units:
        marks.spent[unit.uid] = game.spent(unit) + (exit_cost(game, unit, space) or 0.0)
        marks.moved_in.setdefault(unit.uid, set()).add(game.phase.kind)
    for unit in [*units, *riders]:
        marks.carried_by.pop(unit.uid, None)
        marks.zoc_lock.pop(unit.uid, None)
        marks.off_map[unit.uid] = (space, game.state.turn_index)
        game.state.take_off(unit, UnitStatus.WAITING)
    if game.logging:
        leaving = [*units, *riders]
        names = ", ".join(game.label(u) for u in leaving)
        verb = "leaves" if len(leaving) == 1 else "leave"
        game.note("leave", f"{names} {verb} the map by the road at {game.board.name(space)}")


def returning(game: Game) -> list[Unit]:
    """14.6: the active side's units off the map that may come back now (they left on an earlier turn)."""
    now, side, units = game.state.turn_index, game.active_side, game.state.units
    off_map = game.marks.off_map.items()
    return [units[uid] for uid, (_, left) in off_map if left < now and units[uid].side == side]


def return_problem(game: Game, units: Sequence[Unit]) -> IllegalAction | None:
    """Why one of these units, off the map by 14.6, may not come back now, whatever the hex (None
    when they may; units that are not off the map are not asked about)."""
    for unit in units:
        found = game.marks.off_map.get(unit.uid)
        if found is None:
            continue
        road, left = found
        if unit.side != game.active_side:
            return IllegalAction("9.2", f"{game.label(unit)} does not belong to the player whose turn it is")
        if left >= game.state.turn_index:
            return IllegalAction(
                "14.6",
                f"{game.label(unit)} left the map by {game.board.name(road)} this turn and may come back "
                "only on a later turn",
            )
    return None


def road_of(game: Game, unit: Unit) -> str | None:
    """The edge hex of the road ``unit`` left the map by (None: it is not off the map by 14.6)."""
    found = game.marks.off_map.get(unit.uid)
    return found[0] if found else None


def together_off_map(game: Game, unit: Unit) -> list[Unit]:
    """The other units of ``unit``'s side off the map by the same road."""
    road = road_of(game, unit)
    units = game.state.units
    return [
        units[uid]
        for uid, (there, _) in game.marks.off_map.items()
        if there == road and uid != unit.uid and units[uid].side == unit.side
    ]
