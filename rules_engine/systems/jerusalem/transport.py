"""Transport (8.7) and the Jerusalem Convoy (6.x).

Transports pick units up for 2 MP each (leaders free) and set them down for
nothing, within their capacity; Legion transports carry only the Legion; a unit
rides one transport a phase; none is picked up in an enemy ZOC. The convoy
announces its exact road route before any Jewish road movement, carries only
the units that began the phase with it, reaches Jerusalem (and the Jewish
player re-mobilizes or raises a Haganah unit) or fails (and he pays a garrison
or a Haganah unit); either way it goes back to 'to Tel Aviv' or Hulda.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from rules_engine.core import IllegalAction, Unit, UnitStatus
from rules_engine.systems.jerusalem.movement import ROAD
from rules_engine.systems.jerusalem.roles import AMIN, CITY_GARRISON, HAGANAH, KUTUB
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# 8.7.2: what picking up one unit costs the transport (leaders ride free)
PICK_UP_COST = 2.0
# 6.2.2: the arrows the Jewish player has to mark the route's turnings
ROUTE_ARROWS = 6


def begin_road_phase(game: Game) -> None:
    """8.7.7: who may fight this phase without being dropped off; 6.3.1: who rides with the convoy."""
    marks, side = game.marks, game.active_side
    enemy = game.enemy_of(side)
    enemies = [u.space for u in game.state.units_of(enemy) if u.space]
    for unit in game.state.units_of(side):
        here = unit.space or ""
        reach = (unit.face.range or 0) if game.role(unit).artillery else 1
        if any(game.tables.distance(here, e) <= reach for e in enemies):
            marks.road_ready.add(unit.uid)
    marks.route = ()
    marks.convoy_done = False
    convoy = game.convoy_unit()
    marks.escorts = set()
    if convoy is not None and convoy.on_map and side == convoy.side:
        marks.escorts = {
            u.uid
            for u in game.state.units_at(convoy.space or "")
            if u is not convoy and not game.role(u).never_moves
        }


# --- picking up and setting down (8.7) --------------------------------------------------


def load_problem(game: Game, carrier: Unit, riders: Sequence[Unit]) -> IllegalAction | None:
    """Why ``carrier`` may not pick up ``riders`` now (None when it may)."""
    name, role, marks = game.label(carrier), game.role(carrier), game.marks
    if game.phase.kind != ROAD:
        return IllegalAction("8.7", "transports pick units up in the Road Movement Phase")
    if carrier.side != game.active_side or not role.transport or not carrier.on_map:
        return IllegalAction("8.7.1", f"{name} is not a transport unit of the player whose turn it is")
    if carrier.uid in marks.stopped or carrier.uid in marks.disrupted:
        return IllegalAction("3.4", f"{name} may not move this player turn")
    if not riders:
        return IllegalAction("8.7.2", "name the units to pick up")
    for rider in riders:
        problem = _rider_problem(game, carrier, rider)
        if problem is not None:
            return problem
    load = [r for r in [*game.passengers(carrier), *riders] if not _free_rider(game, r)]
    if len(load) > role.capacity:
        return IllegalAction("8.7.2", f"{name} carries at most {role.capacity} units")
    cost = PICK_UP_COST * sum(1 for r in riders if not _free_rider(game, r))
    if not role.convoy and game.spent(carrier) + cost > game.allowance(carrier):
        return IllegalAction("8.7.2", f"picking them up costs {cost:g} MP, more than {name} has left")
    return None


def _free_rider(game: Game, rider: Unit) -> bool:
    return game.role(rider).leader or game.role(rider).dummy


def _rider_problem(game: Game, carrier: Unit, rider: Unit) -> IllegalAction | None:
    name, marks, role = game.label(rider), game.marks, game.role(rider)
    if rider.side != carrier.side or rider.space != carrier.space or not rider.on_map:
        return IllegalAction("8.7.2", f"{name} is not in {game.label(carrier)}'s hex")
    if not role.carried_on_road or role.garrison:
        return IllegalAction("8.6", f"{name} is not a unit a transport carries")
    if role.terrorist:
        return IllegalAction("13.2.2", f"{name} is never carried by a transport")
    if rider.counter.id == AMIN:
        return IllegalAction("12.9.3", "Haj Amin never leaves the city, so no transport carries him")
    if rider.uid in marks.carried_by:
        return IllegalAction("8.7.2", f"{name} is already being carried")
    if marks.rode_with.get(rider.uid, carrier.uid) != carrier.uid:
        return IllegalAction("8.7.5", f"{name} has ridden another transport this phase")
    if rider.uid in marks.stopped or rider.uid in marks.disrupted or rider.uid in marks.fresh:
        return IllegalAction("3.4", f"{name} may not move now")
    if game.role(carrier).legion and not role.legion:
        return IllegalAction("8.7.9", f"Arab Legion transports carry only Legion units, not {name}")
    if game.role(carrier).convoy and rider.uid not in marks.escorts:
        return IllegalAction(
            "6.3.2", f"the convoy carries only the units that began the phase with it, not {name}"
        )
    if rider.counter.id == KUTUB and marks.kutub_bombed:
        return IllegalAction("13.1.1", "El Kutub may not be carried in the turn he bombs")
    if rider.space in zoc_hexes(game, game.enemy_of(rider.side)):
        return IllegalAction(
            "8.7.6", f"{name} is in an enemy ZOC and may not be picked up until it is removed"
        )
    return None


def load(game: Game, carrier: Unit, riders: Sequence[Unit]) -> None:
    problem = load_problem(game, carrier, riders)
    if problem is not None:
        raise problem
    marks = game.marks
    for rider in riders:
        marks.carried_by[rider.uid] = carrier.uid
        marks.rode_with[rider.uid] = carrier.uid
        if not _free_rider(game, rider) and not game.role(carrier).convoy:
            marks.spent[carrier.uid] = game.spent(carrier) + PICK_UP_COST
        if rider.counter.id == KUTUB:
            marks.kutub_carried = True
    game.note("transport", f"{game.label(carrier)} picks up {', '.join(game.label(r) for r in riders)}")


def unload(game: Game, carrier: Unit, riders: Sequence[Unit]) -> None:
    """8.7.2: free; in an enemy ZOC the passengers may then fight (8.7.7)."""
    if game.phase.kind != ROAD or carrier.side != game.active_side:
        raise IllegalAction("8.7", "transports drop units off in their own Road Movement Phase")
    marks = game.marks
    if not riders or any(marks.carried_by.get(r.uid) != carrier.uid for r in riders):
        raise IllegalAction("8.7.2", f"{game.label(carrier)} does not carry all of those units")
    in_zoc = carrier.space in zoc_hexes(game, game.enemy_of(carrier.side))
    for rider in riders:
        del marks.carried_by[rider.uid]
        marks.dropped_by[rider.uid] = carrier.uid
        if in_zoc:
            marks.dropped_in_zoc.add(rider.uid)
    game.note("transport", f"{game.label(carrier)} drops off {', '.join(game.label(r) for r in riders)}")


# --- the convoy's route (6.2) ------------------------------------------------------------


def route_problem(game: Game, path: Sequence[str]) -> IllegalAction | None:
    """6.2.1-6.2.2: announced before any Jewish road movement, along roads, ending in Jerusalem."""
    convoy = game.convoy_unit()
    if convoy is None or convoy.status not in (UnitStatus.ON_MAP, UnitStatus.WAITING):
        return IllegalAction("6.2.1", "the Jerusalem Convoy is not in play")
    if game.phase.kind != ROAD or game.active_side != convoy.side:
        return IllegalAction(
            "6.2.1", "the convoy's route is announced at the start of the Jewish Road Movement Phase"
        )
    if game.marks.route or game.marks.anything_moved or game.marks.convoy_done:
        return IllegalAction("6.2.1", "the route is announced before any road movement, once a phase")
    if len(path) < 2 or path[-1] not in game.tables.city:
        return IllegalAction("6.2.1", "the route runs from the convoy's hex to a Jerusalem city hex")
    starts = [convoy.space] if convoy.on_map else game.entry_hexes(convoy)
    if path[0] not in starts:
        return IllegalAction(
            "6.2.1", f"the route starts where the convoy is ({', '.join(s or '' for s in starts)})"
        )
    for a, b in pairwise(path):
        if b not in game.tables.roads.get(a, {}):
            return IllegalAction("6.2.1", f"no road joins {game.board.name(a)} to {game.board.name(b)}")
    if len(set(path)) != len(path):
        return IllegalAction("6.2.1", "the route may not turn back on itself")
    turnings = sum(1 for h in path[1:-1] if len(game.tables.roads.get(h, {})) > 2)
    if turnings > ROUTE_ARROWS:
        return IllegalAction(
            "6.2.2", f"the route has {turnings} road junctions, more than the {ROUTE_ARROWS} arrows"
        )
    return None


def announce_route(game: Game, path: Sequence[str]) -> None:
    problem = route_problem(game, path)
    if problem is not None:
        raise problem
    game.marks.route = tuple(path)
    game.note("convoy", f"the convoy will go by {' '.join(path)}")


def convoy_path_problem(game: Game, convoy: Unit, path: Sequence[str]) -> IllegalAction | None:
    """6.2.1: the convoy follows its announced route exactly, and carries every foot escort (6.3.3)."""
    route = game.marks.route
    if not route:
        return IllegalAction("6.2.1", "the convoy moves only along a route announced this phase")
    if game.marks.convoy_done:
        return IllegalAction("6.4", "the convoy's run is over for this phase")
    position = route.index(convoy.space) if convoy.space in route else -1
    if position < 0 or tuple(path) != route[position + 1 : position + 1 + len(path)]:
        return IllegalAction("6.2.1", "the convoy may not leave its announced route")
    for escort in escorts_here(game, convoy):
        if (
            game.role(escort).carried_on_road
            and not game.role(escort).jeep
            and escort.uid not in game.marks.carried_by
        ):
            return IllegalAction(
                "6.3.3", f"{game.label(escort)} rides with the convoy and must be picked up first"
            )
    return None


def escorts_here(game: Game, convoy: Unit) -> list[Unit]:
    """6.3.1: the units that began the phase with the convoy and are still in its hex."""
    return [
        u
        for u in game.state.units_at(convoy.space or "")
        if u.uid in game.marks.escorts and u.uid not in game.marks.carried_by
    ]


# --- reaching Jerusalem, failing, being destroyed (6.4-6.7) ------------------------------


def convoy_arrives(game: Game, convoy: Unit) -> None:
    """6.4: in a city hex the convoy's run ends: the reward, then back to the start."""
    marks = game.marks
    marks.convoy_done = True
    space = convoy.space or ""
    game.note("convoy", f"the Jerusalem Convoy reaches {game.board.name(space)}")
    _unload_convoy(game, convoy)
    _reward(game)
    _back_to_start(game, convoy)
    spread(game, space, convoy.side, sorted(game.tables.city))


