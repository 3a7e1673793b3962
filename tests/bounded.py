"""Run `wgc` in a child process with a time limit and an address-space cap, and measure
its peak memory: a test of a limit must not take the machine down when it fails."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_CHILD = """
import atexit, os, resource, sys
def _peak():
    # VmHWM is this program's own high-water mark. ru_maxrss is not, on Linux: exec keeps the
    # larger of it and the RSS of the forked parent (a pytest process of some 200 MB).
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        with open("/proc/self/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError):
        pass
    with open(os.environ["WGC_PEAK_FILE"], "w") as stream:
        stream.write(str(peak))
atexit.register(_peak)
from compiler.cli.main import cli
sys.argv[0] = "wgc"
cli(args=sys.argv[1:], prog_name="wgc")
"""


@dataclass
class Outcome:
    exit_code: int | None  # None: killed at the time limit
    stdout: str
    stderr: str
    peak_mb: float | None  # None: the child did not get to report it


def run_wgc(
    args: list[str],
    tmp_path: Path,
    timeout: float = 60,
    memory_mb: int = 1500,
    cpu_seconds: int | None = None,
) -> Outcome:
    """``wgc ARGS`` in a child capped at ``memory_mb`` of address space and ``timeout`` seconds
    (and ``cpu_seconds`` of CPU time, which a loaded machine does not stretch: past it the child
    is killed, and its exit code is negative)."""
    peak_file = tmp_path / "peak-kb.txt"
    peak_file.unlink(missing_ok=True)

    def cap_memory() -> None:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if cpu_seconds is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))

    environment = {**os.environ, "WGC_PEAK_FILE": str(peak_file)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, *args],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            preexec_fn=cap_memory,
            env=environment,
        )
    except subprocess.TimeoutExpired as exc:
        return Outcome(None, _text(exc.stdout), _text(exc.stderr), None)
    peak = float(peak_file.read_text()) / 1024 if peak_file.exists() else None
    return Outcome(done.returncode, done.stdout, done.stderr, peak)


def _text(data: bytes | str | None) -> str:
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return data or ""
