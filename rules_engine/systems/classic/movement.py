"""Movement (docs/classic-rules.md, Movement, Movement modes, Zones of control).

A ``Mover`` is one unit about to move in the current phase: its budget (the allowance of
its face, as turn effects and supply leave it, or a mode's hexes), the enemy's hexes and
ZOC as it meets them, and its movement class's step table. It answers what each step
costs (``cost``: None when the step is not allowed, ``refusal`` says why), checks a path
(``check``), and lists where the unit can go (``reachable``). Moves are applied by the game.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from typing import NamedTuple

from rules_engine.core.errors import IllegalAction
from rules_engine.core.movement_costs import ALL, StepTable
from rules_engine.core.state import Unit
from rules_engine.definitions import MovementMode
from rules_engine.systems.classic import turns
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.values import face_number
from rules_engine.systems.classic.zoc import enemy_zoc_for, movement_zoc

# A tiny allowance for halves added up in floating point.
EPSILON = 1e-9


class Budget(NamedTuple):
    """What a unit may spend in one move: movement points and at most so many hexes (None: any)."""

    points: float
    hexes: int | None


def budget(world: World, unit: Unit, mode: MovementMode | None) -> Budget:
    """The unit's allowance now: its face's, as turn effects and supply leave it; a mode's hexes."""
    tables = world.tables
    limit = turns.movement_limit(world, unit, mode.id if mode else None)
    hexes = limit.hexes
    if mode is not None:
        if mode.hexes is not None:
            hexes = mode.hexes if hexes is None else min(hexes, mode.hexes)
        return Budget(math.inf, hexes)
    points = face_number(unit.face, tables.movement.allowance)
    factor = limit.multiply
    if unit.out_of_supply:
        factor *= tables.supply.effects.movement
    if factor != 1.0:
        points = float(math.floor(points * factor + EPSILON))
    if limit.allowance is not None:
        points = min(points, limit.allowance) if factor != 1.0 else limit.allowance
    return Budget(points, hexes)


