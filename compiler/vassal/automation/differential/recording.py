"""Dice for the engine's side of the differential test: the module's rolls, and what was asked.

The engine rolls by purpose ("defender", "attacker", "attack", "first fire" ...) and die;
``RecordingDice`` answers each roll from the rolls the module made and keeps the dice each
purpose asked for, so the test compares the dice counts as well as what the dice did.
A roll the module did not make is answered from ``fallback`` (a die the module never reads,
such as an EEF morale roll after a kill), and recorded as such.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.core.dice import DiceMismatch


class RecordingDice:
    def __init__(
        self,
        rolls: Mapping[str, Mapping[str, list[int]]],
        sides: Mapping[str, int],
        fallback: int | None = None,
    ) -> None:
        self.rolls = {
            purpose: {die: list(values) for die, values in dice.items()} for purpose, dice in rolls.items()
        }
        self.sides = dict(sides)
        self.fallback = fallback
        self.asked: dict[str, dict[str, int]] = {}
        self.unscripted: list[str] = []

    def roll(self, purpose: str, counts: Mapping[str, int]) -> dict[str, list[int]]:
        wanted = {die: count for die, count in counts.items() if count}
        asked = self.asked.setdefault(purpose, {})
        for die, count in wanted.items():
            asked[die] = asked.get(die, 0) + count
        given = self.rolls.get(purpose)
        if given is None:
            if self.fallback is None:
                raise DiceMismatch(f"the module made no {purpose} roll")
            self.unscripted.append(purpose)
            return {die: [self.fallback] * counts.get(die, 0) for die in counts}
        result: dict[str, list[int]] = {}
        for die in counts:
            values = given.get(die, [])
            count = counts.get(die, 0)
            if len(values) < count:
                raise DiceMismatch(
                    f"the {purpose} roll asks {count} {die} dice; the module rolled {len(values)}"
                )
            result[die], given[die] = values[:count], values[count:]
        return result
