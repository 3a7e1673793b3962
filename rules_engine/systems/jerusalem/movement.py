"""Movement (1.3, 4.x, 5.3, 6.x, 7.x, 8.x, 12.x): who may move now, what a path costs, where it may go.

``mover_problem`` says why a unit may not move at all now; ``check_path``
names the rule a group's path breaks; ``reachable`` lists where one unit (with
its passengers) may go this phase and by which path. The last two share
``step_problem``, so the legal moves the engine offers are exactly the moves
it accepts.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from rules_engine.core import IllegalAction, Unit
from rules_engine.systems.jerusalem.roles import AMIN, KUTUB, SHALTIEL, Role
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

OVERLAND, ROAD = "overland-movement", "road-movement"
# 12.9.4: how far from a Jerusalem city hex David Shaltiel may go
SHALTIEL_REACH = 4
INF = float("inf")


def mover_problem(game: Game, unit: Unit) -> IllegalAction | None:
    """Why ``unit`` may not move in this phase at all (None when it may)."""
    kind, role, marks = game.phase.kind, game.role(unit), game.marks
    name = game.label(unit)
    if kind not in (OVERLAND, ROAD):
        return IllegalAction("3.1", f"units move only in the movement phases, not in the {game.phase.name}")
    if unit.side != game.active_side or not unit.on_map:
        return IllegalAction("9.2", f"{name} does not belong to the player whose turn it is")
    if role.never_moves:
        return IllegalAction("7.1", f"{name} is a garrison and never moves")
    if unit.uid in marks.carried_by:
        return IllegalAction("8.7.4", f"{name} is being carried and moves only with its transport")
    problem = _phase_problem(game, unit, kind)
    if problem is not None:
        return problem
    if unit.uid in marks.stopped:
        return IllegalAction("3.4", f"{name} has a Stop marker and may not move again this player turn")
    if unit.uid in marks.disrupted:
        return IllegalAction(
            marks.disrupted_by.get(unit.uid, "10.10"), f"{name} is disrupted and may not move"
        )
    if unit.uid in marks.fresh:
        return IllegalAction("6.4.2", f"{name} was raised this phase and may not move in it")
    if not role.convoy and unit.space is not None and game.convoy_at(unit.space):
        return IllegalAction("6.3.3", f"{name} is with the Jerusalem Convoy and moves only with it")
    return _leader_problem(game, unit)


def phase_refusal(role: Role, kind: str) -> tuple[str, str] | None:
    """7.3, 6.1, 13.2.2, 8.6: the rule (and why) that keeps a unit of this role from moving by
    itself in a movement phase of this kind, or None: it depends on the counter alone."""
    if kind == OVERLAND and role.road_only:
        return ("7.3" if not role.convoy else "6.1"), "moves only in the Road Movement Phase"
    if kind == ROAD and role.terrorist:
        return "13.2.2", "moves only in the Overland Movement Phase"
    if kind == ROAD and role.carried_on_road and not role.jeep:
        return "8.6", "moves in the Road Movement Phase only when carried by a transport"
    return None


def _phase_problem(game: Game, unit: Unit, kind: str) -> IllegalAction | None:
    role, name = game.role(unit), game.label(unit)
    refusal = phase_refusal(role, kind)
    if refusal is not None:
        return IllegalAction(refusal[0], f"{name} {refusal[1]}")
    moved = game.marks.moved_in.get(unit.uid, set())
    if role.one_phase and moved and kind not in moved:
        return IllegalAction(
            "7.2" if kind == OVERLAND else "8.2", f"{name} has moved in the other phase this turn"
        )
    if role.needs_leader and unit.uid not in game.marks.mufti_free:
        return IllegalAction(
            "7.4",
            f"{name} did not start the phase with an Arab Legion unit, in or next to an Arab leader, "
            "or within two hexes of Abdul Khader",
        )
    return None


def _leader_problem(game: Game, unit: Unit) -> IllegalAction | None:
    if unit.uid in game.marks.grounded:
        return IllegalAction(
            "12.8.1", f"{game.label(unit)} abandoned his units and may not move this player turn"
        )
    return None


def road_only(game: Game) -> bool:
    return game.phase.kind == ROAD


def step_costs(game: Game, unit: Unit, road_only: bool | None = None) -> Mapping[str, Mapping[str, float]]:
    """1.3, 8.1, 12.9.3: for every hex, the neighbours ``unit`` may enter from it in this phase (or
    as in a Road Movement Phase or not, by ``road_only``) and what each step costs; Haj Amin moves
    free among the Jerusalem city hexes and nowhere else."""
    if unit.counter.id == AMIN:
        return game.tables.city_steps
    cls = unit.face.movement_class or game.tables.classes[-1]
    return game.tables.costs(cls, game.phase.kind == ROAD if road_only is None else road_only)


def step_cost(game: Game, unit: Unit, a: str, b: str) -> float | None:
    """What ``unit`` pays to enter the neighbour ``b`` from ``a`` in this phase (None: it may not)."""
    return step_costs(game, unit)[a].get(b)


def ignores_zoc(game: Game, group: Sequence[Unit]) -> bool:
    """12.5: an Arab leader (or a dummy, which must pass for one) moving alone ignores Jewish ZOCs."""
    return (
        len(group) == 1
        and (game.role(group[0]).leader or game.role(group[0]).dummy)
        and (group[0].side != game.jewish)
    )


def passes_through_enemies(unit: Unit) -> bool:
    """12.5, 12.9.3, 13.1.3: Haj Amin and El Kutub may move through hexes with Jewish units."""
    return unit.counter.id in (AMIN, KUTUB)


def step_problem(
    game: Game, group: Sequence[Unit], riders: Sequence[Unit], a: str, b: str, *, final: bool = False
) -> IllegalAction | None:
    """Why the group (carrying ``riders``) may not enter ``b`` from ``a`` now (None when it may);
    ``final``: the move ends there."""
    board = game.board
    if b not in board.neighbours.get(a, ()):
        return IllegalAction("1.3", f"{board.name(b)} is not next to {board.name(a)}")
    problem = closed_problem(game, b)
    if problem is not None:
        return problem
    for unit in group:
        if step_cost(game, unit, a, b) is None:
            return IllegalAction(*_cannot_enter(game, unit, a, b))
    return entry_problem(game, group, riders, b, final=final)


def closed_problem(game: Game, b: str) -> IllegalAction | None:
    """1.3: a hex no unit may enter before a turn of the track."""
    opens = game.tables.closed_until.get(b)
    if opens is not None and game.state.turn_index < opens:
        return IllegalAction(
            "1.3", f"no unit may enter {game.board.name(b)} until {game.state.turn_labels[opens]}"
        )
    return None


def entry_problem(
    game: Game, group: Sequence[Unit], riders: Sequence[Unit], b: str, *, final: bool = False
) -> IllegalAction | None:
    """What ``step_problem`` asks of the hex entered whichever neighbour the group comes from: enemy
    units, the convoy, stacking, Shaltiel's tether (so a search asks it once per hex)."""
    board = game.board
    holder = game.state.side_at(b)
    if holder is not None and holder != group[0].side and not all(passes_through_enemies(u) for u in group):
        return IllegalAction("4.2", f"{board.name(b)} holds enemy units")
    if game.convoy_at(b) and road_only(game) and not any(game.role(u).convoy for u in group):
        return IllegalAction(
            "6.3.4", f"no unit may enter the Jerusalem Convoy's hex {board.name(b)} in this phase"
        )
    problem = game.stacking_problem(b, [*group, *riders]) if holder in (None, group[0].side) else None
    if problem is not None:
        if any(game.role(u).convoy for u in group):
            rule = "6.3.5"  # the whole convoy stack may not make more than ten
        elif game.convoy_at(b):
            rule = "6.3.4"  # joining the convoy's hex
        else:
            rule = _stacking_section(game, b, [*group, *riders]) if final else "5.3"
        return IllegalAction(rule, f"moving into {board.name(b)} would break the stacking limits: {problem}")
    for unit in group:
        if unit.counter.id == SHALTIEL and game.distance_to_city(b) > SHALTIEL_REACH:
            return IllegalAction(
                "12.9.4", f"David Shaltiel may not go more than four hexes from Jerusalem ({board.name(b)})"
            )
    return None


