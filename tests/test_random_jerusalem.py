"""Seeded random legal games of both Jerusalem! scenarios, with the invariants checked after every action.

The random player takes only actions the engine offers as legal and applies
them through the protocol (``Game.apply``), so a refusal or a broken invariant
is a rules bug: an over-full hex or both sides in one, a unit that left the
enemy ZOC it stopped in while the ZOC lasts, MPs spent beyond a unit's
allowance, a passenger away from its transport, or a face-down Arab leader the
Jewish player can see or name.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.pipeline import validate_game
from rules_engine.core import EndPhase, SeededDice, UnitStatus
from rules_engine.systems import system_for
from rules_engine.systems.jerusalem import Game, Jerusalem
from rules_engine.systems.jerusalem.legal import legal_actions
from rules_engine.systems.jerusalem.random_play import play_random_game
from rules_engine.systems.jerusalem.zoc import zoc_hexes

from .conftest import SOURCE_DATA
from .conftest import valid_game as _valid

SCENARIOS = ("standard-game", "latrun-and-the-burma-road")
RESULTS = {"Jewish victory", "Arab victory"}
# How often the checker also lists every legal action and looks for a hidden leader in them.
LIST_EVERY = 40


@functools.cache
def jerusalem() -> Jerusalem:
    system = system_for(_valid(validate_game(SOURCE_DATA / "jerusalem", run_replays=False)))
    assert isinstance(system, Jerusalem)
    return system


class InvariantChecker:
    """Called after every action of a random game."""

    def __init__(self) -> None:
        self.actions = 0

    def __call__(self, game: Game, what: str) -> None:
        self.actions += 1
        self._positions(game, what)
        self._zoc_and_moves(game, what)
        self._secrets(game, what)

    def _positions(self, game: Game, what: str) -> None:
        state, stacking = game.state, game.system.stacking
        for space, units in state.occupants.items():
            assert units, f"after {what}: empty list kept for {space}"
            problem = stacking.problem([u.counter for u in units], [u.side for u in units])
            assert problem is None, f"after {what}: {space}: {problem}"
            for unit in units:
                assert unit.on_map and unit.space == space, f"after {what}: {unit} indexed in {space}"
        for unit in state.units.values():
            if not unit.on_map:
                assert unit.space is None, f"after {what}: {unit} off the map keeps a hex"
        for passenger, carrier in game.marks.carried_by.items():
            rider, transport = state.units[passenger], state.units[carrier]
            assert rider.on_map and transport.on_map and rider.space == transport.space, (
                f"after {what}: {passenger} is not with {carrier}"
            )

    def _zoc_and_moves(self, game: Game, what: str) -> None:
        for uid, spent in game.marks.spent.items():
            unit = game.state.units[uid]
            assert spent >= 0 and game.allowance(unit) - spent >= 0, f"after {what}: {uid} spent {spent} MP"
        for uid, space in game.marks.zoc_lock.items():
            unit = game.state.units[uid]
            if unit.on_map and space in zoc_hexes(game, game.enemy_of(unit.side)):
                assert unit.space == space, f"after {what}: {uid} left the enemy ZOC it stopped in ({space})"

    def _secrets(self, game: Game, what: str) -> None:
        hidden = {u.uid for u in game.state.units_of(game.arab) if u.uid in game.marks.face_down}
        seen = {label for _, label in game.view(game.jewish)}
        assert not hidden & seen, f"after {what}: the Jewish player sees {hidden & seen}"
        if game.active_side == game.jewish and not game.state.over and self.actions % LIST_EVERY == 0:
            for action in legal_actions(game):
                shown = repr(action)
                assert not any(uid in shown for uid in hidden), (
                    f"after {what}: '{shown}' names a hidden leader"
                )


def play_and_check(scenario: str, seed: int) -> Game:
    checker = InvariantChecker()
    game = play_random_game(jerusalem(), scenario, seed, after_action=checker)
    assert game.state.over and game.state.result in RESULTS
    assert game.state.turn == "June IV"
    assert checker.actions > 50
    assert all(u.space is None for u in game.state.units.values() if u.status is UnitStatus.ELIMINATED)
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_keep_the_invariants(scenario: str) -> None:
    for seed in range(3):
        play_and_check(scenario, seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), scenario=st.sampled_from(SCENARIOS))
def test_any_seed_plays_to_a_result(seed: int, scenario: str) -> None:
    play_and_check(scenario, seed)


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_random_game(jerusalem(), "standard-game", 5, log=True)
    second = play_random_game(jerusalem(), "standard-game", 5, log=True)
    assert [str(e) for e in first.state.log.events] == [str(e) for e in second.state.log.events]
    assert len(first.state.log.events) > 100


def test_every_listed_action_is_legal() -> None:
    """legal_actions() at the start of a movement phase: each one applies without a refusal."""
    system = jerusalem()
    game = system.new_game("standard-game", SeededDice(3, system.die_sides))
    game.apply(EndPhase(), SeededDice(3))
    actions = legal_actions(game)
    kinds = {a.kind for a in actions}
    assert {"move", "attack", "end_phase"} <= kinds
    for index, action in enumerate(actions[:: max(1, len(actions) // 60)]):
        trial = system.new_game("standard-game", SeededDice(3, system.die_sides))
        trial.apply(EndPhase(), SeededDice(3))
        trial.apply(action, SeededDice(index, system.die_sides), system.random_decider(index))
