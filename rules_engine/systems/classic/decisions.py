"""The choices a classic combat leaves to the players, asked one at a time.

Who takes each step loss, which steps pay for an exchange, the path of each retreat, and
who advances where. A replay answers from its step (compiler/replay/adapters/classic), a
person through a Chooser (chooser.py), random play with ``RandomDecider``; the rules check
every answer (results.py, retreat.py, advance.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from rules_engine.core.state import Unit

Path = tuple[str, ...]
# What the n-th step (1 or 2) a unit loses takes off its printed strength.
Worth = Callable[[Unit, int], float]
PathsOf = Callable[[Unit], list[Path]]
# How many steps a unit has left to lose.
Steps = Callable[[Unit], int]


class Decider(Protocol):
    def losses(self, role: str, count: int, units: Sequence[Unit], steps: Steps) -> list[Unit]:
        """Who takes each of ``count`` step losses of the ``role`` side ("attacker" or "defender"),
        in order; a unit may be named as often as it has steps (``steps``)."""
        ...

    def exchange(self, units: Sequence[Unit], needed: float, worth: Worth, steps: Steps) -> list[Unit]:
        """The attackers' step losses that pay for an exchange: together worth at least ``needed``."""
        ...

    def retreat(self, role: str, unit: Unit, paths: Sequence[Path]) -> Path:
        """One of ``paths`` for ``unit`` to retreat along."""
        ...

    def advance(self, units: Sequence[Unit], paths: PathsOf) -> tuple[Unit, Path] | None:
        """The next attacker to advance and its path (``paths`` lists those open to it now), or None."""
        ...


def paid(losses: Sequence[Unit], worth: Worth) -> float:
    """What ``losses`` (a unit named once per step it loses, in order) take off printed strength."""
    taken: dict[str, int] = {}
    total = 0.0
    for unit in losses:
        taken[unit.uid] = taken.get(unit.uid, 0) + 1
        total += worth(unit, taken[unit.uid])
    return total


def _spare(losses: list[Unit], needed: float, worth: Worth) -> list[Unit]:
    """``losses`` without every step the others pay ``needed`` without, latest first."""
    kept = list(losses)
    if paid(kept, worth) < needed:
        return kept  # all the attackers have
    for index in range(len(kept) - 1, -1, -1):
        trial = kept[:index] + kept[index + 1 :]
        if paid(trial, worth) >= needed:
            kept = trial
    return kept


class RandomDecider:
    """Legal choices at random, from a seeded generator."""

    def __init__(self, seed: int | None = None, advance_chance: float = 0.7) -> None:
        self.random = random.Random(seed)
        self.advance_chance = advance_chance

    def losses(self, role: str, count: int, units: Sequence[Unit], steps: Steps) -> list[Unit]:
        pool = [unit for unit in units for _ in range(steps(unit))]
        self.random.shuffle(pool)
        return pool[:count]

    def exchange(self, units: Sequence[Unit], needed: float, worth: Worth, steps: Steps) -> list[Unit]:
        """Steps in a random order until they pay, then without any step the others pay for alone
        (a random 3 then a 4 for a price of 4 keeps the 4 only)."""
        chosen: list[Unit] = []
        order = list(units)
        self.random.shuffle(order)
        for unit in order:
            for _ in range(steps(unit)):
                if paid(chosen, worth) >= needed:
                    return _spare(chosen, needed, worth)
                chosen.append(unit)
        return _spare(chosen, needed, worth)

    def retreat(self, role: str, unit: Unit, paths: Sequence[Path]) -> Path:
        return self.random.choice(list(paths))

    def advance(self, units: Sequence[Unit], paths: PathsOf) -> tuple[Unit, Path] | None:
        if not units or self.random.random() >= self.advance_chance:
            return None
        unit = self.random.choice(list(units))
        open_paths = paths(unit)
        return (unit, self.random.choice(open_paths)) if open_paths else None
