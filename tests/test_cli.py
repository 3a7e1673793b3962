"""The wgc command: exit codes, output formats, and builds that never lose old output."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from compiler.cli.main import cli

from .conftest import ROOT, GameCopy


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_validate_clean_game_exits_zero(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["validate", str(ROOT / "source_data" / "israel1948")])
    assert result.exit_code == 0, result.output
    assert "israel1948: 0 error(s)" in result.output


def test_validate_without_arguments_finds_every_game(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(cli, ["validate", "--format", "json"])
    assert result.exit_code == 0, result.output
    games = {g["game"] for g in json.loads(result.output)["games"]}
    assert "israel1948" in games


def test_broken_game_exits_one_with_located_diagnostic(runner: CliRunner, israel: GameCopy) -> None:
    israel.edit("game.json", lambda d: d["nations"][0].update(side="israelli"))
    result = runner.invoke(cli, ["validate", str(israel.root)])
    assert result.exit_code == 1
    assert "game.json:" in result.output and "[ref.unknown-side]" in result.output
    assert "did you mean 'israeli'?" in result.output


def test_json_format_carries_every_field(runner: CliRunner, israel: GameCopy) -> None:
    israel.edit("game.json", lambda d: d["nations"][0].update(side="israelli"))
    result = runner.invoke(cli, ["validate", "--format", "json", str(israel.root)])
    assert result.exit_code == 1
    payload = json.loads(result.output)
    assert payload["ok"] is False
    diagnostic = next(d for d in payload["games"][0]["diagnostics"] if d["code"] == "ref.unknown-side")
    assert diagnostic == {
        "severity": "error",
        "code": "ref.unknown-side",
        "file": "game.json",
        "pointer": "/nations/0/side",
        "line": diagnostic["line"],
        "column": diagnostic["column"],
        "message": "no side 'israelli'",
        "hint": "did you mean 'israeli'?",
    }
    assert diagnostic["line"] > 1


@pytest.mark.parametrize(
    "arguments", [["validate", "/no/such/folder"], ["validate", "--format", "xml"], ["info"], ["frobnicate"]]
)
def test_usage_errors_exit_two(runner: CliRunner, arguments: list[str]) -> None:
    assert runner.invoke(cli, arguments).exit_code == 2


def test_no_source_data_is_a_usage_error(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["validate"])
    assert result.exit_code == 2
    assert "source_data" in result.output


def test_every_command_has_help(runner: CliRunner) -> None:
    for command in ["validate", "info", "build"]:
        result = runner.invoke(cli, [command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_info_summarises(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["info", str(ROOT / "source_data" / "israel1948")])
    assert result.exit_code == 0, result.output
    assert "88 physical" in result.output and "town 15" in result.output
    assert "Onslaught" in result.output and "3 turns" in result.output
    as_json = runner.invoke(cli, ["info", "--format", "json", str(ROOT / "source_data" / "israel1948")])
    summary = json.loads(as_json.output)
    assert summary["counters"]["by_side"]["israeli"]["unit"] == 28
    assert summary["provenance"]["reconstructed"] > 0 and summary["provenance"]["cite_rulebook"] > 0


def test_build_is_deterministic(runner: CliRunner, tmp_path: Path) -> None:
    game = str(ROOT / "source_data" / "israel1948")
    first = runner.invoke(cli, ["build", game, "-o", str(tmp_path / "a")])
    second = runner.invoke(cli, ["build", game, "-o", str(tmp_path / "b")])
    assert first.exit_code == second.exit_code == 0
    for name in ["summary.json", "diagnostics.json"]:
        assert (tmp_path / "a" / "israel1948" / name).read_bytes() == (
            tmp_path / "b" / "israel1948" / name
        ).read_bytes()


def test_failed_build_keeps_previous_output(runner: CliRunner, israel: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert runner.invoke(cli, ["build", str(israel.root), "-o", str(out)]).exit_code == 0
    summary = out / "israel1948" / "summary.json"
    before = summary.read_bytes()
    israel.write_text("map.json", "{ broken")
    result = runner.invoke(cli, ["build", str(israel.root), "-o", str(out)])
    assert result.exit_code == 1
    assert summary.read_bytes() == before
    assert not [p for p in os.listdir(summary.parent) if p.endswith(".tmp")]


def test_top_level_help_lists_every_command_whole(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    listed = result.output.split("Commands:", 1)[1]
    for name in cli.list_commands(click.Context(cli)):
        line = next(line for line in listed.splitlines() if line.split()[:1] == [name])
        assert not line.rstrip().endswith("..."), f"the help of '{name}' is cut: {line.strip()}"
