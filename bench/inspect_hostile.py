"""Time and peak memory of `wgc inspect` on the hostile modules of issue 19 (items 13-15).

    .venv/bin/python bench/inspect_hostile.py [--timeout SECONDS] [--memory MIB]

Each module (tests/inspect_hostile.py) is inspected in a child process of its own, limited to
--memory MiB of address space (default 3072) and --timeout seconds (default 120), so that a
run that would take the machine's memory stops instead. Prints, per module: its size, wall and
CPU time, the child's peak resident memory, and how it ended (findings, or the error that
stopped it). A floor is measured the same way: the interpreter and inspect's imports alone.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.processes import user_environment  # noqa: E402
from tests import inspect_hostile as hostile  # noqa: E402

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from compiler.vassal.inspect import inspect_module
if len(sys.argv) > 2:
    result = inspect_module(Path(sys.argv[2]))
    print(f"{len(result.findings)} finding(s): " + ", ".join(sorted({f.code for f in result.findings})))
"""

CASES: list[tuple[str, Callable[[], bytes]]] = [
    ("13: 2 refs x 19 levels", lambda: hostile.calculated_graph(2, 19)),
    ("13: 20 refs x 6 levels", lambda: hostile.calculated_graph(20, 6)),
    ("13: 150 refs x 5 levels", lambda: hostile.calculated_graph(150, 5)),
    ("14: 60 prototypes, each using the next twice", lambda: hostile.prototype_graph(60, 2)),
    ("15: 200,000 attributes on one element", lambda: hostile.many_attributes(200_000)),
]


def run_child(module: Path | None, timeout: float, memory: int) -> tuple[float, float, int, str]:
    """(wall s, CPU s, peak RSS in MiB, how it ended) of one inspection in a child process."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory << 20, memory << 20))

    arguments = [sys.executable, "-c", CHILD, str(ROOT)] + ([str(module)] if module else [])
    start = time.perf_counter()
    child = subprocess.Popen(
        arguments,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=limit,
        env=user_environment(),
    )
    try:
        out, err = child.communicate(timeout=timeout)
        ended = out.decode().strip() or _last_line(err.decode())
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        ended = f"stopped after {timeout:.0f} s"
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss >> 10, ended


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return ("error: " + lines[-1][:150]) if lines else "no output"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory", type=int, default=3072, help="address space limit, MiB")
    options = parser.parse_args()
    print(f"{'module':48} {'size':>9} {'wall':>8} {'CPU':>8} {'peak':>8}  ended")
    with tempfile.TemporaryDirectory() as folder:
        rows: list[tuple[str, Path | None, int]] = [("floor: interpreter + imports", None, 0)]
        for name, build in CASES:
            data = build()
            path = Path(folder) / f"case{len(rows)}.vmod"
            path.write_bytes(data)
            rows.append((name, path, len(data)))
        for name, path, size in rows:
            # Each child's figures come from its own fork: RUSAGE_CHILDREN sums CPU over
            # children and keeps their highest peak, so run each in a fresh process of ours.
            wall, cpu, peak, ended = _isolated(path, options.timeout, options.memory)
            print(f"{name:48} {size:>9,} {wall:>7.2f}s {cpu:>7.2f}s {peak:>6} MiB  {ended}")


def _isolated(path: Path | None, timeout: float, memory: int) -> tuple[float, float, int, str]:
    """run_child in a forked copy of this process, so that the child usage is its own."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        figures = run_child(path, timeout, memory)
        os.write(write, json.dumps(figures).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as stream:
        text = stream.read()
    os.waitpid(pid, 0)
    wall, cpu, peak, ended = json.loads(text)
    return float(wall), float(cpu), int(peak), str(ended)


if __name__ == "__main__":
    main()
