"""Dice: a seeded generator for play and tests, or the exact rolls a replay prints.

Rolls are asked for by purpose ("defender", "attacker", "air re-roll" ...) and by
die colour, so that a replay can give the rulebook's dice for each roll and the
engine can say precisely which roll the replay got wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from rules_engine.core.errors import EngineError


class DiceMismatch(EngineError):
    """A scripted roll has other dice than the rules call for."""


class DiceSource(Protocol):
    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        """Roll ``counts[die]`` dice of each die id; returns the results per die id."""
        ...


class SeededDice:
    """Fair dice from a seeded generator: the same seed gives the same game."""

    def __init__(self, seed: int | None = None, sides: Mapping[str, int] | None = None) -> None:
        self.random = random.Random(seed)
        self.sides = dict(sides or {})

    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        """Each die is ``randint(1, sides)``, drawn as `random.Random.randrange` draws it (whole
        numbers of ``sides.bit_length()`` bits until one is below ``sides``), without the
        argument checks of its three calls: a random game rolls thousands of times, and the
        numbers are the same (tests/test_fast_paths.py holds the two together)."""
        bits = self.random.getrandbits
        rolled: dict[str, list[int]] = {}
        for die, count in counts.items():
            sides = self.sides.get(die, 6)
            width = sides.bit_length()
            values = []
            for _ in range(count):
                value = bits(width)
                while value >= sides:
                    value = bits(width)
                values.append(value + 1)
            rolled[die] = values
        return rolled


class ScriptedDice:
    """The rolls a replay gives, by purpose; a roll the script lacks or miscounts is an error.

    ``rolls`` maps a purpose to the results per die id, for example
    ``{"defender": {"red": [4], "black": [4, 4]}}``. A purpose the rules roll
    several times in one step (each shot of a battle) takes its dice in order:
    ``{"fire": {"d6": [3, 5, 1]}}`` serves three one-die rolls. Dice a step gives
    and no roll takes are reported by ``unused``.
    """

    def __init__(
        self, rolls: Mapping[str, Mapping[str, list[int]]], sides: Mapping[str, int] | None = None
    ) -> None:
        self.rolls = {
            purpose: {die: list(values) for die, values in dice.items()} for purpose, dice in rolls.items()
        }
        self.sides = dict(sides or {})
        self.used: set[str] = set()
        self.taken: dict[str, dict[str, int]] = {}

    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        wanted = {die: count for die, count in counts.items() if count}
        if purpose not in self.rolls:
            raise DiceMismatch(f"the replay gives no dice for the {purpose} roll ({describe_counts(wanted)})")
        taken = self.taken.setdefault(purpose, {})
        left = {die: values[taken.get(die, 0) :] for die, values in self.rolls[purpose].items()}
        left = {die: values for die, values in left.items() if values}
        if any(len(left.get(die, ())) < count for die, count in wanted.items()):
            given = (
                "no more dice"
                if purpose in self.used
                else describe_counts({d: len(v) for d, v in left.items()})
            )
            raise DiceMismatch(
                f"the {purpose} roll is {describe_counts(wanted)}, but the replay gives {given}"
            )
        for die, count in wanted.items():
            for value in left[die][:count]:
                if not 1 <= value <= self.sides.get(die, 6):
                    raise EngineError(f"{value} is not a face of the {die} die")
            taken[die] = taken.get(die, 0) + count
        self.used.add(purpose)
        return {die: list(left.get(die, [])[: wanted.get(die, 0)]) for die in counts}

    def unused(self) -> list[str]:
        """Purposes the replay gave dice for that no roll took (or took only some of)."""
        found = []
        for purpose, dice in sorted(self.rolls.items()):
            taken = self.taken.get(purpose, {})
            left = {die: len(values) - taken.get(die, 0) for die, values in dice.items()}
            if purpose not in self.used:
                found.append(purpose)
            elif any(left.values()):
                found.append(f"{purpose} ({describe_counts(left)} left over)")
        return found


def describe_counts(counts: Mapping[str, int]) -> str:
    parts = [f"{count} {die}" for die, count in sorted(counts.items()) if count]
    return " and ".join(parts) + " dice" if parts else "no dice"
