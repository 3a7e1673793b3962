#!/usr/bin/env python3
"""Time `wgc validate` on Israel 1948: whole processes and the in-process pipeline.

The issue's target is under 0.5 s for a whole `wgc validate` process. The
machines are shared and noisy, so the script prints the minimum and median of
several runs and, for scale, a bare `python -c pass` measured in the same run.

    .venv/bin/python bench/validate_speed.py [--runs N] [GAME_DIR]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_process(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return times


def time_in_process(game: Path, runs: int) -> list[float]:
    sys.path.insert(0, str(ROOT))
    from compiler.pipeline import validate_game

    validate_game(game)  # warm caches: schemas compiled, modules imported
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        validate_game(game)
        times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float]) -> str:
    return (
        f"{label:<34} min {min(times) * 1000:7.1f} ms   median "
        f"{statistics.median(times) * 1000:7.1f} ms   ({len(times)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default=str(ROOT / "source_data" / "israel1948"))
    parser.add_argument("--runs", type=int, default=10)
    arguments = parser.parse_args()
    game = Path(arguments.game)
    wgc = str(Path(sys.executable).parent / "wgc")
    bare = time_process([sys.executable, "-c", "pass"], arguments.runs)
    whole = time_process([wgc, "validate", str(game)], arguments.runs)
    inside = time_in_process(game, arguments.runs)
    print(line("python -c pass", bare))
    print(line(f"wgc validate {game.name}", whole))
    print(line("validate_game() in process", inside))
    target = 0.5
    verdict = "meets" if statistics.median(whole) < target else "misses"
    print(
        f"median whole process {statistics.median(whole):.3f} s {verdict} the {target} s target "
        f"({statistics.median(whole) / statistics.median(bare):.1f}x a bare interpreter start)"
    )


if __name__ == "__main__":
    main()
