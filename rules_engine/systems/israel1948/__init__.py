"""Israel 1948: hex movement with ZOC, supply traced along roads, dice-pool combat."""

from rules_engine.systems.israel1948.decisions import Decider, HitTaken, RandomDecider
from rules_engine.systems.israel1948.game import Game, Israel1948

__all__ = ["Decider", "Game", "HitTaken", "Israel1948", "RandomDecider"]
