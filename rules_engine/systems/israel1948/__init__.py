"""Israel 1948: hex movement with ZOC, supply traced along roads, dice-pool combat."""

from rules_engine.systems.israel1948.actions import Attack, ChooseSupplySource, Move, PlaceReinforcement
from rules_engine.systems.israel1948.decisions import Decider, HitTaken, RandomDecider
from rules_engine.systems.israel1948.game import Game, Israel1948

# The registry (rules_engine/systems/__init__.py) reads this name.
SYSTEM = Israel1948

__all__ = [
    "SYSTEM",
    "Attack",
    "ChooseSupplySource",
    "Decider",
    "Game",
    "HitTaken",
    "Israel1948",
    "Move",
    "PlaceReinforcement",
    "RandomDecider",
]
