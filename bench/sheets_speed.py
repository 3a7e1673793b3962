#!/usr/bin/env python3
"""Time `wgc sheets` for every game at 300 DPI (the issue's target: under 5 s for all together).

Prints, per game, the time to validate, render the pages, and encode/write PNG and PDF,
then the whole-process time of one `wgc sheets` run over all games. Compare the figures
within one run: the machines are shared and noisy.

    .venv/bin/python bench/sheets_speed.py [--dpi 300]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.output.printables import write_counter_sheets  # noqa: E402
from compiler.pipeline import validate_game  # noqa: E402
from compiler.render.sheets import SheetSpec, render_counter_sheets  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    arguments = parser.parse_args()
    spec = SheetSpec(dpi=arguments.dpi)
    games = sorted(p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists())
    with tempfile.TemporaryDirectory() as scratch:
        for game in games:
            start = time.perf_counter()
            report = validate_game(game)
            validated = time.perf_counter()
            pages = render_counter_sheets(report.definition, spec)
            rendered = time.perf_counter()
            write_counter_sheets(report.definition, spec, Path(scratch) / game.name)
            written = time.perf_counter()
            print(
                f"{game.name:<12} validate {validated - start:6.2f} s  "
                f"render {rendered - validated:6.2f} s  "
                f"render+write {written - rendered:6.2f} s  ({len(pages.fronts)} sheet(s), "
                f"{len(pages.placements)} counters)"
            )
        wgc = str(Path(sys.executable).parent / "wgc")
        start = time.perf_counter()
        subprocess.run(
            [wgc, "sheets", *map(str, games), "-o", scratch, "--dpi", str(arguments.dpi)],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=ROOT,
        )
        whole = time.perf_counter() - start
    verdict = "meets" if whole < 5 else "misses"
    print(f"one `wgc sheets` process for all {len(games)} games: {whole:.2f} s ({verdict} the 5 s target)")


if __name__ == "__main__":
    main()
