#!/usr/bin/env python3
"""Time `wgc build --watch`: from saving a one-counter change to the new module on disk.

For each game, a copy is watched by a real `wgc build --watch` process (replays run, as
by default). The script recolours the front of the game's first counter (a change no
replay pins down), saves counters.json, and waits for the module's bytes to change; the
figure is the time from the save to the new module, beside the rebuild's own time as the
watcher prints it. The target: under 0.5 s. Compare
within one run: the machine is shared.

    .venv/bin/python bench/watch_speed.py [--changes 5] [GAME_DIR ...]
"""

from __future__ import annotations

import argparse
import json
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.5


def start_watching(game: Path, out: Path) -> tuple[subprocess.Popen[str], queue.Queue[str]]:
    wgc = str(Path(sys.executable).parent / "wgc")
    process = subprocess.Popen(
        [wgc, "build", str(game), "-o", str(out), "--watch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    wait_for(lines, "Ctrl-C stops")
    return process, lines


def wait_for(lines: queue.Queue[str], text: str, timeout: float = 120) -> str:
    deadline = time.monotonic() + timeout
    while True:
        line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        if text in line:
            return line


def one_change(game: Path, module: Path, lines: queue.Queue[str], step: int) -> tuple[float, float]:
    """Seconds from the save to the new module, and the rebuild's own seconds."""
    before = module.read_bytes()
    counters = game / "counters.json"
    data = json.loads(counters.read_text(encoding="utf-8"))
    data["counters"][0]["front"]["background"] = ("#e4dcc4", "#dce4c4")[step % 2]
    text = json.dumps(data, indent=2, ensure_ascii=False)
    start = time.perf_counter()
    counters.write_text(text, encoding="utf-8")
    while module.read_bytes() == before:  # an atomic rename: the old bytes, or all the new ones
        if time.perf_counter() - start > 60:
            raise SystemExit(f"{game.name}: no new module a minute after the save")
        time.sleep(0.002)
    seen = time.perf_counter() - start
    rebuilt = wait_for(lines, "rebuilt ")
    match = re.search(r"in ([0-9.]+) s", rebuilt)
    return seen, float(match.group(1)) if match else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", type=Path)
    parser.add_argument("--changes", type=int, default=5)
    arguments = parser.parse_args()
    games = arguments.games or sorted(
        p for p in (ROOT / "source_data").iterdir() if (p / "game.json").exists()
    )
    for source in games:
        with tempfile.TemporaryDirectory() as scratch:
            game = Path(scratch) / source.name
            shutil.copytree(source, game)
            game_id = json.loads((game / "game.json").read_text())["id"]
            process, lines = start_watching(game, Path(scratch) / "out")
            try:
                module = Path(scratch) / "out" / f"{game_id}.vmod"
                times = [one_change(game, module, lines, step) for step in range(arguments.changes)]
            finally:
                process.send_signal(signal.SIGINT)
                code = process.wait(timeout=60)
        seen = [t for t, _ in times]
        own = [t for _, t in times]
        verdict = "meets" if statistics.median(seen) < TARGET else "misses"
        print(
            f"{source.name:<12} save -> new module: median {statistics.median(seen):.2f} s "
            f"(min {min(seen):.2f}, max {max(seen):.2f}); the rebuild itself {statistics.median(own):.2f} s; "
            f"{verdict} the {TARGET} s target; Ctrl-C exit code {code}"
        )


if __name__ == "__main__":
    main()
