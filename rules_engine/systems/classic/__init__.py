"""The classic system: any hex-and-counter game configured by data alone (docs/classic-rules.md).

Its modules form layers without an import circle (tests/test_classic_layers.py): the game's
values and tables at the bottom, its state above them, each rule module above that (sequence,
movement, zoc, combat, crt, results, retreat, advance, replacements, supply, control,
victory ...), the game's dispatch (game.py) and the system with its players (system.py) on top.
"""

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.systems.classic.facts import FACTS

if TYPE_CHECKING:  # the same names for mypy and readers; at run time each is imported on first use
    from rules_engine.systems.classic.actions import Attack, Move, PlaceReinforcement, Replace
    from rules_engine.systems.classic.decisions import Decider, RandomDecider
    from rules_engine.systems.classic.game import ClassicGame
    from rules_engine.systems.classic.system import Classic

    SYSTEM = Classic

__getattr__ = lazy_exports(
    __name__,
    {
        "Attack": "actions",
        "Move": "actions",
        "PlaceReinforcement": "actions",
        "Replace": "actions",
        "Decider": "decisions",
        "RandomDecider": "decisions",
        "ClassicGame": "game",
        "Classic": "system",
        "SYSTEM": "system.Classic",
    },
)

__all__ = [
    "FACTS",
    "SYSTEM",
    "Attack",
    "Classic",
    "ClassicGame",
    "Decider",
    "Move",
    "PlaceReinforcement",
    "RandomDecider",
    "Replace",
]
