"""How fast `wgc import` turns a large module into a game folder.

    .venv/bin/python bench/import_speed.py MODULE.vmod [MODULE.vmod ...]

For each module (Paths of Glory is the large one the target is set for: under 5 s), best of
three: the whole import in this process (wall and CPU time, CPU summed over both threads), and
beside it its floor, `wgc inspect` of the same module (import reads the module through it);
then one run of the `wgc` command itself, as a user's shell starts it (its wall time and peak
resident memory). The machines are shared: CPU time is the steadier figure, wall time what a
user waits.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.processes import user_environment
from compiler.importer import import_module
from compiler.vassal.inspect import inspect_module


def timed(runs: int, action: Callable[[], object]) -> tuple[float, float]:
    """(best wall-clock time, best CPU time) of a few runs."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main(modules: list[str]) -> None:
    for path in map(Path, modules):
        with tempfile.TemporaryDirectory() as scratch:
            print(measure(path, Path(scratch) / "game"))


def measure(path: Path, folder: Path) -> str:
    def run() -> None:
        shutil.rmtree(folder, ignore_errors=True)
        import_module(path, folder)

    wall, cpu = timed(3, run)
    floor_wall, floor_cpu = timed(3, lambda: inspect_module(path))
    shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    wgc = Path(sys.executable).with_name("wgc")
    subprocess.run(
        [str(wgc), "import", str(path), "-o", str(folder)], capture_output=True, env=user_environment()
    )
    command = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux
    files = sum(1 for p in folder.rglob("*") if p.is_file())
    return (
        f"{path.name} ({path.stat().st_size / 1e6:.0f} MB): import {wall:.2f} s (CPU {cpu:.2f} s), "
        f"of which inspect alone {floor_wall:.2f} s (CPU {floor_cpu:.2f} s); "
        f"`wgc import` {command:.2f} s, peak memory {peak:.0f} MiB; {files} files written"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
