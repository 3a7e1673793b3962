#!/usr/bin/env python3
"""Lawrence of Arabia (Raiders): random missions per second, and a first balance reading.

First figure: seeded random legal missions played to their end, per second of CPU,
for each mission. Second: the share of each mission won by the engine's simple
scripted policy ("raider": buy a force, ride with Lawrence to the nearest unmet
objective, leave a unit to hold a place taken, fight, set charges) over seeded
games. Both are printed, never asserted: the machines are shared and the policy
is a yardstick, not a player.

    .venv/bin/python bench/raiders_speed.py [--games 200] [--balance-games 1000]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.pipeline import validate_game  # noqa: E402
from rules_engine.systems import system_for  # noqa: E402

MISSIONS = ("aqaba", "hejaz-railroad", "gaza-offensive", "damascus")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random missions per mission (speed)")
    parser.add_argument(
        "--balance-games", type=int, default=1000, help="seeded games per mission (win share)"
    )
    arguments = parser.parse_args()
    report = validate_game(ROOT / "source_data" / "lawrence", run_replays=False)
    game = report.valid
    assert game is not None, "Lawrence of Arabia does not validate"
    start = time.perf_counter()
    system = system_for(game)
    print(f"rules engine built in {1000 * (time.perf_counter() - start):.1f} ms")
    for mission in MISSIONS:
        cpu_start = time.process_time()
        actions = 0
        for seed in range(arguments.games):
            counted: list[int] = [0]

            def count(game: object, what: str, counted: list[int] = counted) -> None:
                counted[0] += 1

            system.play_random(mission, seed, after_action=count)
            actions += counted[0]
        cpu = time.process_time() - cpu_start
        print(
            f"{mission:15} random: {arguments.games / cpu:7.1f} missions/s "
            f"({actions / arguments.games:.0f} actions a mission, {cpu:.2f} s of CPU)"
        )
    for mission in MISSIONS:
        cpu_start = time.process_time()
        games = arguments.balance_games
        won = sum(system.play(mission, seed, "raider").result == "Mission won" for seed in range(games))
        share = won / games
        margin = 1.96 * math.sqrt(share * (1 - share) / games)
        rate = games / (time.process_time() - cpu_start)
        print(
            f"{mission:15} 'raider' policy wins {won}/{games} = {100 * share:.1f}% "
            f"(+/- {100 * margin:.1f}), {rate:.0f} missions/s"
        )


if __name__ == "__main__":
    main()
