"""`wgc play` as a player meets it, typed through the terminal (click's CliRunner).

What players who tried it asked for (issue 20): numbers that mean what is shown
and do not shift, narrowing by whole words, long lists grouped by unit, attacks
that name the place and the defender, a last screen when the game ends, terms
explained, no "Points" where a game has none, the real game path in the hint.
And what hostile typing found (issue 19): no answer, and no file that cannot be
written, ends the game in a traceback or loses it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli.main import cli
from compiler.play import PlaySession, TerminalChooser
from compiler.play.menu import Numbering, group_of, matches, narrowed
from compiler.play.terminal import parse_number

from .conftest import SOURCE_DATA
from .test_play import RandomChooser

LAWRENCE = SOURCE_DATA / "lawrence"
ISRAEL = SOURCE_DATA / "israel1948"
HUGE = "9" * 5000


def _play(game: Path, scenario: str, typed: str, save: Path, *more: str) -> Result:
    args = ["play", str(game), scenario, "--seed", "3", "--save", str(save), *more]
    result = CliRunner().invoke(cli, args, input=typed)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def _steps(path: Path) -> list[dict[str, object]]:
    return [s for s in json.loads(path.read_text(encoding="utf-8"))["steps"] if set(s) != {"expect"}]


def _last_list(output: str) -> list[tuple[int, str]]:
    """The numbered lines of the last list on the screen."""
    block = output.rsplit(" to act.", 1)[1].split("Your choice", 1)[0]
    return [(int(n), text) for n, text in re.findall(r"^ +(\d+)\. (.*)$", block, re.MULTILINE)]


# --- numbers -------------------------------------------------------------------------------


def test_after_narrowing_a_number_picks_the_line_shown(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(ISRAEL, "onslaught", "1\nJORDAN 6\n1\nquit\n", save)
    assert result.exit_code == 0, result.output
    assert "Choices holding 'JORDAN 6' (" in result.output
    shown = result.output.split("holding 'JORDAN 6'", 1)[1]
    assert "    1. move JORDAN 6 to " in shown, "the lines shown are numbered from 1"
    assert _steps(save)[-1]["move"] == "JORDAN 6", "1 took the first line shown, not line 1 of the list"


def test_a_number_stays_with_its_item_after_a_purchase(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(LAWRENCE, "aqaba", "7\n7\n1\nquit\n", save)
    assert result.exit_code == 0, result.output
    assert [s["recruit"] for s in _steps(save)] == ["regulars", "regulars"]
    assert "1 is no longer offered (it was: recruit Aeroplane (4 Pounds) for Lawrence)" in result.output
    second = result.output.split("You chose: recruit Arab Regulars", 1)[1]
    assert "    7. recruit Arab Regulars (3 Pounds)" in second
    assert "    8. end the phase" in second, "end the phase kept its number"


def test_numbers_start_again_in_a_new_phase() -> None:
    numbering = Numbering()
    session = PlaySession.start(LAWRENCE, "aqaba", 3, RandomChooser(3))
    first = numbering.lines(("set-up",), session.legal_actions())
    assert [line.number for line in first] == list(range(1, 9))
    session.apply(session.legal_actions()[-1])  # end the phase
    later = numbering.lines(("operation 1",), session.legal_actions())
    assert later[0].number == 1 and numbering.gone(8) is None


# --- narrowing -------------------------------------------------------------------------------


def test_narrowing_matches_whole_words() -> None:
    assert not matches("try to recruit a leader, spending 2 Pounds", "end")
    assert matches("end the phase", "end") and matches("end the phase", "END")
    assert not matches("move JORDAN 2 to J10 via K11 J10", "JORDAN 1")
    assert matches("attack KIBBUTZ#1 in I3 with JORDAN 1, ALA#1", "JORDAN 1")
    assert not matches("attack KIBBUTZ#1 in I3 with JORDAN 2, ALA#1", "JORDAN 1")
    assert matches("move ALA#1 to Jenin (H6) via H5 H6", "ALA#1, jenin")
    assert not matches("move ALA#1 to H5 via H5", "ALA#1, jenin")


def test_narrowing_in_the_terminal_shows_only_whole_word_matches(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(ISRAEL, "onslaught", "1\nJORDAN 1\nquit\n", save)
    lines = _last_list(result.output)
    assert lines and all(text.startswith("move JORDAN 1 to ") for _, text in lines)
    assert [n for n, _ in lines] == list(range(1, len(lines) + 1))
    result = _play(LAWRENCE, "aqaba", "end\n1\nquit\n", save)
    assert [s for s in _steps(save)] == [{"end_phase": True}]
    matched = _play(LAWRENCE, "aqaba", "pounds lawrence\nquit\n", save)
    assert "No choice holds the words 'pounds lawrence'." in matched.output


# --- long lists -------------------------------------------------------------------------------


def test_a_long_list_is_grouped_by_unit_then_destination(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = _play(ISRAEL, "onslaught", "1\nquit\n", save)
    lines = _last_list(first.output)
    assert "371 choices in groups" in first.output
    assert len(lines) <= 30 and lines[-1][1] == "end the phase"
    jordan = next((n, text) for n, text in lines if text.startswith("move JORDAN 6 ..."))
    found = re.search(r"\((\d+) choices\)", jordan[1])
    assert found is not None
    count = int(found.group(1))
    opened = _play(ISRAEL, "onslaught", f"1\n{jordan[0]}\n2\nquit\n", save)
    shown = _last_list(opened.output.split("You chose: move JORDAN 6", 1)[0] + "Your choice")
    assert len(shown) == count and all(text.startswith("move JORDAN 6 to ") for _, text in shown)
    assert _steps(save)[-1]["move"] == "JORDAN 6"
    after = _last_list(opened.output)
    numbers = {text.split(" ...")[0]: n for n, text in lines}
    assert all(numbers[text.split(" ...")[0]] == n for n, text in after), "groups keep their numbers"


def test_a_group_is_the_words_before_the_destination() -> None:
    session = PlaySession.start(ISRAEL, "onslaught", 3, RandomChooser(3))
    session.apply(session.legal_actions()[-1])
    moves = session.legal_actions()
    assert {group_of(a) for a in moves if "JORDAN 6" in a.describe()} == {"move JORDAN 6"}
    assert len(narrowed(moves, "", "move JORDAN 6")) == sum("move JORDAN 6 " in a.describe() for a in moves)


# --- what the lines say ---------------------------------------------------------------------


def test_attacks_name_the_place_and_the_defenders(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(ISRAEL, "onslaught", "1\nend the phase\n1\nquit\n", save)
    attacks = [text for _, text in _last_list(result.output) if text.startswith("attack")]
    assert "attack JERUSALEM, ODED in Jerusalem (H11) with AOS#2" in attacks
    assert "attack YIFTACH in Safad (I2) with LEBANON" in attacks
    assert all(re.match(r"attack .+ in .+ with .+", text) for text in attacks)


def test_raiders_terms_are_explained(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(LAWRENCE, "aqaba", "quit\n", save)
    assert "Arab Revolt (combat-movement, 4.0; [the gear each carries]):" in result.output
    assert "Feisal's Camp (2-0)" in result.output
    session = PlaySession.start(LAWRENCE, "aqaba", 3, RandomChooser(3))
    korps = next(u for u in session.game.state.units.values() if u.counter.id == "asien-korps")
    session.game.state.place(korps, "aqaba")
    hostiles = [line for line in session.game.situation() if line.startswith("Hostiles")]
    assert hostiles == ["Hostiles (combat value; + elite, +1 to the tactical edge, 4.0): Aqaba: AK (4+)"]
    asked: list[str] = []
    for seed in (2, 9):
        session = PlaySession.start(LAWRENCE, "aqaba", seed, RandomChooser(seed))
        pick = random.Random(seed)
        while not session.game.over:
            session.apply(pick.choice(session.legal_actions()))
        assert isinstance(session.chooser, RandomChooser)
        asked += session.chooser.questions
    edge = [q for q in asked if "tactical edge" in q]
    assert edge and all("a die +1 per elite unit (15.1)" in q and "or less hits" in q for q in edge)


def test_points_are_shown_only_where_the_game_has_them(tmp_path: Path) -> None:
    runner = CliRunner()
    made = runner.invoke(cli, ["new", str(tmp_path / "new" / "border-war"), "--system", "israel1948"])
    assert made.exit_code == 0, made.output
    plain = _play(tmp_path / "new" / "border-war", "first-clash", "quit\n", tmp_path / "a.json")
    assert "Points:" not in plain.output and "points:" not in plain.output and "South:" in plain.output
    israel = _play(ISRAEL, "onslaught", "quit\n", tmp_path / "b.json")
    assert "Air points (2.3: each re-rolls one die of your own in a combat): Arab League 1, Israeli 0" in (
        israel.output
    )


def test_a_classic_game_is_played_to_its_end_and_replays(tmp_path: Path) -> None:
    """wgc play on the classic template (wgc new's default): every phase ended (reinforcements
    placed where they must be) up to the last turn, and the saved game replays."""
    game = tmp_path / "new" / "river"
    made = CliRunner().invoke(cli, ["new", str(game)])
    assert made.exit_code == 0, made.output
    save = tmp_path / "river.json"
    result = _play(game, "the-river-line", "end the phase\n1\n" * 150, save)
    assert result.exit_code == 0, result.output
    assert "The game is over: South Victory." in result.output
    replayed = CliRunner().invoke(cli, ["replay", str(game), str(save)])
    assert replayed.exit_code == 0 and "passed" in replayed.output, replayed.output


def test_the_resume_hint_names_the_real_game(tmp_path: Path) -> None:
    save = tmp_path / "my game.json"
    result = _play(LAWRENCE, "aqaba", "quit\n", save)
    assert f"go on with: wgc play {LAWRENCE} --resume '{save}'" in result.output
    assert "GAME --resume" not in result.output


def test_the_game_over_screen_shows_result_position_and_file(tmp_path: Path) -> None:
    made = CliRunner().invoke(cli, ["new", str(tmp_path / "new" / "border-war"), "--system", "israel1948"])
    assert made.exit_code == 0, made.output
    save = tmp_path / "over.json"
    game = tmp_path / "new" / "border-war"
    result = _play(game, "first-clash", "end the phase\n1\n" * 40, save)
    assert result.exit_code == 0, result.output
    last = result.output.rsplit("The game is over:", 1)[1]
    assert last.startswith(" Draw.") and "The final position:" in last
    assert "  First Clash: turn 3" in last and "G4: 1 SOUTH" in last
    assert f"The game is saved in {save}." in last and f"wgc replay {game} {save} --trace" in last
    assert "Press Enter to leave." in last
    assert json.loads(save.read_text(encoding="utf-8"))["steps"][-1] == {
        "expect": {"over": True, "result": "Draw"}
    }


# --- hostile typing (issue 19, item 5) ------------------------------------------------------


def test_odd_numbers_are_answered_not_crashed_on(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(LAWRENCE, "aqaba", f"²\n{HUGE}\n٣\n0\n1.5\n\x00\n-1\n\n7\nquit\n", save)
    assert result.exit_code == 0, result.output
    assert "No choice holds the words '²'." in result.output
    assert "'" + "9" * 40 + "...' is not a choice" in result.output
    assert [s["recruit"] for s in _steps(save)] == ["regulars"], "the game went on after the odd answers"
    assert [parse_number(w) for w in ("²", HUGE, "٣", "-1", "１", "1.5", "")] == [None] * 7
    assert parse_number("0" * 20 + "1") == 1 and parse_number("12") == 12


def test_odd_numbers_inside_an_actions_question_are_asked_again() -> None:
    typed = iter(["²", HUGE, f"1 {HUGE}", "٣", "2"])
    said: list[str] = []
    chooser = TerminalChooser(lambda prompt: next(typed), said.append)
    assert chooser.choose("Which?", ["a", "b", "c"]) == [1]
    assert sum("Please type one number" in line for line in said) == 4


# --- files that cannot be written (issue 19, item 6) -----------------------------------------


@pytest.mark.parametrize("where", ["under-a-file", "proc"])
def test_save_and_quit_to_a_file_that_cannot_be_written_keep_the_game(tmp_path: Path, where: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    bad = blocker / "game.json" if where == "under-a-file" else Path("/proc/wgc-play-test/game.json")
    good = tmp_path / "elsewhere" / "game.json"
    result = _play(LAWRENCE, "aqaba", f"7\nsave\nquit\nsave {good}\n7\nquit\n", bad)
    assert result.exit_code == 0, result.output
    why = f"{blocker} is a file, not a folder" if where == "under-a-file" else "cannot be written"
    assert result.output.count(f"cannot save the game in {bad}") == 2 and why in result.output
    assert result.output.count("The game goes on, unsaved: type save FILE to save it elsewhere.") == 2
    assert f"Saved in {good}; go on with: " in result.output
    assert [s["recruit"] for s in _steps(good)] == ["regulars", "regulars"], "no move was lost"
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_the_end_of_the_input_with_an_unwritable_file_saves_the_game_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    here = tmp_path / "working"
    here.mkdir()
    monkeypatch.chdir(here)
    args = ["play", str(LAWRENCE), "aqaba", "--seed", "3", "--save", str(blocker / "g.json")]
    result = CliRunner().invoke(cli, args, input="7\n6\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1, "saved, but not where asked"
    kept = list(here.glob("aqaba-play-*.json"))
    assert len(kept) == 1 and f"The game is saved in {kept[0]}." in result.output
    assert f"cannot save the game in {blocker / 'g.json'}: {blocker} is a file, not a folder" in result.output
    assert [s["recruit"] for s in _steps(kept[0])] == ["regulars", "mercenaries"]
    assert f"Go on with: wgc play {LAWRENCE} --resume {kept[0]}" in result.output


# --- a designer's classic game (issue 30, item 6) -----------------------------------------------

MOSCOW = SOURCE_DATA / "battle-for-moscow"


def test_a_hex_id_of_digits_narrows_the_list(tmp_path: Path) -> None:
    """0105 is a hex, not line 105: digits with a leading zero, or no line of that number, are words."""
    result = _play(MOSCOW, "operation-typhoon", "end the phase\n1\n0105\nquit\n", tmp_path / "game.json")
    assert result.exit_code == 0, result.output
    assert "holding '0105'" in result.output and "'0105' is not a choice" not in result.output
    assert all("0105" in text for _, text in _last_list(result.output))


def test_attack_choices_show_the_totals_odds_and_column(tmp_path: Path) -> None:
    typed = "end the phase\n1\n" * 2 + "0510\nquit\n"
    result = _play(MOSCOW, "operation-typhoon", typed, tmp_path / "game.json")
    attacks = [text for _, text in _last_list(result.output) if text.startswith("attack")]
    assert attacks and all(
        re.search(r" \(\d+(\.5)? to \d+(\.5)?, \d+-\d+(, column \d+-\d+)?\)$", a) for a in attacks
    )
    assert "attack 0510 with XXIV (12 to 4, 3-1, column 2-1)" in attacks
    assert any(", column " in a for a in attacks)  # a river or a fortification shifts the column


class Recorder(RandomChooser):
    """A random chooser that keeps, for each action, the questions it asked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.by_action: list[list[str]] = []

    def choose(
        self, question: str, options: Sequence[str], *, minimum: int = 1, maximum: int = 1
    ) -> list[int]:
        self.by_action[-1].append(question)
        return super().choose(question, options, minimum=minimum, maximum=maximum)


def test_the_roll_and_the_result_are_shown_before_the_loss_is_asked() -> None:
    asked: list[list[str]] = []
    for seed in range(4):
        chooser = Recorder(seed)
        session = PlaySession.start(MOSCOW, "operation-typhoon", seed, chooser)
        pick = random.Random(seed)
        while not session.game.over and session.game.state.turn_index < 2:
            chooser.by_action.append([])
            actions = session.legal_actions()
            attacks = [a for a in actions if a.kind == "attack"]
            session.apply(pick.choice(attacks or actions))
        asked += [questions for questions in chooser.by_action if questions]
    assert len(asked) >= 5
    for questions in asked:
        first = questions[0]
        assert re.search(r"attack on .+: .+, roll \d: \w+\n", first), first
