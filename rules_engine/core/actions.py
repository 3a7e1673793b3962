"""Actions: what a player may do at a moment of the game, as plain values.

`Game.legal_actions()` lists them and `Game.apply()` takes one, so a random
player, a balance run or a person at a terminal can play any system the same
way. Every system defines its own kinds (a move, an attack, a card played) as
small immutable records with a ``kind`` and a ``describe()`` for people;
ending the phase is the one action every system shares.
"""

from __future__ import annotations

from collections.abc import Sequence
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

    def replay_step(self) -> dict[str, bool]:
        return {"end_phase": True}


class ChoosePhaseFirst(NamedTuple):
    """Take ``phase`` first of the phases of its group whose order the player chooses.

    game.json marks such phases with ``"order": "player-choice"`` and a shared
    ``group`` (Jerusalem!'s Overland and Road Movement Phases, 3.2).
    """

    phase: str
    name: str

    @property
    def kind(self) -> str:
        return "choose_phase_first"

    def describe(self) -> str:
        return f"take the {self.name} first"

    def replay_step(self) -> dict[str, str]:
        """A system's replays write this choice as ``{"first": phase id}``."""
        return {"first": self.phase}


class Chooser(Protocol):
    """Asks a player to pick among options: a person at a terminal, a script, a policy.

    A choice the rules leave to a player in the middle of an action (which
    attacker a hit halts, where a unit retreats) is asked through the system's
    decider; `CoreSystem.chooser_decider` builds one that asks a Chooser, so a
    program that plays any system needs only this one interface.

    ``side`` is the side whose player the rules leave the choice to (the owner of the units
    it is about: the defender picks its own losses and retreats); None when the player
    acting now chooses. A terminal shared by both players may ignore it; a server asks
    that side's seat.
    """

    def choose(
        self,
        question: str,
        options: Sequence[str],
        *,
        minimum: int = 1,
        maximum: int = 1,
        side: str | None = None,
    ) -> list[int]:
        """The indexes (into ``options``) of the options picked: at least ``minimum``, at most ``maximum``."""
        ...
