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
        randint = self.random.randint
        return {
            die: [randint(1, self.sides.get(die, 6)) for _ in range(count)] for die, count in counts.items()
        }


class ScriptedDice:
    """The rolls a replay gives, by purpose; a roll the script lacks or miscounts is an error.

    ``rolls`` maps a purpose to the results per die id, for example
    ``{"defender": {"red": [4], "black": [4, 4]}}``.
    """

    def __init__(
        self, rolls: Mapping[str, Mapping[str, list[int]]], sides: Mapping[str, int] | None = None
    ) -> None:
        self.rolls = {
            purpose: {die: list(values) for die, values in dice.items()} for purpose, dice in rolls.items()
        }
        self.sides = dict(sides or {})
        self.used: set[str] = set()

    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        wanted = {die: count for die, count in counts.items() if count}
        if purpose not in self.rolls:
            raise DiceMismatch(f"the replay gives no dice for the {purpose} roll ({describe_counts(wanted)})")
        given = {die: values for die, values in self.rolls[purpose].items() if values}
        if {die: len(values) for die, values in given.items()} != wanted:
            raise DiceMismatch(
                f"the {purpose} roll is {describe_counts(wanted)}, but the replay gives "
                f"{describe_counts({die: len(v) for die, v in given.items()})}"
            )
        for die, values in given.items():
            for value in values:
                if not 1 <= value <= self.sides.get(die, 6):
                    raise EngineError(f"{value} is not a face of the {die} die")
        self.used.add(purpose)
        return {die: list(given.get(die, [])) for die in counts}

    def unused(self) -> list[str]:
        """Purposes the replay gave dice for that no roll asked for."""
        return sorted(set(self.rolls) - self.used)


def describe_counts(counts: Mapping[str, int]) -> str:
    parts = [f"{count} {die}" for die, count in sorted(counts.items()) if count]
    return " and ".join(parts) + " dice" if parts else "no dice"
