"""`wgc play`: games played through the protocol, written as replays that `wgc replay` runs again.

A scripted chooser stands in for the person; the terminal itself is driven
through click's CliRunner with typed input: numbers, help, undo, save, quit,
and --resume from the saved file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.play import PlaySession, TerminalChooser

from .conftest import SOURCE_DATA


class RandomChooser:
    """Answers every question at random (within its bounds)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.asked = 0
        self.questions: list[str] = []

    def choose(
        self,
        question: str,
        options: Sequence[str],
        *,
        minimum: int = 1,
        maximum: int = 1,
        side: str | None = None,
    ) -> list[int]:
        self.asked += 1
        self.questions.append(question)
        count = self.random.randint(minimum, maximum)
        return sorted(self.random.sample(range(len(options)), count))


def _play_to_the_end(game: str, scenario: str, seed: int) -> PlaySession:
    chooser = RandomChooser(seed)
    session = PlaySession.start(SOURCE_DATA / game, scenario, seed, chooser)
    pick = random.Random(seed)
    for _ in range(3000):
        if session.game.over:
            return session
        session.apply(pick.choice(session.legal_actions()))
    raise AssertionError("the game did not end")


def _replays(game: str, path: Path) -> str:
    result = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / game), str(path)])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_played_israel_game_is_written_as_a_replay_that_runs_again(tmp_path: Path) -> None:
    session = _play_to_the_end("israel1948", "onslaught", 4)
    assert any("attack" in step for step in session.steps)
    assert any("halt" in step or "hits" in step for step in session.steps), "no combat choice was recorded"
    path = tmp_path / "israel.json"
    session.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["steps"][-1] == {"expect": {"over": True, "result": session.game.result}}
    assert "passed" in _replays("israel1948", path)


def test_a_played_lawrence_mission_replays_with_its_set_up_dice_and_battle_choices(tmp_path: Path) -> None:
    asked: list[str] = []
    for seed in (2, 9):
        session = _play_to_the_end("lawrence", "aqaba", seed)
        assert isinstance(session.chooser, RandomChooser)
        asked += session.chooser.questions
        assert session.setup_dice["deal operations"]
        path = tmp_path / f"aqaba-{seed}.json"
        session.save(path)
        assert "passed" in _replays("lawrence", path)
    lines = [q for q in asked if "in the line" in q]
    assert lines and all("against" in q for q in lines), "the line question names the hostiles faced"
    assert any("fire first" in q for q in lines), "the first question of a battle says who won the edge"


@pytest.mark.parametrize(
    ("game", "scenario", "seeds", "made"),
    [
        ("battle-for-moscow", "operation-typhoon", (1, 4), {"move", "attack", "replace", "replace at"}),
        ("vallon", "the-road-to-vallon", (1,), {"move", "attack", "place"}),
    ],
)
def test_a_played_classic_game_is_written_as_a_replay_that_runs_again(
    tmp_path: Path, game: str, scenario: str, seeds: tuple[int, ...], made: set[str]
) -> None:
    """docs/classic-rules.md, Replays of a classic game: each classic action is written as the step
    that takes it again: a move with its path, an attack with its units, targets, dice and choices,
    a reinforcement placed at its hex (Vallon), a replacement of a reduced unit (no `at`) and of an
    eliminated one (with its `at`; Battle for Moscow)."""
    kinds: set[str] = set()
    for seed in seeds:
        session = _play_to_the_end(game, scenario, seed)
        steps = [s for s in session.steps if set(s) != {"expect"}]
        for step in steps:
            kind = next(k for k in ("move", "attack", "place", "replace", "end_phase") if k in step)
            kinds.add(kind + (" at" if kind == "replace" and "at" in step else ""))
        attacks = [s["attack"] for s in steps if "attack" in s]
        assert all(a["units"] and a["targets"] for a in attacks)
        assert all(s["path"] for s in steps if "move" in s)
        path = tmp_path / f"{game}-{seed}.json"
        session.save(path)
        assert "passed" in _replays(game, path)
    assert made | {"end_phase"} <= kinds


def test_undo_takes_back_the_last_step_and_the_game_goes_on(tmp_path: Path) -> None:
    session = PlaySession.start(SOURCE_DATA / "lawrence", "aqaba", 5, RandomChooser(5))
    session.apply(session.legal_actions()[0])
    pounds = session.game.pounds
    session.apply(session.legal_actions()[0])
    assert session.undo()
    assert session.game.pounds == pounds and len(session.steps) == 1
    assert session.undo() and not session.undo()
    assert session.game.pounds == 6


