"""Battle for Moscow, written as data on the classic system: the options its replays pin down fail
those replays when changed, so each option is what makes the book's numbers come out."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import validate_game
from compiler.render.chart_content import game_charts
from compiler.render.charts import Paragraph, Table

from .conftest import copy_game

GAME = "battle-for-moscow"
SOURCE = Path(__file__).resolve().parents[1] / "source_data" / GAME


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


def _aid_text(root: Path) -> str:
    report = validate_game(root)
    assert report.valid is not None
    lines = []
    for chart in game_charts(report.valid):
        for block in chart.blocks:
            if isinstance(block, Paragraph):
                lines.append(block.text)
            elif isinstance(block, Table):  # a Unit Identification Chart's faces carry no text here
                lines += [" | ".join(cell.text for cell in row) for row in block.rows]
    return "\n".join(lines)


def test_the_aids_print_codes_and_names_as_the_data_gives_them() -> None:
    """The combat procedure keeps the result code's case (NE, not 'ne'), a turn effect names the
    movement mode it spares by its name, and a phase's units by their class's name."""
    text = _aid_text(SOURCE)
    assert "Below the lowest column: NE without a roll" in text
    assert " ne " not in text
    assert "not in Rail Movement" in text


def test_a_terrain_for_one_side_names_the_side_not_its_id(tmp_path: Path) -> None:
    """A side whose name is not its id: the terrain chart names it (for_side), and a phase's unit
    selector names the unit class by its name."""
    game = copy_game(GAME, tmp_path)

    def rename(data: dict[str, list[dict[str, str]]]) -> None:
        for side in data["sides"]:
            if side["id"] == "soviet":
                side["name"] = "Red Army"
        for phase in data["sequence_of_play"]:
            phase.pop("summary", None)

    game.edit("game.json", rename)
    game.edit("terrain.json", _without_summaries)
    text = _aid_text(game.root)
    assert "Red Army defenders only" in text
    assert "soviet" not in text
    assert "(Panzer only)" in text


def _without_summaries(terrain: dict[str, list[dict[str, object]]]) -> None:
    for kind in terrain["terrain"]:
        kind.pop("summary", None)
        combat = kind.get("combat")
        if isinstance(combat, dict):
            combat.pop("summary", None)
