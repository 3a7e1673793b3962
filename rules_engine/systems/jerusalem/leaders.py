"""Leaders (12.x, 13.1): face-down counters, the Mufti units' leave to move, abandonment,
lone leaders, David Shaltiel's tether, and El Kutub's bombs.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit, UnitStatus
from rules_engine.systems.jerusalem.departures import together_off_map
from rules_engine.systems.jerusalem.movement import (
    OVERLAND,
    entry_test,
    passes_through_enemies,
    step_cost,
    step_costs,
    step_problem,
)
from rules_engine.systems.jerusalem.roles import AMIN, KHADER, KUTUB

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# 12.9.1.1: Mufti units within this many hexes of Abdul Khader may move
KHADER_REACH = 2
# 13.1.2: the features of the hexes El Kutub may bomb (the Jerusalem city hexes too)
BOMBABLE_FEATURES = frozenset(
    {
        "jewish-village",
        "arab-village",
        "latrun-police-fort",
        "bevingrad",
        "greek-monastery",
        "notre-dame-cathedral",
    }
)


def reveal(game: Game, spaces: Iterable[str]) -> set[str]:
    """12.1: the face-down Arab leaders in these hexes are turned up for the combat."""
    shown: set[str] = set()
    for space in spaces:
        for unit in game.state.units_at(space):
            if unit.uid in game.marks.face_down and game.role(unit).leader:
                game.marks.face_down.discard(unit.uid)
                shown.add(unit.uid)
                game.note(
                    "leader", f"the face-down leader in {game.board.name(space)} is revealed: {unit.uid}"
                )
    return shown


def hide(game: Game, uids: Iterable[str]) -> None:
    """12.1: turned face down again once the firing is done."""
    for uid in uids:
        if game.state.units[uid].on_map:
            game.marks.face_down.add(uid)


def free_mufti(game: Game) -> None:
    """7.4, 8.4, 12.4, 12.9.1.1: the Mufti units that may move this phase, fixed at its start."""
    free = game.marks.mufti_free
    units = game.state.units_of(game.active_side)
    leaders = [u for u in units if game.role(u).leader and not game.leader_quiet(u) and u.space is not None]
    for unit in units:
        if game.role(unit).needs_leader and unit.space is not None and _led(game, unit.space, leaders):
            free.add(unit.uid)


def _led(game: Game, space: str, leaders: Sequence[Unit]) -> bool:
    """A Legion unit in the hex, one of ``leaders`` (the side's, on the map) in or next to it, or
    Abdul Khader within two hexes."""
    if any(game.role(u).legion for u in game.state.units_at(space)):
        return True
    for leader in leaders:
        distance = game.tables.distance(space, leader.space or "")
        if distance <= 1 or (leader.counter.id == KHADER and distance <= KHADER_REACH):
            return True
    return False


def flight_paths(game: Game, leader: Unit, *, through: bool = False) -> dict[str, tuple[str, ...]]:
    """12.8.1: where a leader may flee: his full MP as in the Overland Movement Phase, ignoring
    Jewish ZOCs (12.5); only Haj Amin and El Kutub through Jewish units. ``through``: also the
    hexes of Jewish units he may pass (El Kutub's bombs)."""
    start = leader.space
    if start is None:
        return {}
    allowance = game.allowance(leader)
    overland = step_costs(game, leader, road_only=False)
    # step_problem, asked as a move search asks it: the step's cost in this phase, then the hex
    costs, may_enter = step_costs(game, leader), entry_test(game, [leader], [])
    best = {start: 0.0}
    frontier: list[tuple[float, str, tuple[str, ...]]] = [(0.0, start, ())]
    found: dict[str, tuple[str, ...]] = {}
    while frontier:
        cost, here, path = heapq.heappop(frontier)
        for there, step in overland[here].items():
            if cost + step > allowance or cost + step >= best.get(there, float("inf")):
                continue
            if there not in costs[here] or not may_enter(there):
                continue
            best[there] = cost + step
            new_path: tuple[str, ...] = (*path, there)
            if through or game.state.side_at(there) in (None, leader.side):
                found[there] = new_path
            heapq.heappush(frontier, (cost + step, there, new_path))
    found.pop(start, None)
    return found


def abandon(game: Game, leader: Unit, space: str, destination: str) -> None:
    """12.8: the leader flees; the units he leaves are halved, and he sits out the next Arab turn."""
    left = [u for u in game.state.units_at(space) if u is not leader]
    game.put(leader, destination)
    game.marks.face_down.add(leader.uid)
    game.marks.halved.update(u.uid for u in left)
    game.marks.grounded.add(leader.uid)
    game.note(
        "leader",
        f"the leader in {game.board.name(space)} abandons his units for {game.board.name(destination)}",
    )


def lone_leaders(game: Game) -> list[Unit]:
    """12.3, 13.1.1: Arab leaders and dummies alone in a hex (Haj Amin and El Kutub may be)."""
    found = []
    for unit in game.state.units_of(game.arab):
        role = game.role(unit)
        alone = len(game.state.units_at(unit.space or "")) == 1
        if (role.leader or role.dummy) and unit.counter.id not in (AMIN, KUTUB) and alone:
            found.append(unit)
    return found


def lone_leader_problem(game: Game) -> IllegalAction | None:
    """12.3: the Arab player turn may not end with a leader alone while he could still join his units."""
    if game.active_side != game.arab:
        return None
    from rules_engine.systems.jerusalem.movement import reachable

    for leader in lone_leaders(game):
        if any(game.state.side_at(h) == game.arab for h in reachable(game, leader)):
            return IllegalAction(
                "12.3", f"{leader.uid} may not end the Arab player turn alone; he can still join Arab units"
            )
    return None


def lone_off_map(game: Game) -> list[Unit]:
    """12.3, 14.6: Arab leaders and dummies off the map with no other Arab unit that left by their road."""
    units = game.state.units
    return [
        units[uid]
        for uid in game.marks.off_map
        if units[uid].side == game.arab
        and (game.role(units[uid]).leader or game.role(units[uid]).dummy)
        and units[uid].counter.id not in (AMIN, KUTUB)
        and not together_off_map(game, units[uid])
    ]


def eliminate_lone_leaders(game: Game) -> None:
    """12.3: a leader who could not reach his units is lost at the end of the Arab player turn, and
    so is one off the map without them (14.6)."""
    for leader in [*lone_leaders(game), *lone_off_map(game)]:
        where = " off the map" if leader.uid in game.marks.off_map else ""
        game.note("leader", f"{game.label(leader)} ends the Arab player turn alone{where} and is lost (12.3)")
        game.remove(leader, UnitStatus.ELIMINATED)


def check_shaltiel(game: Game) -> None:
    """12.9.4: Shaltiel must end every Jewish player turn in a Jerusalem city hex."""
    shaltiel = game.shaltiel
    if shaltiel is not None and shaltiel.on_map and shaltiel.space not in game.tables.city:
        game.note("leader", "David Shaltiel ends the Jewish player turn outside Jerusalem and is eliminated")
        game.remove(shaltiel, UnitStatus.ELIMINATED)


# --- El Kutub's bombs (13.1) ----------------------------------------------------------------


def kutub(game: Game) -> Unit | None:
    return game.system.named_unit(game, KUTUB)


def bomb_targets(game: Game) -> list[str]:
    """13.1.2: hexes of Jewish units in a village, Latrun, Bevingrad, the monastery, Notre Dame or
    the city that have not been bombed yet."""
    found = []
    for space, units in game.state.occupants.items():
        if not units or units[0].side != game.jewish or space in game.marks.bombed:
            continue
        if space in game.tables.city or any(f.id in BOMBABLE_FEATURES for f in game.board.features_of[space]):
            found.append(space)
    return sorted(found)


def bomb_problem(
    game: Game, bomber: Unit | None, path: Sequence[str], away: Sequence[str]
) -> IllegalAction | None:
    """Why El Kutub may not bomb along these paths now (None when he may)."""
    marks = game.marks
    if bomber is None or not bomber.on_map or bomber.side != game.active_side:
        return IllegalAction("13.1", "El Kutub is not on the map in his player's turn")
    if game.phase.kind != OVERLAND and game.phase.kind != "road-movement":
        return IllegalAction("13.1.3", "El Kutub bombs in an Arab movement phase")
    if game.phase.kind != OVERLAND:
        return IllegalAction("13.1.1", "El Kutub may not be carried in a turn he bombs, so he bombs overland")
    if marks.kutub_bombed or marks.kutub_carried:
        return IllegalAction("13.1.2", "El Kutub bombs once a turn, and not in a turn he was carried")
    if not path or path[-1] not in bomb_targets(game):
        return IllegalAction(
            "13.1.2",
            "El Kutub bombs Jewish units in a village, the fort, Bevingrad, the monastery, the cathedral "
            "or a city hex, each hex once a game",
        )
    if not away:
        return IllegalAction("13.1.5", "El Kutub must have a way off the bombed hex within his MPs")
    return _bomb_route_problem(game, bomber, [*path, *away])


def _bomb_route_problem(game: Game, bomber: Unit, route: Sequence[str]) -> IllegalAction | None:
    spent, here = game.spent(bomber), bomber.space or ""
    for there in route:
        problem = step_problem(game, [bomber], [], here, there)
        if problem is not None:
            return problem
        cost = step_cost(game, bomber, here, there)
        if cost is None or spent + cost > game.allowance(bomber):
            return IllegalAction("13.1.5", f"El Kutub's MPs do not reach {game.board.name(there)}")
        spent += cost
        here = there
    holder = game.state.side_at(here)
    if holder is not None:
        return IllegalAction(
            "13.1.1",
            "El Kutub may not end with Jewish units, nor stack with Arab units, in the turn he bombs",
        )
    return None


def bomb(game: Game, path: Sequence[str], away: Sequence[str], dice: DiceSource) -> None:
    """13.1.3-13.1.5: move in, roll for a mishap, roll for success, and move away."""
    bomber = kutub(game)
    problem = bomb_problem(game, bomber, path, away)
    if problem is not None:
        raise problem
    assert bomber is not None and passes_through_enemies(bomber)
    target = path[-1]
    _travel(game, bomber, path)
    game.marks.kutub_bombed = game.marks.kutub_quiet = True
    game.marks.bombed.add(target)
    game.note("bomb", f"El Kutub bombs {game.board.name(target)}")
    if game.tables.table_effect("el-kutub-mishap", game.roll(dice, "kutub")) is not None:
        game.note("bomb", "something goes wrong: El Kutub is eliminated")
        game.remove(bomber, UnitStatus.ELIMINATED)
        return
    if game.tables.table_effect("el-kutub-bombing", game.roll(dice, "kutub bombing")) is not None:
        for unit in game.state.units_at(target):
            if unit.side == game.jewish:
                game.disrupt(unit, until_jewish_turn_starts=False)
    else:
        game.note("bomb", "the bombing fails")
    _travel(game, bomber, away)


def _travel(game: Game, bomber: Unit, path: Sequence[str]) -> None:
    here = bomber.space or ""
    for there in path:
        game.marks.spent[bomber.uid] = game.spent(bomber) + (step_cost(game, bomber, here, there) or 0.0)
        game.put(bomber, there)
        here = there
    game.marks.moved_in.setdefault(bomber.uid, set()).add(game.phase.kind)


def bomb_routes(game: Game, bomber: Unit) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each hex El Kutub could bomb, a path in and one hex out within his MPs."""
    targets = set(bomb_targets(game))
    routes: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for target, path in sorted(flight_paths(game, bomber, through=True).items()):
        if target not in targets:
            continue
        spent = game.spent(bomber) + sum(
            step_cost(game, bomber, a, b) or 0.0
            for a, b in zip((bomber.space or "", *path), path, strict=False)
        )
        for out in game.board.neighbours[target]:
            cost = step_cost(game, bomber, target, out)
            if cost is not None and spent + cost <= game.allowance(bomber) and not game.state.units_at(out):
                routes.append((path, (out,)))
                break
    return routes
