#!/usr/bin/env python3
"""Load on wgc serve: scripted websocket clients play N games at once for a bounded time.

Starts `wgc serve` of Battle for Moscow on a free port with a fresh data folder, creates N
hot-seat games, and lets one client per game take the first legal action offered (answering
each question with its first option) over the game's websocket, one action at a time, until
the time is up. Prints the median and 95th percentile of an action's round trip (sent to the
state received) and the actions per second over all games. The server is ended by its PID.

    .venv/bin/python bench/serve_load.py [--games 50] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from tests.serve_process import free_port, served  # noqa: E402


def create_game(port: int, seed: int) -> tuple[str, str]:
    body = json.dumps({"game": "battle-for-moscow", "scenario": "operation-typhoon", "seed": seed}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games", data=body, headers={"content-type": "application/json"}
    )
    while True:
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                game = json.loads(response.read())
            return game["id"], game["seats"]["*"]
        except urllib.error.HTTPError as exc:  # one address creates every game: wait as told
            if exc.code != 429:
                raise
            time.sleep(float(exc.headers.get("retry-after", "1")))


def next_request(state: dict[str, object]) -> dict[str, object] | None:
    """The scripted player's choice: the first option of a question, else the first legal action."""
    question = state.get("question")
    if isinstance(question, dict):
        return {"steps": state["steps"], "answer": list(range(int(question["minimum"]) or 1))}
    legal = state.get("legal")
    if isinstance(legal, list) and legal and not state.get("over"):
        return {"steps": state["steps"], "action": legal[0]["step"]}
    return None


async def play(port: int, game_id: str, token: str, deadline: float, times: list[float]) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={token}") as socket:
        state = json.loads(await socket.recv())["state"]
        while time.monotonic() < deadline:
            request = next_request(state)
            if request is None:
                return
            sent = time.perf_counter()
            await socket.send(json.dumps(request))
            message = json.loads(await socket.recv())
            times.append(time.perf_counter() - sent)
            if message["type"] != "state":
                raise RuntimeError(f"the server refused a legal action: {message}")
            state = message["state"]


async def run(port: int, games: list[tuple[str, str]], seconds: float) -> tuple[list[float], float]:
    times: list[float] = []
    start = time.monotonic()
    await asyncio.gather(*(play(port, g, t, start + seconds, times) for g, t in games))
    return times, time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    options = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    port = free_port()
    with tempfile.TemporaryDirectory() as data, served(Path(data), port):
        games = [create_game(port, seed) for seed in range(options.games)]
        times, elapsed = asyncio.run(run(port, games, options.seconds))
    if not times:
        sys.exit("no action was taken")
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"games at once:   {options.games}")
    print(f"actions:         {len(times)} in {elapsed:.1f} s ({len(times) / elapsed:.1f} actions/s)")
    print(f"round trip:      median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")


if __name__ == "__main__":
    main()