def _unload_convoy(game: Game, convoy: Unit) -> None:
    for rider in game.passengers(convoy):
        del game.marks.carried_by[rider.uid]


def spread(game: Game, space: str, side: str, places: list[str]) -> None:
    """6.4.1: once the convoy has left, the units it leaves behind are separated so that no hex is
    over the stacking limits: each extra unit goes to one of ``places`` the player picks; one that
    fits nowhere is lost."""
    others = list(game.state.units_at(space))
    while game.stacking_problem(space, []) is not None and others:
        mover = others.pop()
        options = [
            h
            for h in places
            if h != space
            and game.state.side_at(h) in (None, side)
            and game.stacking_problem(h, [mover]) is None
        ]
        if not options:
            game.note("convoy", f"{mover.uid} finds no room once the convoy has gone and is lost")
            game.remove(mover, UnitStatus.ELIMINATED)
            continue
        for rider in game.passengers(mover):
            del game.marks.carried_by[rider.uid]  # set down: only the unit itself moves
        game.marks.carried_by.pop(mover.uid, None)
        question = f"where does {mover.uid} go now that the convoy has left {game.board.name(space)}?"
        pick = game.decider.choose(side, question, [game.board.name(h) for h in options])
        game.put(mover, options[pick])


def _reward(game: Game) -> None:
    """6.4.2: re-mobilize every demobilized Haganah unit, or raise one from the eliminated ones."""
    demobilized = [u for u in game.state.units_of(game.jewish) if u.counter.id == HAGANAH and u.damaged]
    fallen = [
        u for u in game.state.units.values() if u.counter.id == HAGANAH and u.status is UnitStatus.ELIMINATED
    ]
    places = [
        h
        for h in sorted(game.tables.city)
        if any(u.counter.id == CITY_GARRISON for u in game.state.units_at(h))
    ]
    options: list[tuple[str, str | None]] = []
    if demobilized:
        options.append(("re-mobilize every demobilized Haganah unit", None))
    if fallen:
        options.extend(
            (f"raise a Haganah 4-6 in {game.board.name(h)}", h)
            for h in places
            if game.stacking_problem(h, [fallen[0]]) is None
        )
    if not options:
        return
    text, where = options[
        game.decider.choose(game.jewish, "what does the convoy's arrival bring?", [o[0] for o in options])
    ]
    if where is None:
        for unit in demobilized:
            game.state.set_damaged(unit, False)
    else:
        game.put(fallen[0], where)
        game.state.set_damaged(fallen[0], False)
        game.marks.fresh.add(fallen[0].uid)
    game.note("convoy", text)


