"""Israel 1948: hex movement with ZOC, supply traced along roads, dice-pool combat."""

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.systems.israel1948.facts import FACTS

if TYPE_CHECKING:  # the same names for mypy and readers; at run time each is imported on first use
    from rules_engine.systems.israel1948.actions import Attack, ChooseSupplySource, Move, PlaceReinforcement
    from rules_engine.systems.israel1948.decisions import Decider, HitTaken, RandomDecider
    from rules_engine.systems.israel1948.game import Game, Israel1948

    SYSTEM = Israel1948

# The registry (rules_engine/systems/__init__.py) reads FACTS (facts.py, imported at once: they
# are cheap) and SYSTEM, the system's class (imported when first read, with the engine).
__getattr__ = lazy_exports(
    __name__,
    {
        "Attack": "actions",
        "ChooseSupplySource": "actions",
        "Move": "actions",
        "PlaceReinforcement": "actions",
        "Decider": "decisions",
        "HitTaken": "decisions",
        "RandomDecider": "decisions",
        "Game": "game",
        "Israel1948": "game",
        "SYSTEM": "game.Israel1948",
    },
)

__all__ = [
    "FACTS",
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
