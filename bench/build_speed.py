#!/usr/bin/env python3
"""Time `wgc build` for every game, whole processes and the driver's named steps.

Prints, per game, the minimum and median of several whole `wgc build` processes
(each writing to a fresh temporary folder) and the interpreter's floor (starting
Python and importing the CLI), then the named steps of one in-process build as
compiler/build.py reports them (validate, module: compile, module: write). The
bench never repeats the build's code: it asks the driver for its step times.
Compare the figures within one run: the machines are shared and noisy.

    .venv/bin/python bench/build_speed.py [--runs 3] [GAME_DIR ...]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.build import build  # noqa: E402

TARGET_ONE_GAME, TARGET_ALL_GAMES = 0.6, 1.5


def whole_processes(games: list[Path], runs: int) -> list[float]:
    wgc = str(Path(sys.executable).parent / "wgc")
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            start = time.perf_counter()
            command = [wgc, "build", *map(str, games), "-o", scratch]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return times


def floor(runs: int) -> float:
    """Starting the interpreter and importing what `wgc build` imports before it works."""
    code = "import compiler.cli.main, compiler.build"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return min(times)


def steps_of(game: Path) -> dict[str, float]:
    steps: dict[str, float] = {}

    def record(name: str, seconds: float) -> None:
        steps[name] = steps.get(name, 0.0) + seconds

    with tempfile.TemporaryDirectory() as scratch:
        build([game], ("module",), Path(scratch), on_step=record)
    return steps


def report(label: str, times: list[float], target: float, floor_seconds: float) -> None:
    median = statistics.median(times)
    verdict = "meets" if median < target else "misses"
    print(
        f"{label:<14} min {min(times):5.2f} s  median {median:5.2f} s  "
        f"= {median / floor_seconds:4.1f} x floor; {verdict} the {target:g} s target"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=5, help="whole processes per measurement")
    arguments = parser.parse_args()
    games = arguments.games or sorted(
        p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists()
    )
    floor_seconds = floor(arguments.runs)
    print(f"floor (python + imports): {floor_seconds:.2f} s")
    for game in games:
        report(game.name, whole_processes([game], arguments.runs), TARGET_ONE_GAME, floor_seconds)
        steps = steps_of(game)
        print("               in process  " + "  ".join(f"{name} {t:.2f}" for name, t in steps.items()))
    if len(games) > 1:
        report("all games", whole_processes(games, arguments.runs), TARGET_ALL_GAMES, floor_seconds)


if __name__ == "__main__":
    main()
