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
import random
from collections.abc import Sequence
from typing import NamedTuple

from rules_engine.core.errors import IllegalAction
from rules_engine.core.movement_costs import ALL
from rules_engine.core.state import Unit
from rules_engine.definitions import MovementMode
from rules_engine.systems.classic import turns
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.tables import PlainSteps

# A tiny allowance for halves added up in floating point.
EPSILON = 1e-9


class Budget(NamedTuple):
    """What a unit may spend in one move: movement points and at most so many hexes (None: any);
    and, where a turn effect or supply set them, what a refusal by each cites and the allowance
    the unit would have without them (a move that costs more than that is the movement rule's)."""

    points: float
    hexes: int | None
    points_rule: str | None = None
    hexes_rule: str | None = None
    unreduced: float = math.inf


def _plain(world: World, unit: Unit, mode: MovementMode | None) -> Budget:
    """The budget when no turn effect is in force and the unit is in supply."""
    if mode is not None:
        return Budget(math.inf, mode.hexes)
    tables = world.tables
    return Budget(tables.number(unit.face, tables.movement.allowance), None)


def budget(world: World, unit: Unit, mode: MovementMode | None) -> Budget:
    """The unit's allowance now: its face's, as turn effects and supply leave it; a mode's hexes."""
    tables = world.tables
    limit = turns.movement_limit(world, unit, mode.id if mode else None)
    hexes, hexes_rule = limit.hexes, limit.hexes_rule
    if mode is not None:
        if mode.hexes is not None and (hexes is None or mode.hexes <= hexes):
            hexes, hexes_rule = mode.hexes, None  # the mode's own limit: the mode's rule
        return Budget(math.inf, hexes, None, hexes_rule)
    full = points = tables.number(unit.face, tables.movement.allowance)
    factor, points_rule = limit.multiply, limit.points_rule
    if unit.out_of_supply and tables.supply.effects.movement != 1.0:
        factor *= tables.supply.effects.movement
        points_rule = points_rule or tables.rule("supply")
    if factor != 1.0:
        points = float(math.floor(points * factor + EPSILON))
    if limit.allowance is not None:
        points = min(points, limit.allowance) if factor != 1.0 else limit.allowance
    return Budget(points, hexes, points_rule if points < full else None, hexes_rule, full)


# A kind of unit's move: its budget, movement class, plain steps (Tables.plain_table) and
# whether it may always enter one hex.
UnitKind = tuple[Budget, str, dict[str, PlainSteps], bool]


class MoveContext:
    """What every move of one side in the current phase shares: the enemy's hexes and ZOC (the
    enemy does not move in it), the mode, the options, the turn effects in force. Kept in the
    game's state while none of these can have changed (``context``)."""

    def __init__(self, world: World, side: str, mode: MovementMode | None) -> None:
        tables = world.tables
        zoc = tables.zoc
        self.world = world
        self.side = side
        self.mode = mode
        self.neighbours = tables.board.neighbours
        self.enemy_held = world.enemy_held(side)
        self.enemy_zoc = world.enemy_zoc(side) if zoc.kind != "none" or mode is not None else frozenset()
        self.rule = tables.rule("movement") if mode is None else (mode.cite or tables.rule("movement"))
        self.zoc_rule = tables.rule("zoc")
        self.kind = zoc.kind
        self.lines = tables.lines.get(mode.id, {}) if mode is not None else {}
        self.exit_cost, self.enter_cost = zoc.exit_cost, zoc.enter_cost
        # stop ZOCs without zoc_to_zoc: a unit leaving one may not go straight into another
        self.no_zoc_to_zoc = self.kind == "stop" and not zoc.zoc_to_zoc
        self.negated = mode is None and zoc.negated_by_friendly_units
        # exit-cost ZOCs price steps; the other kinds only forbid them
        self.priced_zoc = zoc.kind == "exit-cost" and bool(self.enemy_zoc)
        # the hexes where the step rules may leave out or price a step (an enemy ZOC, a hex
        # next to an enemy unit): elsewhere the terrain chart's steps stand as they are
        self.touchy = self.enemy_zoc.union(*map(self.neighbours.__getitem__, self.enemy_held))
        self.one_hex_minimum = tables.movement.one_hex_minimum
        # whether a move ends where it enters an enemy ZOC
        self.stops_in_zoc = mode.enemy_zoc == "stop" if mode is not None else zoc.kind in ("stop", "locking")
        effects = turns.in_force(world)
        self.limited = bool(effects)
        # a mode that ignores the enemy ZOC
        self.zoc_ignored = mode is not None and mode.enemy_zoc == "ignored"
        # each kind of unit's budget, movement class, plain steps and one-hex minimum (kind_of):
        # the same in every phase of this mode with these turn effects in force
        key = (mode.id if mode is not None else None, tuple(map(id, effects)))
        self.units: dict[tuple[str, int, bool], UnitKind] = tables.unit_kinds.setdefault(key, {})
        # step rules' answers by movement class, first step or not, and hex (Mover.steps_from)
        self.steps: dict[tuple[str, bool, str], tuple[tuple[str, float], ...]] = {}

    def kind_of(self, unit: Unit) -> UnitKind:
        """What every unit of this counter, face and supply marker moves with (kept in ``units``)."""
        world, mode = self.world, self.mode
        spend = budget(world, unit, mode) if self.limited or unit.out_of_supply else _plain(world, unit, mode)
        movement_class = world.tables.movement_class(unit.counter)
        found = (
            spend,
            movement_class,
            world.tables.plain_table(movement_class),
            self.one_hex_minimum and spend.points > 0,
        )
        self.units[(unit.counter.id, unit.face_index, unit.out_of_supply)] = found
        return found


