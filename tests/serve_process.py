"""Helpers for the tests that run `wgc serve` as a real process: start it on a free port, call it,
and end it by its PID."""

from __future__ import annotations

import json
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

from tests.conftest import ROOT

Json = dict[str, Any]
STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(data: Path, port: int, *games: str, root: Path = ROOT) -> Iterator[subprocess.Popen[bytes]]:
    """`wgc serve` of ``games`` (Battle for Moscow if none) on ``port``, from the wgc checkout in
    ``root`` (this one unless a bench compares another); ended by its PID."""
    command = [
        sys.executable,
        "-c",
        "from compiler.cli.main import main; main()",
        "serve",
        *(str(root / "source_data" / g) for g in games or ("battle-for-moscow",)),
        "--port",
        str(port),
        "--data",
        str(data),
    ]
    process = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
