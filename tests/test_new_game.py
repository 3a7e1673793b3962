"""`wgc new`: a designer's first game validates and builds, and its editor finds the schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.new_game import template_systems

from .conftest import SOURCE_DATA


@pytest.mark.parametrize("system", template_systems())
def test_a_template_game_validates_and_builds(tmp_path: Path, system: str) -> None:
    runner = CliRunner()
    game = tmp_path / "games" / "border-war"
    created = runner.invoke(cli, ["new", str(game), "--system", system])
    assert created.exit_code == 0, created.output
    assert json.loads((game / "game.json").read_text())["id"] == "border-war"
    built = runner.invoke(cli, ["build", str(game), "-o", str(tmp_path / "out"), "--also", "map"])
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "border-war.vmod").stat().st_size > 0


def test_every_schema_reference_of_a_new_game_finds_its_file(tmp_path: Path) -> None:
    game = tmp_path / "games" / "border-war"
    assert CliRunner().invoke(cli, ["new", str(game)]).exit_code == 0
    files = list(game.rglob("*.json"))
    assert files
    for path in files:
        reference = json.loads(path.read_text())["$schema"]
        assert (path.parent / reference).resolve().is_file(), f"{path.name}: {reference}"


def test_a_copy_of_a_game_keeps_its_scenarios_and_replays(tmp_path: Path) -> None:
    game = tmp_path / "mine"
    result = CliRunner().invoke(cli, ["new", str(game), "--from", str(SOURCE_DATA / "israel1948")])
    assert result.exit_code == 0, result.output
    assert json.loads((game / "game.json").read_text())["id"] == "mine"
    assert {p.name for p in (game / "scenarios").iterdir()} == {
        p.name for p in (SOURCE_DATA / "israel1948" / "scenarios").iterdir()
    }
    assert (game / "replays").is_dir()


@pytest.mark.parametrize(
    "arguments",
    [["--system", "chess"], ["--system", "israel1948", "--from", str(SOURCE_DATA / "israel1948")]],
)
def test_what_cannot_be_made_is_a_usage_error(tmp_path: Path, arguments: list[str]) -> None:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "x"), *arguments])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_folder_that_holds_files_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    result = CliRunner().invoke(cli, ["new", str(tmp_path)])
    assert result.exit_code == 2
    assert (tmp_path / "notes.txt").read_text() == "mine"
