#!/usr/bin/env python3
"""Play seeded random legal games of a classic game to the end and print games per second.

The target is at least 300 complete games a second on one core for the 7-turn, 40-unit test
game tests/fixtures/classic/front-line (the default); the rate is counted in CPU time of this
process, which a busy machine disturbs less than wall time. Building the rules engine (reading
the map once) is timed apart from the games. Compare figures within one run: the machines are
shared and noisy.

    .venv/bin/python bench/classic_play_speed.py [--games 200] [--game DIR] [--scenario ID]
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
from rules_engine.systems.classic.random_play import play_random_game  # noqa: E402

TARGET_GAMES_PER_SECOND = 300
DEFAULT_GAME = ROOT / "tests" / "fixtures" / "classic" / "front-line"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", type=Path, default=DEFAULT_GAME)
    parser.add_argument("--scenario", default=None, help="the first scenario by default")
    parser.add_argument("--rounds", type=int, default=3, help="repeat the batch; the median round counts")
    arguments = parser.parse_args()
    report = validate_game(arguments.game, run_replays=False)
    definition = report.valid
    assert definition is not None, f"{arguments.game} does not validate"
    scenario = arguments.scenario or definition.scenarios[0].id
    start = time.perf_counter()
    system = system_for(definition)
    print(f"rules engine built in {1000 * (time.perf_counter() - start):.1f} ms")
    units = sum(c.copies for c in definition.counters.counters.values() if c.kind == "unit")
    turns = len(definition.game.turn_labels)
    print(f"{definition.game.title}: {units} units, {turns} turns, scenario {scenario}")
    rates: list[float] = []
    results: Counter[str | None] = Counter()
    actions = 0
    for round_number in range(arguments.rounds):
        start, cpu_start = time.perf_counter(), time.process_time()
        for seed in range(arguments.games):
            game = play_random_game(system, scenario, round_number * arguments.games + seed)
            results[game.state.result] += 1
            actions += game.state.epoch
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        rates.append(arguments.games / cpu)
        print(
            f"round {round_number + 1}: {arguments.games} games in {cpu:.2f} s of CPU "
            f"({elapsed:.2f} s wall) = {rates[-1]:.1f} games/s"
        )
    median = statistics.median(rates)
    verdict = "meets" if median >= TARGET_GAMES_PER_SECOND else "misses"
    print(f"median {median:.1f} games/s {verdict} the target of {TARGET_GAMES_PER_SECOND}")
    print(f"changes of position per game: {actions / (arguments.games * arguments.rounds):.0f}")
    print("results: " + ", ".join(f"{name}: {count}" for name, count in results.most_common()))


if __name__ == "__main__":
    main()
