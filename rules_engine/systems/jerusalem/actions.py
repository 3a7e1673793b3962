"""The actions of a Jerusalem! player, as plain values a replay, a random player or a person builds.

Units are named by their ids (their printed names, with #n for copies) and
hexes by their IDs; ``text`` is the action in a player's words, with display
names, for `wgc play`; ``replay_step`` writes an action as the replay step that
takes it again (`wgc play` saves games that way). Choosing which movement phase
comes first is the core's `ChoosePhaseFirst` and ending a phase the core's `EndPhase`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

Step = dict[str, Any]


class Move(NamedTuple):
    """7.x, 8.x: units starting in one hex move together through ``path``, the hexes they enter."""

    units: tuple[str, ...]
    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "move"

    def describe(self) -> str:
        return self.text or f"move {', '.join(self.units)} to {self.path[-1]}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"move": list(self.units), "path": list(self.path)}


class Enter(NamedTuple):
    """14.1: reinforcements come onto the map through ``path``, its first hex on the edge."""

    units: tuple[str, ...]
    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "enter"

    def describe(self) -> str:
        return self.text or f"bring {', '.join(self.units)} onto the map at {self.path[0]}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"enter": list(self.units), "path": list(self.path)}


class Load(NamedTuple):
    """8.7.2: a transport picks up units in its hex."""

    transport: str
    units: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "load"

    def describe(self) -> str:
        return self.text or f"{self.transport} picks up {', '.join(self.units)}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"load": self.transport, "units": list(self.units)}


class Unload(NamedTuple):
    """8.7.2: a transport drops off units it carries."""

    transport: str
    units: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "unload"

    def describe(self) -> str:
        return self.text or f"{self.transport} drops off {', '.join(self.units)}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"unload": self.transport, "units": list(self.units)}


class Attack(NamedTuple):
    """9.4: units (and artillery, 10.4-10.5) attack enemy units; ``hexes`` attacks the face-down
    counters in those hexes, which the attacker cannot name (12.1)."""

    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    hexes: tuple[str, ...] = ()
    text: str = ""

    @property
    def kind(self) -> str:
        return "attack"

    def describe(self) -> str:
        return (
            self.text or f"attack {', '.join((*self.targets, *self.hexes))} with {', '.join(self.attackers)}"
        )

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        attack: Step = {"units": list(self.attackers), "targets": list(self.targets)}
        if self.hexes:
            attack["hexes"] = list(self.hexes)
        return {"attack": attack}


class AnnounceRoute(NamedTuple):
    """6.2: the Jerusalem Convoy's exact road route to Jerusalem this phase."""

    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "announce_route"

    def describe(self) -> str:
        return self.text or f"announce the convoy's route {' '.join(self.path)}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"route": list(self.path)}


class HaltConvoy(NamedTuple):
    """6.5: the convoy will not reach Jerusalem this phase; the Jewish player pays for it."""

    text: str = "the Jerusalem Convoy halts short of Jerusalem this phase"

    @property
    def kind(self) -> str:
        return "halt_convoy"

    def describe(self) -> str:
        return self.text

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"halt_convoy": True}


class Bomb(NamedTuple):
    """13.1: El Kutub moves onto Jewish units along ``path``, bombs them, and leaves along ``away``."""

    path: tuple[str, ...]
    away: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "bomb"

    def describe(self) -> str:
        return self.text or f"El Kutub bombs {self.path[-1]}, then moves to {self.away[-1]}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"bomb": {"path": list(self.path), "away": list(self.away)}}


class TerrorAttack(NamedTuple):
    """13.2: Irgun and Stern Gang units move onto an Arab garrison along ``path`` and attack it."""

    units: tuple[str, ...]
    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "terror_attack"

    def describe(self) -> str:
        return self.text or f"{', '.join(self.units)} make a terrorist attack on {self.path[-1]}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"terror": {"units": list(self.units), "path": list(self.path)}}


class Leave(NamedTuple):
    """14.6: units in a road hex at the map's edge leave the map by that road."""

    units: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "leave"

    def describe(self) -> str:
        return self.text or f"{', '.join(self.units)} leave the map"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"leave": list(self.units)}


class Build(NamedTuple):
    """15.2: bulldozers starting in one road hex build a secondary road through ``path``, the hexes
    they enter."""

    units: tuple[str, ...]
    path: tuple[str, ...]
    text: str = ""

    @property
    def kind(self) -> str:
        return "build"

    def describe(self) -> str:
        return self.text or f"{', '.join(self.units)} build a road to {self.path[-1]}"

    def replay_step(self) -> Step:
        """The replay step that takes this action again."""
        return {"build": list(self.units), "path": list(self.path)}
