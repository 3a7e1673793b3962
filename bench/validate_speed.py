#!/usr/bin/env python3
"""Time `wgc validate` on Israel 1948: whole processes and the in-process pipeline.

The target is under 0.25 s for a whole `wgc validate` process of one game with its
replays. The floor is the interpreter's start plus the CLI's imports, measured in
the same run. The machines are shared and noisy, so the script prints the minimum
and median of several runs, wall time and CPU time (which a busy machine disturbs less).
Replay outcomes are kept between runs (compiler/cache/replays.py), so the figure is what a
designer sees when the data did not change; the line below it plays every replay, as after
an edit of the data.

    .venv/bin/python bench/validate_speed.py [--runs N] [GAME_DIR]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from processes import user_environment

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.25  # seconds for a whole `wgc validate` of one game, replays included


def time_process(
    command: list[str], runs: int, environment: dict[str, str] | None = None
) -> tuple[list[float], list[float]]:
    """Wall time and CPU time (user + system) of each run of a whole process (after one
    untimed run, which leaves the .pyc files and the replay outcomes a user's next run finds)."""
    environment = environment or user_environment()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=False, env=environment)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=False, env=environment)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


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
    bare, bare_cpu = time_process([sys.executable, "-c", "pass"], arguments.runs)
    floor, floor_cpu = time_process([sys.executable, "-c", "import compiler.cli.main"], arguments.runs)
    whole, whole_cpu = time_process([wgc, "validate", str(game)], arguments.runs)
    # Every replay played, as after an edit of the game's data (compiler/cache/replays.py).
    played, played_cpu = time_process(
        [wgc, "validate", str(game)], arguments.runs, user_environment(WGC_CACHE_DIR="")
    )
    inside = time_in_process(game, arguments.runs)
    print(line("python -c pass", bare) + f"   CPU {min(bare_cpu) * 1000:6.1f} ms")
    print(line("floor: python + import the CLI", floor) + f"   CPU {min(floor_cpu) * 1000:6.1f} ms")
    print(line(f"wgc validate {game.name}", whole) + f"   CPU {min(whole_cpu) * 1000:6.1f} ms")
    print(line("  the same, replays all played", played) + f"   CPU {min(played_cpu) * 1000:6.1f} ms")
    print(line("validate_game() in process", inside))
    verdict = "meets" if statistics.median(whole) < TARGET else "misses"
    print(
        f"median whole process {statistics.median(whole):.3f} s {verdict} the {TARGET} s target; "
        f"{statistics.median(whole) / statistics.median(floor):.1f}x the floor "
        f"(CPU: {min(whole_cpu):.3f} s, {min(whole_cpu) / min(floor_cpu):.1f}x the floor's)"
    )


if __name__ == "__main__":
    main()
