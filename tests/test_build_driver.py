"""The build driver and the errors that own their exit codes.

Outputs are named by the game's id, stay inside their folder, and a write the
system refuses is one clear line with exit 1 and the old output intact. Usage
values that make no sense exit 2 with the accepted forms.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.build import BuildOptions, build
from compiler.cli.main import cli

from .conftest import SOURCE_DATA, GameCopy

ISRAEL = SOURCE_DATA / "israel1948"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_outputs_are_named_by_the_game_id_not_the_folder(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "mygame"
    shutil.copytree(ISRAEL, folder)
    out = tmp_path / "out" / "inner"
    result = runner.invoke(cli, ["build", str(folder), "-o", str(out), "--no-replays"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [".cache", "israel1948", "israel1948.vmod"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["inner"]


def test_the_driver_reports_each_game_and_what_it_wrote(tmp_path: Path) -> None:
    steps: list[str] = []
    result = build([ISRAEL], ("module",), tmp_path, on_step=lambda name, seconds: steps.append(name))
    assert result.ok and [g.game_id for g in result.games] == ["israel1948"]
    assert tmp_path / "israel1948.vmod" in result.games[0].written
    assert {"validate", "module", "module: compile", "module: write"} <= set(steps)


def test_an_output_under_a_regular_file_is_one_error_line(runner: CliRunner, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = runner.invoke(cli, ["build", str(ISRAEL), "-o", str(blocker / "inner"), "--no-replays"])
    assert result.exit_code == 1
    assert "error: cannot write" in result.output
    assert "Traceback" not in result.output


def test_a_module_path_taken_by_a_folder_keeps_the_folder(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "israel1948.vmod").mkdir()
    result = runner.invoke(cli, ["build", str(ISRAEL), "-o", str(tmp_path), "--no-replays"])
    assert result.exit_code == 1 and "cannot write" in result.output
    assert (tmp_path / "israel1948.vmod").is_dir()


def test_a_full_disk_is_one_error_line_and_keeps_the_old_module(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert runner.invoke(cli, ["build", str(ISRAEL), "-o", str(tmp_path), "--no-replays"]).exit_code == 0
    before = (tmp_path / "israel1948.vmod").read_bytes()

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr("compiler.build.write_bytes_atomic", full_disk)
    result = runner.invoke(cli, ["build", str(ISRAEL), "-o", str(tmp_path), "--no-replays"])
    assert result.exit_code == 1
    assert "No space left on device" in result.output and "Traceback" not in result.output
    assert (tmp_path / "israel1948.vmod").read_bytes() == before


def test_litter_of_a_killed_build_is_removed(runner: CliRunner, tmp_path: Path) -> None:
    stale = tmp_path / ".israel1948.vmod.abc123.tmp"
    stale.write_bytes(b"half a module")
    other = tmp_path / ".someone-else.tmp"
    other.write_bytes(b"not ours")
    assert runner.invoke(cli, ["build", str(ISRAEL), "-o", str(tmp_path), "--no-replays"]).exit_code == 0
    assert not stale.exists() and other.exists()


@pytest.mark.parametrize("size", ["0in", "0mm", "0.001in", "5/0in", "5/8", "big", "40in"])
def test_counter_sizes_that_make_no_sense_exit_two(runner: CliRunner, size: str) -> None:
    result = runner.invoke(cli, ["sheets", str(ISRAEL), "--size", size])
    assert result.exit_code == 2, result.output
    assert "5/8in" in result.output and "Traceback" not in result.output


def test_no_replays_skips_a_replay_that_fails(runner: CliRunner, israel: GameCopy, tmp_path: Path) -> None:
    def break_expectation(data: dict[str, object]) -> None:
        data["steps"] = [{"expect": {"turn": 5}}]

    israel.edit("replays/turn-onslaught.json", break_expectation)
    failing = runner.invoke(cli, ["build", str(israel.root), "-o", str(tmp_path)])
    assert failing.exit_code == 1 and "replay.expectation-failed" in failing.output
    passing = runner.invoke(cli, ["build", str(israel.root), "-o", str(tmp_path), "--no-replays"])
    assert passing.exit_code == 0, passing.output


def test_json_build_keeps_progress_off_stdout(runner: CliRunner, israel: GameCopy, tmp_path: Path) -> None:
    israel.write_text("map.json", "{ broken")
    result = runner.invoke(cli, ["build", str(israel.root), "-o", str(tmp_path), "--format", "json"])
    assert result.exit_code == 1
    assert result.stdout.lstrip().startswith("[") or result.stdout.lstrip().startswith("{")
    assert "not built because of its errors" in result.stderr
    assert "above" not in result.stderr


def test_several_games_compile_in_two_processes_to_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import compiler.build

    pools: list[object] = []
    real_pool = compiler.build.ProcessPoolExecutor

    def counted(*args: Any, **kwargs: Any) -> Any:
        pools.append(args)
        return real_pool(*args, **kwargs)

    monkeypatch.setattr(compiler.build, "ProcessPoolExecutor", counted)
    monkeypatch.setattr(compiler.build.threading, "active_count", lambda: 1)  # whatever pytest runs
    games = [SOURCE_DATA / "israel1948", SOURCE_DATA / "lawrence"]
    options = BuildOptions(run_replays=False)
    together = build(games, ("module",), tmp_path / "together", options)
    assert together.ok and len(pools) == 1
    assert all(len(g.redrawn) > 50 for g in together.games)  # the workers' counts came back
    for game in games:
        assert build([game], ("module",), tmp_path / "alone", options).ok
    for name in ("israel1948.vmod", "lawrence.vmod"):
        assert (tmp_path / "together" / name).read_bytes() == (tmp_path / "alone" / name).read_bytes()
    again = build(games, ("module",), tmp_path / "together", options)
    assert [g.redrawn for g in again.games] == [[], []]  # and their cache entries were kept


def test_furniture_with_no_room_on_the_map_is_a_warning(runner: CliRunner, tmp_path: Path) -> None:
    """A point-to-point sheet made too small drops its terrain key or boxes: the build says so."""
    game = tmp_path / "lawrence"
    shutil.copytree(SOURCE_DATA / "lawrence", game)
    data = json.loads((game / "map.json").read_text())
    data["size"]["width"], data["size"]["height"] = 9, 6
    for space in data["spaces"]:  # the network shrinks with the sheet, so it stays on it
        space["x"], space["y"] = round(space["x"] * 9 / 11, 2), round(space["y"] * 6 / 17, 2)
    (game / "map.json").write_text(json.dumps(data))
    result = runner.invoke(cli, ["build", str(game), "-o", str(tmp_path / "out"), "--no-replays"])
    assert result.exit_code == 0, result.output
    assert "warning: the map has no room for" in result.output
    report = json.loads((tmp_path / "out" / "lawrence" / "diagnostics.json").read_text())
    codes = [d["code"] for game in report["games"] for d in game["diagnostics"]]
    assert "map.furniture-unplaced" in codes


# --- links in the output folder (issue 19, item 3) -------------------------------------------


def _victim(tmp_path: Path) -> Path:
    """A folder of the user's, outside the output folder, that a link in it points at."""
    victim = tmp_path / "elsewhere"
    victim.mkdir()
    for name in ("thesis.txt", "old.entry", ".counters.pdf.x1.tmp", "counters-sheet1-front.png"):
        (victim / name).write_text("mine")
    return victim


