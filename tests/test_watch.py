"""`wgc build --watch`: a save rebuilds its game from the cache; Ctrl-C ends with exit 0.

The rebuild is driven directly (no waiting on the file system); one short real run
checks the watcher, the printed diagnostics and Ctrl-C, with generous time-outs that
only a hang would reach.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from compiler.build import BuildOptions, build
from compiler.watch import Rebuilder, watch

from .conftest import GameCopy

OPTIONS = BuildOptions(run_replays=False)


def _renamed_yiftach(data: Any) -> None:
    next(c for c in data["counters"] if c["id"] == "yiftach")["name"] = "YIFTACH BIS"


def test_only_saved_sources_of_a_watched_game_rebuild(israel: GameCopy, tmp_path: Path) -> None:
    out = israel.root / "build"  # an output folder inside the game: its writes are no changes
    rebuilder = Rebuilder([israel.root], ("module",), out, OPTIONS)
    assert rebuilder.games_of([israel.root / "counters.json"]) == [israel.root.resolve()]
    assert rebuilder.games_of([israel.root / "scenarios" / "onslaught.json"]) == [israel.root.resolve()]
    ignored = [
        out / "israel1948" / "summary.json",
        israel.root / ".counters.json.swp",
        israel.root / "~counters.json",
        israel.root / "notes.txt",
        tmp_path / "elsewhere.json",
    ]
    assert rebuilder.games_of(ignored) == []
    assert rebuilder.rebuild(ignored) is None


def test_a_rebuild_redraws_the_changed_counter_and_matches_a_clean_build(
    israel: GameCopy, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert build([israel.root], ("module",), out, OPTIONS).ok
    israel.edit("counters.json", _renamed_yiftach)
    done = Rebuilder([israel.root], ("module",), out, OPTIONS).rebuild([israel.root / "counters.json"])
    assert done is not None and done.result.ok and done.seconds > 0
    assert done.result.games[0].redrawn == ["counter yiftach front", "counter yiftach back", "chart units"]
    clean = tmp_path / "clean"
    assert build([israel.root], ("module",), clean, BuildOptions(run_replays=False, use_cache=False)).ok
    assert (out / "israel1948.vmod").read_bytes() == (clean / "israel1948.vmod").read_bytes()


def _lines(stream: IO[str]) -> queue.Queue[str]:
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue[str], text: str, seen: list[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not any(text in line for line in seen):
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no '{text}' in: {''.join(seen)}"
        try:
            seen.append(lines.get(timeout=remaining))
        except queue.Empty:
            continue


def test_watching_rebuilds_on_a_save_and_ctrl_c_exits_0(israel: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [str(Path(sys.executable).parent / "wgc"), "build", str(israel.root), "-o", str(out)]
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [*command, "--watch", "--no-replays"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment,
    )
    try:
        assert process.stdout is not None
        lines, seen = _lines(process.stdout), []
        _wait_for(lines, "Ctrl-C stops", seen)
        first = (out / "israel1948.vmod").read_bytes()
        israel.edit("counters.json", _renamed_yiftach)
        _wait_for(lines, "rebuilt israel1948", seen)
        assert any("drew 3 images" in line for line in seen)  # the two faces and the chart showing them
        assert (out / "israel1948.vmod").read_bytes() != first
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
        _wait_for(lines, "stopped watching", seen)
        assert "Traceback" not in "".join(seen)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _wait_until(condition: Any, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.05)


def test_a_game_folder_removed_and_made_again_is_watched_again(israel: GameCopy, tmp_path: Path) -> None:
    """Issue 19, item 19: the watch died with the folder, and saves were rebuilt no more."""
    out = tmp_path / "out"
    assert build([israel.root], ("module",), out, OPTIONS).ok
    rebuilds: list[Any] = []
    folders: list[tuple[Path, bool]] = []
    stop, ready = threading.Event(), threading.Event()
    rebuilder = Rebuilder([israel.root], ("module",), out, OPTIONS)
    watcher = threading.Thread(
        target=watch,
        args=(rebuilder, rebuilds.append, stop, ready.set, lambda f, p: folders.append((f, p))),
        daemon=True,
    )
    watcher.start()
    try:
        assert ready.wait(60)
        saved = tmp_path / "saved"
        shutil.move(israel.root, saved)  # the folder goes away ...
        _wait_until(lambda: (israel.root.resolve(), False) in folders, "the folder to be reported gone")
        assert all(r.result.ok for r in rebuilds)  # nothing built from a folder that is not there
        shutil.copytree(saved, israel.root)  # ... and comes back, another folder by the same name
        _wait_until(lambda: (israel.root.resolve(), True) in folders, "the folder to be reported back")
        _wait_until(lambda: rebuilds and rebuilds[-1].result.ok, "the rebuild of the folder that came back")
        count = len(rebuilds)
        israel.edit("counters.json", _renamed_yiftach)  # a save in the new folder is seen
        _wait_until(lambda: len(rebuilds) > count, "a rebuild after a save in the new folder")
        assert rebuilds[-1].result.games[0].redrawn == [
            "counter yiftach front",
            "counter yiftach back",
            "chart units",
        ]
    finally:
        stop.set()
        watcher.join(60)
