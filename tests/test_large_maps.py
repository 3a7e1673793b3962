"""A map too large to draw is refused before anything is drawn, with a diagnostic (issue 19, item 18).

The validator bounds a map's area (compiler/presentation/limits.py: 80 M pixels at 150 dpi), and
the painters check the board's pixels at the resolution asked for before they allocate
it, so `wgc map --dpi 600` of a map that validates, or a board whose furniture makes it
larger, ends in `map.too-large`, never in a MemoryError or Pillow's DecompressionBombError.
The limit itself builds: bench/large_map.py measures a map at it (docs/diagnostics.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cache import aside
from compiler.cli.main import cli
from compiler.presentation import limits

from .conftest import GameCopy, copy_game


def test_a_map_that_validates_is_refused_at_a_resolution_too_fine_to_draw(tmp_path: Path) -> None:
    lawrence = copy_game("lawrence", tmp_path)
    lawrence.edit("map.json", lambda d: d["size"].update(width=40, height=40))  # 1,600 in²: valid
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["map", str(lawrence.root), "-o", str(out), "--no-replays", "--dpi", "600"]
    )
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "error [map.too-large]: map.json at /size: at 600 dpi the board would be 24,000 x 24,000" in (
        result.output
    )
    assert "draw it at 250 dpi or less" in result.output
    assert not (out / "lawrence" / "map").exists()


def test_a_board_past_the_limit_ends_the_build_in_a_diagnostic(
    israel: GameCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn in the forked copy or here, the board is refused cleanly, and the clean-up of
    the forked copy does not fail on its own pipe (it gave 'Bad file descriptor')."""
    monkeypatch.setattr(limits, "MAX_BOARD_PIXELS", 1_000_000)
    monkeypatch.setattr(aside.threading, "active_count", lambda: 1)  # let it fork, whatever pytest runs
    result = CliRunner().invoke(cli, ["build", str(israel.root), "-o", str(tmp_path / "out"), "--no-replays"])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "error [map.too-large]: map.json at /grid: at 100 dpi the board would be" in result.output
    assert "Bad file descriptor" not in result.output
    assert not (tmp_path / "out" / "israel1948.vmod").exists()


def test_waiting_twice_for_a_forked_copy_gives_its_answer_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aside.threading, "active_count", lambda: 1)
    done = aside.fork_call(lambda: b"board")
    assert done is not None and done() == b"board" and done() == b"board"