def _untouched(victim: Path) -> None:
    assert sorted(p.name for p in victim.iterdir()) == sorted(
        ["thesis.txt", "old.entry", ".counters.pdf.x1.tmp", "counters-sheet1-front.png"]
    )
    assert all(p.read_text() == "mine" for p in victim.iterdir())


@pytest.mark.parametrize("link", [".cache", ".cache/israel1948", ".cache/israel1948/module"])
def test_a_link_in_the_drawings_cache_leads_no_write_or_removal_outside(
    israel: GameCopy, tmp_path: Path, link: str
) -> None:
    out, victim = tmp_path / "out", _victim(tmp_path)
    (out / link).parent.mkdir(parents=True, exist_ok=True)
    (out / link).symlink_to(victim, target_is_directory=True)
    for _ in range(2):  # a second build would prune what the first did not use
        result = CliRunner().invoke(cli, ["build", str(israel.root), "-o", str(out), "--no-replays"])
        assert result.exit_code == 0, result.output
        _untouched(victim)
        assert "drawings not cached" in result.output
    assert (out / "israel1948.vmod").stat().st_size > 0


@pytest.mark.parametrize("link", ["israel1948", "israel1948/sheets"])
def test_a_link_for_a_games_outputs_is_refused_and_nothing_outside_changes(
    israel: GameCopy, tmp_path: Path, link: str
) -> None:
    out, victim = tmp_path / "out", _victim(tmp_path)
    (out / link).parent.mkdir(parents=True, exist_ok=True)
    (out / link).symlink_to(victim, target_is_directory=True)
    result = CliRunner().invoke(
        cli, ["build", str(israel.root), "-o", str(out), "--no-replays", "--also", "sheets"]
    )
    _untouched(victim)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "leads out of the output folder" in result.output
