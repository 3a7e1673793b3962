#!/usr/bin/env python3
"""Play seeded random legal games of Israel 1948 to the end and print games per second.

The target is at least 300 complete Onslaught games a second on one core; the rate is
counted in CPU time of this process, which a busy machine disturbs less than wall time.
Building the rules engine (reading the map once) is timed apart from the games.
Compare figures within one run: the machines are shared and noisy.

    .venv/bin/python bench/play_speed.py [--games 100] [--scenario onslaught]
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
from rules_engine.systems.israel1948.random_play import play_random_game  # noqa: E402

TARGET_GAMES_PER_SECOND = 300


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", default="onslaught")
    parser.add_argument("--rounds", type=int, default=3, help="repeat the batch; the median round counts")
    arguments = parser.parse_args()
    report = validate_game(ROOT / "source_data" / "israel1948", run_replays=False)
    start = time.perf_counter()
    game = report.valid
    assert game is not None, "Israel 1948 does not validate"
    system = system_for(game)
    print(f"rules engine built in {1000 * (time.perf_counter() - start):.1f} ms")
    rates: list[float] = []
    results: Counter[str | None] = Counter()
    for round_number in range(arguments.rounds):
        start, cpu_start = time.perf_counter(), time.process_time()
        for seed in range(arguments.games):
            game = play_random_game(system, arguments.scenario, round_number * arguments.games + seed)
            results[game.state.result] += 1
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        rates.append(arguments.games / cpu)
        print(
            f"round {round_number + 1}: {arguments.games} {arguments.scenario} games in {cpu:.2f} s of CPU "
            f"({elapsed:.2f} s wall) = {rates[-1]:.1f} games/s"
        )
    median = statistics.median(rates)
    verdict = "meets" if median >= TARGET_GAMES_PER_SECOND else "misses"
    print(f"median {median:.1f} games/s {verdict} the target of {TARGET_GAMES_PER_SECOND}")
    print("results: " + ", ".join(f"{name}: {count}" for name, count in results.most_common()))


if __name__ == "__main__":
    main()