def context(world: World, side: str, mode: MovementMode | None) -> MoveContext:
    """The shared part of ``side``'s moves in this phase, made again when the enemy's units have
    changed since."""
    state = world.state
    key = (state.turn_index, state.phase_index, side, mode, world.enemy_epochs(side))
    found = world.extra.move_context
    if found is None or found[0] != key:
        made = MoveContext(world, side, mode)
        world.extra.move_context = (key, made)
        return made
    kept: MoveContext = found[1]
    return kept


class Mover:
    """One unit's move in the current phase, under the game's movement and ZOC options."""

    __slots__ = (
        "_plain",
        "_steps",
        "budget",
        "ezoc",
        "mode",
        "movement_class",
        "one_hex",
        "shared",
        "start",
        "unit",
        "world",
    )

    def __init__(
        self, world: World, unit: Unit, mode: MovementMode | None = None, shared: MoveContext | None = None
    ) -> None:
        """``shared`` is ``context(world, unit.side, mode)``, given by a caller that moves many units."""
        start = unit.space
        if start is None:
            raise ValueError("a unit off the map does not move")
        if shared is None:
            shared = context(world, unit.side, mode)
        self.shared = shared
        self.world = world
        self.unit = unit
        self.mode = mode
        self.start = start
        # a unit's budget and class follow from its counter, its face and its supply marker
        known = shared.units.get((unit.counter.id, unit.face_index, unit.out_of_supply))
        if known is None:
            known = shared.kind_of(unit)
        self.budget, self.movement_class, self._plain, self.one_hex = known
        self.ezoc: frozenset[str]
        self._steps: dict[tuple[str, bool, str], tuple[tuple[str, float], ...]]
        if shared.zoc_ignored:
            self.ezoc = frozenset()
            self._steps = {}
        elif shared.negated and shared.enemy_zoc:
            self.ezoc = shared.enemy_zoc - world.friendly_held(unit.side, besides=unit)
            self._steps = {}
        else:
            # the unit meets the enemy ZOC as every unit of its side does: steps are shared
            self.ezoc = shared.enemy_zoc
            self._steps = shared.steps

    @property
    def rule(self) -> str:
        """What a refusal of this move cites: the movement option, or the mode's own cite."""
        return self.shared.rule

    @property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        return self.shared.neighbours

    @property
    def enemy_held(self) -> frozenset[str]:
        return self.shared.enemy_held

    # --- one step --------------------------------------------------------------------------

    def steps_from(self, first: bool, here: str) -> dict[str, float]:
        """Every step the unit may take from ``here`` (the first of the move or a later one), each
        with what it costs, before the budget (``step_items`` as a mapping)."""
        return dict(self.step_items(first, here))

    def step_items(self, first: bool, here: str) -> tuple[tuple[str, float], ...]:
        """Every step the unit may take from ``here`` (as the first step of the move or a later
        one) with what it costs, before the budget: the one place the step rules are written.
        Away from the enemy these are the terrain chart's steps as they are (Tables.plain_steps);
        next to it, what the step rules leave of them is kept while the enemy stays put (shared by
        the units that meet the same ZOCs)."""
        if self.mode is not None:
            return self._mode_steps(first, here)
        plain = self._plain.get(here)
        if plain is None:
            plain = self.world.tables.plain_steps(self.movement_class, here)
        found = plain.first if first else plain.later
        shared = self.shared
        if here in shared.touchy or shared.priced_zoc:
            key = (self.movement_class, first, here)
            cached = self._steps.get(key)
            if cached is None:
                cached = self._steps[key] = self._near_enemy(first, here, found)
            found = cached
        if first and plain.costs_all:
            points = max(self.budget.points, 0.0)
            return tuple((there, points if cost == ALL else cost) for there, cost in found)
        return found

    def _near_enemy(
        self, first: bool, here: str, base: tuple[tuple[str, float], ...]
    ) -> tuple[tuple[str, float], ...]:
        """The steps from ``here`` where an enemy unit or ZOC is about."""
        shared = self.shared
        ezoc, kind, held = self.ezoc, shared.kind, shared.enemy_held
        in_zoc = here in ezoc
        if in_zoc and (kind == "locking" or (not first and kind == "stop")):
            return ()
        closed = ezoc if in_zoc and first and shared.no_zoc_to_zoc else ()
        exit_cost = shared.exit_cost if in_zoc and kind == "exit-cost" else 0.0
        enter_cost = shared.enter_cost if kind == "exit-cost" else 0.0
        found: list[tuple[str, float]] = []
        for there, cost in base:
            if there in held or there in closed:
                continue
            if exit_cost or enter_cost:
                cost += exit_cost + (enter_cost if there in ezoc else 0.0)
            found.append((there, cost))
        return tuple(found)

    def _mode_steps(self, first: bool, here: str) -> tuple[tuple[str, float], ...]:
        mode = self.mode
        assert mode is not None
        lines = self.shared.lines
        if first and mode.start_on_line and here not in lines:
            return ()
        if mode.enemy_zoc == "stop" and not first and here in self.ezoc:
            return ()
        closed = self.ezoc if mode.enemy_zoc == "prohibited" else ()
        held = self.shared.enemy_held
        return tuple(
            (there, 0.0) for there in lines.get(here, ()) if there not in held and there not in closed
        )

    def cost(self, first: bool, here: str, there: str) -> float | None:
        """What entering ``there`` from ``here`` costs, or None when that step may not be taken."""
        return self.steps_from(first, here).get(there)

    def refusal(self, first: bool, here: str, there: str) -> IllegalAction:
        """Why the step from ``here`` into ``there`` is not allowed, citing the rule that forbids it."""
        uid, name = self.unit.uid, self.world.tables.board.name
        if there not in self.neighbours.get(here, ()):
            return IllegalAction(self.rule, f"{name(there)} is not next to {name(here)}")
        if there in self.enemy_held:
            return IllegalAction(self.rule, f"{name(there)} holds enemy units")
        if self.mode is not None:
            return self._mode_refusal(first, here, there)
        if not first and here in self.ezoc and self.shared.kind in ("stop", "locking"):
            return IllegalAction(
                self.shared.zoc_rule, f"{uid} entered an enemy ZOC in {name(here)} and must stop there"
            )
        if first and here in self.ezoc and self.shared.kind == "locking":
            return IllegalAction(self.shared.zoc_rule, f"{uid} is in an enemy ZOC and may not leave it")
        if first and here in self.ezoc and there in self.ezoc and self.shared.no_zoc_to_zoc:
            return IllegalAction(
                self.shared.zoc_rule,
                f"{uid} may not move straight from one enemy ZOC hex ({name(here)}) into another",
            )
        step = self.world.tables.steps[self.movement_class][here].get(there)
        if step is None:
            return IllegalAction(self.rule, f"{uid} cannot enter {name(there)} from {name(here)}")
        return IllegalAction(self.rule, f"{step.reason}, which only a unit's first step may cost")

    def _mode_refusal(self, first: bool, here: str, there: str) -> IllegalAction:
        mode = self.mode
        assert mode is not None
        name = self.world.tables.board.name
        if first and mode.start_on_line and here not in self.shared.lines:
            return IllegalAction(self.rule, f"{self.unit.uid} does not begin the {mode.name} on its line")
        if there not in self.shared.lines.get(here, ()):
            return IllegalAction(self.rule, f"{mode.name} goes along the line only, not into {name(there)}")
        if mode.enemy_zoc == "prohibited" and there in self.ezoc:
            return IllegalAction(self.rule, f"{mode.name} may not enter an enemy ZOC ({name(there)})")
        return IllegalAction(
            self.rule, f"{self.unit.uid} entered an enemy ZOC in {name(here)} and stops there"
        )

    def continues(self, there: str) -> bool:
        """Whether the move may go on after entering ``there`` (an enemy ZOC that stops ends it)."""
        return there not in self.ezoc or self.continues_in_zoc()

    def continues_in_zoc(self) -> bool:
        """Whether a move goes on after entering an enemy ZOC."""
        return not self.shared.stops_in_zoc

    # --- a whole path ---------------------------------------------------------------------------

    def walk(self, chooser: random.Random, stop_chance: float) -> tuple[tuple[str, ...], float]:
        """A legal move at random, and what it costs: each step one the step rules allow from
        there, within the budget (``steps_from``); the walk ends by chance (``stop_chance`` after
        each hex), where the move must end (an enemy ZOC that stops), or where nothing more fits,
        and is cut back to the last hex where stacking allows the unit. Every path it gives passes
        ``check``: random play uses it instead of looking at every destination."""
        points, hexes = self.budget.points, self.budget.hexes
        if self.mode is None and points <= 0:
            return (), 0.0
        spent = 0.0
        walk: list[str] = []
        costs: list[float] = []
        seen = {self.start}
        rnd, ezoc, shared = chooser.random, self.ezoc, self.shared
        stops = shared.stops_in_zoc
        limit = points + EPSILON
        # away from the enemy a later step is the terrain chart's as it is (step_items' first case)
        plain_table = self._plain if self.mode is None and not shared.priced_zoc else {}
        touchy = shared.touchy
        room = math.inf if self.one_hex else limit  # the one hex a unit may always enter
        items = self.step_items(True, self.start)
        while hexes is None or len(walk) < hexes:
            # one of the steps open from here, each as likely as the others: a draw among all
            # the steps first (most are open), two more, then a draw among the open ones
            count = len(items)
            if not count:
                break
            step = items[int(rnd() * count)]
            if step[1] > room or step[0] in seen:
                for _ in range(2):
                    step = items[int(rnd() * count)]
                    if step[1] <= room and step[0] not in seen:
                        break
                else:
                    open_steps = [item for item in items if item[1] <= room and item[0] not in seen]
                    if not open_steps:
                        break
                    step = open_steps[int(rnd() * len(open_steps))]
            there, cost = step
            walk.append(there)
            costs.append(cost)
            seen.add(there)
            spent += cost
            if (stops and there in ezoc) or rnd() < stop_chance:
                break
            room = limit - spent
            plain = plain_table.get(there)
            items = (
                plain.later if plain is not None and there not in touchy else self.step_items(False, there)
            )
        world = self.world
        if walk and (world.state.occupants.get(walk[-1]) or not world.tables.one_fits):
            stacking = world.stacking_problem
            while walk and stacking(walk[-1], [self.unit]) is not None:
                walk.pop()
                spent -= costs.pop()
        return tuple(walk), spent

    def check(self, path: Sequence[str]) -> float:
        """The movement points ``path`` costs; IllegalAction, citing the rule, if it is not a legal move."""
        if not path:
            raise IllegalAction(self.rule, "a move enters at least one hex")
        points = self.budget.points
        if self.mode is None and points <= 0:
            raise IllegalAction(self.rule, f"{self.unit.uid} cannot move now (no movement allowance)")
        spent, here = 0.0, self.start
        for index, there in enumerate(path):
            cost = self.steps_from(index == 0, here).get(there)
            if cost is None or there == self.start or there in path[:index]:
                raise self._refused(index, path)
            spent += cost
            here = there
        limits = self.budget
        hexes = limits.hexes
        if hexes is not None and len(path) > hexes:
            rule = limits.hexes_rule or self.rule
            raise IllegalAction(rule, f"{self.unit.uid} may enter at most {hexes} hex(es) this phase")
        if spent > points + EPSILON and not (self.one_hex and len(path) == 1):
            # the effect (or supply) that cut the allowance refuses what the full one would allow
            reduced = limits.points_rule is not None and spent <= limits.unreduced + EPSILON
            rule = limits.points_rule if reduced and limits.points_rule else self.rule
            raise IllegalAction(rule, f"the path costs {spent:g} MP, and {self.unit.uid} has {points:g}")
        problem = self.world.stacking_problem(path[-1], [self.unit])
        if problem is not None:
            name = self.world.tables.board.name
            raise IllegalAction(self.world.tables.rule("stacking"), f"{name(path[-1])}: {problem}")
        return spent

    def _refused(self, index: int, path: Sequence[str]) -> IllegalAction:
        here, there = (path[index - 1] if index else self.start), path[index]
        if there == self.start or there in path[:index]:
            return IllegalAction(self.rule, f"the path enters {self.world.tables.board.name(there)} twice")
        return self.refusal(index == 0, here, there)

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
            for there, cost in self.steps_from(count == 0, here).items():
                if there == self.start or there in path:
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
