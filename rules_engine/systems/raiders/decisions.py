"""The choices the Raiders rules leave to the player inside an action.

Everything else the engine decides from its dice. The player lines up the
raiders for each round of a battle (15.1), picks the hostile each hit
eliminates (asked only when a hit is scored and more than one hostile is
left, which decides the same as choosing before the roll), chooses where an
escaping leader goes when the table leaves a choice (33.0), which Garrisons a
card or an appeal reveals, and the port an appeal's free units go to (34.4).

``RandomDecider`` answers at random (property tests, benches);
``AskingDecider`` asks a Chooser (a person at a terminal); ``RecordingDecider``
keeps any decider's answers under the keys a replay step uses, so the game
can be written down.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules_engine.core import Chooser, Unit
from rules_engine.systems.raiders.state import BattleView


class Decider(Protocol):
    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        """15.1: the raiders in firing order, each once; ``values`` holds everyone's combat value."""
        ...

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        """15.1: the hostile that ``firer``'s hit eliminates."""
        ...

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        """33.0: where an escaping leader goes (space ids)."""
        ...

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        """32.0 b, 34.4: the spaces whose Garrisons are revealed (at most ``count``)."""
        ...

    def port(self, options: Sequence[str]) -> str:
        """34.4: the port an appeal's free units go to."""
        ...


class RandomDecider:
    """Legal answers at random, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        return self.random.sample(list(raiders), len(raiders))

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        return self.random.choice(list(hostiles))

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        return self.random.choice(list(options))

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        return self.random.sample(list(options), min(count, len(options)))

    def port(self, options: Sequence[str]) -> str:
        return self.random.choice(list(options))


class RecordingDecider:
    """Passes each question to ``inner`` and keeps the answers under the keys a replay step uses.

    ``take_choices`` gives them and forgets them, once per action, so that an
    action taken this way (by a person, by a policy) can be written as a step.
    """

    def __init__(self, inner: Decider, space_name: Callable[[str], str]) -> None:
        self.inner = inner
        self.space_name = space_name
        self.choices: dict[str, Any] = {}

    def take_choices(self) -> dict[str, Any]:
        taken, self.choices = self.choices, {}
        return taken

    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        ordered = self.inner.line(round_number, raiders, hostiles, battle)
        self.choices.setdefault("lines", []).append([u.uid for u in ordered])
        return ordered

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        unit = self.inner.target(firer, hostiles, battle)
        self.choices.setdefault("targets", []).append(unit.uid)
        return unit

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        space = self.inner.escape(leader, options)
        self.choices.setdefault("escape", {})[leader.uid] = self.space_name(space)
        return space

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        spaces = self.inner.reveal(count, options)
        self.choices.setdefault("reveal", []).extend(self.space_name(s) for s in spaces)
        return spaces

    def port(self, options: Sequence[str]) -> str:
        space = self.inner.port(options)
        self.choices["port"] = self.space_name(space)
        return space


class AskingDecider:
    """Asks a Chooser (a person at a terminal) each question, showing the battle so far."""

    def __init__(self, chooser: Chooser, space_name: Callable[[str], str]) -> None:
        self.chooser = chooser
        self.space_name = space_name
        self.last_line: list[str] = []
        self.battle_seen: tuple[int, int] = (0, 0)  # the report asked about last, and its shots told

    def _news(self, battle: BattleView) -> str:
        """The shots fired since the last question (and, first, who won the tactical edge)."""
        report = battle.report
        seen, told = self.battle_seen
        parts = []
        if seen != id(report):
            told = 0
            rolls, bonus = report.edge_rolls, report.edge_bonus
            first = "the raiders" if battle.raiders_first else "the hostiles"
            parts.append(
                f"tactical edge, a die +1 per elite unit (15.1): raiders {rolls[0]}+{bonus[0]} against "
                f"hostiles {rolls[1]}+{bonus[1]}: {first} fire first; the numbers in brackets are "
                "combat values: a roll of that or less hits"
            )
        self.battle_seen = (id(report), len(report.shots))
        for firer, target, roll, hit in report.shots[told:]:
            parts.append(f"{firer} rolls {roll}" + (f" and eliminates {target}" if hit else ", a miss"))
        return ("(" + "; ".join(parts) + ") ") if parts else ""

    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        facing = ", ".join(f"{u.uid} ({battle.values.get(u.uid, 0)})" for u in hostiles)
        news = self._news(battle)
        same = [u for name in self.last_line for u in raiders if u.uid == name]
        if round_number > 1 and len(same) == len(raiders):
            keep = self.chooser.choose(
                f"{news}Battle, round {round_number}, against {facing}: keep the line?",
                [f"keep: {', '.join(u.uid for u in same)}", "line up again"],
            )[0]
            news = ""
            if keep == 0:
                return same
        left = list(raiders)
        ordered: list[Unit] = []
        while len(left) > 1:
            picked = self.chooser.choose(
                f"{news}Battle, round {round_number}, against {facing}: which raider is number "
                f"{len(ordered) + 1} in the line (the hostiles fire at the first)?",
                [f"{u.uid} ({battle.values.get(u.uid, 0)})" for u in left],
            )[0]
            news = ""
            ordered.append(left.pop(picked))
        ordered += left
        self.last_line = [u.uid for u in ordered]
        return ordered

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        news = self._news(battle)
        picked = self.chooser.choose(
            f"{news}{firer.uid} hits: which hostile is eliminated?",
            [f"{u.uid} ({battle.values.get(u.uid, 0)})" for u in hostiles],
        )
        return hostiles[picked[0]]

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        picked = self.chooser.choose(
            f"{leader.uid} escapes: to which space?", [self.space_name(s) for s in options]
        )
        return options[picked[0]]

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        wanted = min(count, len(options))
        picked = self.chooser.choose(
            f"Reveal {wanted} Garrison(s): which?",
            [self.space_name(s) for s in options],
            minimum=wanted,
            maximum=wanted,
        )
        return [options[i] for i in picked]

    def port(self, options: Sequence[str]) -> str:
        picked = self.chooser.choose("To which port?", [self.space_name(s) for s in options])
        return options[picked[0]]


def chooser_decider(chooser: Chooser, space_name: Callable[[str], str]) -> RecordingDecider:
    """The decider `wgc play` uses: it asks the terminal and records the answers."""
    return RecordingDecider(AskingDecider(chooser, space_name), space_name)
