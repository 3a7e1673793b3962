#!/usr/bin/env python3
"""Time and peak memory of `wgc build` and `wgc map` on a map blown up to a given size.

A copy of a shipped game gets a larger map: a point-to-point sheet (Lawrence) is made
W x H inches, a hex grid (Israel 1948) gets hexes so large that its play area is that
wide. Each command runs in a process of its own; its peak memory is the largest
resident set of that process and of the copies it forks (the board is drawn in one),
read with getrusage. This is how the map limits in docs/diagnostics.md were chosen:
a map at the limit must build.

    .venv/bin/python bench/large_map.py lawrence 89 89
    .venv/bin/python bench/large_map.py israel1948 60 60 --map-dpi 150
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from processes import user_environment  # noqa: E402

# Runs one wgc command in this process and prints its peak memory (kB) and that of its forks.
RUNNER = """
import resource, sys
from compiler.cli.main import cli
try:
    cli(sys.argv[1:], prog_name="wgc")
finally:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    forks = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"peak-kb {max(own, forks)}", file=sys.stderr)
"""


def enlarge(game: Path, width: float, height: float) -> None:
    path = game / "map.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["kind"] == "point-to-point":
        data["size"].update(width=width, height=height, unit="in")
    else:  # the hexes' size that makes the grid about ``width`` inches wide
        from compiler.pipeline import validate_game
        from rules_engine.geometry.layout import HexLayout

        grid = validate_game(game, run_replays=False).valid
        assert grid is not None and grid.board.grid is not None
        size = grid.board.hex_size or 0.75
        right, _ = HexLayout(grid.board.grid, size).extent()
        data["grid"]["hex_size"] = {"value": min(4.0, round(size * width / right, 3)), "unit": "in"}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def measure(arguments: list[str], cwd: Path) -> tuple[float, int, int, str]:
    """Seconds, peak MB, exit code and the last line of the command's output."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *arguments],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=user_environment(),
    )
    seconds = time.perf_counter() - start
    found = re.search(r"peak-kb (\d+)", done.stderr)
    peak = int(found.group(1)) // 1024 if found else -1
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line and "peak-kb" not in line]
    errors = [line for line in lines if "error [" in line or line.startswith("error")]
    return seconds, peak, done.returncode, (errors or lines or [""])[0]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", help="a game in source_data/")
    parser.add_argument("width", type=float, help="inches")
    parser.add_argument("height", type=float, help="inches")
    parser.add_argument("--map-dpi", type=int, default=150)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        game = Path(scratch) / arguments.game
        shutil.copytree(ROOT / "source_data" / arguments.game, game)
        enlarge(game, arguments.width, arguments.height)
        out = Path(scratch) / "out"
        commands = {
            "build": ["build", str(game), "-o", str(out), "--no-replays"],
            f"map --dpi {arguments.map_dpi}": [
                "map",
                str(game),
                "-o",
                str(out),
                "--no-replays",
                "--dpi",
                str(arguments.map_dpi),
            ],
        }
        print(f"{arguments.game}, map {arguments.width:g} x {arguments.height:g} in")
        for name, command in commands.items():
            seconds, peak, code, last = measure(command, Path(scratch))
            print(f"  {name:<14} {seconds:6.1f} s  {peak:6d} MB peak  exit {code}  {last[:100]}")


if __name__ == "__main__":
    main()
