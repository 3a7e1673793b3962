"""Reinforcements (3.3, 14.x): when and where they come on, and which may wait.

A reinforcement enters in either movement phase of its turn or later, counting
the edge hex as its first step (14.1), at its own entrance hex or the
alternate, or within three hexes of them along the edge when the enemy holds
them (14.3), within the stacking limits (14.5). Jewish and Arab Legion
reinforcements may wait (the data's ``may_delay``); the others must come on in
the first phase of their turn they can (3.3, 14.2). Reinforcements with
transports may come on already picked up (8.7.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit, UnitStatus
from rules_engine.definitions import Reinforcement
from rules_engine.systems.jerusalem import artillery, departures, transport, travel
from rules_engine.systems.jerusalem.movement import OVERLAND, ROAD, check_path

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# 14.3: how far along the edge a blocked entrance moves
EDGE_SHIFT = 3
# Read for every scheduled reinforcement at every entrance check: a module name is cheaper than an enum's.
WAITING = UnitStatus.WAITING


def record(game: Game, unit: Unit) -> Reinforcement | None:
    """The scenario's line for this reinforcement (its turn, entrance and whether it may wait)."""
    turn = next((t for t, u in game.state.reinforcements if u is unit), None)
    lines = game.reinforcement_lines(unit.counter.id)
    labels = game.state.turn_labels
    timed = [r for r in lines if turn is not None and r.turn in labels and labels.index(r.turn) == turn]
    found = timed or lines
    return found[0] if found else None


def due(game: Game) -> list[Unit]:
    """The active side's reinforcements whose turn has come, and its units off the map that may
    come back (14.6)."""
    now, side = game.state.turn_index, game.active_side
    waiting = [u for t, u in game.state.reinforcements if t <= now and u.side == side and u.status is WAITING]
    return [*waiting, *departures.returning(game)] if game.marks.off_map else waiting


def entry_hexes(game: Game, unit: Unit) -> list[str]:
    """14.2, 14.3, 6.4.1, 14.6: where the unit may come on now."""
    road = departures.road_of(game, unit)
    spaces = [road] if road is not None else _entrances(game, unit)
    free = [s for s in spaces if game.state.side_at(s) in (None, unit.side)]
    if free or not spaces:
        return free
    near = game.tables.edge.intersection(set().union(*(game.tables.within(o, EDGE_SHIFT) for o in spaces)))
    return sorted(s for s in near if game.state.side_at(s) in (None, unit.side))


def _entrances(game: Game, unit: Unit) -> list[str]:
    """A reinforcement's entrance hex and its alternate (14.2); the convoy's are 'to Tel Aviv' and
    Hulda (6.4.1)."""
    line = record(game, unit)
    named = [line.at, line.alternate] if line is not None else []
    if game.role(unit).convoy and not any(named):
        named = [e.at for e in game.board.definition.entries if e.side == unit.side]
    return [s for s in (game.board.resolve(n) for n in named if n) if s is not None]


def _may_come_alone(game: Game, unit: Unit) -> bool:
    role, kind = game.role(unit), game.phase.kind
    if kind == OVERLAND:
        return not role.road_only
    if kind == ROAD:
        return not role.terrorist and (not role.carried_on_road or role.jeep)
    return False


def enter_problem(game: Game, units: Sequence[Unit], first: str) -> IllegalAction | None:
    """Why these reinforcements may not come on at ``first`` now (None when they may)."""
    if game.phase.kind not in (OVERLAND, ROAD):
        return IllegalAction("14.1", "reinforcements enter in a movement phase")
    refusal = departures.return_problem(game, units)
    if refusal is not None:
        return refusal
    ready = due(game)
    if not units or any(u not in ready for u in units):
        return IllegalAction("14.1", "only reinforcements whose turn has come enter")
    for unit in units:
        if first not in entry_hexes(game, unit):
            return _wrong_entrance(game, unit)
    walkers = [u for u in units if _may_come_alone(game, u)]
    riders = [u for u in units if u not in walkers]
    if riders and not _seats(game, walkers, riders):
        return IllegalAction(
            "8.6" if game.phase.kind == ROAD else "7.3",
            "some of these units cannot come on in this phase (or find no seat)",
        )
    if game.phase.kind == ROAD and game.convoy_at(first) and not any(game.role(u).convoy for u in units):
        return IllegalAction(
            "6.3.4", "no unit may enter the Jerusalem Convoy's hex in the Road Movement Phase"
        )
    problem = game.stacking_problem(first, list(units))
    if problem is not None:
        return IllegalAction("14.5", f"only units within the stacking limits may come on: {problem}")
    for unit in walkers:
        cost = game.tables.entry_cost(
            first, unit.face.movement_class or game.tables.classes[-1], game.phase.kind == ROAD
        )
        if cost is None or cost > game.allowance(unit):
            return IllegalAction(
                "14.1", f"{game.label(unit)} cannot enter {game.board.name(first)} in this phase"
            )
    return None


