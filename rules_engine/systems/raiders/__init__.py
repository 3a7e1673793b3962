"""The Raiders system (Lawrence of Arabia): a solitaire game whose opponent the engine plays.

The player leads small raider forces on missions drawn from a mission deck;
the rules themselves raise the opposition (hostiles picked from a bin by the
operations cards, Garrisons revealed and fought). See docs/rules-engine.md.
"""

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

# The registry (rules_engine/systems/__init__.py) reads this name.
SYSTEM = Raiders

__all__ = [
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
