"""Random legal games of Jerusalem!, for the property tests and bench/play_speed_jerusalem.py.

Listing every legal action means every unit's every destination, so the random
player mostly asks for one kind of action at a time (a move of one unit, an
attack, a reinforcement) from the same generators ``legal_actions`` uses; every
few actions it takes one from the full ``legal_actions()`` list, so the list
itself is played too. ``after_action`` is called after every action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase, SeededDice
from rules_engine.systems.jerusalem import legal
from rules_engine.systems.jerusalem.actions import HaltConvoy, Load, Move
from rules_engine.systems.jerusalem.decisions import RandomDecider
from rules_engine.systems.jerusalem.movement import OVERLAND, ROAD, reachable

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.system import Jerusalem

AfterAction = Callable[["Game", str], None]
# How often the full legal_actions() list is drawn from, and how long a phase may go on.
FULL_LIST_EVERY = 60
PHASE_ACTIONS = 40
MAX_ACTIONS = 20_000


def play_random_game(
    system: Jerusalem,
    scenario_id: str,
    seed: int,
    *,
    after_action: AfterAction | None = None,
    log: bool = False,
) -> Game:
    """Play one game to its end with random legal actions; returns the finished game."""
    chooser = random.Random(seed)
    dice = SeededDice(seed, system.die_sides)
    decider = RandomDecider(seed + 1)
    game = system.new_game(scenario_id, dice, log=log)
    if after_action is not None:
        after_action(game, "set-up")
    in_phase, phase_key = 0, None
    for count in range(MAX_ACTIONS):
        if game.state.over:
            return game
        key = (game.state.turn_index, game.state.phase_index)
        in_phase = in_phase + 1 if key == phase_key else 0
        phase_key = key
        action = _choose(game, chooser, in_phase, count)
        game.apply(action, dice, decider)
        if after_action is not None:
            after_action(game, action.describe())
    raise RuntimeError(f"a random game of {scenario_id} (seed {seed}) did not end in {MAX_ACTIONS} actions")


def _choose(game: Game, chooser: random.Random, in_phase: int, count: int) -> Action:
    kind = game.phase.kind
    if kind not in (OVERLAND, ROAD) or count % FULL_LIST_EVERY == 0:
        return chooser.choice(legal.legal_actions(game))
    may_end = game.end_phase_problem() is None
    if may_end and (in_phase >= PHASE_ACTIONS or chooser.random() < 0.12):
        return EndPhase()
    run = _convoy_run(game) if kind == ROAD else []
    if run and chooser.random() < 0.6:
        return chooser.choice(run)
    for _ in range(6):
        found = list(_kind(game, chooser))
        if found:
            return chooser.choice(found)
    return EndPhase() if may_end else chooser.choice(legal.legal_actions(game))


def _convoy_run(game: Game) -> list[Action]:
    """The convoy's next steps (its route, picking up its escorts, moving), so random games see it
    reach Jerusalem now and then."""
    convoy = game.convoy_unit()
    if convoy is None or convoy.side != game.active_side or game.marks.convoy_done:
        return []
    steps: list[Action] = [a for a in legal.convoy_actions(game) if not isinstance(a, HaltConvoy)]
    if convoy.on_map and game.marks.route:
        escorts = set(game.marks.escorts) | {convoy.uid}
        steps.extend(a for a in legal.loads(game) if isinstance(a, Load) and a.transport in escorts)
    return steps


def _kind(game: Game, chooser: random.Random) -> Iterator[Action]:
    pick = chooser.choices(
        ("convoy", "enter", "move", "attack", "load", "bomb", "terror"), weights=(3, 3, 6, 4, 3, 0.3, 0.5)
    )[0]
    if pick == "convoy":
        return legal.convoy_actions(game)
    if pick == "enter":
        return legal.entries(game)
    if pick == "attack":
        return legal.attacks(game)
    if pick == "load":
        return legal.loads(game) if game.phase.kind == ROAD else iter(())
    if pick == "bomb":
        return legal.bombs(game) if game.phase.kind == OVERLAND else iter(())
    if pick == "terror":
        return legal.terror_attacks(game) if game.phase.kind == OVERLAND else iter(())
    return _one_units_moves(game, chooser)


def _one_units_moves(game: Game, chooser: random.Random) -> Iterator[Action]:
    units = [u for u in game.state.units_of(game.active_side) if not game.role(u).convoy]
    chooser.shuffle(units)
    for unit in units[:5]:
        options = reachable(game, unit)
        if options:
            there = chooser.choice(sorted(options))
            yield Move((unit.uid,), options[there], f"move {game.label(unit)} to {game.board.name(there)}")
            return
