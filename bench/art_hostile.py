"""Time and peak memory of `wgc slice` and `wgc grid fit` on images at the pixel limit
(issue 28: a blank sheet of 79 million pixels took 23 s and 3.1 GB to slice).

    .venv/bin/python bench/art_hostile.py [--side PIXELS] [--memory MIB]

Each command runs in a child process of its own (tests/bounded.py: capped at --memory MiB of
address space, its own high-water mark measured). Prints, per image and command: wall time,
peak resident memory and the last line of output.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from tests.bounded import run_wgc  # noqa: E402


def blank(side: int) -> Image.Image:
    return Image.new("RGB", (side, side), "white")


def faces(side: int) -> Image.Image:
    """A sheet of square faces 130 px wide, 18 px apart."""
    image = blank(side)
    draw = ImageDraw.Draw(image)
    for top in range(20, side - 130, 148):
        for left in range(20, side - 130, 148):
            draw.rectangle((left, top, left + 130, top + 130), fill=(180, 40, 40))
    return image


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--side", type=int, default=8900, help="the square images' side (79 Mpx)")
    parser.add_argument("--memory", type=int, default=4096, help="address space limit, MiB")
    options = parser.parse_args()
    print(f"{'image':28} {'command':10} {'wall':>8} {'peak':>9}  ended")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name, make in (("blank", blank), ("faces", faces)):
            path = work / f"{name}.png"
            make(options.side).save(path)
            for command in (["slice", str(path), "-o", str(work / "out")], ["grid", "fit", str(path)]):
                start = time.perf_counter()
                outcome = run_wgc(command, work, timeout=600, memory_mb=options.memory)
                wall = time.perf_counter() - start
                lines = (outcome.stdout + outcome.stderr).strip().splitlines() or ["(no output)"]
                peak = f"{outcome.peak_mb:.0f} MiB" if outcome.peak_mb is not None else "?"
                label = f"{name} {options.side}x{options.side}"
                print(f"{label:28} {command[0]:10} {wall:>7.2f}s {peak:>9}  {lines[-1][:70]}", flush=True)


if __name__ == "__main__":
    main()
