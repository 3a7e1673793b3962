"""The Raiders system (Lawrence of Arabia): a solitaire point-to-point game with card decks.

So far this package declares what the system reads from the data (face values,
phase kinds); its rules are still to be written on rules_engine/core.
"""

from __future__ import annotations

from typing import ClassVar

from rules_engine.core import CoreGame, CoreSystem


class Raiders(CoreSystem[CoreGame]):
    """The Raiders system."""

    name: ClassVar[str] = "raiders"
    face_values: ClassVar[dict[str, tuple[str, ...]]] = {"unit": ("strength", "movement")}
    phase_kinds = frozenset({"recruit-scout", "movement", "operations-card", "combat", "objective"})
    game_class = CoreGame


# The registry (rules_engine/systems/__init__.py) reads this name.
SYSTEM = Raiders
