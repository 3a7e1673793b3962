"""Movement (2.2, 1.3): costs, roads, rivers, EZOC stops, and the one-hex move.

``reachable`` answers "where can this unit go, and by which path" for the
random player and for legal-action lists; ``check_path`` answers "may it go
exactly this way", naming the rule an illegal step breaks. Both read the same
step table (Rules.steps), so they cannot disagree.
"""

from __future__ import annotations

import heapq

from rules_engine.core import GameState, IllegalAction, Unit
from rules_engine.core.movement_costs import StepTable
from rules_engine.core.zoc import ZocCache
from rules_engine.systems.israel1948.rules import ALL, Rules, Step
from rules_engine.systems.israel1948.stacking import group_problem, stacking_problem


def movement_allowance(unit: Unit) -> float:
    movement = unit.face.movement
    return float(movement) if isinstance(movement, (int, float)) else 0.0


class PathCache:
    """Paths found for a unit, kept while the enemy's units stay where they are.

    The search reads only the unit (where it is, its face, its supply marker) and the
    enemy's units and ZOC; friendly moves change nothing but the stacking at the end,
    which `reachable` checks afresh. So within a movement phase each unit's paths are
    searched once, however often a player or a policy asks.
    """

    def __init__(self) -> None:
        self._paths: dict[tuple[object, ...], dict[str, tuple[str, ...]]] = {}
        self._epoch: tuple[str, int] | None = None

    def paths(self, rules: Rules, zoc: ZocCache, state: GameState, unit: Unit) -> dict[str, tuple[str, ...]]:
        enemy = rules.enemy_of(unit.side)
        epoch = (enemy, state.side_epoch(enemy))
        if epoch != self._epoch:
            self._paths.clear()
            self._epoch = epoch
        key = (unit.uid, unit.space, unit.damaged, unit.out_of_supply)
        found = self._paths.get(key)
        if found is None:
            found = self._paths[key] = _paths_of(rules, zoc, state, unit)
        return found


def _paths_of(rules: Rules, zoc: ZocCache, state: GameState, unit: Unit) -> dict[str, tuple[str, ...]]:
    assert unit.space is not None
    start = unit.space
    steps = rules.steps[unit.face.movement_class or "foot"]
    enemy_held = _enemy_held(state, unit.side)
    # 2.2: every unit may always move one hex, whatever the cost or EZOC
    paths: dict[str, tuple[str, ...]] = {there: (there,) for there in steps[start] if there not in enemy_held}
    if not unit.out_of_supply:
        ezoc = zoc.zoc_of(state, rules.enemy_of(unit.side))
        _search(steps, start, movement_allowance(unit), ezoc, enemy_held, paths)
    return paths


def reachable(
    rules: Rules, zoc: ZocCache, state: GameState, unit: Unit, cache: PathCache | None = None
) -> dict[str, tuple[str, ...]]:
    """Every hex the unit may end its move in, with one path (the hexes entered) to it."""
    searched = cache.paths if cache is not None else _paths_of
    paths = searched(rules, zoc, state, unit)
    occupied = state.occupants
    # An empty hex takes the unit if the unit fits alone; only occupied hexes need a full check.
    fits_alone = group_problem(rules, [unit]) is None
    return {
        there: path
        for there, path in paths.items()
        if (stacking_problem(rules, state, there, [unit]) is None if there in occupied else fits_alone)
    }


def _search(
    steps: StepTable,
    start: str,
    allowance: float,
    ezoc: frozenset[str],
    enemy_held: set[str],
    paths: dict[str, tuple[str, ...]],
) -> None:
    """Cheapest-first search within the allowance; the first path found to a hex is kept.

    A hex in an EZOC is entered but not left; a step that costs everything ends the move.
    """
    best: dict[str, float] = {start: 0.0}
    queue: list[tuple[float, str, tuple[str, ...]]] = [(0.0, start, ())]
    while queue:
        spent, here, path = heapq.heappop(queue)
        if spent > best.get(here, ALL) or (here != start and here in ezoc):
            continue
        for there, step in steps[here].items():
            if there in enemy_held:
                continue
            if step.cost == ALL and here != start:
                continue
            cost = allowance if step.cost == ALL else spent + step.cost
            if cost > allowance or cost >= best.get(there, ALL):
                continue
            best[there] = cost
            new_path = (*path, there)
            paths.setdefault(there, new_path)
            if step.cost != ALL:  # entering at the cost of everything ends the move there
                heapq.heappush(queue, (cost, there, new_path))


