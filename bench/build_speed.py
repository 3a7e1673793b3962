#!/usr/bin/env python3
"""Time `wgc build` for every game (the issue's target: under 3 s for Israel 1948).

Prints, per game, the minimum and median of several whole `wgc build` processes
(each writing to a fresh temporary folder), then an in-process breakdown of one
build: validate, render the board, render the pieces, charts and cards, setups and
the build file, the ZIP archive and the atomic write. The breakdown repeats the
steps of compiler/vassal/module.py:build_module one by one; build_module itself is
timed as well, so a breakdown that drifts from it shows. Compare the figures within
one run: the machines are shared and noisy.

    .venv/bin/python bench/build_speed.py [--runs 3] [GAME_DIR ...]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.output import write_bytes_atomic  # noqa: E402
from compiler.output.printables import png_bytes  # noqa: E402
from compiler.pipeline import validate_game  # noqa: E402
from compiler.render.board import render_board  # noqa: E402
from compiler.render.counters import CounterPainter  # noqa: E402
from compiler.vassal.archive import zip_bytes  # noqa: E402
from compiler.vassal.buildfile import ModuleParts, build_file, module_name  # noqa: E402
from compiler.vassal.catalogue import image_name, piece_definitions  # noqa: E402
from compiler.vassal.decks import deck_plans  # noqa: E402
from compiler.vassal.help import help_page  # noqa: E402
from compiler.vassal.module import (  # noqa: E402
    COUNTER_INCHES,
    _card_images,
    _chart_images,
    build_module,
    module_dpi,
    moduledata,
)
from compiler.vassal.savefile import save_bytes  # noqa: E402
from compiler.vassal.setups import SetupWriter  # noqa: E402

TARGET_GAME, TARGET_SECONDS = "israel1948", 3.0
T = TypeVar("T")


def whole_processes(game: Path, runs: int) -> list[float]:
    wgc = str(Path(sys.executable).parent / "wgc")
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            start = time.perf_counter()
            subprocess.run([wgc, "build", str(game), "-o", scratch], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return times


def breakdown(game: Path) -> dict[str, float]:
    """One build, step by step, as build_module does it (seconds per step)."""
    steps: dict[str, float] = {}

    def timed(label: str, step: Callable[[], T]) -> T:
        start = time.perf_counter()
        result = step()
        steps[label] = steps.get(label, 0.0) + time.perf_counter() - start
        return result

    definition = timed("validate", lambda: validate_game(game)).definition
    dpi = module_dpi(definition)
    art = timed("board", lambda: render_board(definition, dpi))
    entries = {"images/board.png": timed("board", lambda: png_bytes(art.image))}

    def pieces_step() -> None:
        painter = CounterPainter(definition)
        for piece in pieces:
            for face in ("front", "back"):
                name = image_name(piece.counter, face)
                if name in piece.images:
                    entries["images/" + name] = png_bytes(painter.render(piece.counter, face, piece_size))

    pieces = timed("pieces", lambda: piece_definitions(definition))
    piece_size = round(COUNTER_INCHES * dpi)
    timed("pieces", pieces_step)
    charts = timed("charts+cards", lambda: _chart_images(definition, entries))
    first_gpid = max((piece.gpid for piece in pieces), default=0) + 1
    decks = timed("charts+cards", lambda: deck_plans(definition, art, pieces, dpi, first_gpid))
    timed("charts+cards", lambda: _card_images(definition, decks, entries))

    def module_files() -> None:
        parts = ModuleParts(definition, art, pieces, piece_size, charts=charts, decks=decks)
        writer = SetupWriter(definition, art, pieces, decks, piece_size)
        for scenario in definition.scenarios:
            file = f"{scenario.id}.vsav"
            entries[file] = save_bytes(writer.commands(scenario), module_name(definition), "1.0")
            parts.setups.append((scenario.name, file))
        entries[parts.help_file] = help_page(definition, charts).encode("utf-8")
        entries["buildFile.xml"] = build_file(parts)
        entries["moduledata"] = moduledata(definition)

    timed("setups+buildfile", module_files)
    archive = timed("archive", lambda: zip_bytes(entries))
    with tempfile.TemporaryDirectory() as scratch:
        timed("write", lambda: write_bytes_atomic(Path(scratch) / f"{game.name}.vmod", archive))
    if timed("build_module()", lambda: build_module(definition)) != archive:
        print(f"  note: the breakdown no longer matches build_module for {game.name}; update this script")
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3, help="whole processes per game")
    arguments = parser.parse_args()
    games = arguments.games or sorted(
        p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists()
    )
    medians = {}
    for game in games:
        times = whole_processes(game, arguments.runs)
        medians[game.name] = statistics.median(times)
        print(
            f"{game.name:<12} wgc build  min {min(times):5.2f} s  median {medians[game.name]:5.2f} s  "
            f"({len(times)} runs: {', '.join(f'{t:.2f}' for t in times)})"
        )
        steps = breakdown(game)
        print("             in process  " + "  ".join(f"{label} {t:.2f}" for label, t in steps.items()))
    if TARGET_GAME in medians:
        verdict = "meets" if medians[TARGET_GAME] < TARGET_SECONDS else "misses"
        print(
            f"median whole `wgc build` for {TARGET_GAME}: {medians[TARGET_GAME]:.2f} s "
            f"({verdict} the {TARGET_SECONDS:g} s target)"
        )


if __name__ == "__main__":
    main()
