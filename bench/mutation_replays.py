"""Every shipped replay as a test of its own, for the mutation runner (bench/mutation.py).

`wgc validate` plays a game's replays all in one go; a mutation tool that runs only the
tests reaching a mutated function needs them one by one. Each test builds its own rules
engine (a shared one, built before the tool forks a mutant's run, would hide mutants in
the code that builds it). Not part of the test suite (pytest's testpaths is tests/):

    .venv/bin/python -m pytest bench/mutation_replays.py -q
    WGC_MUTATION_GAMES=jerusalem .venv/bin/python -m pytest bench/mutation_replays.py -q
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from compiler.loading import GameSources
from compiler.pipeline import validate_game
from compiler.replay.runner import run_replay
from rules_engine.definitions import ValidGame

os.environ["WGC_CACHE_DIR"] = ""  # never read an outcome back: the engine under test changes

SOURCE_DATA = Path(__file__).resolve().parent.parent / "source_data"
EVERY_GAME = "israel1948 jerusalem lawrence vallon battle-for-moscow napoleon-at-waterloo"
GAMES = os.environ.get("WGC_MUTATION_GAMES", EVERY_GAME).split()
REPLAYS = [(game, p.name) for game in GAMES for p in sorted((SOURCE_DATA / game / "replays").glob("*.json"))]


@functools.cache
def _game(game: str) -> tuple[GameSources, ValidGame]:
    """The game's files and checked definition (the compiler's work, not the engine's: shared)."""
    report = validate_game(SOURCE_DATA / game, run_replays=False)
    valid = report.valid
    assert valid is not None, f"{game} does not validate"
    return report.sources, valid


@pytest.mark.parametrize(("game", "name"), REPLAYS, ids=[f"{g}/{n}" for g, n in REPLAYS])
def test_replay(game: str, name: str) -> None:
    sources, valid = _game(game)
    document = next(d for d in sources.all("replay") if d.name == f"replays/{name}")
    outcome = run_replay(sources, valid, document)
    assert outcome.problem is None, outcome.problem.message