def entry_test(game: Game, group: Sequence[Unit], riders: Sequence[Unit]) -> Callable[[str], bool]:
    """Whether the group may enter a hex, its cost aside: what ``step_problem`` asks of the hex
    entered, the same from every neighbour, so a search asks it once per hex."""
    known: dict[str, bool] = {}

    def may_enter(b: str) -> bool:
        found = known.get(b)
        if found is None:
            found = known[b] = (closed_problem(game, b) or entry_problem(game, group, riders, b)) is None
        return found

    return may_enter


def _stacking_section(game: Game, space: str, arriving: Sequence[Unit]) -> str:
    """5.2 when a leader rule is broken (one a hex, not with the Legion or the EEF), else 5.1."""
    stacking = game.system.stacking
    counters = [u.counter for u in {*game.state.units_at(space), *arriving}]
    if stacking.bad_company(counters):
        return "5.2"
    for rule in stacking.count_rules:
        leaders_only = bool(rule.kinds) and set(rule.kinds) <= {"leader", "dummy"}
        if leaders_only and sum(1 for c in counters if stacking.matches(rule, c)) > rule.max:
            return "5.2"
    return "5.1"


def _cannot_enter(game: Game, unit: Unit, a: str, b: str) -> tuple[str, str]:
    name, there = game.label(unit), game.board.name(b)
    if unit.counter.id == AMIN:
        return "12.9.3", f"Haj Amin may not leave the Jerusalem city hexes ({there})"
    cls = unit.face.movement_class or game.tables.classes[-1]
    step = game.tables.steps(cls)[a].get(b)
    if road_only(game) and (step is None or step.road is None):
        return (
            "8.1",
            f"{name} must follow a road in the Road Movement Phase, "
            f"and none joins {game.board.name(a)} to {there}",
        )
    return "1.3", f"{name} cannot enter {there} (its terrain is closed to it)"


