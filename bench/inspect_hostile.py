"""Time and peak memory of `wgc inspect` and `wgc import` on every hostile module so far
(issues 10, 19 and 28: tests/inspect_hostile.py's HOSTILE, which tests/test_hostile_bounded.py
runs under caps).

    .venv/bin/python bench/inspect_hostile.py [--timeout SECONDS] [--memory MIB]

Each module is inspected (or imported) in a child process of its own, limited to --memory MiB
of address space (default 3072) and --timeout seconds (default 120), so that a run that would
take the machine's memory stops instead. Prints, per module: its size, wall and CPU time, the
child's peak resident memory, and how it ended (its last line of output, or the error that
stopped it). A floor is measured the same way: the interpreter and the command's imports alone.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.processes import user_environment  # noqa: E402
from tests import inspect_hostile as hostile  # noqa: E402

CHILD = """
import sys, tempfile
sys.path.insert(0, sys.argv[1])
from compiler.cli.main import cli
from compiler.vassal.inspect import inspect_module
if len(sys.argv) > 2:
    command, module = sys.argv[2], sys.argv[3]
    extra = ["-o", tempfile.mkdtemp() + "/game"] if command == "import" else []
    cli(args=[command, module, *extra], prog_name="wgc")
"""


def run_child(
    module: Path | None, command: str, timeout: float, memory: int
) -> tuple[float, float, int, str]:
    """(wall s, CPU s, peak RSS in MiB, how it ended) of one command in a child process."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory << 20, memory << 20))

    arguments = [sys.executable, "-c", CHILD, str(ROOT)] + ([command, str(module)] if module else [])
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
        ended = _last_line(out.decode()) or _last_line(err.decode(), "error: ") or "no output"
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        ended = f"stopped after {timeout:.0f} s"
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss >> 10, ended


def _last_line(text: str, prefix: str = "") -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return (prefix + lines[-1][:150]) if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory", type=int, default=3072, help="address space limit, MiB")
    options = parser.parse_args()
    print(f"{'module':48} {'size':>11} {'wall':>8} {'CPU':>8} {'peak':>8}  ended")
    with tempfile.TemporaryDirectory() as folder:
        rows: list[tuple[str, str, Path | None, int]] = [("floor: interpreter + imports", "", None, 0)]
        for case in hostile.HOSTILE:
            data = case.build()
            path = Path(folder) / f"case{len(rows)}.vmod"
            path.write_bytes(data)
            rows.append((f"{case.command} {case.name}", case.command, path, len(data)))
        for name, command, path, size in rows:
            # Each child's figures come from its own fork: RUSAGE_CHILDREN sums CPU over
            # children and keeps their highest peak, so run each in a fresh process of ours.
            wall, cpu, peak, ended = _isolated(path, command, options.timeout, options.memory)
            print(f"{name[:48]:48} {size:>11,} {wall:>7.2f}s {cpu:>7.2f}s {peak:>6} MiB  {ended[:80]}")


def _isolated(path: Path | None, command: str, timeout: float, memory: int) -> tuple[float, float, int, str]:
    """run_child in a forked copy of this process, so that the child usage is its own."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        figures = run_child(path, command, timeout, memory)
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
