"""The classic combat choices asked of a Chooser (a person at a terminal), and written down.

Each question a Decider answers becomes one question to the Chooser; the answers are kept
under the keys a replay's attack step uses (``defender_losses``, ``attacker_losses``,
``retreats``, ``advance``), so a game played this way is a replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.core.actions import Chooser
from rules_engine.core.state import Unit
from rules_engine.systems.classic.decisions import Path, PathsOf, Steps, Worth


class ChooserDecider:
    """Asks ``chooser`` each combat choice; ``take_choices`` gives them as replay-step keys."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.choices: dict[str, Any] = {}

    def take_choices(self) -> dict[str, Any]:
        taken, self.choices = self.choices, {}
        return taken

    def _one_by_one(
        self, key: str, question: str, count: int, units: Sequence[Unit], steps: Steps
    ) -> list[Unit]:
        left = {u.uid: steps(u) for u in units}
        chosen: list[Unit] = []
        for number in range(1, count + 1):
            open_units = [u for u in units if left[u.uid] > 0]
            if not open_units:
                break
            asked = self.chooser.choose(
                f"{question} {number}?", [u.uid for u in open_units], side=open_units[0].side
            )
            picked = open_units[asked[0]]
            left[picked.uid] -= 1
            chosen.append(picked)
        self.choices.setdefault(key, []).extend(u.uid for u in chosen)
        return chosen

    def losses(self, role: str, count: int, units: Sequence[Unit], steps: Steps) -> list[Unit]:
        return self._one_by_one(f"{role}_losses", f"The {role}'s step loss", count, units, steps)

    def exchange(self, units: Sequence[Unit], needed: float, worth: Worth, steps: Steps) -> list[Unit]:
        left = {u.uid: steps(u) for u in units}
        taken: dict[str, int] = {}
        chosen: list[Unit] = []
        total = 0.0
        while total < needed:
            open_units = [u for u in units if left[u.uid] > 0]
            if not open_units:
                break
            question = (
                f"The exchange costs {needed:g} strength ({total:g} paid): which attacker loses a step?"
            )
            asked = self.chooser.choose(question, [u.uid for u in open_units], side=open_units[0].side)
            picked = open_units[asked[0]]
            left[picked.uid] -= 1
            taken[picked.uid] = taken.get(picked.uid, 0) + 1
            total += worth(picked, taken[picked.uid])
            chosen.append(picked)
        self.choices.setdefault("attacker_losses", []).extend(u.uid for u in chosen)
        return chosen

    def retreat(self, role: str, unit: Unit, paths: Sequence[Path]) -> Path:
        labels = [" ".join(p) for p in paths]
        asked = self.chooser.choose(f"Where does {unit.uid} retreat?", labels, side=unit.side)
        picked = paths[asked[0]]
        self.choices.setdefault("retreats", {})[unit.uid] = list(picked)
        return picked

    def advance(self, units: Sequence[Unit], paths: PathsOf) -> tuple[Unit, Path] | None:
        options = [(u, p) for u in units for p in paths(u)]
        if not options:
            return None
        labels = ["no (more) advance", *(f"{u.uid} to {' '.join(p)}" for u, p in options)]
        picked = self.chooser.choose("Advance after combat?", labels, side=units[0].side)[0]
        if picked == 0:
            return None
        unit, path = options[picked - 1]
        self.choices.setdefault("advance", {})[unit.uid] = list(path)
        return unit, path
