#!/usr/bin/env python3
"""Print fingerprints of seeded random games and of built outputs, to compare two commits.

A refactor of an engine or of the back ends should leave both unchanged: run this script on
the commit before and the commit after, and compare the lines. A random game's fingerprint
covers its result, the number of actions taken and the final position as the engine
describes it (``situation()``); a game's line digests every seed of every scenario. An
output's fingerprint is the SHA-256 of the file's bytes (builds are deterministic).

    .venv/bin/python bench/fingerprints.py [--seeds 20] [--games israel1948 ... | FOLDER ...] [--outputs]

Without --games: every game of source_data/ and every classic test game (tests/fixtures/classic,
the game bench/classic_play_speed.py plays among them), so a change to any engine shows. A
--games entry is a game of source_data/ or the path of a game folder.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.pipeline import validate_game  # noqa: E402
from rules_engine.systems import system_for  # noqa: E402


def games_fingerprint(game_dir: Path, seeds: int) -> list[str]:
    """One line per scenario: the digest of ``seeds`` random games and how they ended."""
    report = validate_game(game_dir, run_replays=False)
    definition = report.valid
    if definition is None:
        return [f"{game_dir.name}: does not validate"]
    system = system_for(definition)
    lines = []
    for scenario in definition.scenarios:
        digest = hashlib.sha256()
        results: dict[str, int] = {}
        for seed in range(seeds):
            game = system.play_random(scenario.id, seed)
            text = "\n".join([str(game.result), str(game.state.epoch), *game.situation()])
            digest.update(text.encode("utf-8"))
            results[str(game.result)] = results.get(str(game.result), 0) + 1
        ended = ", ".join(f"{name} {count}" for name, count in sorted(results.items()))
        lines.append(f"{game_dir.name}/{scenario.id}: {digest.hexdigest()[:16]} ({ended})")
    return lines


def outputs_fingerprint(game_dirs: list[Path]) -> list[str]:
    """Build every output of the games into a scratch folder; one line per file."""
    # wgc of this checkout (not the one installed in the venv), so two commits can be compared.
    wgc = [sys.executable, "-c", "from compiler.cli.main import main; main()"]
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        also = ["--also", "sheets", "--also", "map", "--also", "aids"]
        command = [*wgc, "build", "--output", scratch, *also, *map(str, game_dirs)]
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=environment)
        for path in sorted(Path(scratch).rglob("*")):
            if path.is_file() and ".cache" not in path.parts and path.suffix not in {".json"}:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
                lines.append(f"{path.relative_to(scratch)}: {digest}")
    return lines


def _game_dir(name: str) -> Path:
    """A game of source_data/ by its name, or a game folder by its path."""
    shipped = ROOT / "source_data" / name
    return shipped if (shipped / "game.json").is_file() else Path(name).resolve()


def _every_game() -> list[Path]:
    """The shipped games, then the classic test games, each in name order."""
    folders = [
        *sorted((ROOT / "source_data").iterdir()),
        *sorted((ROOT / "tests/fixtures/classic").iterdir()),
    ]
    return [folder for folder in folders if (folder / "game.json").is_file()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--games", nargs="*", help="games of source_data/ or game folders (default: all)")
    parser.add_argument("--outputs", action="store_true", help="also build and digest every output")
    arguments = parser.parse_args()
    game_dirs = [_game_dir(name) for name in arguments.games] if arguments.games else _every_game()
    for game_dir in game_dirs:
        for line in games_fingerprint(game_dir, arguments.seeds):
            print(line, flush=True)
    if arguments.outputs:
        for line in outputs_fingerprint(game_dirs):
            print(line)


if __name__ == "__main__":
    main()
