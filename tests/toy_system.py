"""A toy game system written only on the engine core: the proof that adding a system is one package.

Two sides, one kind of unit, a movement phase per side: a unit moves one hex
into a free neighbour; the game ends after the scenario's last turn and is
decided by who holds the town. The system, its replay adapter and nothing
else: tests/test_engine_core.py registers both with one line each.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from compiler.replay.adapter import ReplayAdapter
from compiler.replay.names import named_space
from rules_engine.core import Action, CoreGame, CoreSystem, DiceSource, EndPhase, IllegalAction, ScriptedDice
from rules_engine.core.facts import SystemFacts


class Step(NamedTuple):
    """Move one unit one hex."""

    unit: str
    to: str

    @property
    def kind(self) -> str:
        return "step"

    def describe(self) -> str:
        return f"{self.unit} steps to {self.to}"


class ToyGame(CoreGame):
    GAME_OVER_RULE = "toy 3"

    def on_turn_end(self, dice: DiceSource) -> None:
        if self.state.turn_index >= self.state.last_turn_index:
            self.finish(self.victory())

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        actions: list[Action] = [
            Step(unit.uid, there)
            for unit in sorted(self.state.units_of(self.active_side), key=lambda u: u.uid)
            if unit.uid not in self.state.moved and unit.space is not None
            for there in self.board.neighbours[unit.space]
            if self.stacking_problem(there, [unit]) is None
        ]
        return [*actions, EndPhase()]

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        if not isinstance(action, Step):
            super().apply(action, dice, decider)
            return
        self.require_phase("movement", "toy 1")
        unit = self.unit(action.unit)
        if unit.side != self.active_side or unit.uid in self.state.moved or unit.space is None:
            raise IllegalAction("toy 1", f"{unit.uid} may not move now")
        if action.to not in self.board.neighbours[unit.space]:
            raise IllegalAction("toy 1", f"{action.to} is not next to {unit.space}")
        problem = self.stacking_problem(action.to, [unit])
        if problem is not None:
            raise IllegalAction("toy 2", problem)
        self.put(unit, action.to)
        self.state.moved.add(unit.uid)


# What the validator asks of the system (a real system keeps it in its facts.py).
FACTS = SystemFacts(
    name="toy", reads_values={"unit": {"movement": "number"}}, phase_kinds=frozenset({"movement"})
)


class Toy(CoreSystem[ToyGame]):
    name: ClassVar[str] = "toy"
    facts = FACTS
    controlled_features = ("town",)
    game_class = ToyGame


SYSTEM = Toy


def _run_step(game: ToyGame, step: dict[str, Any], pointer: str, dice: ScriptedDice) -> None:
    game.apply(Step(game.unit(step["step"]).uid, named_space(game, step["to"], pointer + "/to")), dice)


ADAPTER = ReplayAdapter(
    steps={"step": _run_step},
    summaries={"step": lambda step: f"step {step['step']} to {step['to']}"},
)
