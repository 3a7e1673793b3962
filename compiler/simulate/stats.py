"""What a batch of games says: result shares with Wilson intervals, and game lengths."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

# 1.96: the two-sided 95% point of the normal distribution.
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: honest near 0 and 1, where the plain one is not."""
    if trials <= 0:
        return 0.0, 1.0
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass(frozen=True)
class Outcome:
    """One finished game: its seed, its result and how many turns it lasted."""

    seed: int
    result: str
    turns: int


@dataclass(frozen=True)
class ResultShare:
    result: str
    count: int
    share: float
    low: float
    high: float


@dataclass
class ScenarioTable:
    """The summary of one scenario's games."""

    scenario: str
    name: str
    policy: str
    games: int
    first_seed: int
    last_seed: int
    shares: list[ResultShare] = field(default_factory=list)
    turns_mean: float = 0.0
    turns_min: int = 0
    turns_max: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "name": self.name,
            "policy": self.policy,
            "games": self.games,
            "seeds": [self.first_seed, self.last_seed],
            "results": [
                {
                    "result": s.result,
                    "count": s.count,
                    "share": round(s.share, 4),
                    "ci95": [round(s.low, 4), round(s.high, 4)],
                }
                for s in self.shares
            ],
            "turns": {"mean": round(self.turns_mean, 3), "min": self.turns_min, "max": self.turns_max},
        }


def table_of(
    scenario: str, name: str, policy: str, outcomes: Sequence[Outcome], levels: Sequence[str]
) -> ScenarioTable:
    """The table of one scenario; ``levels`` orders the results (the scenario's own order first)."""
    ordered = sorted(outcomes, key=lambda o: o.seed)
    games = len(ordered)
    counts = Counter(o.result for o in ordered)
    # every result the scenario can end in is listed, a result no game reached too: a 0% line says something
    known = list(levels) + sorted(set(counts) - set(levels))
    shares = [
        ResultShare(result, counts[result], counts[result] / games, *wilson_interval(counts[result], games))
        for result in known
    ]
    turns = [o.turns for o in ordered]
    return ScenarioTable(
        scenario,
        name,
        policy,
        games,
        ordered[0].seed if ordered else 0,
        ordered[-1].seed if ordered else 0,
        shares,
        sum(turns) / games if games else 0.0,
        min(turns, default=0),
        max(turns, default=0),
    )
