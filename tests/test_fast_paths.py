"""The engine's fast paths give what the plain ones they stand for give.

Random games run thousands of times a second (bench/budget.py), so a few hot spots do
by hand what a library call or a general rule does: the dice draw as `randrange` draws,
a set-up reads its unit mix and its place names once. Each is held here to the plain
way, on many inputs, so the seeded games (bench/fingerprints.py) stay the games they were.
"""

from __future__ import annotations

import random

import pytest

from rules_engine.core import SeededDice


@pytest.mark.parametrize("seed", range(20))
def test_seeded_dice_draw_the_numbers_randint_draws(seed: int) -> None:
    sides = {"d6": 6, "d10": 10, "d2": 2, "d1": 1, "d12": 12, "d20": 20}
    dice = SeededDice(seed, sides)
    plain = random.Random(seed)
    chooser = random.Random(seed + 99)
    for _ in range(200):
        counts = {die: chooser.randint(0, 4) for die in chooser.sample(sorted(sides), 3)}
        expected = {die: [plain.randint(1, sides[die]) for _ in range(n)] for die, n in counts.items()}
        assert dice.roll("any", counts) == expected
    # a die the game does not declare is a six-sided die, as before
    plain = random.Random(seed)
    assert SeededDice(seed).roll("any", {"red": 5}) == {"red": [plain.randint(1, 6) for _ in range(5)]}
