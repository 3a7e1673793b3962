"""The actions of a classic game: move a unit, attack, place a reinforcement, buy a replacement.

Ending the phase is the core's ``EndPhase``. Units and hexes are named by id, so an action is
a plain value a replay, a random player or a person at a terminal can build and compare, and
each writes itself as the replay step that takes it again (docs/classic-rules.md, Replays).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Move(NamedTuple):
    """One unit moves through ``path``, the hexes it enters in order."""

    unit: str
    path: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "move"

    def describe(self) -> str:
        return f"move {self.unit} to {self.path[-1]} via {' '.join(self.path)}"

    def replay_step(self) -> dict[str, Any]:
        return {"move": self.unit, "path": list(self.path)}


class Attack(NamedTuple):
    """Units attack the adjacent hexes ``targets`` together."""

    units: tuple[str, ...]
    targets: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "attack"

    def describe(self) -> str:
        return f"attack {' '.join(self.targets)} with {', '.join(self.units)}"

    def replay_step(self) -> dict[str, Any]:
        return {"attack": {"units": list(self.units), "targets": list(self.targets)}}


class PlaceReinforcement(NamedTuple):
    """A reinforcement due this turn enters at ``at``."""

    unit: str
    at: str

    @property
    def kind(self) -> str:
        return "place"

    def describe(self) -> str:
        return f"place {self.unit} at {self.at}"

    def replay_step(self) -> dict[str, Any]:
        return {"place": self.unit, "at": self.at}


class Replace(NamedTuple):
    """Replacement points bring a reduced unit back to full strength (``at`` None) or an
    eliminated unit back on the map at ``at``."""

    unit: str
    at: str | None = None

    @property
    def kind(self) -> str:
        return "replace"

    def describe(self) -> str:
        if self.at is None:
            return f"bring {self.unit} back to full strength"
        return f"bring {self.unit} back at {self.at}"

    def replay_step(self) -> dict[str, Any]:
        step: dict[str, Any] = {"replace": self.unit}
        if self.at is not None:
            step["at"] = self.at
        return step
