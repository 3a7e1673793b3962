"""Replay outcomes kept between runs (compiler/cache/replays.py): a replay is played again
exactly when its text, the game's data or the engine's code changed, and a kept outcome
gives the same diagnostics as playing it."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cache import replays as replay_cache
from compiler.cli.main import cli
from compiler.diagnostics import Diagnostic
from compiler.pipeline import validate_game
from compiler.replay import runner

from .conftest import ROOT, GameCopy

REPLAY = "replays/combat-example.json"
# every replay of the game these tests copy (Israel 1948)
REPLAYS = len(list((ROOT / "source_data" / "israel1948" / "replays").glob("*.json")))


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """Turns the cache on (in a folder of the test's own) and records each replay played."""
    monkeypatch.setenv("WGC_CACHE_DIR", str(tmp_path / "cache"))
    names: list[str] = []
    run = runner.run_replay

    def counting(sources: Any, game: Any, document: Any, systems: Any = None) -> Any:
        names.append(document.name)
        return run(sources, game, document, systems)

    monkeypatch.setattr(runner, "run_replay", counting)
    return names


def shown(report: Any) -> list[Diagnostic]:
    return list(report.diagnostics)


def test_unchanged_replays_are_not_played_again(israel: GameCopy, played: list[str]) -> None:
    first = shown(validate_game(israel.root))
    assert len(played) == REPLAYS
    played.clear()
    assert shown(validate_game(israel.root)) == first
    assert played == []


def test_a_changed_replay_is_the_only_one_played_again(israel: GameCopy, played: list[str]) -> None:
    validate_game(israel.root)
    played.clear()
    israel.edit(REPLAY, lambda replay: replay.update(name=replay["name"] + " (again)"))
    validate_game(israel.root)
    assert played == [REPLAY]


def test_a_change_to_the_game_data_plays_every_replay(israel: GameCopy, played: list[str]) -> None:
    validate_game(israel.root)
    played.clear()
    israel.edit("game.json", lambda game: game.update(title=game["title"] + " "))
    validate_game(israel.root)
    assert len(played) == REPLAYS


def test_a_kept_failure_is_reported_as_when_it_was_played(israel: GameCopy, played: list[str]) -> None:
    def break_expectation(replay: dict[str, Any]) -> None:
        replay["steps"].append({"expect": {"phase": "no-such-phase"}})

    israel.edit(REPLAY, break_expectation)
    failing = [d for d in shown(validate_game(israel.root)) if d.code.startswith("replay.")]
    assert [d.file for d in failing] == [REPLAY]
    played.clear()
    assert [d for d in shown(validate_game(israel.root)) if d.code.startswith("replay.")] == failing
    assert played == []


def test_a_damaged_cache_is_ignored_and_written_again(
    israel: GameCopy, played: list[str], tmp_path: Path
) -> None:
    validate_game(israel.root)
    (kept,) = (tmp_path / "cache").iterdir()
    for damage in (
        "{not json",
        json.dumps({"format": "other"}),
        json.dumps({"format": replay_cache.FORMAT, "replays": 3}),
    ):
        kept.write_text(damage)
        played.clear()
        assert shown(validate_game(israel.root)) == shown(validate_game(israel.root))
        assert len(played) == REPLAYS  # the first run played them all, the second read them back
        assert json.loads(kept.read_text())["format"] == replay_cache.FORMAT


def test_forged_entries_are_played(israel: GameCopy, played: list[str], tmp_path: Path) -> None:
    """An entry whose problem is not a diagnostic is not trusted."""
    validate_game(israel.root)
    (kept,) = (tmp_path / "cache").iterdir()
    data = json.loads(kept.read_text())
    for entry in data["replays"].values():
        entry["problem"] = {"severity": "error", "code": 7}
    kept.write_text(json.dumps(data))
    played.clear()
    validate_game(israel.root)
    assert len(played) == REPLAYS


def test_an_empty_cache_setting_keeps_nothing(
    israel: GameCopy, played: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WGC_CACHE_DIR", "")
    validate_game(israel.root)
    validate_game(israel.root)
    assert len(played) == 2 * REPLAYS
    assert not (tmp_path / "cache").exists()


def test_a_cache_that_cannot_be_written_costs_only_time(
    israel: GameCopy, played: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("WGC_CACHE_DIR", str(blocker))
    first = shown(validate_game(israel.root))
    assert shown(validate_game(israel.root)) == first
    assert len(played) == 2 * REPLAYS


def test_validating_with_kept_outcomes_does_not_import_the_engine(tmp_path: Path) -> None:
    """The point of the cache: a validation whose replays are all kept never loads an engine
    (the systems' packages import their engines only when SYSTEM is first read)."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from compiler.pipeline import validate_game\n"
        "validate_game(Path(sys.argv[1]))\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules_engine.systems.jerusalem')))\n"
    )
    environment = {"WGC_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    game = str(ROOT / "source_data" / "jerusalem")

    def modules() -> list[str]:
        result = subprocess.run(
            [sys.executable, "-c", script, game],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
        loaded: list[str] = json.loads(result.stdout.replace("'", '"'))
        return loaded

    assert "rules_engine.systems.jerusalem.game" in modules()  # the first run plays the replays
    assert modules() == ["rules_engine.systems.jerusalem", "rules_engine.systems.jerusalem.facts"]


def test_without_a_home_folder_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WGC_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    assert replay_cache.cache_folder() is None


def test_unchanged_documents_are_not_checked_against_the_schema_again(
    israel: GameCopy, played: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A document whose check found nothing is checked again only once its text (or the code)
    changed: a validation of unchanged data reads no schema."""
    from compiler import pipeline

    checked: list[str] = []
    check = pipeline.validate_document

    def counting(document: Any, kind: str, system: str | None = None) -> list[Diagnostic]:
        checked.append(document.name)
        return check(document, kind, system)

    monkeypatch.setattr(pipeline, "validate_document", counting)
    validate_game(israel.root)
    assert REPLAY in checked and "game.json" in checked
    checked.clear()
    validate_game(israel.root)
    assert checked == []
    israel.edit("game.json", lambda game: game.update(title=game["title"] + " (edited)"))
    validate_game(israel.root)
    assert checked == ["game.json"]


def test_a_document_the_schema_refuses_is_checked_on_every_run(israel: GameCopy, played: list[str]) -> None:
    israel.edit("game.json", lambda game: game.update(unexpected=1))
    for _ in range(2):
        codes = [d.code for d in shown(validate_game(israel.root)) if d.file == "game.json"]
        assert codes and all(code.startswith("schema.") for code in codes)


def test_a_replay_the_schema_refuses_is_refused_on_every_run(israel: GameCopy, played: list[str]) -> None:
    israel.edit(REPLAY, lambda replay: replay.update(unexpected=1))
    for _ in range(2):
        codes = [d.code for d in shown(validate_game(israel.root)) if d.file == REPLAY]
        assert codes and all(code.startswith("schema.") for code in codes)


def test_a_change_to_the_engine_plays_every_replay(
    israel: GameCopy, played: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key holds the code's version (its sources' paths, sizes and times of change)."""
    validate_game(israel.root)
    played.clear()
    monkeypatch.setattr(replay_cache, "code_version", lambda: "an edited engine")
    validate_game(israel.root)
    assert len(played) == REPLAYS


def test_the_code_version_follows_an_edit_of_a_source(tmp_path: Path) -> None:
    from hashlib import sha256

    from compiler.cache.sources import add_sources

    source = tmp_path / "rules.py"
    source.write_text("A = 1\n")

    def version() -> str:
        digest = sha256()
        add_sources(digest, tmp_path)
        return digest.hexdigest()

    before = version()
    source.write_text("A = 22\n")
    assert version() != before


@pytest.mark.parametrize("planted", ["fifo", "dev-zero", "deep", "huge"])
def test_a_strange_cache_file_is_ignored_without_waiting(
    israel: GameCopy, played: list[str], tmp_path: Path, planted: str
) -> None:
    import os

    validate_game(israel.root)
    (kept,) = (tmp_path / "cache").iterdir()
    kept.unlink()
    if planted == "fifo":
        os.mkfifo(kept)
    elif planted == "dev-zero":
        kept.symlink_to("/dev/zero")
    elif planted == "deep":
        kept.write_text("[" * 100_000 + "]" * 100_000)
    else:
        kept.write_text(" " * (replay_cache.FILE_LIMIT + 10))
    played.clear()
    validate_game(israel.root)
    assert len(played) == REPLAYS


# --- whom the cache trusts (issue 19, item 1) -----------------------------------------------

ANOTHER_USER = 54321  # a uid that is not the one running the tests


def _forge(cache: Path, how: str, elsewhere: Path) -> None:
    """Say every replay passed, in a cache file that ``how`` puts in another's hands."""
    (kept,) = cache.iterdir()
    data = json.loads(kept.read_text())
    for entry in data["replays"].values():
        entry["problem"] = None
    forged = json.dumps(data)
    if how == "a link to a file elsewhere":
        elsewhere.write_text(forged)
        kept.unlink()
        kept.symlink_to(elsewhere)
        return
    kept.write_text(forged)
    if how == "folder of another user":
        os.chown(cache, ANOTHER_USER, -1)
    elif how == "file of another user":
        os.chown(kept, ANOTHER_USER, -1)
    elif how == "folder anyone may write":
        cache.chmod(0o777)
    elif how == "file its group may write":
        kept.chmod(0o664)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="a system without file owners")
@pytest.mark.parametrize(
    "how",
    [
        "folder of another user",
        "file of another user",
        "folder anyone may write",
        "file its group may write",
        "a link to a file elsewhere",
    ],
)
def test_a_cache_another_user_could_write_is_not_believed(
    israel: GameCopy, played: list[str], tmp_path: Path, how: str
) -> None:
    """A forged '"problem": null' for every replay, with keys computed by wgc's own code, must
    not let a game whose replay fails pass validate or build."""
    if how.endswith("of another user") and os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    israel.edit(REPLAY, lambda replay: replay["steps"].append({"expect": {"phase": "no-such-phase"}}))
    assert not validate_game(israel.root).ok
    _forge(tmp_path / "cache", how, tmp_path / "forged.json")
    played.clear()
    report = validate_game(israel.root)
    assert not report.ok and REPLAY in [d.file for d in report.diagnostics if d.is_error]
    assert len(played) == REPLAYS  # every replay was played, none read back
    result = CliRunner().invoke(cli, ["build", str(israel.root), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and not (tmp_path / "out" / "israel1948.vmod").exists()


def test_the_users_own_forged_entries_are_still_believed(
    israel: GameCopy, played: list[str], tmp_path: Path
) -> None:
    """The control for the test above: the same forgery in a cache of the user's own passes,
    so what makes the difference there is whose the cache is."""
    israel.edit(REPLAY, lambda replay: replay["steps"].append({"expect": {"phase": "no-such-phase"}}))
    assert not validate_game(israel.root).ok
    _forge(tmp_path / "cache", "nothing", tmp_path / "forged.json")
    played.clear()
    assert validate_game(israel.root).ok and played == []


def test_the_cache_folder_is_made_for_its_owner_alone_and_used_under_any_umask(
    israel: GameCopy, played: list[str], tmp_path: Path
) -> None:
    before = os.umask(0o002)  # a shared-group system's usual setting
    try:
        validate_game(israel.root)
        played.clear()
        validate_game(israel.root)
    finally:
        os.umask(before)
    assert played == []
    assert stat.S_IMODE((tmp_path / "cache").stat().st_mode) == 0o700
