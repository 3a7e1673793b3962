"""The classic system as the registry sees it: the engine (game.py) with its players.

Random games use the random player of random_play.py; ``greedy`` is the simple scripted
player of policies.py; a person plays through ``chooser_decider`` (chooser.py).
"""

from __future__ import annotations

from typing import ClassVar

from rules_engine.core.actions import Chooser
from rules_engine.core.policies import PolicyFactory, RandomPolicy
from rules_engine.core.system import AfterAction
from rules_engine.systems.classic.chooser import ChooserDecider
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.game import ClassicGame, ClassicRulesSystem
from rules_engine.systems.classic.policies import GreedyPolicy
from rules_engine.systems.classic.random_play import play_random_game


class Classic(ClassicRulesSystem):
    """The classic system for one game definition."""

    policies: ClassVar[dict[str, PolicyFactory]] = {"random": RandomPolicy, "greedy": GreedyPolicy}

    def random_decider(self, seed: int) -> RandomDecider:
        return RandomDecider(seed)

    def chooser_decider(self, chooser: Chooser) -> ChooserDecider:
        """Each combat choice asked of ``chooser`` (a person at a terminal), and kept for a replay."""
        return ChooserDecider(chooser)

    def play_random(
        self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None
    ) -> ClassicGame:
        """The random player of random_play.py: walks for moves, random groups for attacks."""
        return play_random_game(self, scenario_id, seed, after_action=after_action)