def _enemy_held(state: GameState, side: str) -> set[str]:
    return {space for space, units in state.occupants.items() if units[0].side != side}


def check_path(rules: Rules, zoc: ZocCache, state: GameState, unit: Unit, path: list[str]) -> None:
    """Raise IllegalAction, citing the rule, unless the unit may move along ``path`` now."""
    assert unit.space is not None
    if unit.uid in state.moved:
        raise IllegalAction("2.2", f"{unit.uid} has already moved this phase")
    if not path:
        raise IllegalAction("2.2", "a move must enter at least one hex")
    if unit.out_of_supply and len(path) > 1:
        raise IllegalAction("2.2", f"{unit.uid} is out of supply and may move only 1 hex")
    steps = rules.steps[unit.face.movement_class or "foot"]
    # only a hex after the first can break the EZOC stop: a one-hex move need not ask
    ezoc = zoc.zoc_of(state, rules.enemy_of(unit.side)) if len(path) > 1 else frozenset()
    allowance = movement_allowance(unit)
    spent = 0.0
    here = unit.space
    board = rules.board
    previous_cost_all, previous_reason = False, ""
    occupants = state.occupants
    for index, there in enumerate(path):
        step: Step | None = steps[here].get(there)
        if step is None:
            raise _no_step(rules, unit, here, there)
        holders = occupants.get(there)
        if holders and holders[0].side != unit.side:
            raise IllegalAction("2.2", f"{board.name(there)} holds enemy units")
        if index > 0 and here in ezoc:
            raise IllegalAction(
                "2.2", f"{unit.uid} entered an EZOC in {board.name(here)} and must stop there"
            )
        if index > 0 and previous_cost_all:
            raise IllegalAction("1.3", f"{previous_reason}: the move ends in {board.name(here)}")
        previous_cost_all, previous_reason = step.cost == ALL, step.reason
        if step.cost == ALL:
            if index > 0:
                raise IllegalAction("1.3", f"{step.reason}, so it must be the first hex of the move")
            spent = allowance
        else:
            spent += step.cost
        if spent > allowance and len(path) > 1:
            raise IllegalAction(
                "2.2",
                f"reaching {board.name(there)} costs {spent:g} MP, more than {unit.uid}'s {allowance:g} "
                f"({step.reason}); only a move of a single hex is always allowed",
            )
        here = there
    problem = stacking_problem(rules, state, here, [unit])
    if problem is not None:
        raise IllegalAction("1.3", f"{unit.uid} cannot end its move in {board.name(here)}: {problem}")


def _no_step(rules: Rules, unit: Unit, here: str, there: str) -> IllegalAction:
    """Why the step table has no step from ``here`` into ``there``: no such hex, not adjacent, or
    impassable (1.3, 2.2)."""
    board = rules.board
    if there not in board.spaces:
        return IllegalAction("1.3", f"there is no hex {there} on the map")
    if there not in board.neighbours[here]:
        return IllegalAction("2.2", f"{board.name(there)} is not adjacent to {board.name(here)}")
    return IllegalAction(
        "1.3",
        f"{unit.uid} cannot enter {board.name(there)} from {board.name(here)}: "
        f"{_impassable_reason(rules, here, there)}",
    )


def _impassable_reason(rules: Rules, here: str, there: str) -> str:
    for feature in rules.board.side_features(here, there):
        if feature.terrain.impassable:
            return f"the {feature.terrain.name.lower()} cannot be crossed"
    kind = rules.board.terrain_of[there]
    return f"{kind.name if kind else 'its terrain'} cannot be entered"
