"""Actions: what a player may do at a moment of the game, as plain values.

`Game.legal_actions()` lists them and `Game.apply()` takes one, so a random
player, a balance run or a person at a terminal can play any system the same
way. Every system defines its own kinds (a move, an attack, a card played) as
small immutable records with a ``kind`` and a ``describe()`` for people;
ending the phase is the one action every system shares.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol


class Action(Protocol):
    """One thing a player may do; ``kind`` names the kind of action ("move", "attack" ...)."""

    @property
    def kind(self) -> str: ...

    def describe(self) -> str:
        """The action in a player's words ("move 7 ARMOUR to G13")."""
        ...


class EndPhase(NamedTuple):
    """Finish the current phase; the next phase's automatic part follows."""

    @property
    def kind(self) -> str:
        return "end_phase"

    def describe(self) -> str:
        return "end the phase"
