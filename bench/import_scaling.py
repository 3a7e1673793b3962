"""How `wgc import` and `wgc build` of the import grow with a module's setups.

    .venv/bin/python bench/import_scaling.py [SETUPS ...]     # default: 1 10 100 400

A synthetic module (one map, 30 palette slots, each setup a saved game of 300 placed pieces,
every fifth of them in a stack) is written for each number of setups, then `wgc import` and
`wgc build` of the imported folder run as a user's shell runs them. Per size it prints the wall
and CPU time and the peak resident memory of each command, and the size of the imported
folder; then the exponent of a least-squares fit of time against setups in log-log, over the
sizes from 10 up (the one-setup run is mostly start-up) and over the cost above the one-setup
run. Cost that grows with the module, not with setups x pieces, fits an exponent of 1.

The machine is shared: compare the sizes of one run, not runs of different days.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.processes import user_environment
from compiler.vassal.pieces import Trait, add_piece, basic_piece, marker
from tests.inspect_modules import (
    board_xml,
    map_xml,
    module,
    palette,
    png,
    save,
    setup_xml,
    slot,
    square_grid,
    stack_command,
)

SLOTS = 30
PIECES = 300
SIZES = (1, 10, 100, 400)


def synthetic_module(setups: int, pieces: int = PIECES) -> bytes:
    """A module of ``setups`` saved games, each placing ``pieces`` pieces of 30 palette slots."""
    board = board_xml("Field", square_grid(50.0, 50.0, 25, 25, ""), "field.png")
    slots = [slot(f"Unit {n}", n + 1, _unit(n, "null", 0, 0)) for n in range(SLOTS)]
    setups_xml = "".join(setup_xml(f"Setup {s}", f"setup-{s}.vsav") for s in range(setups))
    body = map_xml("Main", board) + palette(slots) + setups_xml
    files: dict[str, bytes] = {"images/field.png": png(1000, 1000)}
    files.update({f"images/unit-{n}.png": png(40, 40, 40 + 5 * n) for n in range(SLOTS)})
    for s in range(setups):
        files[f"setup-{s}.vsav"] = save("Scaling", _commands(s, pieces))
    return module("Scaling", body, files)


def _unit(n: int, map_name: str, x: int, y: int, strength: int | None = None) -> list[Trait]:
    return [
        marker(
            {"Strength": str(n % 7 + 1 if strength is None else strength), "Side": "Red" if n % 2 else "Blue"}
        ),
        basic_piece(f"unit-{n}.png", f"Unit {n}", map_name, x, y, str(n + 1)),
    ]


def _commands(setup: int, pieces: int) -> list[str]:
    """Pieces spread over the board (a different spread per setup), every fifth one stacked,
    three in ten with a strength of their own."""
    commands: list[str] = []
    for p in range(pieces):
        x, y = 25 + 50 * ((p * 7 + setup) % 20), 25 + 50 * ((p * 3 + setup) % 20)
        piece_id = str(1000 + p)
        worn = p % 10 if p % 10 < 3 else None  # a few pieces whose state is not their slot's
        commands.append(add_piece(piece_id, _unit((p + setup) % SLOTS, "Main", x, y, worn)))
        if p % 5 == 4:
            commands.append(stack_command(str(100000 + p), "Main", x, y, [piece_id]))
    return commands


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mib: float
    status: int


def run_wgc(args: list[str]) -> Run:
    """One `wgc` command as a user's shell runs it: its wall and CPU time and peak memory."""
    wgc = Path(sys.executable).with_name("wgc")
    start = time.perf_counter()
    child = subprocess.Popen(
        [str(wgc), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=user_environment()
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode)


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def exponent(points: list[tuple[float, float]]) -> float:
    """The slope of log(y) against log(x), least squares."""
    logs = [(math.log(x), math.log(y)) for x, y in points if x > 0 and y > 0]
    if len(logs) < 2:
        return float("nan")
    mean_x = sum(x for x, _ in logs) / len(logs)
    mean_y = sum(y for _, y in logs) / len(logs)
    spread = sum((x - mean_x) ** 2 for x, _ in logs)
    return sum((x - mean_x) * (y - mean_y) for x, y in logs) / spread if spread else float("nan")


def measure(setups: int, scratch: Path) -> tuple[Run, Run, int, int]:
    path = scratch / f"scaling-{setups}.vmod"
    path.write_bytes(synthetic_module(setups))
    folder = scratch / f"game-{setups}"
    imported = run_wgc(["import", str(path), "-o", str(folder)])
    built = run_wgc(["build", str(folder), "-o", str(scratch / f"built-{setups}")])
    return imported, built, path.stat().st_size, folder_bytes(folder)


def main(sizes: list[int]) -> None:
    rows: dict[int, tuple[Run, Run, int, int]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for setups in sizes:
            rows[setups] = found = measure(setups, Path(scratch))
            imported, built, module_size, folder_size = found
            print(
                f"{setups:4d} setups x {PIECES} pieces ({module_size / 1e6:6.1f} MB): "
                f"import {imported.wall:6.2f} s (CPU {imported.cpu:6.2f} s) {imported.peak_mib:6.0f} MiB; "
                f"build {built.wall:6.2f} s (CPU {built.cpu:6.2f} s) {built.peak_mib:6.0f} MiB; "
                f"folder {folder_size / 1e6:6.1f} MB; exit {imported.status}/{built.status}",
                flush=True,
            )
    _print_fits(rows)


def _run(row: tuple[Run, Run, int, int], index: int) -> Run:
    return row[0] if index == 0 else row[1]


def _print_fits(rows: dict[int, tuple[Run, Run, int, int]]) -> None:
    large = [n for n in rows if n >= 10]
    least = min(rows)
    for index, command in ((0, "import"), (1, "build")):
        cpu = {n: _run(rows[n], index).cpu for n in rows}
        whole = exponent([(n, cpu[n]) for n in large])
        above = exponent([(n - least, cpu[n] - cpu[least]) for n in large if n > least])
        print(f"{command}: CPU time ~ setups^{whole:.2f} (from 10 setups); ", end="")
        print(f"what it costs above the {least}-setup run ~ ^{above:.2f}")
        peak = {n: _run(rows[n], index).peak_mib for n in rows}
        grown = exponent([(n - least, peak[n] - peak[least]) for n in large if n > least])
        print(f"{command}: peak memory above the {least}-setup run ~ setups^{grown:.2f}")
    folder = exponent([(n, rows[n][3]) for n in large])
    print(f"imported folder size ~ setups^{folder:.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or list(SIZES))
