"""Shared helpers: copies of the shipped games that a test may break."""

from __future__ import annotations

import functools
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

# Replays are played in every test, never read back from a user's cache: a test that changes
# the engine's behaviour must see it. tests/test_replay_cache.py turns the cache on where it tests it.
os.environ["WGC_CACHE_DIR"] = ""

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DATA = ROOT / "source_data"
ART_GAME = ROOT / "tests" / "art_game"  # a game whose map, counters and cards are images
GAMES = sorted(p.name for p in SOURCE_DATA.iterdir() if (p / "game.json").exists())
HEX_GAMES = sorted(
    game
    for game in GAMES
    if (SOURCE_DATA / game / "map.json").is_file()
    and json.loads((SOURCE_DATA / game / "map.json").read_text()).get("grid")
)
"""The games whose map is a hex grid (the others are point to point)."""


class GameCopy:
    """A scratch copy of a shipped game, with helpers to edit its JSON."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def load(self, name: str) -> Any:
        return json.loads((self.root / name).read_text(encoding="utf-8"))

    def save(self, name: str, data: Any) -> None:
        (self.root / name).write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")

    def edit(self, name: str, change: Callable[[Any], object]) -> None:
        """Load a file, let ``change`` modify it in place, and save it."""
        data = self.load(name)
        change(data)
        self.save(name, data)

    def write_text(self, name: str, text: str) -> None:
        (self.root / name).write_text(text, encoding="utf-8")

    def write_bytes(self, name: str, data: bytes) -> None:
        (self.root / name).write_bytes(data)


@pytest.fixture
def israel(tmp_path: Path) -> GameCopy:
    target = tmp_path / "israel1948"
    shutil.copytree(SOURCE_DATA / "israel1948", target)
    return GameCopy(target)


@pytest.fixture
def artful(tmp_path: Path) -> GameCopy:
    """A copy of tests/art_game (its art, without the script that draws it)."""
    target = tmp_path / "artful"
    shutil.copytree(ART_GAME, target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return GameCopy(target)


def copy_game(name: str, tmp_path: Path) -> GameCopy:
    target = tmp_path / name
    shutil.copytree(SOURCE_DATA / name, target)
    return GameCopy(target)


def assert_reported(
    report: Any, code: str, file: str, pointer: str | None, hint: str | None = None, located: bool = True
) -> None:
    """The report has ``code`` in ``file`` at ``pointer``, with a message, a line, and ``hint`` if given;
    and no check crashed on the way."""
    from compiler.diagnostics import codes

    assert not any(d.code == codes.INTERNAL_CHECK_FAILED for d in report.diagnostics)
    matching = [d for d in report.diagnostics if d.code == code and d.file == file]
    assert matching, f"expected {code} in {file}; got " + "; ".join(
        f"{d.code} {d.file}{d.pointer}"
        for d in report.diagnostics
        if d.code != codes.PROVENANCE_RECONSTRUCTED
    )
    if pointer is not None:
        assert pointer in [d.pointer for d in matching]
    found = next(d for d in matching if pointer is None or d.pointer == pointer)
    if hint is not None:
        assert found.hint == hint
    if located:
        assert found.line is not None and found.line >= 1 and found.column is not None
    assert found.message


def valid_game(report: Any) -> Any:
    """The ValidGame of a report that must have validated."""
    game = report.valid
    assert game is not None, f"{report.name} does not validate"
    return game


def engine_cache(build: Callable[..., Any]) -> Callable[..., Any]:
    """functools.cache for a test module's rules engines, except under bench/mutation.py: it forks each
    mutant's tests from a process that has already run them, where a cached engine (and what it
    remembers, such as judged stacks) would be the unmutated one."""
    if os.environ.get("WGC_MUTATION_GAMES") is not None:
        return build
    return functools.cache(build)


@functools.cache
def shipped(game: str) -> Any:
    """A shipped game as the back ends take it (a ValidGame), validated once per test run."""
    from compiler.pipeline import validate_game

    return valid_game(validate_game(SOURCE_DATA / game, run_replays=False))


@functools.cache
def shipped_board(game: str, dpi: int = 100) -> Any:
    """A shipped game's map as drawn (a BoardArt), once per test run and resolution."""
    from compiler.render.board import render_board

    return render_board(shipped(game), dpi)
