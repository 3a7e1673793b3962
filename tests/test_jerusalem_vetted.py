"""Jerusalem!'s random player has an action it just had accepted applied untested (``Game.vetted``).

Asking the engine's tests twice per action (once by the player, again by ``apply``) was a
quarter of a random game's time. An unwatched game now skips the second asking; these tests
hold that it changes nothing: the same seed ends in the same position watched or not, and an
action that is not the one just vetted is still refused.
"""

from __future__ import annotations

import functools

import pytest

from compiler.pipeline import validate_game
from rules_engine.core import Action, DiceSource, IllegalAction, SeededDice
from rules_engine.systems import system_for
from rules_engine.systems.jerusalem import Attack, Game, Jerusalem, Move, legal
from rules_engine.systems.jerusalem.random_play import play_random_game

from .conftest import SOURCE_DATA
from .conftest import valid_game as _valid


@functools.cache
def jerusalem() -> Jerusalem:
    system = system_for(_valid(validate_game(SOURCE_DATA / "jerusalem", run_replays=False)))
    assert isinstance(system, Jerusalem)
    return system


def _ending(game: Game) -> tuple[str | None, int, list[str]]:
    return game.result, game.state.epoch, game.situation()


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("scenario", ["standard-game", "latrun-and-the-burma-road"])
def test_an_unwatched_game_ends_where_a_watched_one_does(
    scenario: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watched game has every action tested as it is applied; the unwatched one skips the
    tests its player has just asked (moves, attacks, entries): both must play the same game."""
    vetted: list[bool] = []
    apply_action = legal.apply_action

    def recording(game: Game, action: Action, dice: DiceSource) -> None:
        vetted.append(game.vetted is action)
        apply_action(game, action, dice)

    monkeypatch.setattr(legal, "apply_action", recording)
    watched = play_random_game(jerusalem(), scenario, seed, after_action=lambda game, _: None)
    watched_vetted, vetted[:] = list(vetted), []
    unwatched = play_random_game(jerusalem(), scenario, seed)
    assert _ending(unwatched) == _ending(watched)
    assert watched_vetted and not any(watched_vetted), "a watched game has every action tested"
    assert sum(vetted) > len(vetted) / 4, "most of an unwatched game's actions are applied untested"


def _an_illegal_attack(game: Game) -> Attack:
    """An attack by a unit of the side to act on one of its own units: never allowed (9.4)."""
    own = [u for u in game.state.units_of(game.active_side) if u.space is not None]
    return Attack((own[0].uid,), (own[1].uid,))


def test_only_the_very_action_vetted_goes_untested() -> None:
    system = jerusalem()
    dice = SeededDice(5, system.die_sides)
    game = system.new_game("standard-game", dice, log=False)
    while game.phase.kind not in ("overland-movement", "road-movement"):
        game.end_phase(dice)
    illegal = _an_illegal_attack(game)
    # another action vetted, or an equal one that is not the same object: the attack is tested
    game.vetted = Move((illegal.attackers[0],), ("nowhere",))
    with pytest.raises(IllegalAction):
        game.apply(illegal, dice)
    game.vetted = Attack(illegal.attackers, illegal.targets)
    with pytest.raises(IllegalAction):
        game.apply(illegal, dice)
    assert game.vetted is None, "apply clears the mark, whatever it finds"