def convoy_failed(game: Game) -> None:
    """6.5, 6.6: the convoy will not reach Jerusalem this phase; the city pays at once."""
    marks = game.marks
    if marks.convoy_done:
        return
    marks.convoy_done = True
    options = _penalties(game)
    if not options:
        game.note("convoy", "the convoy fails to reach Jerusalem; there is nothing left to lose")
        return
    labels = [text for text, _, _ in options]
    text, unit, demobilize = options[
        game.decider.choose(game.jewish, "the convoy failed: what does Jerusalem lose?", labels)
    ]
    if demobilize:
        game.state.set_damaged(unit, True)
    else:
        game.remove(unit, UnitStatus.ELIMINATED)
    game.note("convoy", f"the convoy fails to reach Jerusalem: {text}")


def _penalties(game: Game) -> list[tuple[str, Unit, bool]]:
    """6.5.1: a 12-0 garrison, a 4-6 Haganah unit in Jerusalem to demobilize, or a demobilized one."""
    options: list[tuple[str, Unit, bool]] = []
    for unit in sorted(game.state.units_of(game.jewish), key=lambda u: u.uid):
        if unit.counter.id == CITY_GARRISON:
            options.append((f"eliminate {unit.uid} in {game.board.name(unit.space or '')}", unit, False))
        elif unit.counter.id == HAGANAH and unit.space in game.tables.city and not unit.damaged:
            options.append((f"demobilize {unit.uid} in {game.board.name(unit.space or '')}", unit, True))
        elif unit.counter.id == HAGANAH and unit.damaged:
            options.append((f"eliminate the demobilized {unit.uid}", unit, False))
    return options


