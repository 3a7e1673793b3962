"""Writing a game down as it is played: each action becomes a replay step with its dice and choices.

A game played by a person (`wgc play`) or a policy is kept as a replay, so it
can be run again (`wgc replay`), resumed and checked. Three parts meet here,
each from the protocol, none from a system's own code:

- an action that can be recorded knows its replay step (``replay_step``);
- ``RecordingDice`` wraps the game's dice and remembers every roll by
  purpose, in order: the step's ``dice``;
- a decider built by ``chooser_decider`` remembers the player's answers
  under the step keys the system's replays use (``take_choices``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from rules_engine.core.actions import Action
from rules_engine.core.dice import DiceSource

Step = dict[str, Any]


@runtime_checkable
class RecordableAction(Protocol):
    """An action that can be written as the replay step that takes it again."""

    @property
    def kind(self) -> str: ...

    def describe(self) -> str: ...

    def replay_step(self) -> Step: ...


@runtime_checkable
class RecordingDecider(Protocol):
    """A decider that gives back the choices it was asked, as replay-step keys, and forgets them."""

    def take_choices(self) -> Step: ...


class RecordingDice:
    """Rolls with ``inner`` and remembers each result by purpose and die, in the order rolled."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.rolls: dict[str, dict[str, list[int]]] = {}

    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        result = self.inner.roll(purpose, counts)
        for die, values in result.items():
            if values:
                self.rolls.setdefault(purpose, {}).setdefault(die, []).extend(values)
        return result

    def take(self) -> dict[str, dict[str, list[int]]]:
        """The rolls since the last take, in the shape of a replay step's ``dice``."""
        taken, self.rolls = self.rolls, {}
        return taken


def step_for(action: Action, dice: Mapping[str, Any], decider: Any) -> Step:
    """The replay step that takes ``action`` again with the same dice and the same choices."""
    if not isinstance(action, RecordableAction):
        raise TypeError(f"the action '{action.kind}' cannot be written as a replay step (no replay_step)")
    step = dict(action.replay_step())
    if isinstance(decider, RecordingDecider):
        step.update(decider.take_choices())
    if dice:
        step["dice"] = {purpose: dict(rolls) for purpose, rolls in dice.items()}
    return step


def play_recorded(
    system: Any,
    scenario_id: str,
    seed: int,
    choose: Callable[[Any, list[Action]], Action],
    decider: Any,
    *,
    max_actions: int = 100_000,
) -> tuple[Any, dict[str, dict[str, list[int]]], list[Step]]:
    """Play a scenario to its end, ``choose`` picking each action; the game, its set-up dice and its steps."""
    from rules_engine.core.dice import SeededDice

    dice = RecordingDice(SeededDice(seed, system.die_sides))
    game = system.new_game(scenario_id, dice, log=False)
    setup = dice.take()
    steps: list[Step] = []
    for _ in range(max_actions):
        if game.over:
            return game, setup, steps
        action = choose(game, game.legal_actions())
        game.apply(action, dice, decider)
        steps.append(step_for(action, dice.take(), decider))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
