"""The classic system's dispatch: one game's hooks over the core's sequence of play, its actions.

``ClassicRulesSystem`` holds what one game definition's games share (the tables);
``ClassicGame`` is one game: the phase hooks call the rule modules (replacement points and
supply checks as a phase begins; mandatory combat, reinforcements and unused points as it
ends; victory after the last turn), and ``legal_actions``/``apply`` turn actions into calls
of movement.py, combat.py, dicepool.py, reinforcements.py and replacements.py. The system's
play-related parts (random play, policies, choosers) are in system.py, above this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar

from rules_engine.core.actions import Action, EndPhase
from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError, IllegalAction
from rules_engine.core.events import EventLog
from rules_engine.core.game import CoreGame
from rules_engine.core.state import ON_MAP, Unit
from rules_engine.core.system import CoreSystem
from rules_engine.definitions import Scenario, UnitSelector, ValidGame
from rules_engine.systems.classic import (
    changes,
    combat,
    dicepool,
    pool,
    reinforcements,
    replacements,
    sequence,
    supply,
    victory,
)
from rules_engine.systems.classic.actions import Attack, Move, PlaceReinforcement, Replace
from rules_engine.systems.classic.control import by_occupation, controlled_places
from rules_engine.systems.classic.decisions import Decider, RandomDecider
from rules_engine.systems.classic.facts import FACTS
from rules_engine.systems.classic.movement import MoveContext, Mover
from rules_engine.systems.classic.selectors import selects
from rules_engine.systems.classic.state import ClassicState, World
from rules_engine.systems.classic.tables import Tables
from rules_engine.systems.classic.zoc import zoc_cache

# Attack groups are listed unit by unit up to this many attackers next to a hex; beyond, the
# whole group, each hex's stack and each unit alone (the rules allow every subset).
MAX_LISTED_ATTACKERS = 6


class ClassicGame(CoreGame):
    """A classic game in progress."""

    GAME_OVER_RULE = "sequence"
    system: ClassicRulesSystem

    def __init__(self, system: ClassicRulesSystem, scenario: Scenario, log: EventLog) -> None:
        self.tables = system.tables
        super().__init__(system, scenario, log)
        self.world = World(self.tables, self.state, ClassicState(), zoc_cache(self.tables))
        # the turn, phase and shared move context whose phase checks a move passed (_mover)
        self._phase_passed: tuple[int, int, MoveContext] | None = None
        self._passed_units: UnitSelector | None = None  # the units that phase moves (None: all)
        pool.record(self.world, scenario)

    # --- changes every rule makes the same way ----------------------------------------------

    def put(self, unit: Unit, space: str) -> None:
        changes.put(self.world, unit, space)

    def step_loss(self, unit: Unit) -> None:
        changes.step_loss(self.world, unit)

    def eliminate(self, unit: Unit) -> None:
        changes.eliminate(self.world, unit)

    def stacking_problem(self, space: str, arriving: Sequence[Unit]) -> str | None:
        return self.world.stacking_problem(space, list(arriving))

    def set_up_scenario(self) -> None:
        super().set_up_scenario()
        reinforcements.record_arrivals(self.world, self.scenario)
        pool.set_up(self.world, self.scenario, self.next_unused)

    # --- the sequence of play -----------------------------------------------------------------

    def begin_phase(self, dice: DiceSource) -> None:
        """A phase that does not happen this turn ends at once."""
        if not sequence.happens(self.phase, self.state.turn):
            self.end_phase(dice)
            return
        super().begin_phase(dice)

    def on_phase_begin(self, dice: DiceSource) -> None:
        extra = self.world.extra
        extra.defended.clear()
        extra.mp_left.clear()
        extra.replaced.clear()
        kind = self.phase.kind
        if kind == "replacement":
            replacements.begin(self.world, self.scenario, self.active_side)
        elif kind == "supply":
            for side in self._sides_of_phase():
                supply.check(self.world, side)

    def _sides_of_phase(self) -> tuple[str, ...]:
        return self.system.sides if self.phase.player == "both" else (self.active_side,)

    def on_phase_end(self, dice: DiceSource) -> None:
        if not sequence.happens(self.phase, self.state.turn):
            return
        problem = self.end_refusal()
        if problem is not None:
            raise problem
        kind = self.phase.kind
        if kind == "reinforcement":
            reinforcements.finish(self.world, self.active_side)
        elif kind == "replacement":
            replacements.finish(self.world, self.active_side)

    def end_refusal(self) -> IllegalAction | None:
        """Why the phase may not end now (None when it may)."""
        kind, side, tables = self.phase.kind, self.active_side, self.tables
        if kind == "combat":
            problem = combat.obligation(self.world, side)
            return None if problem is None else IllegalAction(tables.rule("combat"), problem)
        if kind == "reinforcement":
            unit = reinforcements.must_place(self.world, side)
            if unit is not None:
                return IllegalAction(tables.rule("reinforcements"), f"{unit.uid} must be placed first")
        return None

    def on_turn_end(self, dice: DiceSource) -> None:
        if self.state.turn_index >= self.state.last_turn_index:
            self.finish(self.victory())

    def victory(self) -> str | None:
        return victory.result(self.world, self.scenario)

    # --- movement --------------------------------------------------------------------------------

    def _check_actor(self, unit: Unit, rule: str, verb: str) -> None:
        side = self.active_side
        if unit.side != side:  # the sequence of play says whose phase it is, not the verb's rule
            raise IllegalAction(self.tables.phase_rule(self.phase), f"{unit.uid} belongs to the other side")
        if not unit.on_map:
            raise IllegalAction(rule, f"{unit.uid} is not on the map")
        if not sequence.acts(self.world, unit, side):
            phase = self.phase
            why = f"{unit.uid} may not {verb} in the {phase.name}"
            raise IllegalAction(self.tables.phase_rule(phase), why)

    def move(self, unit: Unit, path: Sequence[str]) -> None:
        """Move ``unit`` through ``path`` (the hexes it enters), if the rules allow it."""
        mover = self._mover(unit)
        hexes = tuple(path)
        if hexes and hexes[0] == unit.space:
            hexes = hexes[1:]
        self._moved(mover, hexes, mover.check(hexes))

    def move_at_random(
        self, unit: Unit, chooser: random.Random, stop_chance: float, shared: MoveContext | None = None
    ) -> tuple[str, ...]:
        """Move ``unit`` by a legal random walk (Mover.walk); the hexes it entered (none: it stayed).
        ``shared`` is this phase's ``movement.context`` for the unit's side, when the caller moves
        many units one after another (the enemy's units do not change meanwhile)."""
        mover = self._mover(unit, shared)
        path, spent = mover.walk(chooser, stop_chance)
        if path:
            self._moved(mover, path, spent)
        return path

    def _mover(self, unit: Unit, shared: MoveContext | None = None) -> Mover:
        """The unit's move in this phase, once the phase and the unit are right for one. The
        phase's part of the checks is made once per phase and ``shared`` context (``_phase_passed``):
        random play moves some 250 units a game, each through here."""
        state = self.state
        if (
            shared is not None
            and self._phase_passed == (state.turn_index, state.phase_index, shared)
            and unit.status is ON_MAP
            and unit.side == shared.side
            and not state.over
            and unit.uid not in state.moved
            and (self._passed_units is None or selects(self.tables, self._passed_units, unit))
        ):
            return Mover(self.world, unit, shared.mode, shared)
        mover = self._checked_mover(unit, shared)
        phase = self.phase
        if shared is not None and mover.mode is shared.mode and shared.side == self.side_of(phase):
            self._phase_passed = (state.turn_index, state.phase_index, shared)
            self._passed_units = phase.units
        return mover

    def _checked_mover(self, unit: Unit, shared: MoveContext | None) -> Mover:
        state, phase = self.state, self.phase
        if state.over or phase.kind != "movement":
            self.require_phase("movement", self.tables.cites["movement"])
        if phase.units is not None or unit.status is not ON_MAP or unit.side != self.side_of(phase):
            self._check_actor(unit, self.tables.cites["movement"], "move")
        if unit.uid in state.moved:
            raise IllegalAction(self.tables.cites["movement"], f"{unit.uid} has already moved in this phase")
        return Mover(self.world, unit, self.tables.modes.get(phase.mode) if phase.mode else None, shared)

    def _moved(self, mover: Mover, hexes: tuple[str, ...], spent: float) -> None:
        unit, state, world = mover.unit, self.state, self.world
        if len(hexes) > 1:
            changes.pass_through(world, unit, hexes[:-1])
        changes.put(world, unit, hexes[-1])
        state.moved.add(unit.uid)
        left = mover.budget.points - spent
        world.extra.mp_left[unit.uid] = left if left > 0.0 else 0.0
        world.extra.last_move = (unit.uid, mover.start, hexes)
        if state.log.enabled:
            state.note("move", f"{unit.uid} moves to {self.board.name(hexes[-1])} via {' '.join(hexes)}")

    def legal_moves(self, unit: Unit) -> dict[str, tuple[str, ...]]:
        """Where ``unit`` may move now, each hex with a path to it."""
        if self.state.over or self.phase.kind != "movement" or unit.uid in self.state.moved:
            return {}
        if not sequence.acts(self.world, unit, self.active_side):
            return {}
        return Mover(self.world, unit, sequence.mode(self.world)).reachable()

    def mp_left(self, unit: Unit) -> float:
        """Movement points ``unit`` has left in this phase."""
        if unit.uid in self.world.extra.mp_left:
            return self.world.extra.mp_left[unit.uid]
        if not unit.on_map:
            return 0.0
        return Mover(self.world, unit, sequence.mode(self.world)).budget.points

    # --- combat ----------------------------------------------------------------------------------

    def attack(
        self, attackers: Sequence[Unit], targets: Sequence[str], decider: Decider, dice: DiceSource
    ) -> combat.CombatReport:
        self.require_phase("combat", self.tables.rule("combat"))
        system = self.tables.combat
        if system is None:
            raise EngineError("this game has no combat system in charts.json")
        fight = dicepool.resolve if system.kind == "dice-pool" else combat.resolve
        # a choice given from outside (a replay's) may be refused half-way: the combat is then undone
        kept = None if isinstance(decider, RandomDecider) else self.world.snapshot()
        try:
            report = fight(self.world, self.active_side, list(attackers), list(targets), decider, dice)
        except IllegalAction:
            if kept is not None:
                self.world.restore(kept)
            raise
        self.world.extra.last_combat = report
        return report

    # --- reinforcements and replacements -------------------------------------------------------------

    def place(self, unit: Unit, at: str) -> None:
        self.require_phase("reinforcement", self.tables.rule("reinforcements"))
        reinforcements.place(self.world, self.active_side, unit, at)

    def replace(self, unit: Unit, at: str | None) -> None:
        self.require_phase("replacement", self.tables.rule("replacements"))
        replacements.buy(self.world, self.active_side, unit, at)

    # --- the protocol -----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.state.over:
            return []
        kind = self.phase.kind
        actions: list[Action] = []
        if kind == "movement":
            actions += self._move_actions()
        elif kind == "combat":
            actions += self._attack_actions()
        elif kind == "reinforcement":
            side = self.active_side
            actions += [
                PlaceReinforcement(u.uid, at)
                for u in reinforcements.due(self.world, side)
                for at in reinforcements.spaces(self.world, u)
            ]
        elif kind == "replacement":
            actions += [Replace(o.unit.uid, o.at) for o in replacements.options(self.world, self.active_side)]
        if self.end_refusal() is None:
            actions.append(EndPhase())
        return actions

    def _move_actions(self) -> list[Action]:
        units = sorted(self.state.units_of(self.active_side), key=lambda u: u.uid)
        return [Move(u.uid, path) for u in units for path in self.legal_moves(u).values()]

    def _attack_actions(self) -> list[Action]:
        world, side, board = self.world, self.active_side, self.board
        able = combat.able_attackers(world, side)
        targets = combat.enemy_hexes_near(world, side, able)
        found: list[Action] = []
        for target in targets:
            near = [u for u in able if target in board.neighbours[u.space or ""]]
            for group in _groups(near):
                if combat.possible(world, side, group, [target]):
                    found.append(Attack(tuple(u.uid for u in group), (target,)))
        if self.tables.procedure.targets == "several-hexes":
            for first, second in combinations(targets, 2):
                near = [u for u in able if {first, second} <= set(board.neighbours[u.space or ""])]
                if near and combat.possible(world, side, near, [first, second]):
                    found.append(Attack(tuple(u.uid for u in near), (first, second)))
        return found

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        if isinstance(action, Move):
            self.move(self.unit(action.unit), action.path)
        elif isinstance(action, Attack):
            if decider is None:
                raise EngineError("an attack needs a decider for the players' combat choices")
            self.attack([self.unit(u) for u in action.units], action.targets, decider, dice)
        elif isinstance(action, PlaceReinforcement):
            self.place(self.unit(action.unit), action.at)
        elif isinstance(action, Replace):
            self.replace(self.unit(action.unit), action.at)
        else:
            super().apply(action, dice, decider)

    def action_text(self, action: Action) -> str:
        """An attack with its totals, odds and column, so a player weighs it before choosing it."""
        if isinstance(action, Attack) and self.phase.kind == "combat" and not self.state.over:
            units = [self.unit(name) for name in action.units]
            return f"{action.describe()} ({combat.odds_text(self.world, units, action.targets)})"
        return action.describe()

    def situation(self) -> list[str]:
        lines = super().situation()
        report = self.world.extra.last_combat
        if report is not None:
            lines.append(
                f"Last combat: {' '.join(report.targets)}: {report.column or ''} {report.result}".rstrip()
            )
        return lines


def _groups(units: Sequence[Unit]) -> list[tuple[Unit, ...]]:
    """The groups of attackers listed for one hex."""
    if len(units) <= MAX_LISTED_ATTACKERS:
        return [group for size in range(1, len(units) + 1) for group in combinations(units, size)]
    stacks: dict[str, list[Unit]] = {}
    for unit in units:
        stacks.setdefault(unit.space or "", []).append(unit)
    found = [tuple(units), *(tuple(s) for s in stacks.values()), *((u,) for u in units)]
    return list(dict.fromkeys(found))


class ClassicRulesSystem(CoreSystem[ClassicGame]):
    """The classic system's engine for one game definition: its tables, shared by its games."""

    name: ClassVar[str] = "classic"
    facts = FACTS
    game_class = ClassicGame

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        super().__init__(definition, options)
        self.tables = Tables(definition, self.board, self.stacking)
        tables = self.tables
        tables.controlled = controlled_places(tables, definition)
        tables.taken_in_passing = frozenset() if by_occupation(tables) else tables.controlled
        self.controlled_places = self.tables.controlled
