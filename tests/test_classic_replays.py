"""The classic template and test games validate with every replay, and each replay fails where a
changed rule would make it fail: the replays pin the options down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.new_game import new_game
from compiler.pipeline import validate_game
from tests.conftest import ROOT, GameCopy

FIXTURES = ROOT / "tests" / "fixtures" / "classic"
GAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "game.json").is_file())


@pytest.fixture
def template(tmp_path: Path) -> GameCopy:
    new_game(tmp_path / "border-war", "classic")
    return GameCopy(tmp_path / "border-war")


def _steps(folder: Path) -> list[dict[str, object]]:
    return [
        step
        for path in sorted(folder.glob("replays/*.json"))
        for step in json.loads(path.read_text())["steps"]
    ]


@pytest.mark.parametrize("name", GAMES)
def test_a_test_game_validates_with_every_replay(name: str) -> None:
    report = validate_game(FIXTURES / name)
    assert [f"{d.file}: {d.message}" for d in report.diagnostics] == []


def test_the_template_validates_with_every_replay(template: GameCopy) -> None:
    assert validate_game(template.root).diagnostics == []
    steps = _steps(template.root)
    assert sum("illegal" in step for step in steps) >= 20
    assert sum("illegal" not in step for step in steps) >= 40


def test_a_changed_terrain_chart_changes_what_the_replays_see(template: GameCopy) -> None:
    """Editing the terrain chart (forest no longer shifts a column) changes the engine's answer."""

    def flatten_forest(terrain: dict[str, list[dict[str, object]]]) -> None:
        for kind in terrain["terrain"]:
            if kind["id"] == "forest":
                kind.pop("combat")

    template.edit("terrain.json", flatten_forest)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert [(d.file, d.pointer.startswith("/steps/1")) for d in problems] == [
        ("replays/combat-terrain.json", True)
    ]


def test_a_changed_crt_changes_the_result(template: GameCopy) -> None:
    def swap(charts: dict[str, list[dict[str, list[dict[str, list[str]]]]]]) -> None:
        charts["tables"][0]["rows"][2]["results"][2] = "DR"  # a 3 at 2-1: DR instead of EX

    template.edit("charts.json", swap)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert problems and problems[0].file == "replays/combat-odds.json"


def test_a_changed_counter_value_changes_the_odds(template: GameCopy) -> None:
    def weaker(counters: dict[str, list[dict[str, dict[str, int]]]]) -> None:
        counters["counters"][0]["front"]["strength"] = 3

    template.edit("counters.json", weaker)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert any(d.file == "replays/combat-odds.json" and d.pointer.startswith("/steps/0") for d in problems)
