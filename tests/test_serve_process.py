"""wgc serve as a real process: killed with SIGKILL in the middle of a game, started again on the
same data, the game goes on at the same state (the question it was asking included)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.conftest import ROOT, SOURCE_DATA

Json = dict[str, Any]
STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(data: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """`wgc serve` on ``port``; ended by its PID when the block ends."""
    command = [
        sys.executable,
        "-c",
        "from compiler.cli.main import main; main()",
        "serve",
        str(SOURCE_DATA / "battle-for-moscow"),
        "--port",
        str(port),
        "--data",
        str(data),
    ]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_up(port, process)
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr is not None:
            process.stderr.close()


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = process.stderr.read().decode() if process.stderr else ""
            raise AssertionError(f"wgc serve stopped: {error}")
        try:
            call(port, "GET", "/api/games")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"wgc serve did not answer within {STARTUP_SECONDS} s")


def call(port: int, method: str, path: str, body: Json | None = None) -> tuple[int, Json]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_game_goes_on_after_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    with served(tmp_path, port) as first:
        status, game = call(
            port,
            "POST",
            "/api/games",
            {"game": "battle-for-moscow", "scenario": "operation-typhoon", "seed": 3},
        )
        assert status == 201
        token = game["seats"]["*"]
        where = f"/api/games/{game['id']}?token={token}"
        actions = f"/api/games/{game['id']}/actions?token={token}"
        asked = False
        for _ in range(60):  # up to the first question an attack asks
            _, view = call(port, "GET", where)
            if view["question"] is not None:
                asked = True
                break
            legal = view["legal"]
            pick = next(
                (a for a in legal if "attack" in a["step"]), legal[-1] if len(legal) < 3 else legal[0]
            )
            status, _ = call(port, "POST", actions, {"steps": view["steps"], "action": pick["step"]})
            assert status == 200
        assert asked and view["steps"] > 3
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
        assert first.returncode == -signal.SIGKILL
    with served(tmp_path, port):
        _, again = call(port, "GET", where)
        assert again == view  # the same units, phase, log and question
        status, answered = call(port, "POST", actions, {"steps": view["steps"], "answer": [0]})
        assert status == 200
        assert answered["steps"] == view["steps"] + 1 or answered["question"] != view["question"]