def test_the_terminal_takes_numbers_help_undo_save_and_quit(tmp_path: Path) -> None:
    save = tmp_path / "aqaba.json"
    typed = "help\n3\nundo\n6\nbogus\n99\nsave\n7\nquit\n"
    result = CliRunner().invoke(
        cli, ["play", str(SOURCE_DATA / "lawrence"), "aqaba", "--seed", "7", "--save", str(save)], input=typed
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands:" in out and "Took back the last action." in out
    assert "No choice holds the words 'bogus'." in out and "'99' is not a choice" in out
    assert "Ops left 8 | Pounds 6 | Leadership 2" in out and "Garrisons: " in out
    steps = json.loads(save.read_text(encoding="utf-8"))["steps"]
    # 7 is still the Regulars after the Mercenaries were bought: numbers do not shift
    assert [s["recruit"] for s in steps] == ["mercenaries", "regulars"]
    assert "passed" in _replays("lawrence", save)


def test_a_saved_game_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where the resumed game is saved
    save = tmp_path / "aqaba.json"
    runner = CliRunner()
    first = runner.invoke(
        cli,
        ["play", str(SOURCE_DATA / "lawrence"), "aqaba", "--seed", "3", "--save", str(save)],
        input="8\nquit\n",
    )
    assert first.exit_code == 0, first.output
    second = runner.invoke(
        cli, ["play", str(SOURCE_DATA / "lawrence"), "--resume", str(save), "--seed", "4"], input="1\nquit\n"
    )
    assert second.exit_code == 0, second.output
    assert "operation 1, Recruiting & Scouting Segment" in second.output
    resumed = tmp_path / "aqaba-2.json"
    steps = json.loads(resumed.read_text(encoding="utf-8"))["steps"]
    assert [next(iter(s)) for s in steps] == ["end_phase", "operate"]
    assert "passed" in _replays("lawrence", resumed)
    assert [next(iter(s)) for s in json.loads(save.read_text(encoding="utf-8"))["steps"]] == ["end_phase"]


def test_a_resumed_replay_is_never_rewritten_unless_save_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19, item 2: resuming a curated replay and quitting rewrote it, and it lost its
    name, summary, cite and expect steps."""
    monkeypatch.chdir(tmp_path)
    curated = tmp_path / "turn-ten-days.json"
    original = (SOURCE_DATA / "israel1948" / "replays" / "turn-ten-days.json").read_bytes()
    curated.write_bytes(original)
    game, runner = str(SOURCE_DATA / "israel1948"), CliRunner()
    for _ in range(2):
        result = runner.invoke(cli, ["play", game, "--resume", str(curated)], input="quit\n")
        assert result.exit_code == 0, result.output
        assert curated.read_bytes() == original
    assert (tmp_path / "turn-ten-days-2.json").exists()
    assert (tmp_path / "turn-ten-days-3.json").exists()  # the second resume took the next name
    assert "Saved in turn-ten-days-3.json" in result.output
    named = runner.invoke(
        cli, ["play", game, "--resume", str(curated), "--save", str(curated)], input="quit\n"
    )
    assert named.exit_code == 0, named.output
    assert curated.read_bytes() != original  # --save named it: the player asked for it


def test_two_players_share_the_keyboard_in_israel_1948(tmp_path: Path) -> None:
    save = tmp_path / "israel.json"
    result = CliRunner().invoke(
        cli,
        ["play", str(SOURCE_DATA / "israel1948"), "onslaught", "--seed", "1", "--save", str(save)],
        input="1\nJORDAN 6\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "holding 'JORDAN 6'" in result.output
    assert "Arab League to act" in result.output and "Israeli:" in result.output
    assert "passed" in _replays("israel1948", save)


def test_an_unknown_scenario_or_a_missing_one_is_a_clear_error(tmp_path: Path) -> None:
    runner = CliRunner()
    unknown = runner.invoke(cli, ["play", str(SOURCE_DATA / "lawrence"), "nowhere"])
    assert unknown.exit_code == 1 and "no scenario 'nowhere'" in unknown.output
    missing = runner.invoke(cli, ["play", str(SOURCE_DATA / "lawrence")])
    assert missing.exit_code == 2 and "name the scenario" in missing.output
    listed = missing.output.split("has:", 1)[1]
    assert all(name in listed for name in ("aqaba", "Aqaba!", "damascus", "gaza-offensive", "hejaz-railroad"))
    assert "play [OPTIONS] GAME_DIR SCENARIO\n" in missing.output, "SCENARIO is not shown as optional"
    usage = runner.invoke(cli, ["play", "--help"])
    assert "[SCENARIO]" not in usage.output and "--resume FILE it is left out" in usage.output


def test_the_chooser_asks_again_until_the_answer_fits() -> None:
    typed = iter(["", "4", "1 1", "1 2", "2"])
    said: list[str] = []
    chooser = TerminalChooser(lambda prompt: next(typed), said.append)
    assert chooser.choose("Which two?", ["a", "b", "c"], minimum=2, maximum=2) == [0, 1]
    assert sum("Please type" in line for line in said) == 3
    assert chooser.choose("Which?", ["a", "b"]) == [1]
    assert chooser.choose("Only one way:", ["x"]) == [0]