def convoy_destroyed(game: Game, convoy: Unit) -> None:
    """6.4.1, 6.6: an eliminated convoy goes back to the start; in its own run that is a failure."""
    game.note("convoy", "the Jerusalem Convoy is destroyed")
    space = convoy.space or ""
    _unload_convoy(game, convoy)
    if game.phase.kind == ROAD and game.active_side == convoy.side:
        convoy_failed(game)
    _back_to_start(game, convoy)
    spread(game, space, convoy.side, list(game.board.neighbours[space]))


def _back_to_start(game: Game, convoy: Unit) -> None:
    starts = [h for h in game.entry_hexes(convoy) if game.state.side_at(h) in (None, convoy.side)]
    if not starts:
        game.note("convoy", "no start hex is free of the enemy: the convoy leaves the game")
        game.remove(convoy, UnitStatus.REMOVED)
        return
    pick = game.decider.choose(
        convoy.side, "where does the convoy start again?", [game.board.name(h) for h in starts]
    )
    game.put(convoy, starts[pick])
    game.marks.escorts = set()
    game.note("convoy", f"the convoy is placed at {game.board.name(starts[pick])}")


def convoy_pending_problem(game: Game) -> IllegalAction | None:
    """6.5: the Jewish Road Movement Phase ends only once the convoy's run has an outcome."""
    convoy = game.convoy_unit()
    if game.phase.kind != ROAD or convoy is None or convoy.side != game.active_side or not convoy.on_map:
        return None
    if game.marks.convoy_done:
        return None
    return IllegalAction(
        "6.5", "the convoy has not reached Jerusalem: halt it (and pay for it) before the phase ends"
    )
