"""`wgc new`: a designer's first game validates, builds and plays, and its editor finds the schemas.

Every registered rules system has a template (compiler/templates/<system>/), and
each template is a complete small game: no diagnostic at all (it is invented, so
it neither cites a rulebook nor marks values reconstructed), every back end
builds it, its map has room for all its furniture, and the system's engine
plays its scenarios to a result with every policy the system has.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.new_game import new_game, template_systems
from compiler.pipeline import GameReport, validate_game
from rules_engine.definitions import Scenario
from rules_engine.systems import SYSTEMS, system_for

from .conftest import SOURCE_DATA, valid_game

SEEDS = (0, 1, 2)


def _template_game(tmp_path: Path, system: str) -> GameReport:
    game = tmp_path / "games" / "border-war"
    new_game(game, system)
    return validate_game(game)


def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def _results(scenario: Scenario) -> set[str | None]:
    victory = scenario.victory
    assert victory is not None, f"{scenario.id} has no victory conditions"
    return {c.result for c in victory.conditions if c.result} | {victory.otherwise}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_registered_system_has_a_template(tmp_path: Path, system: str) -> None:
    game = tmp_path / "games" / "border-war"
    created = CliRunner().invoke(cli, ["new", str(game), "--system", system])
    assert created.exit_code == 0, created.output
    assert json.loads((game / "game.json").read_text())["system"] == system


@pytest.mark.parametrize("system", template_systems())
def test_a_template_game_validates_with_no_diagnostic_and_cites_no_rulebook(
    tmp_path: Path, system: str
) -> None:
    report = _template_game(tmp_path, system)
    assert [f"{d.code}: {d.message}" for d in report.diagnostics] == []
    keys = {key for path in report.root.rglob("*.json") for key in _keys(json.loads(path.read_text()))}
    assert not keys & {"cite", "provenance"}


@pytest.mark.parametrize("system", template_systems())
def test_a_template_game_validates_and_builds(tmp_path: Path, system: str) -> None:
    runner = CliRunner()
    game = tmp_path / "games" / "border-war"
    created = runner.invoke(cli, ["new", str(game), "--system", system])
    assert created.exit_code == 0, created.output
    assert json.loads((game / "game.json").read_text())["id"] == "border-war"
    out = tmp_path / "out"
    targets = ["--also", "sheets", "--also", "map", "--also", "aids"]
    built = runner.invoke(cli, ["build", str(game), "-o", str(out), *targets])
    assert built.exit_code == 0, built.output
    for made in ("border-war.vmod", "border-war/sheets/counters.pdf", "border-war/map/map.png"):
        assert (out / made).stat().st_size > 0, made
    assert (out / "border-war" / "aids" / "aids.pdf").stat().st_size > 0


@pytest.mark.parametrize("system", template_systems())
def test_a_template_map_has_room_for_all_its_furniture(tmp_path: Path, system: str) -> None:
    from compiler.render.board import render_board

    art = render_board(valid_game(_template_game(tmp_path, system)), 100)
    assert art.unplaced == []


@pytest.mark.parametrize("system", template_systems())
def test_a_template_game_plays_to_its_end_with_every_policy(tmp_path: Path, system: str) -> None:
    definition = valid_game(_template_game(tmp_path, system))
    engine = system_for(definition)
    assert "random" in engine.policies
    for scenario in definition.scenarios:
        results = _results(scenario)
        for policy in sorted(engine.policies):
            for seed in SEEDS:
                game = engine.play(scenario.id, seed, policy)
                where = f"{scenario.id}, policy {policy}, seed {seed}"
                assert game.over, f"{where}: the game did not end"
                assert game.result in results, f"{where}: '{game.result}' is not a result of the scenario"


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


# --- hostile targets and sources (issue 19, items 4, 10, 11 and 20) -------------------------


def _copy_source(tmp_path: Path, break_it: Any) -> Path:
    source = tmp_path / "source"
    shutil.copytree(SOURCE_DATA / "israel1948", source)
    break_it(source)
    return source


MALFORMED = {
    "bad JSON": lambda s: (s / "scenarios" / "onslaught.json").write_text("{not json"),
    "a list": lambda s: (s / "counters.json").write_text("[1, 2]"),
    "no id": lambda s: (s / "game.json").write_text(json.dumps({"title": "No Id"})),
    "not UTF-8": lambda s: (s / "map.json").write_bytes(b'{"name": "\xff\xfe"}'),
    "a link to /etc/passwd": lambda s: (s / "scenarios" / "passwd.json").symlink_to("/etc/passwd"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_game_to_copy_is_diagnosed_and_nothing_is_written(tmp_path: Path, case: str) -> None:
    source = _copy_source(tmp_path, MALFORMED[case])
    project = tmp_path / "project"
    result = CliRunner().invoke(cli, ["new", str(project / "mine"), "--from", str(source)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "nothing was written" in result.output and "error [" in result.output
    assert not project.exists() or list(project.iterdir()) == []
    fixed = tmp_path / "fixed"
    shutil.copytree(SOURCE_DATA / "israel1948", fixed)
    retry = CliRunner().invoke(cli, ["new", str(project / "mine"), "--from", str(fixed)])
    assert retry.exit_code == 0, retry.output  # not refused as "not empty"


def test_a_target_that_cannot_be_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    for target in (dangling, tmp_path / ("a" * 300)):
        result = CliRunner().invoke(cli, ["new", str(target)])
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "error:" in result.output
    assert dangling.is_symlink() and not (tmp_path / "nowhere").exists()
    assert not (tmp_path / "schemas").exists()


@pytest.mark.parametrize(
    ("name", "game_id", "title"),
    [("über-spiel", "uber-spiel", "Uber Spiel"), ("Straße_nach_Åbo", "strasse-nach-abo", "Strasse Nach Abo")],
)
def test_a_name_with_accents_is_spelt_in_latin_letters(
    tmp_path: Path, name: str, game_id: str, title: str
) -> None:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / name)])
    assert result.exit_code == 0, result.output
    game = json.loads((tmp_path / name / "game.json").read_text())
    assert (game["id"], game["title"]) == (game_id, title)


def test_a_name_in_another_script_is_refused_with_the_reason(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "日本")])
    assert result.exit_code == 2, result.output
    assert "holds letters a game id cannot spell (日本)" in result.output
    assert "Latin letters" in result.output
    assert not (tmp_path / "日本").exists()


def test_the_users_own_schema_files_are_kept_and_named(tmp_path: Path) -> None:
    schemas = tmp_path / "project" / "schemas"
    schemas.mkdir(parents=True)
    mine = '{"$comment": "my own map schema"}\n'
    (schemas / "map.schema.json").write_text(mine)
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "project" / "game")])
    assert result.exit_code == 0, result.output
    assert (schemas / "map.schema.json").read_text() == mine
    assert "kept 1 schema file(s) of your own" in result.output and "map.schema.json" in result.output
    assert (schemas / "game.schema.json").is_file()
    again = CliRunner().invoke(cli, ["new", str(tmp_path / "project" / "second")])
    assert again.exit_code == 0 and (schemas / "map.schema.json").read_text() == mine


@pytest.mark.parametrize("system", template_systems())
def test_a_template_games_sequence_of_play_says_what_happens_in_each_phase(
    tmp_path: Path, system: str
) -> None:
    """The player aid's Sequence of Play has its 'What happens' column filled for a new game too
    (Israel 1948's template left it empty)."""
    from compiler.render.chart_content import sequence_chart
    from compiler.render.charts import Table
    from compiler.render.names import Names

    game = valid_game(_template_game(tmp_path, system))
    chart = sequence_chart(game, Names(game))
    assert chart is not None
    table = chart.blocks[0]
    assert isinstance(table, Table) and table.rows
    assert all(row[1].text.strip() for row in table.rows), [
        row[0].text for row in table.rows if not row[1].text
    ]


def test_a_new_game_is_classic_and_the_help_lists_every_system(tmp_path: Path) -> None:
    from rules_engine.systems import SYSTEM_SUMMARIES

    game = tmp_path / "games" / "border-war"
    assert CliRunner().invoke(cli, ["new", str(game)]).exit_code == 0
    assert json.loads((game / "game.json").read_text())["system"] == "classic"
    assert set(SYSTEM_SUMMARIES) == set(SYSTEMS)
    shown = CliRunner().invoke(cli, ["new", "--help"]).output
    for name, line in SYSTEM_SUMMARIES.items():
        assert f"{name}" in shown and line in shown
