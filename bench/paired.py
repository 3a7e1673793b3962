#!/usr/bin/env python3
"""Whole `wgc` processes of this checkout and another one, alternating, in one run.

A change's effect on a command is smaller than the load other engineers put on the machine
between two runs, so the two checkouts are timed turn about (the order flips every round),
each command beside the budget's floor (run by both checkouts' Pythons and pooled). The figures are
medians of wall and CPU time (user + system); compare the ratios, not the seconds.

    .venv/bin/python bench/paired.py OTHER_CHECKOUT [--runs 12] [--measure validate --measure build]

OTHER_CHECKOUT is a second worktree with its own .venv (`git worktree add --detach DIR main`,
then `python3 dev.py test` or an install there), usually main beside a branch.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from processes import user_environment

ROOT = Path(__file__).resolve().parent.parent
FLOOR = "import click, jsonschema, lxml.etree"  # bench/budget.py's floor of `wgc validate`
GAME = "source_data/israel1948"


def command(checkout: Path, measure: str, scratch: Path) -> list[str]:
    """The process ``measure`` names, run with ``checkout``'s own Python and code."""
    python, wgc = str(checkout / ".venv" / "bin" / "python"), str(checkout / ".venv" / "bin" / "wgc")
    if measure == "floor":
        return [python, "-c", FLOOR]
    if measure == "validate":
        return [wgc, "validate", str(checkout / GAME)]
    if measure == "build":
        return [wgc, "build", str(checkout / GAME), "-o", str(scratch / "new")]
    raise ValueError(f"unknown measure {measure!r}")


def timed(arguments: list[str], checkout: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        arguments,
        cwd=checkout,
        env=user_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def run_once(checkout: Path, measure: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as scratch:
        return timed(command(checkout, measure, Path(scratch)), checkout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout to compare this one with")
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--measure", action="append", choices=["validate", "build"])
    arguments = parser.parse_args()
    measures = ["floor", *(arguments.measure or ["validate"])]
    checkouts = {"this": ROOT, "other": arguments.other.resolve()}
    for checkout in checkouts.values():  # untimed: .pyc files written, replay outcomes kept
        for measure in measures:
            run_once(checkout, measure)
    figures: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for round_number in range(arguments.runs):
        order = list(checkouts.items()) if round_number % 2 == 0 else list(reversed(checkouts.items()))
        for name, checkout in order:
            for measure in measures:
                figures.setdefault((name, measure), []).append(run_once(checkout, measure))
    # Both floors run the same interpreter and packages: pooled, they are one floor twice as read.
    floor_cpu = statistics.median(cpu for name in checkouts for _, cpu in figures[(name, "floor")])
    for name, checkout in checkouts.items():
        for measure in measures:
            wall = statistics.median(w for w, _ in figures[(name, measure)])
            cpu = statistics.median(c for _, c in figures[(name, measure)])
            print(
                f"{name:<5} {measure:<8} wall {wall * 1000:7.1f} ms  CPU {cpu * 1000:7.1f} ms  "
                f"= {cpu / floor_cpu:5.3f} x the pooled floor's CPU   ({checkout})"
            )


if __name__ == "__main__":
    main()
