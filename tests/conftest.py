"""Shared helpers: copies of the shipped games that a test may break."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DATA = ROOT / "source_data"
GAMES = sorted(p.name for p in SOURCE_DATA.iterdir() if (p / "game.json").exists())


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


def copy_game(name: str, tmp_path: Path) -> GameCopy:
    target = tmp_path / name
    shutil.copytree(SOURCE_DATA / name, target)
    return GameCopy(target)
