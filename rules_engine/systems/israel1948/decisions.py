"""The choices combat leaves to the players, asked for one at a time.

Combat resolution (combat.py) calls a Decider whenever the rulebook lets a
player choose: which attackers a hit halts, who goes all in, which die an
out-of-supply attacker loses, how the defender takes each hit, who advances,
and whether to spend an air point on a re-roll. A replay answers from its
file (compiler/replay); RandomDecider answers at random for property tests
and benchmarks. The engine checks every answer against the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from rules_engine.core import Unit
from rules_engine.core.game import steps_left


class HitTaken(NamedTuple):
    """How the defender takes one hit: a step loss, or a retreat into ``to``."""

    unit: Unit
    retreat: bool
    to: str | None = None


class Decider(Protocol):
    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        """Choose ``hits`` distinct attackers to halt (hits < number of attackers)."""
        ...

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        """Choose who takes each extra hit as a step loss (a unit may appear twice)."""
        ...

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        """Choose which halted full-strength attackers go all in."""
        ...

    def drop_die(self, counts: dict[str, int]) -> str:
        """Out-of-supply attacker: choose the colour of the die to lose."""
        ...

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        """Choose how hit ``number`` (1-based) is taken; ``retreats`` lists where a unit may go."""
        ...

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        """Choose at least one and at most ``room`` units to advance into the vacated hex."""
        ...

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        """Choose a die (colour, index) of ``side``'s own roll to re-roll with an air point, or None."""
        ...


class RandomDecider:
    """Legal choices at random, from a seeded generator."""

    def __init__(self, seed: int | None = None, air_chance: float = 0.3) -> None:
        self.random = random.Random(seed)
        self.air_chance = air_chance

    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        return self.random.sample(list(attackers), hits)

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        """Each loss to an attacker drawn at random; one drawn with no step left is drawn again
        (so every choice that was legal before stays the same draw)."""
        left = {u.uid: steps_left(u) for u in attackers}
        chosen: list[Unit] = []
        for _ in range(min(losses, sum(left.values()))):
            unit = self.random.choice(list(attackers))
            while left[unit.uid] == 0:
                unit = self.random.choice(list(attackers))
            left[unit.uid] -= 1
            chosen.append(unit)
        return chosen

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        return [unit for unit in candidates if self.random.random() < 0.5]

    def drop_die(self, counts: dict[str, int]) -> str:
        return self.random.choice(sorted(colour for colour, count in counts.items() if count))

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        unit = self.random.choice(list(defenders))
        if not must_be_step and self.random.random() < 0.5:
            options = retreats(unit)
            if options:
                return HitTaken(unit, True, self.random.choice(options))
        return HitTaken(unit, False)

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        count = self.random.randint(1, min(room, len(eligible)))
        return self.random.sample(list(eligible), count)

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        dice = [(colour, i) for colour, values in sorted(rolls.items()) for i in range(len(values))]
        if not dice or self.random.random() >= self.air_chance:
            return None
        return self.random.choice(dice)
