"""`wgc play` under random typing and mangled saves: never a traceback, never a lost game.

Three surfaces (issue 19): the main prompt (numbers of any size, any Unicode,
commands, save targets that cannot be written), the questions an action asks
in its middle (a battle line, a target), and a saved game edited or cut short
before `--resume`. A save that is accepted must still replay.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.play import PlayError, PlaySession, TerminalChooser

from .conftest import SOURCE_DATA
from .mutations import mutated, reshuffled
from .test_play import RandomChooser

FUZZ = settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
GAMES = [("lawrence", "aqaba"), ("israel1948", "onslaught"), ("jerusalem", "latrun-and-the-burma-road")]

NUMBERS = st.one_of(
    st.integers(min_value=0, max_value=40).map(str),
    st.text(alphabet="0123456789", min_size=10, max_size=6000),
    st.sampled_from(["²", "٣", "１", "-1", "1.5", "1e3", "0x1", " 3 ", "007", "1 2"]),
)
WORDS = st.one_of(
    # a lone surrogate (category Cs) is no text a terminal can send, nor CliRunner encode
    st.text(alphabet=st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["JORDAN 6", "end", "end the phase", "recruit", "move", "attack", ",", "ALA#1, H5"]),
)
COMMANDS = st.sampled_from(["help", "undo", "save", "", "?", "h", "HELP", "undo undo", "quit now"])


def _save_target(tmp: Path) -> st.SearchStrategy[str]:
    blocker = tmp / "a-file"
    return st.one_of(
        st.from_regex(r"[a-z]{1,8}\.json", fullmatch=True).map(lambda name: f"save {tmp / name}"),
        st.just(f"save {blocker / 'x.json'}"),
        st.just("save /proc/wgc-fuzz/x.json"),
        st.just(f"save {tmp}"),
        st.just("save bad\x00name.json"),
    )


def _no_traceback(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


@settings(FUZZ, max_examples=40)
@given(data=st.data())
def test_random_typing_at_the_prompt_never_ends_in_a_traceback(tmp_path: Path, data: st.DataObject) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    game, scenario = data.draw(st.sampled_from(GAMES))
    lines = data.draw(st.lists(st.one_of(NUMBERS, WORDS, COMMANDS, _save_target(tmp_path)), max_size=25))
    save = tmp_path / "game.json"
    args = ["play", str(SOURCE_DATA / game), scenario, "--seed", "5", "--save", str(save)]
    result = CliRunner().invoke(cli, args, input="".join(f"{line}\n" for line in lines))
    _no_traceback(result)
    assert result.exit_code == 0, result.output[-2000:]
    assert save.exists() or any(line.startswith("save ") for line in lines), "the game was kept"


@settings(FUZZ, max_examples=60)
@given(
    answers=st.lists(st.one_of(NUMBERS, WORDS), max_size=8),
    count=st.integers(min_value=1, max_value=6),
    bounds=st.tuples(st.integers(min_value=0, max_value=3), st.integers(min_value=1, max_value=4)),
)
def test_random_answers_to_an_actions_question_give_a_valid_pick_or_wait(
    answers: list[str], count: int, bounds: tuple[int, int]
) -> None:
    minimum, maximum = min(bounds[0], count), min(max(bounds), count)
    minimum = min(minimum, maximum)
    typed = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise click.Abort() from None

    chooser = TerminalChooser(ask, lambda text: None)
    try:
        picked = chooser.choose(
            "Which?", [f"option {i}" for i in range(count)], minimum=minimum, maximum=maximum
        )
    except click.Abort:
        return
    assert minimum <= len(picked) <= maximum and len(set(picked)) == len(picked)
    assert all(0 <= i < count for i in picked)


@settings(FUZZ, max_examples=12)
@given(
    seed=st.integers(min_value=0, max_value=10**6), answers=st.lists(st.one_of(NUMBERS, WORDS), max_size=60)
)
def test_typing_inside_battles_keeps_the_game_whole(seed: int, answers: list[str]) -> None:
    """Lawrence's battles ask the line and the targets; random typing there either answers or stops
    the input, and then the half-taken action leaves no trace: the game still replays."""
    typed = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise click.Abort() from None

    session = PlaySession.start(SOURCE_DATA / "lawrence", "aqaba", seed, TerminalChooser(ask, lambda t: None))
    pick = random.Random(seed)
    try:
        while not session.game.over:
            session.apply(pick.choice(session.legal_actions()))
    except click.Abort:
        pass
    session.rebuild()  # what was recorded replays through the runner
    assert session.game.over or session.legal_actions()


# --- saved games, mangled ---------------------------------------------------------------------


@functools.cache
def _saved(game: str, scenario: str) -> str:
    """A game played for a while and saved: the text `wgc play` writes."""
    session = PlaySession.start(SOURCE_DATA / game, scenario, 11, RandomChooser(11))
    pick = random.Random(11)
    for _ in range(25):
        if session.game.over:
            break
        session.apply(pick.choice(session.legal_actions()))
    return json.dumps(session.document())


@st.composite
def mangled_save(draw: st.DrawFn) -> tuple[str, str]:
    game, scenario = draw(st.sampled_from(GAMES))
    text = _saved(game, scenario)
    how = draw(st.sampled_from(["mutated", "reshuffled", "cut", "bytes", "other game"]))
    if how == "mutated":
        return game, json.dumps(draw(mutated(json.loads(text), 3)))
    if how == "reshuffled":
        return game, json.dumps(draw(reshuffled(json.loads(text), 3)))
    if how == "cut":
        return game, text[: draw(st.integers(min_value=0, max_value=len(text)))]
    if how == "bytes":
        at = draw(st.integers(min_value=0, max_value=len(text)))
        return game, text[:at] + draw(st.text(max_size=5)) + text[at:]
    other = draw(st.sampled_from([g for g in GAMES if g[0] != game]))
    return game, _saved(*other)


@settings(FUZZ, max_examples=50)
@given(case=mangled_save())
def test_a_mangled_save_is_refused_with_a_reason_or_resumed_and_still_replays(
    tmp_path: Path, case: tuple[str, str]
) -> None:
    game, text = case
    resumed, save = tmp_path / "resumed.json", tmp_path / "again.json"
    resumed.write_text(text, encoding="utf-8")
    args = ["play", str(SOURCE_DATA / game), "--resume", str(resumed), "--save", str(save), "--seed", "1"]
    result = CliRunner().invoke(cli, args, input="quit\n")
    _no_traceback(result)
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert result.output.startswith("error: ") and str(resumed) in result.output
        return
    again = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / game), str(save)])
    assert again.exit_code == 0, again.output


def test_a_save_of_another_game_is_refused_by_name(tmp_path: Path) -> None:
    resumed = tmp_path / "israel.json"
    resumed.write_text(_saved("israel1948", "onslaught"), encoding="utf-8")
    with pytest.raises(PlayError, match="is not a replay of this game"):
        PlaySession.resume(SOURCE_DATA / "lawrence", resumed, 1, RandomChooser(1))
