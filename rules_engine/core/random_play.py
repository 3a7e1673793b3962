"""Random legal play through the protocol: any system, any scenario, to the end of the game.

Each step takes one of the legal actions at random, so a system gets random
games (for its property tests and benches) without writing a player of its
own. The dice are the game's own; ``after_action`` lets a test check its
invariants after every action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError
from rules_engine.core.game import CoreGame

# A game that has not ended after this many actions is a rules bug (a loop), not a long game.
MAX_ACTIONS = 200_000


def play_random_actions(
    game: CoreGame,
    seed: int,
    dice: DiceSource,
    decider: Any = None,
    *,
    after_action: Callable[[Any, str], None] | None = None,
) -> None:
    """Play ``game`` to its end, taking a random legal action each time."""
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return
        actions = game.legal_actions()
        if not actions:
            raise EngineError(f"no legal action in the {game.phase.name}, and the game is not over")
        action = chooser.choice(actions)
        game.apply(action, dice, decider)
        if after_action is not None:
            after_action(game, action.describe())
    raise EngineError(f"the game did not end within {MAX_ACTIONS} actions")