class Mover:
    """One unit's move in the current phase, under the game's movement and ZOC options."""

    def __init__(self, world: World, unit: Unit, mode: MovementMode | None = None) -> None:
        if unit.space is None:
            raise ValueError("a unit off the map does not move")
        tables = world.tables
        self.world = world
        self.unit = unit
        self.mode = mode
        self.start = unit.space
        self.budget = budget(world, unit, mode)
        self.steps: StepTable = tables.step_table(unit.counter)
        self.neighbours = tables.board.neighbours
        self.enemy_held = world.enemy_held(unit.side)
        self.rule = tables.rule("movement") if mode is None else (mode.cite or tables.rule("movement"))
        self.zoc_rule = tables.rule("zoc")
        zoc = tables.zoc
        self.kind = zoc.kind
        if mode is not None:
            self.ezoc = enemy_zoc_for(world, unit, False) if mode.enemy_zoc != "ignored" else frozenset()
            self.lines = tables.lines.get(mode.id, {})
        else:
            self.ezoc = movement_zoc(world, unit)
            self.lines = {}
        self.exit_cost, self.enter_cost = zoc.exit_cost, zoc.enter_cost
        # stop ZOCs without zoc_to_zoc: a unit leaving one may not go straight into another
        self.no_zoc_to_zoc = self.kind == "stop" and not zoc.zoc_to_zoc
        self.one_hex = tables.movement.one_hex_minimum and self.budget.points > 0

    # --- one step --------------------------------------------------------------------------

    def cost(self, first: bool, here: str, there: str) -> float | None:
        """What entering ``there`` from ``here`` costs (the first step of the move or a later one),
        or None when it may not be made."""
        if there in self.enemy_held:
            return None
        ezoc = self.ezoc
        if self.mode is not None:
            return self._mode_cost(first, here, there)
        if ezoc:
            if not first and here in ezoc and self.kind in ("stop", "locking"):
                return None
            if first and here in ezoc and self.kind == "locking":
                return None
            if first and here in ezoc and there in ezoc and self.no_zoc_to_zoc:
                return None
        step = self.steps[here].get(there)
        if step is None:
            return None
        cost = step.cost
        if cost == ALL:
            if not first:
                return None
            cost = max(self.budget.points, 0.0)
        if self.kind == "exit-cost" and ezoc:
            cost += (self.exit_cost if here in ezoc else 0.0) + (self.enter_cost if there in ezoc else 0.0)
        return cost

    def _mode_cost(self, first: bool, here: str, there: str) -> float | None:
        mode = self.mode
        assert mode is not None
        if there not in self.lines.get(here, ()):
            return None
        if first and mode.start_on_line and here not in self.lines:
            return None
        if mode.enemy_zoc == "prohibited" and there in self.ezoc:
            return None
        if mode.enemy_zoc == "stop" and not first and here in self.ezoc:
            return None
        return 0.0

    def refusal(self, first: bool, here: str, there: str) -> IllegalAction:
        """Why the step from ``here`` into ``there`` is not allowed, citing the rule that forbids it."""
        uid, name = self.unit.uid, self.world.tables.board.name
        if there not in self.neighbours.get(here, ()):
            return IllegalAction(self.rule, f"{name(there)} is not next to {name(here)}")
        if there in self.enemy_held:
            return IllegalAction(self.rule, f"{name(there)} holds enemy units")
        if self.mode is not None:
            return self._mode_refusal(first, here, there)
        if not first and here in self.ezoc and self.kind in ("stop", "locking"):
            return IllegalAction(
                self.zoc_rule, f"{uid} entered an enemy ZOC in {name(here)} and must stop there"
            )
        if first and here in self.ezoc and self.kind == "locking":
            return IllegalAction(self.zoc_rule, f"{uid} is in an enemy ZOC and may not leave it")
        if first and here in self.ezoc and there in self.ezoc and self.no_zoc_to_zoc:
            return IllegalAction(
                self.zoc_rule,
                f"{uid} may not move straight from one enemy ZOC hex ({name(here)}) into another",
            )
        step = self.steps[here].get(there)
        if step is None:
            return IllegalAction(self.rule, f"{uid} cannot enter {name(there)} from {name(here)}")
        return IllegalAction(self.rule, f"{step.reason}, which only a unit's first step may cost")

    def _mode_refusal(self, first: bool, here: str, there: str) -> IllegalAction:
        mode = self.mode
        assert mode is not None
        name = self.world.tables.board.name
        if first and mode.start_on_line and here not in self.lines:
            return IllegalAction(self.rule, f"{self.unit.uid} does not begin the {mode.name} on its line")
        if there not in self.lines.get(here, ()):
            return IllegalAction(self.rule, f"{mode.name} goes along the line only, not into {name(there)}")
        if mode.enemy_zoc == "prohibited" and there in self.ezoc:
            return IllegalAction(self.rule, f"{mode.name} may not enter an enemy ZOC ({name(there)})")
        return IllegalAction(
            self.rule, f"{self.unit.uid} entered an enemy ZOC in {name(here)} and stops there"
        )

    def continues(self, there: str) -> bool:
        """Whether the move may go on after entering ``there`` (an enemy ZOC that stops ends it)."""
        if there not in self.ezoc:
            return True
        if self.mode is not None:
            return self.mode.enemy_zoc != "stop"
        return self.kind not in ("stop", "locking")

    # --- a whole path ---------------------------------------------------------------------------

    def check(self, path: Sequence[str]) -> float:
        """The movement points ``path`` costs; IllegalAction, citing the rule, if it is not a legal move."""
        uid, name = self.unit.uid, self.world.tables.board.name
        if not path:
            raise IllegalAction(self.rule, "a move enters at least one hex")
        if self.mode is None and self.budget.points <= 0:
            raise IllegalAction(self.rule, f"{uid} cannot move now (no movement allowance)")
        spent, here, seen = 0.0, self.start, {self.start}
        for index, there in enumerate(path):
            if there in seen:
                raise IllegalAction(self.rule, f"the path enters {name(there)} twice")
            cost = self.cost(index == 0, here, there) if there in self.neighbours.get(here, ()) else None
            if cost is None:
                raise self.refusal(index == 0, here, there)
            spent += cost
            seen.add(there)
            here = there
        hexes = self.budget.hexes
        if hexes is not None and len(path) > hexes:
            raise IllegalAction(self.rule, f"{uid} may enter at most {hexes} hex(es) this phase")
        if spent > self.budget.points + EPSILON and not (self.one_hex and len(path) == 1):
            raise IllegalAction(
                self.rule, f"the path costs {spent:g} MP, and {uid} has {self.budget.points:g}"
            )
        problem = self.world.stacking_problem(path[-1], [self.unit])
        if problem is not None:
            raise IllegalAction(self.world.tables.rule("stacking"), f"{name(path[-1])}: {problem}")
        return spent

    def reachable(self) -> dict[str, tuple[str, ...]]:
        """Every hex the unit may end its move in, each with the cheapest path to it."""
        points, hexes = self.budget.points, self.budget.hexes
        if self.mode is None and points <= 0:
            return {}
        best: dict[tuple[str, int], float] = {(self.start, 0): 0.0}
        paths: dict[str, tuple[str, ...]] = {}
        queue: list[tuple[float, int, str, tuple[str, ...]]] = [(0.0, 0, self.start, ())]
        while queue:
            spent, count, here, path = heapq.heappop(queue)
            if path and not self.continues(here):
                continue
            if hexes is not None and count >= hexes:
                continue
            for there in self.neighbours[here]:
                if there == self.start or there in path:
                    continue
                cost = self.cost(count == 0, here, there)
                if cost is None:
                    continue
                total = spent + cost
                if total > points + EPSILON and not (self.one_hex and count == 0):
                    continue
                key = (there, count + 1 if hexes is not None else 0)
                if key in best and best[key] <= total:
                    continue
                best[key] = total
                step = (*path, there)
                if there not in paths or len(paths[there]) > len(step):
                    paths[there] = step
                heapq.heappush(queue, (total, count + 1, there, step))
        return {
            there: path
            for there, path in paths.items()
            if self.world.stacking_problem(there, [self.unit]) is None
        }
