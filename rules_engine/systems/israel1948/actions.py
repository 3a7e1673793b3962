"""The actions of an Israel 1948 player: move a unit, attack a hex, place a reinforcement.

Ending the phase is the core's `EndPhase`. Units and hexes are named by id,
so an action is a plain value a replay, a random player or a person at a
terminal can build and compare; ``text``, where the game fills it in, is the
action in a player's words, with place names and the units attacked, for
`wgc play` (it takes no part in what the action does).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Move(NamedTuple):
    """2.2: one unit moves through ``path``, the hexes it enters in order."""

    unit: str
    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "move"

    def describe(self) -> str:
        return self.text or f"move {self.unit} to {self.path[-1]} via {' '.join(self.path)}"

    def replay_step(self) -> dict[str, Any]:
        return {"move": self.unit, "path": list(self.path)}


class Attack(NamedTuple):
    """2.3: units in one hex attack the adjacent hex ``target``."""

    units: tuple[str, ...]
    target: str
    text: str = ""

    @property
    def kind(self) -> str:
        return "attack"

    def describe(self) -> str:
        return self.text or f"attack {self.target} with {', '.join(self.units)}"

    def replay_step(self) -> dict[str, Any]:
        return {"attack": {"units": list(self.units), "target": self.target}}


class ChooseSupplySource(NamedTuple):
    """2.1: the Israeli player names the one source this supply check traces to."""

    at: str

    @property
    def kind(self) -> str:
        return "supply_source"

    def describe(self) -> str:
        return f"trace supply to the source in {self.at}"

    def replay_step(self) -> dict[str, Any]:
        return {"supply_source": self.at}


class PlaceReinforcement(NamedTuple):
    """2.5: a reinforcement due this turn enters at ``at``."""

    unit: str
    at: str

    @property
    def kind(self) -> str:
        return "place"

    def describe(self) -> str:
        return f"place {self.unit} at {self.at}"

    def replay_step(self) -> dict[str, Any]:
        return {"place": self.unit, "at": self.at}