def _wrong_entrance(game: Game, unit: Unit) -> IllegalAction:
    """14.3, 14.6: where the unit must come on instead."""
    hexes = entry_hexes(game, unit)
    open_hexes = ", ".join(game.board.name(h) for h in hexes) or "all blocked"
    road = departures.road_of(game, unit)
    if road is None:
        return IllegalAction("14.3", f"{game.label(unit)} enters at its own entrance hex ({open_hexes})")
    where = game.board.name(road)
    if road not in hexes:
        where += f"; the enemy holds it, so within three hexes of it along the edge ({open_hexes})"
    return IllegalAction("14.6", f"{game.label(unit)} comes back by the road it left by, {where}")


def _seats(game: Game, walkers: Sequence[Unit], riders: Sequence[Unit]) -> dict[str, str] | None:
    """8.7.2: which transport coming on with them carries each rider (None: not all fit)."""
    if game.phase.kind != ROAD:
        return None
    seats: dict[str, str] = {}
    room = {t.uid: game.role(t).capacity for t in walkers if game.role(t).transport}
    for rider in riders:
        role = game.role(rider)
        if not role.carried_on_road or role.terrorist or role.garrison:
            return None
        free = role.leader or role.dummy
        carrier = next(
            (
                t
                for t in walkers
                if t.uid in room and (free or room[t.uid] > 0) and (role.legion or not game.role(t).legion)
            ),
            None,
        )
        if carrier is None:
            return None
        if not free:
            room[carrier.uid] -= 1
        seats[rider.uid] = carrier.uid
    return seats


def enter(
    game: Game, units: Sequence[Unit], path: Sequence[str], dice: DiceSource, *, checked: bool = False
) -> None:
    """14.1: the group comes on at ``path[0]`` and may move on along the rest of the path;
    ``checked``: ``enter_problem`` has just accepted the group at ``path[0]`` in this position."""
    if not path:
        raise IllegalAction("14.1", "name the hex the reinforcements enter")
    first = path[0]
    problem = None if checked else enter_problem(game, units, first)
    if problem is not None:
        raise problem
    walkers = [u for u in units if _may_come_alone(game, u)]
    seats = _seats(game, walkers, [u for u in units if u not in walkers]) or {}
    convoy = next((u for u in walkers if game.role(u).convoy), None)
    if convoy is not None and (not game.marks.route or game.marks.route[0] != first):
        raise IllegalAction("6.2.1", "the convoy comes on along the route announced this phase")
    placed = _come_on(game, units, walkers, seats, first)
    try:
        costs = check_path(game, walkers, path[1:]) if len(path) > 1 else []
        if convoy is not None and len(path) > 1:
            problem = transport.convoy_path_problem(game, convoy, path[1:])
            if problem is not None:
                raise problem
    except IllegalAction:
        _go_back(game, placed)
        raise
    game.state.reinforcements = [(t, u) for t, u in game.state.reinforcements if u not in units]
    for unit in units:
        game.marks.off_map.pop(unit.uid, None)
    if game.logging:
        game.note(
            "reinforcement", f"{', '.join(game.label(u) for u in units)} come on at {game.board.name(first)}"
        )
    artillery.shell_moving(game, [*walkers, *[game.state.units[r] for r in seats]], first, game.decider, dice)
    if len(path) > 1:
        travel.walk(game, [u for u in walkers if u.on_map], [], path[1:], costs, dice)


def _come_on(
    game: Game, units: Sequence[Unit], walkers: Sequence[Unit], seats: dict[str, str], first: str
) -> list[Unit]:
    cls_road = game.phase.kind == ROAD
    game.marks.anything_moved = True
    for unit in units:
        game.put(unit, first)
    for unit in walkers:
        cost = (
            game.tables.entry_cost(first, unit.face.movement_class or game.tables.classes[-1], cls_road)
            or 0.0
        )
        game.marks.spent[unit.uid] = cost
        game.marks.moved_in.setdefault(unit.uid, set()).add(game.phase.kind)
    for rider, carrier in seats.items():
        game.marks.carried_by[rider] = carrier
        game.marks.rode_with[rider] = carrier
    return list(units)


def _go_back(game: Game, units: Sequence[Unit]) -> None:
    for unit in units:
        game.marks.carried_by.pop(unit.uid, None)
        game.marks.rode_with.pop(unit.uid, None)
        game.marks.spent.pop(unit.uid, None)
        game.marks.moved_in.pop(unit.uid, None)
        game.state.take_off(unit, UnitStatus.WAITING)


def must_enter_problem(game: Game) -> IllegalAction | None:
    """14.2: a reinforcement that may not wait must come on in the first phase of its turn it can."""
    for unit in due(game):
        if departures.road_of(game, unit) is not None:
            continue  # 14.6: units off the map may stay off as long as their player likes
        line = record(game, unit)
        if line is None or line.may_delay or game.role(unit).convoy or not _may_come_alone(game, unit):
            continue  # the convoy comes on by its own route (6.2)
        if any(enter_problem(game, [unit], space) is None for space in entry_hexes(game, unit)):
            return IllegalAction("14.2", f"{unit.uid} may not be held back; it must come on now")
    return None
