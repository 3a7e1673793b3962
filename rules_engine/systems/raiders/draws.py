"""Drawing at random with dice: a pick from a cup of n counters is a roll of an n-sided die.

The rulebook has the player pick counters blind from a cup (hostiles, garrisons,
a Bedouin) and shuffle cards. The engine does both with its dice, so that a
replay can script them like any roll: picking one of n candidates rolls a die
with n faces (die id ``d<n>``) and takes the candidate of that number, in the
order given. A shuffle of n cards is n - 1 such picks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from rules_engine.core import DiceSource

T = TypeVar("T")

# The largest cup the system draws from: dice up to this many faces exist.
MAX_CUP = 40


def pick_die(count: int) -> str:
    """The die id for a pick among ``count`` candidates."""
    return f"d{count}"


def pick_dice_sides() -> dict[str, int]:
    """The faces of every pick die, for the system's dice."""
    return {pick_die(n): n for n in range(2, MAX_CUP + 1)}


def pick(dice: DiceSource, purpose: str, candidates: Sequence[T]) -> T:
    """One candidate at random; a lone candidate is taken without a roll."""
    if not candidates:
        raise ValueError("nothing to pick from")
    if len(candidates) == 1:
        return candidates[0]
    die = pick_die(len(candidates))
    number = dice.roll(purpose, {die: 1})[die][0]
    return candidates[number - 1]


def pick_many(dice: DiceSource, purpose: str, candidates: Sequence[T], count: int) -> list[T]:
    """``count`` different candidates at random, in the order drawn (fewer if the cup runs out)."""
    left = list(candidates)
    drawn: list[T] = []
    while left and len(drawn) < count:
        chosen = pick(dice, purpose, left)
        left.remove(chosen)
        drawn.append(chosen)
    return drawn


def shuffled(dice: DiceSource, purpose: str, items: Sequence[T]) -> list[T]:
    """The items in a random order (the first drawn first)."""
    return pick_many(dice, purpose, items, len(items))


def roll_d6(dice: DiceSource, purpose: str, die: str = "d6") -> int:
    return dice.roll(purpose, {die: 1})[die][0]
