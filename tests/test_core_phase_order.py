"""The core's phases whose order the player chooses (game.json: "order": "player-choice" and a group).

A plain CoreGame on Jerusalem!'s sequence of play, with no rules of its own,
shows that the choice is the core's: any system whose data marks a group gets it.
"""

from __future__ import annotations

import functools

import pytest

from compiler.pipeline import validate_game
from rules_engine.core import ChoosePhaseFirst, CoreGame, CoreSystem, EndPhase, IllegalAction, ScriptedDice

from .conftest import SOURCE_DATA
from .conftest import valid_game as _valid


class Plain(CoreSystem[CoreGame]):
    """The core alone: phases and turns, nothing else."""

    name = "plain"
    game_class = CoreGame


@functools.cache
def _system() -> Plain:
    return Plain(_valid(validate_game(SOURCE_DATA / "jerusalem", run_replays=False)))


def _game() -> CoreGame:
    return _system().new_game("standard-game")


def _end(game: CoreGame) -> None:
    game.end_phase(ScriptedDice({}))


def test_the_active_side_may_choose_which_phase_of_its_group_comes_first() -> None:
    game = _game()
    assert game.phase.id == "jewish-announce"
    choices = [a for a in game.legal_actions() if isinstance(a, ChoosePhaseFirst)]
    assert sorted(c.phase for c in choices) == ["jewish-overland", "jewish-road"]
    assert isinstance(game.legal_actions()[-1], EndPhase)
    assert choices[0].describe().startswith("take the Jewish")
    game.apply(ChoosePhaseFirst("jewish-road", "Jewish Road Movement Phase"), ScriptedDice({}))
    assert game.legal_actions() == [EndPhase()]  # 3.2: announced once; only ending the step is left
    with pytest.raises(IllegalAction):
        game.choose_phase_first("jewish-overland", "3.2")
    seen = []
    for _ in range(4):
        _end(game)
        seen.append(game.phase.id)
    assert seen == ["jewish-road", "jewish-overland", "jewish-end", "arab-announce"]


def test_without_a_choice_the_declared_order_holds_and_each_turn_starts_afresh() -> None:
    game = _game()
    game.choose_phase_first("jewish-road", "3.2")
    while game.phase.id != "arab-announce":
        _end(game)
    assert [c.phase for c in game.phase_order_choices()] == ["arab-overland", "arab-road"]
    seen = []
    while game.state.turn == "May I":
        _end(game)
        seen.append(game.phase.id)
    assert seen == ["arab-overland", "arab-road", "arab-end", "advance-turn", "jewish-announce"]
    assert game.state.phase_order == ()
    assert len(game.phase_order_choices()) == 2


def test_the_order_cannot_change_once_the_group_has_begun() -> None:
    game = _game()
    _end(game)
    assert game.phase.id == "jewish-overland"
    assert game.phase_order_choices() == []
    with pytest.raises(IllegalAction) as refused:
        game.choose_phase_first("jewish-road", "3.2")
    assert refused.value.rule == "3.2"
    with pytest.raises(IllegalAction):
        game.choose_phase_first("arab-road", "3.2")
