"""Battle for Moscow, written as data on the classic system: the options its replays pin down fail
those replays when changed, so each option is what makes the book's numbers come out."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import validate_game

from .conftest import copy_game

GAME = "battle-for-moscow"


def _replay_problems(root: Path) -> dict[str, list[str]]:
    report = validate_game(root)
    found: dict[str, list[str]] = {}
    for problem in report.diagnostics:
        if problem.code.startswith("replay."):
            found.setdefault(problem.file, []).append(problem.message)
    return found


def test_the_game_validates_with_every_replay() -> None:
    assert _replay_problems(Path(__file__).resolve().parents[1] / "source_data" / GAME) == {}


def test_odds_above_the_table_are_brought_back_before_terrain(tmp_path: Path) -> None:
    """With the table's ends after the shifts, 9:1 in forest would be read on 6:1 (one past the end,
    one column left), not the 5:1 the book gives."""
    game = copy_game(GAME, tmp_path)
    game.edit("charts.json", lambda charts: charts["combat"].pop("table_ends"))
    problems = _replay_problems(game.root)
    assert list(problems) == ["replays/combat-odds-above-6-1-capped-before-terrain.json"]
    assert "'5-1'" in problems["replays/combat-odds-above-6-1-capped-before-terrain.json"][0]
