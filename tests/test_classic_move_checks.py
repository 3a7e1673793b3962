"""The checks of a random move (``ClassicGame.move_at_random`` with the phase's shared context).

Random play passes one ``movement.context`` for every unit of a phase, and the game makes the
phase's part of a move's checks once for that context (``ClassicGame._mover``). These tests hold
the later moves of the phase to the same refusals as the first: a unit the phase does not move,
a unit of the other side, a unit that has moved, a move after the phase has ended.
"""

from __future__ import annotations

import random

import pytest

from compiler.pipeline import validate_game
from rules_engine.core import IllegalAction, SeededDice
from rules_engine.core.state import Unit
from rules_engine.systems import system_for
from rules_engine.systems.classic import movement, sequence
from rules_engine.systems.classic.game import ClassicGame, ClassicRulesSystem
from rules_engine.systems.classic.selectors import selects
from tests.conftest import ROOT

FRONT_LINE = ROOT / "tests" / "fixtures" / "classic" / "front-line"


def _game_at(phase_id: str) -> ClassicGame:
    report = validate_game(FRONT_LINE, run_replays=False)
    assert report.valid is not None
    system = system_for(report.valid)
    assert isinstance(system, ClassicRulesSystem)
    game = system.new_game(report.valid.scenarios[0].id, SeededDice(1, system.die_sides), log=False)
    assert isinstance(game, ClassicGame)
    dice = SeededDice(2, system.die_sides)
    while game.phase.id != phase_id:
        game.end_phase(dice)
    return game


def _shared(game: ClassicGame) -> movement.MoveContext:
    return movement.context(game.world, game.active_side, sequence.mode(game.world))


def _mover_of(game: ClassicGame, chooser: random.Random, units: list[Unit]) -> Unit:
    """The first of ``units`` that a random walk moves (some walks stay put)."""
    shared = _shared(game)
    for unit in units:
        if game.move_at_random(unit, chooser, 0.3, shared):
            return unit
    raise AssertionError("no unit moved")


def test_a_later_random_move_of_the_phase_is_refused_what_the_first_would_be() -> None:
    game = _game_at("north-movement")
    side, chooser = game.active_side, random.Random(5)
    own = game.state.units_of(side)
    moved = _mover_of(game, chooser, own)  # the phase's checks are now passed for this context
    shared = _shared(game)
    with pytest.raises(IllegalAction, match="has already moved in this phase"):
        game.move_at_random(moved, chooser, 0.3, shared)
    enemy = game.state.units_of(game.inactive_side)[0]
    with pytest.raises(IllegalAction, match="belongs to the other side"):
        game.move_at_random(enemy, chooser, 0.3, shared)
    game.end_phase(SeededDice(3, game.system.die_sides))
    resting = next(u for u in own if u.uid not in game.state.moved)
    with pytest.raises(IllegalAction, match="not a movement phase"):
        game.move_at_random(resting, chooser, 0.3, shared)


def test_a_phase_for_some_units_refuses_the_others_after_one_of_its_own_has_moved() -> None:
    game = _game_at("north-panzer-movement")
    chosen = game.phase.units
    assert chosen is not None
    own = game.state.units_of(game.active_side)
    panzers = [u for u in own if selects(game.tables, chosen, u)]
    others = [u for u in own if not selects(game.tables, chosen, u)]
    assert panzers and others
    chooser = random.Random(7)
    _mover_of(game, chooser, panzers)
    with pytest.raises(IllegalAction, match="may not move in the North Panzer Movement Phase"):
        game.move_at_random(others[0], chooser, 0.3, _shared(game))
