"""Jerusalem!: hexes with hill levels, overland and road movement, an odds CRT, hidden leaders.

So far this package declares what the system reads from the data (face values,
phase kinds); its rules are still to be written on rules_engine/core.
"""

from __future__ import annotations

from typing import ClassVar

from rules_engine.core import CoreGame, CoreSystem


class Jerusalem(CoreSystem[CoreGame]):
    """The Jerusalem! system."""

    name: ClassVar[str] = "jerusalem"
    face_values: ClassVar[dict[str, tuple[str, ...]]] = {
        "unit": ("strength", "strength_colour", "movement", "movement_colour")
    }
    phase_kinds = frozenset(
        {"announce", "overland-movement", "road-movement", "player-turn-end", "advance-turn"}
    )
    counter_layout: ClassVar[str] = "dash"
    game_class = CoreGame


# The registry (rules_engine/systems/__init__.py) reads this name.
SYSTEM = Jerusalem
