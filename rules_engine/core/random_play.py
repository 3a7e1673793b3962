"""Random legal play through the protocol: any system, any scenario, to the end of the game.

Each step takes one of the legal actions at random, so a system gets random
games (for its property tests and benches) without writing a player of its
own. The dice are the game's own; ``after_action`` lets a test check its
invariants after every action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.core.dice import DiceSource
from rules_engine.core.game import CoreGame
from rules_engine.core.policies import RandomPolicy, play_with_policy


def play_random_actions(
    game: CoreGame,
    seed: int,
    dice: DiceSource,
    decider: Any = None,
    *,
    after_action: Callable[[Any, str], None] | None = None,
) -> None:
    """Play ``game`` to its end, taking a random legal action each time."""
    play_with_policy(game, RandomPolicy(seed), dice, decider, after_action=after_action)
