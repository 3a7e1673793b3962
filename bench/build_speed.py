#!/usr/bin/env python3
"""Time `wgc build`: whole processes, clean and from the cache, against the floor.

For each game and for all games together: `wgc build` into a fresh folder (clean: every
drawing made), and again into the same folder (warm: the drawings come from OUT/.cache).
Each figure is the median of several whole processes, wall time beside CPU time, and its
ratio to the floor: starting Python and importing what `wgc build` imports before it
works. Then the named steps of one clean in-process build, as compiler/build.py and the
module back end report them (validate, module: board, pieces, charts, cards, setups,
buildfile, encode, archive, module: write): the bench never repeats the builder's code.
The machines are shared and loaded: compare within one run, and trust CPU time more.

    .venv/bin/python bench/build_speed.py [--runs 5] [GAME_DIR ...]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from processes import user_environment  # noqa: E402

from compiler.build import build  # noqa: E402

TARGET_ONE_GAME, TARGET_ALL_GAMES = 0.6, 1.5
Figures = tuple[list[float], list[float]]  # wall and CPU seconds of each run


def run(command: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=user_environment(),
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def builds(games: list[Path], runs: int) -> tuple[Figures, Figures]:
    """(clean, warm): each clean run writes into a new folder, then a warm run into the same."""
    wgc = str(Path(sys.executable).parent / "wgc")
    clean: Figures = ([], [])
    warm: Figures = ([], [])
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            command = [wgc, "build", *map(str, games), "-o", scratch]
            for figures in (clean, warm):
                wall, cpu = run(command)
                figures[0].append(wall)
                figures[1].append(cpu)
    return clean, warm


def floor(runs: int) -> tuple[float, float]:
    """Starting the interpreter and importing what `wgc build` imports before it works."""
    code = "import compiler.cli.main, compiler.build, compiler.vassal.module"
    walls, cpus = zip(*(run([sys.executable, "-c", code]) for _ in range(runs)), strict=True)
    return min(walls), min(cpus)


def steps_of(game: Path) -> dict[str, float]:
    steps: dict[str, float] = {}

    def record(name: str, seconds: float) -> None:
        steps[name] = steps.get(name, 0.0) + seconds

    with tempfile.TemporaryDirectory() as scratch:
        build([game], ("module",), Path(scratch), on_step=record)
    return steps


def report(label: str, figures: Figures, target: float, bottom: tuple[float, float]) -> None:
    walls, cpus = figures
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    verdict = "meets" if wall < target else "misses"
    print(
        f"  {label:<6} wall {wall:5.2f} s (min {min(walls):4.2f}) = {wall / bottom[0]:4.1f} x floor   "
        f"CPU {cpu:5.2f} s = {cpu / bottom[1]:4.1f} x floor   {verdict} the {target:g} s target"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=5, help="whole processes per measurement")
    arguments = parser.parse_args()
    games = arguments.games or sorted(
        p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists()
    )
    bottom = floor(arguments.runs)
    print(f"floor (python + the build's imports): wall {bottom[0]:.2f} s, CPU {bottom[1]:.2f} s")
    for game in games:
        print(f"{game.name}:")
        clean, warm = builds([game], arguments.runs)
        report("clean", clean, TARGET_ONE_GAME, bottom)
        report("warm", warm, TARGET_ONE_GAME, bottom)
        steps = steps_of(game)
        print("  steps of a clean build in process: " + ", ".join(f"{n} {t:.3f}" for n, t in steps.items()))
    if len(games) > 1:
        print(f"all {len(games)} games in one process:")
        clean, warm = builds(games, arguments.runs)
        report("clean", clean, TARGET_ALL_GAMES, bottom)
        report("warm", warm, TARGET_ALL_GAMES, bottom)


if __name__ == "__main__":
    main()
