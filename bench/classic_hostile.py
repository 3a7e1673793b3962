"""Classic games with odd data (issue 28, also probe): each case edits the game `wgc new` writes
(zero, negative or huge costs and values, an empty CRT, a sequence that never ends a turn, retreats
with no legal hex ...) and runs `wgc validate` (its replays too) and `wgc simulate` on it; then
`wgc replay` on replays of 2000 and of a million steps.

    .venv/bin/python bench/classic_hostile.py [--games N] [--memory MIB] [--case NAME]

Each command runs in a child process of its own (tests/bounded.py: capped in address space, its
own high-water mark measured). Prints, per case and command: exit code, wall time, peak resident
memory, whether a traceback was printed, and the last line of output.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bounded import run_wgc  # noqa: E402

Edit = Callable[[dict[str, Any]], None]


def _enter(cost: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        for terrain in files["terrain.json"]["terrain"]:
            if terrain.get("kind") == "hex":
                terrain["movement"]["enter"] = {"foot": cost, "mechanised": cost}

    return edit


def _values(strength: Any, movement: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        values = files["game.json"]["counter_values"]
        values[0]["max"] = max(30, strength) if isinstance(strength, int) else 30
        values[1]["max"] = max(20, movement) if isinstance(movement, int) else 20
        for counter in files["counters.json"]["counters"]:
            for face in ("front", "back"):
                values = counter.get(face, {})
                if "strength" in values:
                    values["strength"], values["movement"] = strength, movement

    return edit


def _crt(columns: list[str], rows: list[Any]) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        table = files["charts.json"]["tables"][0]
        table["columns"], table["rows"] = columns, rows

    return edit


def _sequence(phases: list[dict[str, Any]]) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        files["game.json"]["sequence_of_play"] = phases

    return edit


def _retreat(**changes: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        files["charts.json"]["combat"]["retreat"].update(changes)
        for result in files["charts.json"]["combat"]["results"].values():
            for who in ("attacker", "defender"):
                if "retreat" in result.get(who, {}):
                    result[who]["retreat"] = 9

    return edit


def _terrain_combat(**changes: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        for terrain in files["terrain.json"]["terrain"]:
            if "combat" in terrain:
                kept = ("summary", "applies")
                terrain["combat"] = {k: v for k, v in terrain["combat"].items() if k in kept}
                terrain["combat"].update(changes)

    return edit


def _turns(last: int) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        files["game.json"]["turns"]["labels"] = list(range(1, last + 1))
        files["scenarios/the-river-line.json"]["turns"]["last"] = last

    return edit


def _supply(range_: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        files["game.json"]["rules"]["supply"]["range"] = range_

    return edit


def _stacking(limit: Any) -> Edit:
    def edit(files: dict[str, Any]) -> None:
        files["game.json"]["stacking"]["limit"] = limit

    return edit


ONE_PHASE = {"id": "p", "name": "Supply Phase", "kind": "supply", "player": "both"}
CASES: dict[str, Edit] = {
    "enter cost 0": _enter(0),
    "enter cost -1": _enter(-1),
    "enter cost 1e300": _enter(1e300),
    "enter cost 10**30": _enter(10**30),
    "road along 0": lambda f: f["terrain.json"]["terrain"][6]["movement"].update({"along": 0}),
    "strength 0 movement 0": _values(0, 0),
    "strength -3": _values(-3, 3),
    "strength 10**18": _values(10**18, 3),
    "movement 10**9": _values(4, 10**9),
    "strength 1.5e308": _values(1.5e308, 3),
    "crt no rows": _crt(["1-1"], []),
    "crt no columns": _crt([], [{"roll": 1, "results": []}]),
    "crt odd columns": _crt(["0-1", "1-0", "9-1"], [{"roll": r, "results": ["DE"] * 3} for r in range(1, 7)]),
    "sequence empty": _sequence([]),
    "sequence one supply phase": _sequence([ONE_PHASE]),
    "retreat 9 blocked eliminated": _retreat(),
    "retreat 9 by the enemy, zoc step-loss": _retreat(
        chosen_by="enemy", enemy_zoc="step-loss", blocked="step-loss"
    ),
    "retreat 9 zoc allowed, not negated": _retreat(enemy_zoc="allowed", negated_by_friendly_units=False),
    "retreat 99 (past the schema)": lambda f: f["charts.json"]["combat"]["results"]["DR"]["defender"].update(
        retreat=99
    ),
    "column shift -1000": _terrain_combat(column_shift=-1000),
    "column shift 10**9": _terrain_combat(column_shift=10**9),
    "drm 10**9": _terrain_combat(drm=10**9),
    "defense multiplier 0": _terrain_combat(defense_multiplier=0),
    "defense multiplier 1e300": _terrain_combat(defense_multiplier=1e300),
    "supply range 0": _supply(0),
    "supply range 10**9": _supply(10**9),
    "stacking 0": _stacking(0),
    "stacking 10**9": _stacking(10**9),
    "1000 turns": _turns(1000),
}


def long_replay(steps: int, step: dict[str, Any]) -> dict[str, Any]:
    """A replay of the scenario made of ``steps`` copies of one step (the schema allows 2000)."""
    return {
        "$schema": "../../schemas/replay.schema.json",
        "name": f"{steps} steps",
        "scenario": "the-river-line",
        "steps": [step] * steps,
    }


REPLAYS = {
    "replay of 2000 phase ends": long_replay(2000, {"end_phase": True}),
    "replay of 10**6 phase ends": long_replay(10**6, {"end_phase": True}),
    "replay of 10**6 empty expects": long_replay(10**6, {"expect": {}}),
}


def load(game: Path) -> dict[str, Any]:
    return {
        str(path.relative_to(game)): json.loads(path.read_text())
        for path in sorted(game.rglob("*.json"))
        if not str(path.relative_to(game)).startswith("replays/")
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20, help="games simulate plays per case")
    parser.add_argument("--memory", type=int, default=2048, help="address space limit, MiB")
    parser.add_argument("--timeout", type=int, default=300, help="wall seconds per command")
    parser.add_argument("--case", action="append", help="only this case (repeatable)")
    options = parser.parse_args()
    print(f"{'case':32} {'command':9} {'exit':>4} {'wall':>8} {'peak':>9} tb  last line", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        run_wgc(["new", str(work / "base")], work, timeout=120, memory_mb=options.memory)
        base = load(work / "base")
        for number, (name, edit) in enumerate(CASES.items()):
            if options.case and name not in options.case:
                continue
            game = work / f"case{number}"
            run_wgc(["new", str(game)], work, timeout=120, memory_mb=options.memory)
            files = json.loads(json.dumps(base))
            edit(files)
            for relative, data in files.items():
                (game / relative).write_text(json.dumps(data))
            commands = [["validate", str(game)], ["simulate", str(game), "--games", str(options.games)]]
            run_case(name, work, commands, options)
        for name, replay in REPLAYS.items():
            if options.case and name not in options.case:
                continue
            path = work / "long-replay.json"
            path.write_text(json.dumps(replay, separators=(",", ":")))
            label = f"{name} ({path.stat().st_size / 1e6:.0f} MB)"
            run_case(label, work, [["replay", str(work / "base"), str(path)]], options)


def run_case(name: str, work: Path, commands: list[list[str]], options: argparse.Namespace) -> None:
    for command in commands:
        start = time.perf_counter()
        outcome = run_wgc(command, work, timeout=options.timeout, memory_mb=options.memory)
        wall = time.perf_counter() - start
        lines = (outcome.stdout + outcome.stderr).strip().splitlines() or ["(no output)"]
        peak = f"{outcome.peak_mb:.0f} MiB" if outcome.peak_mb is not None else "?"
        traceback = "TB" if "Traceback" in outcome.stderr else "-"
        print(
            f"{name:32} {command[0]:9} {outcome.exit_code!s:>4} {wall:>7.2f}s {peak:>9} "
            f"{traceback:2}  {lines[-1][:90]}",
            flush=True,
        )


if __name__ == "__main__":
    main()
