"""Jerusalem!: hexes with hill levels, overland and road movement, an odds CRT, hidden leaders.

The system (system.py) reads the map and charts once (tables.py) and each
counter's role (roles.py); a game (game.py) runs the player turns as hooks over
the core's sequence of play, and each action is carried out by the module of
its rules: movement.py and travel.py (1.3, 4.x, 7.x, 8.x), transport.py (6.x,
8.7), arrivals.py (14.1-14.5), departures.py (14.6), combat.py, fire.py and
strength.py (9.x), artillery.py (10.x), leaders.py (12.x, 13.1), terror.py
(13.2), bulldozers.py (15.x), victory.py (2.0), setup.py (Scenario II). See
docs/rules-engine.md for the readings of the rulebook.
"""

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.systems.jerusalem.facts import FACTS

if TYPE_CHECKING:  # the same names for mypy and readers; at run time each is imported on first use
    from rules_engine.systems.jerusalem.actions import (
        AnnounceRoute,
        Attack,
        Bomb,
        Build,
        Enter,
        HaltConvoy,
        Leave,
        Load,
        Move,
        TerrorAttack,
        Unload,
    )
    from rules_engine.systems.jerusalem.decisions import (
        ChooserDecider,
        Decider,
        Fire,
        FireOptions,
        FirstChoice,
        RandomDecider,
    )
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.system import Jerusalem

    SYSTEM = Jerusalem

# The registry (rules_engine/systems/__init__.py) reads FACTS (facts.py, imported at once: they
# are cheap) and SYSTEM, the system's class (imported when first read, with the engine).
__getattr__ = lazy_exports(
    __name__,
    {
        "AnnounceRoute": "actions",
        "Attack": "actions",
        "Bomb": "actions",
        "Build": "actions",
        "Enter": "actions",
        "HaltConvoy": "actions",
        "Leave": "actions",
        "Load": "actions",
        "Move": "actions",
        "TerrorAttack": "actions",
        "Unload": "actions",
        "ChooserDecider": "decisions",
        "Decider": "decisions",
        "Fire": "decisions",
        "FireOptions": "decisions",
        "FirstChoice": "decisions",
        "RandomDecider": "decisions",
        "Game": "game",
        "Jerusalem": "system",
        "SYSTEM": "system.Jerusalem",
    },
)

__all__ = [
    "FACTS",
    "SYSTEM",
    "AnnounceRoute",
    "Attack",
    "Bomb",
    "Build",
    "ChooserDecider",
    "Decider",
    "Enter",
    "Fire",
    "FireOptions",
    "FirstChoice",
    "Game",
    "HaltConvoy",
    "Jerusalem",
    "Leave",
    "Load",
    "Move",
    "RandomDecider",
    "TerrorAttack",
    "Unload",
]