def end_problem(game: Game, group: Sequence[Unit], b: str) -> IllegalAction | None:
    """Why the group may not end its move in ``b``."""
    name = game.board.name(b)
    holder = game.state.side_at(b)
    if holder is not None and holder != group[0].side:
        return IllegalAction("12.5", f"a leader moving through enemy units may not stop with them in {name}")
    until = game.tables.no_remain_until.get(b)
    if until is not None and game.state.turn_index < until:
        return IllegalAction(
            "1.3", f"units may pass through {name} but not remain there until {game.state.turn_labels[until]}"
        )
    return None


def start_problem(
    game: Game, group: Sequence[Unit], ezoc: frozenset[str], first: str | None
) -> IllegalAction | None:
    """4.4, 4.5: leaving an enemy ZOC."""
    start = group[0].space
    assert start is not None
    if start not in ezoc or ignores_zoc(game, group):
        return None
    for unit in group:
        if game.marks.zoc_lock.get(unit.uid) == start:
            return IllegalAction(
                "4.5",
                f"{game.label(unit)} stopped in the enemy ZOC in {game.board.name(start)} this turn "
                "and may not "
                "leave until the units whose ZOC reaches it are eliminated",
            )
    if first is not None and first in ezoc:
        return IllegalAction(
            "4.4",
            f"a unit leaving an enemy ZOC must first enter a hex free of one, not {game.board.name(first)}",
        )
    return None


def check_path(
    game: Game, group: Sequence[Unit], path: Sequence[str], along: Sequence[Unit] = ()
) -> list[dict[str, float]]:
    """Raise IllegalAction, naming the rule, unless ``group`` may move along ``path`` now.

    ``along``: units that come with the group without moving themselves (the convoy's escorts).
    Returns what each step costs each unit of the group (for the move to spend).
    """
    if not path:
        raise IllegalAction("7.1", "a move must enter at least one hex")
    start = group[0].space
    if any(u.space != start for u in group):
        raise IllegalAction("7.6", "units that move together must start in the same hex")
    for unit in group:
        problem = mover_problem(game, unit)
        if problem is not None:
            raise problem
    riders = [r for u in [*group, *along] for r in game.passengers(u)] + list(along)
    ezoc = zoc_hexes(game, game.enemy_of(group[0].side))
    problem = start_problem(game, group, ezoc, path[0])
    if problem is not None:
        raise problem
    return _walk(game, group, riders, list(path), ezoc)


