"""The Raiders system (Lawrence of Arabia): a solitaire game whose opponent the engine plays.

The player leads small raider forces on missions drawn from a mission deck;
the rules themselves raise the opposition (hostiles picked from a bin by the
operations cards, Garrisons revealed and fought). See docs/rules-engine.md.
"""

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports
from rules_engine.systems.raiders.facts import FACTS

if TYPE_CHECKING:  # the same names for mypy and readers; at run time each is imported on first use
    from rules_engine.systems.raiders.actions import (
        Abandon,
        Appeal,
        Demolish,
        EndMission,
        Fight,
        Fly,
        Move,
        NextMission,
        Operate,
        PlayCard,
        Rally,
        Recruit,
        RecruitLeader,
        ResolveCard,
        Sail,
        Scout,
        Supply,
        Transfer,
    )
    from rules_engine.systems.raiders.decisions import AskingDecider, Decider, RandomDecider, RecordingDecider
    from rules_engine.systems.raiders.game import Game, Raiders

    SYSTEM = Raiders

# The registry (rules_engine/systems/__init__.py) reads FACTS (facts.py, imported at once: they
# are cheap) and SYSTEM, the system's class (imported when first read, with the engine).
__getattr__ = lazy_exports(
    __name__,
    {
        "Abandon": "actions",
        "Appeal": "actions",
        "Demolish": "actions",
        "EndMission": "actions",
        "Fight": "actions",
        "Fly": "actions",
        "Move": "actions",
        "NextMission": "actions",
        "Operate": "actions",
        "PlayCard": "actions",
        "Rally": "actions",
        "Recruit": "actions",
        "RecruitLeader": "actions",
        "ResolveCard": "actions",
        "Sail": "actions",
        "Scout": "actions",
        "Supply": "actions",
        "Transfer": "actions",
        "AskingDecider": "decisions",
        "Decider": "decisions",
        "RandomDecider": "decisions",
        "RecordingDecider": "decisions",
        "Game": "game",
        "Raiders": "game",
        "SYSTEM": "game.Raiders",
    },
)

__all__ = [
    "FACTS",
    "SYSTEM",
    "Abandon",
    "Appeal",
    "AskingDecider",
    "Decider",
    "Demolish",
    "EndMission",
    "Fight",
    "Fly",
    "Game",
    "Move",
    "NextMission",
    "Operate",
    "PlayCard",
    "Raiders",
    "Rally",
    "RandomDecider",
    "RecordingDecider",
    "Recruit",
    "RecruitLeader",
    "ResolveCard",
    "Sail",
    "Scout",
    "Supply",
    "Transfer",
]
