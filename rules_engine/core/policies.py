"""Policies: who chooses the actions when nobody is at the table (balance runs, benches).

A policy picks one of the legal actions of the moment. Every system gets the
random policy; a system adds its own simple scripted ones (Israel 1948's
"attack when the dice favour the attacker") by name in its class's
``policies``. `play_with_policy` is the loop every policy is played by.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules_engine.core.actions import Action
from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError
from rules_engine.core.game import CoreGame

# A game that has not ended after this many actions is a rules bug (a loop), not a long game.
MAX_ACTIONS = 200_000


class Policy(Protocol):
    def choose(self, game: Any, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (the legal actions of the moment, never empty)."""
        ...


class RandomPolicy:
    """Any legal action, at random."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Any, actions: Sequence[Action]) -> Action:
        return self.random.choice(list(actions))


PolicyFactory = Callable[[int], Policy]


def play_with_policy(
    game: CoreGame,
    policy: Policy,
    dice: DiceSource,
    decider: Any = None,
    *,
    after_action: Callable[[Any, str], None] | None = None,
) -> None:
    """Play ``game`` to its end, letting ``policy`` choose every action."""
    for _ in range(MAX_ACTIONS):
        if game.over:
            return
        actions = game.legal_actions()
        if not actions:
            raise EngineError(f"no legal action in the {game.phase.name}, and the game is not over")
        action = policy.choose(game, actions)
        game.apply(action, dice, decider)
        if after_action is not None:
            after_action(game, action.describe())
    raise EngineError(f"the game did not end within {MAX_ACTIONS} actions")