def path_costs(game: Game, group: Sequence[Unit], path: Sequence[str]) -> list[dict[str, float]]:
    """What each step of ``path``, already found legal, costs each unit of ``group``: what
    ``check_path`` returns for it, without its tests."""
    here = group[0].space
    assert here is not None
    costs: list[dict[str, float]] = []
    for there in path:
        costs.append({unit.uid: step_cost(game, unit, here, there) or 0.0 for unit in group})
        here = there
    return costs


def path_problem(
    game: Game, group: Sequence[Unit], path: Sequence[str], along: Sequence[Unit] = ()
) -> IllegalAction | None:
    """What ``check_path`` would refuse, as a value."""
    try:
        check_path(game, group, path, along)
    except IllegalAction as refusal:
        return refusal
    return None


def _walk(
    game: Game, group: Sequence[Unit], riders: Sequence[Unit], path: list[str], ezoc: frozenset[str]
) -> list[dict[str, float]]:
    costs: list[dict[str, float]] = []
    spent = {u.uid: game.spent(u) for u in group}
    here = group[0].space
    assert here is not None
    free = ignores_zoc(game, group)
    for index, there in enumerate(path):
        problem = step_problem(game, group, riders, here, there, final=index == len(path) - 1)
        if problem is not None:
            raise problem
        if index > 0 and here in ezoc and not free:
            raise IllegalAction(
                "4.2", f"the move entered an enemy ZOC in {game.board.name(here)} and must stop there"
            )
        step: dict[str, float] = {}
        for unit in group:
            cost = step_cost(game, unit, here, there) or 0.0
            if spent[unit.uid] + cost > game.allowance(unit):
                raise IllegalAction(
                    "7.6" if len(group) > 1 else "7.1",
                    f"{game.label(unit)} has {game.allowance(unit) - spent[unit.uid]:g} MP left, "
                    "and entering "
                    f"{game.board.name(there)} costs {cost:g}",
                )
            spent[unit.uid] += cost
            step[unit.uid] = cost
        costs.append(step)
        here = there
    problem = end_problem(game, group, here)
    if problem is not None:
        raise problem
    return costs


def reachable(game: Game, unit: Unit) -> dict[str, tuple[str, ...]]:
    """Every hex ``unit`` (with its passengers) may end a move in now, with one cheapest path to it."""
    if mover_problem(game, unit) is not None or unit.space is None:
        return {}
    group = [unit]
    riders = game.passengers(unit)
    ezoc = zoc_hexes(game, game.enemy_of(unit.side))
    start = unit.space
    if start_problem(game, group, ezoc, None) is not None:
        return {}
    leaving = start in ezoc and not ignores_zoc(game, group)
    free = ignores_zoc(game, group)
    allowance, spent = game.allowance(unit), game.spent(unit)
    costs, may_enter = step_costs(game, unit), entry_test(game, group, riders)
    best = {start: spent}
    paths: dict[str, tuple[str, ...]] = {}
    queue: list[tuple[float, str, tuple[str, ...]]] = [(spent, start, ())]
    while queue:
        cost, here, path = heapq.heappop(queue)
        if cost > best.get(here, INF) or (path and here in ezoc and not free):
            continue
        for there, step in costs[here].items():
            total = cost + step
            if total > allowance or total >= best.get(there, INF):
                continue
            if leaving and not path and there in ezoc:
                continue
            if not may_enter(there):
                continue
            best[there] = total
            new_path = (*path, there)
            paths[there] = new_path
            heapq.heappush(queue, (total, there, new_path))
    return {there: path for there, path in paths.items() if end_problem(game, group, there) is None}
