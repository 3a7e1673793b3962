#!/usr/bin/env python3
"""Load on wgc serve: scripted websocket clients play N games at once for a bounded time.

Starts `wgc serve` of Battle for Moscow on a free port with a fresh data folder, creates N
hot-seat games, and lets one client per game take the first legal action offered (answering
each question with its first option) over the game's websocket, one action at a time, until
the time is up. A client looks at each new state for ``--think`` seconds before it acts, and
sends at most ``--rate`` actions a second (the server refuses a client past 20 a second, so a
client with no pause would be refused as soon as the server answers fast); a refusal for the
rate is waited out as it says, and counted. Prints the median and 95th percentile of an action's
round trip (sent to the state received) and the actions per second over all games. The server
is ended by its PID.

``--baseline DIR`` runs the same load first against the wgc checkout in DIR (main, say), so
the two sets of figures come from one run on the same machine (compare them, not the figures
of another day).

    .venv/bin/python bench/serve_load.py [--games 50] [--seconds 30] [--think 0.2] [--rate 10]
        [--baseline /work/main]
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from tests.serve_process import free_port, served  # noqa: E402


@dataclass
class Pace:
    """How a scripted player acts: it looks at a state ``think`` seconds, and sends at most
    ``rate`` actions a second."""

    think: float
    rate: float

    def pause_before(self, last_sent: float) -> float:
        return max(self.think, last_sent + 1.0 / self.rate - time.perf_counter(), 0.0)


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    rate_limited: int = 0


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


async def play(port: int, game: tuple[str, str], deadline: float, pace: Pace, tally: Tally) -> None:
    game_id, token = game
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={token}") as socket:
        state = json.loads(await socket.recv())["state"]
        sent = 0.0
        while time.monotonic() < deadline:
            request = next_request(state)
            if request is None:
                return
            await asyncio.sleep(pace.pause_before(sent))
            sent = time.perf_counter()
            await socket.send(json.dumps(request))
            message = json.loads(await socket.recv())
            if message["type"] == "error" and message.get("error") == "rate-limited":
                tally.rate_limited += 1
                await asyncio.sleep(float(message.get("retry_after", 1)))
                continue
            tally.times.append(time.perf_counter() - sent)
            if message["type"] != "state":
                raise RuntimeError(f"the server refused a legal action: {message}")
            state = message["state"]


async def run(port: int, games: list[tuple[str, str]], seconds: float, pace: Pace) -> tuple[Tally, float]:
    tally = Tally()
    start = time.monotonic()
    await asyncio.gather(*(play(port, game, start + seconds, pace, tally) for game in games))
    return tally, time.monotonic() - start


def measure(root: Path, options: argparse.Namespace) -> None:
    """The load on the wgc serve of the checkout in ``root``; its figures printed."""
    port = free_port()
    pace = Pace(options.think, options.rate)
    with tempfile.TemporaryDirectory() as data, served(Path(data), port, root=root):
        games = [create_game(port, seed) for seed in range(options.games)]
        tally, elapsed = asyncio.run(run(port, games, options.seconds, pace))
    times = tally.times
    if not times:
        sys.exit("no action was taken")
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"wgc serve of {root}")
    pace = f"think {options.think} s, at most {options.rate} actions/s each"
    print(f"games at once:   {options.games} ({pace})")
    print(f"actions:         {len(times)} in {elapsed:.1f} s ({len(times) / elapsed:.1f} actions/s)")
    print(f"round trip:      median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")
    print(f"rate-limited:    {tally.rate_limited}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.2, help="seconds a player looks at a state")
    parser.add_argument("--rate", type=float, default=10.0, help="most actions a second a client sends")
    parser.add_argument("--baseline", type=Path, help="a wgc checkout to measure first (main, say)")
    options = parser.parse_args()
    if options.rate <= 0 or options.think < 0 or options.games < 1:
        sys.exit("--rate is above 0, --think at least 0, --games at least 1")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if options.baseline is not None:
        measure(options.baseline.resolve(), options)
        print()
    measure(ROOT, options)


if __name__ == "__main__":
    main()
