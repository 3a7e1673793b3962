"""Every command takes the game `wgc validate` takes, and refuses one it refuses by naming the
first error (issue 30, items 1 and 6).

The example game with art (tests/art_game) is the one that caught it: `wgc simulate` validated
again, in its workers, a copy of the game's JSON without its images, and `wgc new --from` copied
the JSON without the images; both refused a game `wgc validate` accepts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.pipeline import validate_game
from compiler.simulate import simulate

from .conftest import GameCopy, valid_game


def _wgc(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(arguments))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_simulate_plays_a_game_whose_map_counters_and_cards_are_images(artful: GameCopy) -> None:
    code, output = _wgc("simulate", str(artful.root), "--games", "4", "--format", "json")
    assert code == 0, output
    (table,) = json.loads(output)
    assert table["scenario"] == "first-clash" and table["games"] == 4


def test_the_workers_play_the_game_that_was_validated(artful: GameCopy) -> None:
    """Over two processes, as in one: each worker unpickles the validated game, art and all."""
    game = valid_game(validate_game(artful.root, run_replays=False))
    one, two = ([t.to_json() for t in simulate(game, games=6, seed=3, jobs=jobs)] for jobs in (1, 2))
    assert one == two and one[0]["games"] == 6


def test_a_copy_of_a_game_with_art_validates_as_the_game_does(artful: GameCopy, tmp_path: Path) -> None:
    (artful.root / "notes").mkdir()
    (artful.root / "notes" / "sources.txt").write_text("where the art came from")
    (artful.root / ".cache").mkdir()
    (artful.root / ".cache" / "junk.png").write_bytes(b"not copied")
    copy = tmp_path / "games" / "mine"
    code, output = _wgc("new", str(copy), "--from", str(artful.root))
    assert code == 0, output
    assert validate_game(copy).diagnostics == []
    assert (copy / "art" / "map.png").read_bytes() == (artful.root / "art" / "map.png").read_bytes()
    assert (copy / "notes" / "sources.txt").read_text() == "where the art came from"
    assert not (copy / ".cache").exists()


def test_a_link_in_a_game_to_copy_is_not_followed(artful: GameCopy, tmp_path: Path) -> None:
    (artful.root / "art" / "passwd.png").symlink_to("/etc/passwd")
    copy = tmp_path / "mine"
    code, output = _wgc("new", str(copy), "--from", str(artful.root))
    assert code == 0, output
    assert not (copy / "art" / "passwd.png").exists()


def _without_map_art(game: GameCopy) -> None:
    (game.root / "art" / "map.png").unlink()


@pytest.mark.parametrize(
    ("command", "consequence"),
    [
        (["simulate", "{game}", "--games", "2"], "no game is played"),
        (["replay", "{game}", "{game}/replays/movement-on-the-art.json"], "no replay is run"),
        (["play", "{game}", "first-clash"], "it cannot be played"),
    ],
)
def test_a_refusal_names_the_first_error(artful: GameCopy, command: list[str], consequence: str) -> None:
    _without_map_art(artful)
    code, output = _wgc(*(word.format(game=artful.root) for word in command))
    assert code == 1, output
    assert f"artful does not validate, so {consequence}" in output
    assert "map.json:5:21: error [art.missing] at /image/file" in output


def test_a_refusal_with_several_errors_names_the_first_and_counts_them(artful: GameCopy) -> None:
    _without_map_art(artful)
    (artful.root / "art" / "south.png").unlink()
    code, output = _wgc("simulate", str(artful.root), "--games", "2")
    assert code == 1
    first = validate_game(artful.root).diagnostics[0]
    assert first.is_error and f"{first.file}:{first.line}:{first.column}: error [{first.code}]" in output
    assert "the first of its 3 errors" in output and "lists them all" in output


def test_a_game_given_as_dot_is_named_by_its_folder(
    artful: GameCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(artful.root)
    code, output = _wgc("validate", ".")
    assert code == 0 and output.splitlines()[-1] == "artful: 0 error(s), 0 warning(s)"
    _without_map_art(artful)
    code, output = _wgc("simulate", ".", "--games", "2")
    assert code == 1 and output.startswith("error: artful does not validate")
    code, output = _wgc("validate", ".", "--format", "json")
    assert json.loads(output)["games"][0]["game"] == "artful"
