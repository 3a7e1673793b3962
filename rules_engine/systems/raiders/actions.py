"""The player's actions in a Raiders mission, as plain values.

Units are named as printed ("Arab Bedouin#2"), spaces by their printed names
("Abu el Lissan"), classes by their ids ("bedouin"), cards by their ids. Each
action knows the replay step that takes it again (``replay_step``), so a game
played at a terminal can be written as a replay; the choices the rules leave
to the player inside an action (the battle line, a target) and the dice come
from the decider and the dice source, and are added to the step by whoever
records it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

Step = dict[str, Any]


class Recruit(NamedTuple):
    """9.0, 9.1, 23.1: buy a unit or an item of gear; gear goes to ``carrier``.

    ``label`` only names the purchase for people ("Arab Bedouin, 2 Pounds").
    """

    unit_class: str
    carrier: str | None = None
    label: str = ""

    @property
    def kind(self) -> str:
        return "recruit"

    def describe(self) -> str:
        return f"recruit {self.label or self.unit_class}" + (f" for {self.carrier}" if self.carrier else "")

    def replay_step(self) -> Step:
        step: Step = {"recruit": self.unit_class}
        if self.carrier:
            step["carrier"] = self.carrier
        return step


class RecruitLeader(NamedTuple):
    """34.3: a Leadership check, raised by the Pounds spent, to gain a leader."""

    pounds: int = 0

    @property
    def kind(self) -> str:
        return "recruit_leader"

    def describe(self) -> str:
        return "try to recruit a leader" + (f", spending {self.pounds} Pounds" if self.pounds else "")

    def replay_step(self) -> Step:
        return {"recruit_leader": self.pounds}


class Operate(NamedTuple):
    """10.3, 11.0: the units of one space that form this operation's force."""

    units: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "operate"

    def describe(self) -> str:
        return f"operate with {', '.join(self.units)}"

    def replay_step(self) -> Step:
        return {"operate": list(self.units)}


class Scout(NamedTuple):
    """29.0, 32.0 c: the Aeroplane reveals a Garrison in or next to the force's space."""

    at: str

    @property
    def kind(self) -> str:
        return "scout"

    def describe(self) -> str:
        return f"scout the Garrison at {self.at}"

    def replay_step(self) -> Step:
        return {"scout": self.at}


class Rally(NamedTuple):
    """36.1 b: units within reach of Feisal's Camp join the force there."""

    units: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "rally"

    def describe(self) -> str:
        return f"rally {', '.join(self.units)} to Feisal's Camp"

    def replay_step(self) -> Step:
        return {"rally": list(self.units)}


class Appeal(NamedTuple):
    """34.4: Lawrence in Cairo appeals to the High Command for one result (two with Allenby)."""

    results: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "appeal"

    def describe(self) -> str:
        return f"appeal to the High Command for {' and '.join(self.results)}"

    def replay_step(self) -> Step:
        return {"appeal": list(self.results)}


class PlayCard(NamedTuple):
    """13.1: play a kept card for one of its events (an Op, a water or airfield move, guides)."""

    card: str
    use: str
    to: str | None = None

    @property
    def kind(self) -> str:
        return "play"

    def describe(self) -> str:
        where = f" to {self.to}" if self.to else ""
        return f"play {self.card} for {self.use}{where}"

    def replay_step(self) -> Step:
        step: Step = {"play": self.card, "for": self.use}
        if self.to:
            step["to"] = self.to
        return step


class Supply(NamedTuple):
    """24.0: spend the force's supplies for a forced march (one more space) or maximum firepower."""

    gear: str
    use: str

    @property
    def kind(self) -> str:
        return "supply"

    def describe(self) -> str:
        return (
            f"spend {self.gear} for {'a forced march' if self.use == 'forced-march' else 'maximum firepower'}"
        )

    def replay_step(self) -> Step:
        return {"supply": self.gear, "for": self.use}


class Move(NamedTuple):
    """12.0: the force moves along routes through ``path`` (the spaces entered, in order)."""

    path: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "move"

    def describe(self) -> str:
        via = f" via {', '.join(self.path[:-1])}" if len(self.path) > 1 else ""
        return f"move the force to {self.path[-1]}{via}"

    def replay_step(self) -> Step:
        return {"move": list(self.path)}


class Sail(NamedTuple):
    """30.4: from an Arabian port to another not held by the Ottomans, with all the force's movement."""

    to: str

    @property
    def kind(self) -> str:
        return "sail"

    def describe(self) -> str:
        return f"sail the force to {self.to}"

    def replay_step(self) -> Step:
        return {"sail": self.to}


class Fly(NamedTuple):
    """35.3: the Aeroplane flies Lawrence to a space with an Arab Revolt unit, or to Cairo."""

    to: str

    @property
    def kind(self) -> str:
        return "fly"

    def describe(self) -> str:
        return f"fly Lawrence to {self.to}"

    def replay_step(self) -> Step:
        return {"fly": self.to}


class Transfer(NamedTuple):
    """18.4, 23.2: hand an item of gear to another unit of the force, or set it down (``to`` None)."""

    gear: str
    to: str | None

    @property
    def kind(self) -> str:
        return "transfer"

    def describe(self) -> str:
        return f"give {self.gear} to {self.to}" if self.to else f"set down {self.gear}"

    def replay_step(self) -> Step:
        return {"transfer": self.gear, "to": self.to}


class Abandon(NamedTuple):
    """23.4: return an item of the force's gear to the Recruit Box."""

    gear: str

    @property
    def kind(self) -> str:
        return "abandon"

    def describe(self) -> str:
        return f"abandon {self.gear}"

    def replay_step(self) -> Step:
        return {"abandon": self.gear}


class ResolveCard(NamedTuple):
    """13.0: carry out the operations card drawn (``label``, its title, only names it for people)."""

    card: str
    label: str = ""

    @property
    def kind(self) -> str:
        return "resolve_card"

    def describe(self) -> str:
        return f"carry out {self.label or self.card}"

    def replay_step(self) -> Step:
        return {"resolve_card": self.card}


class Fight(NamedTuple):
    """15.1: the battle in the force's space (the card's hostiles, or the Garrison's)."""

    at: str

    @property
    def kind(self) -> str:
        return "fight"

    def describe(self) -> str:
        return f"fight the battle at {self.at}"

    def replay_step(self) -> Step:
        return {"fight": self.at}


class Demolish(NamedTuple):
    """35.1: set a Demolition Charge in the force's rail space."""

    charge: str

    @property
    def kind(self) -> str:
        return "demolish"

    def describe(self) -> str:
        return f"set {self.charge}"

    def replay_step(self) -> Step:
        return {"demolish": self.charge}


class EndMission(NamedTuple):
    """11.1: stop before the last Op, the objective being met."""

    @property
    def kind(self) -> str:
        return "end_mission"

    def describe(self) -> str:
        return "end the mission now (its objective holds)"

    def replay_step(self) -> Step:
        return {"end_mission": True}


class NextMission(NamedTuple):
    """25.0, 34.5: after a campaign mission, begin the next: Lawrence's start, the leader a success gives."""

    start: str
    leader: str | None = None

    @property
    def kind(self) -> str:
        return "next_mission"

    def describe(self) -> str:
        text = f"begin the next mission with Lawrence at {self.start}"
        return text + (f" and {self.leader}" if self.leader else "")

    def replay_step(self) -> Step:
        step: Step = {"next_mission": self.start}
        if self.leader:
            step["leader"] = self.leader
        return step
