#!/usr/bin/env python3
"""Play seeded random legal games of Jerusalem! to the end and print games per second, per scenario.

Each game runs from the scenario's set-up (with Scenario II's set-up rolls) to
the end of the June IV Jewish player turn, every action taken through the
protocol. Building the rules engine (reading the map once) is timed apart from
the games. Compare figures within one run: the machines are shared and noisy.

    .venv/bin/python bench/jerusalem_play_speed.py [--games 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.pipeline import validate_game  # noqa: E402
from rules_engine.systems import system_for  # noqa: E402

SCENARIOS = ("standard-game", "latrun-and-the-burma-road")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="repeat the batch; the median round counts")
    arguments = parser.parse_args()
    report = validate_game(ROOT / "source_data" / "jerusalem", run_replays=False)
    assert report.valid is not None, "Jerusalem! does not validate"
    start = time.perf_counter()
    system = system_for(report.valid)
    print(f"rules engine built in {1000 * (time.perf_counter() - start):.1f} ms")
    for scenario in SCENARIOS:
        rates: list[float] = []
        results: Counter[str | None] = Counter()
        for round_number in range(arguments.rounds):
            start = time.perf_counter()
            for seed in range(arguments.games):
                game = system.play_random(scenario, round_number * arguments.games + seed)
                results[game.state.result] += 1
            elapsed = time.perf_counter() - start
            rates.append(arguments.games / elapsed)
            print(
                f"{scenario} round {round_number + 1}: {arguments.games} games in {elapsed:.2f} s "
                f"= {rates[-1]:.2f} games/s"
            )
        print(
            f"{scenario}: median {statistics.median(rates):.2f} games/s; results: "
            + ", ".join(f"{name}: {count}" for name, count in results.most_common())
        )


if __name__ == "__main__":
    main()
