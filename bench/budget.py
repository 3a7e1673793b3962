#!/usr/bin/env python3
"""Every speed budget in one run: each figure against its target and against the last recorded run.

The machines are shared (up to 8 engineers on 2 cores), so a figure alone says little. Each
measure is therefore taken beside a floor measured in the same run, and compared as a ratio:

- whole processes (`wgc validate`, `wgc build`) against a process that only starts Python and
  imports what it must (wall time, median of several runs, and CPU time);
- work in this process (random games, `wgc inspect`) in CPU seconds against a fixed pure-Python
  workload timed in the same run (``calibration``), so that "games per calibration" compares
  across a busy and a quiet machine.

``bench/baseline.json`` holds the last recorded run; ``--record`` writes this run there. The
last column is this run's ratio over the recorded one: below 1 a measure got slower (for rates)
or faster (for times); the verdict says which way is good.

    .venv/bin/python bench/budget.py [--quick] [--record] [--pog MODULE.vmod]

The Paths of Glory module is a public repository zipped as it is (Cattlesquat/PathsOfGlory;
bench/inspect_speed.py documents it); without --pog, $WGC_POG_MODULE, or else that measure
is left out.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from processes import user_environment  # noqa: E402

BASELINE = ROOT / "bench" / "baseline.json"
GAMES = ROOT / "source_data"
CLASSIC_GAME = ROOT / "tests" / "fixtures" / "classic" / "front-line"
WGC = str(Path(sys.executable).parent / "wgc")


@dataclass
class Figure:
    """One measure of this run: its value, the value over the floor, and what it should be."""

    name: str
    value: float
    unit: str
    ratio: float  # the value over this run's floor (for a rate: games per calibration unit)
    target: str
    met: bool
    higher_is_better: bool
    note: str = ""


# --- floors ------------------------------------------------------------------------------


def calibration() -> float:
    """CPU seconds of a fixed pure-Python workload (dict, list and attribute work, as an
    engine does), best of five: what one unit of this machine's Python costs right now."""

    class Cell:
        __slots__ = ("value",)

        def __init__(self, value: int) -> None:
            self.value = value

    def work() -> int:
        table = {f"h{i}": Cell(i) for i in range(400)}
        total = 0
        for _ in range(900):
            for key, cell in table.items():
                if cell.value % 3 and key[-1] != "7":
                    total += cell.value
            total += len([c for c in table.values() if c.value & 1])
        return total

    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def processes(
    command: list[str], runs: int, environment: dict[str, str] | None = None
) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` whole processes (after one untimed run)."""
    environment = environment or user_environment()
    options = {"cwd": ROOT, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": environment}
    subprocess.run(command, check=False, **options)  # type: ignore[call-overload]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=False, **options)  # type: ignore[call-overload]
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


# --- the measures --------------------------------------------------------------------------


def validate_figure(runs: int) -> list[Figure]:
    floor_wall, floor_cpu = processes([sys.executable, "-c", "import click, jsonschema, lxml.etree"], runs)
    wall, cpu = processes([WGC, "validate", str(GAMES / "israel1948")], runs)
    # Judged on CPU time, which the other engineers' work disturbs less than wall time.
    ratio = cpu / floor_cpu
    return [
        Figure(
            "wgc validate israel1948 (replays kept)",
            cpu,
            "s CPU",
            ratio,
            "<= 1.2 x import floor",
            ratio <= 1.2,
            False,
            f"floor {floor_cpu * 1000:.0f} ms CPU; wall {wall * 1000:.0f} ms = {wall / floor_wall:.2f} x "
            f"the floor's {floor_wall * 1000:.0f} ms",
        )
    ]


def build_figure(runs: int) -> list[Figure]:
    floor_wall, _ = processes([sys.executable, "-c", "import compiler.cli.main"], runs)
    walls, cpus = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as scratch:
            wall, cpu = processes(
                [WGC, "build", str(GAMES / "israel1948"), "-o", str(Path(scratch) / "new")], 1
            )
            walls.append(wall)
            cpus.append(cpu)
    wall = statistics.median(walls)
    return [
        Figure(
            "wgc build israel1948 into a new folder",
            wall,
            "s",
            wall / floor_wall,
            "< 0.5 s",
            wall < 0.5,
            False,
            f"CPU {statistics.median(cpus):.2f} s; floor (python + the CLI) {floor_wall * 1000:.0f} ms",
        )
    ]


def rate(play: Callable[[int], object], games: int, rounds: int) -> float:
    """Median games per CPU second over ``rounds`` batches of ``games`` seeds."""
    rates = []
    for round_number in range(rounds):
        start = time.process_time()
        for seed in range(games):
            play(round_number * games + seed)
        rates.append(games / (time.process_time() - start))
    return statistics.median(rates)


def engine_figures(unit: float, quick: bool) -> list[Figure]:
    from compiler.pipeline import validate_game
    from rules_engine.systems import system_for

    def system(folder: Path):  # type: ignore[no-untyped-def]
        definition = validate_game(folder, run_replays=False).valid
        assert definition is not None, f"{folder} does not validate"
        return system_for(definition)

    rounds = 1 if quick else 3
    measures = [
        ("Onslaught random games (israel1948)", GAMES / "israel1948", "onslaught", 200, 1000.0),
        ("classic random games (front-line)", CLASSIC_GAME, None, 200, 300.0),
        ("Jerusalem! random games (standard)", GAMES / "jerusalem", "standard-game", 20, 100.0),
        ("Raiders random missions (aqaba)", GAMES / "lawrence", "aqaba", 200, 0.0),
    ]
    figures = []
    for name, folder, scenario, games, target in measures:
        engine = system(folder)
        scenario_id = scenario or engine.definition.scenarios[0].id
        engine.play_random(scenario_id, 0)  # warm: tables built on first use
        per_second = rate(lambda seed, e=engine, s=scenario_id: e.play_random(s, seed), games, rounds)
        met = per_second >= target
        figures.append(
            Figure(
                name,
                per_second,
                "games/s CPU",
                per_second * unit,
                f">= {target:g}/s" if target else "-",
                met,
                True,
            )
        )
    return figures


def inspect_figure(module: Path | None, unit: float) -> list[Figure]:
    if module is None or not module.is_file():
        return []
    from compiler.vassal.inspect import inspect_module

    inspect_module(module)
    cpus, walls = [], []
    for _ in range(3):
        start, cpu_start = time.perf_counter(), time.process_time()
        inspect_module(module)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu_start)
    cpu = min(cpus)
    whole_wall, whole_cpu = processes([WGC, "inspect", str(module)], 3)
    return [
        Figure(
            f"wgc inspect {module.name} (whole process)",
            whole_cpu,
            "s CPU",
            whole_cpu / unit,
            "< 1 s",
            whole_cpu < 1.0,
            False,
            f"wall {whole_wall:.2f} s; inspect_module alone {cpu:.2f} s CPU (wall {min(walls):.2f} s)",
        )
    ]


# --- the table -----------------------------------------------------------------------------


def against_baseline(figure: Figure, recorded: dict[str, object]) -> str:
    entry = recorded.get(figure.name)
    if not isinstance(entry, dict) or not entry.get("ratio"):
        return "(new)"
    change = figure.ratio / float(entry["ratio"])
    better = change >= 1 if figure.higher_is_better else change <= 1
    return f"{change:5.2f} x recorded ({'better' if better else 'worse'}; was {float(entry['value']):.3g})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs: a rough reading")
    parser.add_argument("--record", action="store_true", help="write this run to bench/baseline.json")
    parser.add_argument("--pog", type=Path, default=os.environ.get("WGC_POG_MODULE"))
    arguments = parser.parse_args()
    runs = 5 if arguments.quick else 10
    load = os.getloadavg()
    unit = calibration()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(f"calibration: {unit * 1000:.1f} ms of CPU")
    figures = [
        *validate_figure(runs),
        *build_figure(max(3, runs // 2)),
        *engine_figures(unit, arguments.quick),
    ]
    figures += inspect_figure(arguments.pog, unit)
    unit_after = calibration()
    recorded = json.loads(BASELINE.read_text())["figures"] if BASELINE.exists() else {}
    for figure in figures:
        verdict = "meets" if figure.met else "MISSES"
        print(
            f"{figure.name:<44} {figure.value:9.3f} {figure.unit:<12} ratio {figure.ratio:8.3f}  "
            f"{verdict} {figure.target:<22} {against_baseline(figure, recorded)}"
        )
        if figure.note:
            print(f"{'':<46}{figure.note}")
    print(f"calibration again: {unit_after * 1000:.1f} ms of CPU (the machine's load moved by that much)")
    if arguments.record:
        content = {
            "load_average": [round(x, 2) for x in load],
            "calibration_ms": round(unit * 1000, 2),
            "figures": {f.name: {"value": round(f.value, 4), "ratio": round(f.ratio, 4)} for f in figures},
        }
        BASELINE.write_text(json.dumps(content, indent=2, sort_keys=True) + "\n")
        print(f"recorded in {BASELINE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
