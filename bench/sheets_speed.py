#!/usr/bin/env python3
"""Time `wgc sheets` for every game at 300 DPI: whole processes against the floor.

The target: under 2.5 s for all games in one process on two cores, and under 200 MB of
peak memory; a second run into the same folder (warm) takes its pages from OUT/.cache.
The floor is PNG encoding of the same pages, measured in this process on pages drawn
the same way: its CPU time (one core), and its wall time on two threads (the encoder
releases the GIL). Each figure is printed with its ratio to the floor, wall time
beside CPU time. The machines are shared and loaded: compare within one run, and trust
CPU time more than wall time.

    .venv/bin/python bench/sheets_speed.py [--dpi 300] [--runs 3] [GAME_DIR ...]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from processes import user_environment  # noqa: E402

from compiler.pipeline import validate_game  # noqa: E402
from compiler.render.images import png_bytes  # noqa: E402
from compiler.render.sheets import SheetSpec, render_card_sheets, render_counter_sheets  # noqa: E402

TARGET_SECONDS, TARGET_MB = 2.5, 200
Figures = tuple[list[float], list[float]]  # wall and CPU seconds of each run


def whole_processes(games: list[Path], dpi: int, runs: int) -> tuple[Figures, Figures, float]:
    """Wall and CPU seconds of `wgc sheets` runs over all games, clean (a new folder) and warm
    (again into the same folder: pages from OUT/.cache), and the peak memory (MB) of a clean run."""
    wgc = str(Path(sys.executable).parent / "wgc")
    clean: Figures = ([], [])
    warm: Figures = ([], [])
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            command = [wgc, "sheets", *map(str, games), "-o", scratch, "--dpi", str(dpi)]
            for figures in (clean, warm):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(
                    command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=user_environment()
                )
                figures[0].append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                figures[1].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    # Children's peak: the largest of every child waited for; the clean runs are the largest.
    return clean, warm, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def floor(games: list[Path], spec: SheetSpec) -> tuple[float, float, int]:
    """Encoding the same pages: CPU seconds on one core, wall seconds on two threads, pages."""
    cpu, wall, count = 0.0, 0.0, 0
    with ThreadPoolExecutor(2) as pool:
        for game in games:
            valid = validate_game(game, run_replays=False).valid
            assert valid is not None, f"{game} does not validate"
            for pages in (render_counter_sheets(valid, spec), render_card_sheets(valid, spec)):
                if pages is None:
                    continue
                images = [page for _, _, page in pages.pages()]
                count += len(images)
                start = time.process_time()
                for image in images:
                    png_bytes(image)
                cpu += time.process_time() - start
                start = time.perf_counter()
                list(pool.map(png_bytes, images))
                wall += time.perf_counter() - start
    return cpu, wall, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    games = arguments.games or sorted(
        p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists()
    )
    clean, warm, peak = whole_processes(games, arguments.dpi, arguments.runs)
    floor_cpu, floor_wall, pages = floor(games, SheetSpec(dpi=arguments.dpi))
    print(
        f"floor: PNG encoding of the same {pages} pages at {arguments.dpi} dpi: "
        f"CPU {floor_cpu:.2f} s, wall {floor_wall:.2f} s on two threads"
    )
    for label, (walls, cpus) in (("clean", clean), ("warm", warm)):
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        verdict = "meets" if wall < TARGET_SECONDS else "misses"
        print(
            f"wgc sheets, {len(games)} games, {label}: wall median {wall:.2f} s (min {min(walls):.2f}) "
            f"= {wall / floor_wall:.1f} x floor; CPU median {cpu:.2f} s = {cpu / floor_cpu:.1f} x floor; "
            f"{verdict} the {TARGET_SECONDS} s target"
        )
    verdict = "meets" if peak < TARGET_MB else "misses"
    print(f"peak memory of one process: {peak:.0f} MB ({verdict} the {TARGET_MB} MB target)")


if __name__ == "__main__":
    main()
