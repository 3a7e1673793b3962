#!/usr/bin/env python3
"""Play seeded Jerusalem! games to the end and print games per second of CPU, per scenario.

Each game runs from the scenario's set-up (with Scenario II's set-up rolls) to
the end of the June IV Jewish player turn, every action taken through the
protocol, by the random player or, with ``--policy objectives``, the system's
scripted policy (`wgc simulate --policy`); the actions a game takes are counted
too. The rate is counted in CPU time of this process, which a busy machine
disturbs less than wall time; building the rules engine (reading the map once)
is timed apart from the games. Compare figures within one run: the machines are
shared and noisy.

    .venv/bin/python bench/jerusalem_play_speed.py [--games 20] [--rounds 3] [--policy random|objectives]
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
from rules_engine.systems.jerusalem import Game, Jerusalem  # noqa: E402
from rules_engine.systems.jerusalem.policies import OBJECTIVES, play_objectives_game  # noqa: E402

SCENARIOS = ("standard-game", "latrun-and-the-burma-road")


def play(system: Jerusalem, scenario: str, seed: int, policy: str, counted: list[int]) -> Game:
    """One game, counting its actions in ``counted[0]``."""

    def count(game: Game, what: str) -> None:
        counted[0] += 1

    if policy == OBJECTIVES:
        return play_objectives_game(system, scenario, seed, after_action=count)
    if policy != "random":
        raise SystemExit(f"the bench times the random player and {OBJECTIVES}, not {policy}")
    return system.play_random(scenario, seed, after_action=count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="repeat the batch; the median round counts")
    parser.add_argument("--policy", default="random", help="random, or a policy the system names")
    arguments = parser.parse_args()
    report = validate_game(ROOT / "source_data" / "jerusalem", run_replays=False)
    assert report.valid is not None, "Jerusalem! does not validate"
    start = time.perf_counter()
    system = system_for(report.valid)
    assert isinstance(system, Jerusalem)
    print(f"rules engine built in {1000 * (time.perf_counter() - start):.1f} ms")
    for scenario in SCENARIOS:
        rates: list[float] = []
        results: Counter[str | None] = Counter()
        for round_number in range(arguments.rounds):
            counted = [0]
            start, cpu_start = time.perf_counter(), time.process_time()
            for seed in range(arguments.games):
                seed_number = round_number * arguments.games + seed
                game = play(system, scenario, seed_number, arguments.policy, counted)
                results[game.state.result] += 1
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
            rates.append(arguments.games / cpu)
            print(
                f"{scenario} round {round_number + 1}: {arguments.games} games in {cpu:.2f} s of CPU "
                f"({elapsed:.2f} s wall) = {rates[-1]:.2f} games/s, "
                f"{counted[0] / arguments.games:.0f} actions a game, {counted[0] / cpu:.0f} actions/s"
            )
        print(
            f"{scenario} ({arguments.policy}): median {statistics.median(rates):.2f} games/s; results: "
            + ", ".join(f"{name}: {count}" for name, count in results.most_common())
        )


if __name__ == "__main__":
    main()
