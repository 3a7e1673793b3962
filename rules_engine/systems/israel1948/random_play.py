"""Random legal games, for the property tests and the speed benchmark.

A random player moves most of its units somewhere they may legally go,
attacks where it can with a random group, places reinforcements where they
may enter, and answers every combat choice at random. ``after_action`` is
called after every action so a test can check the invariants each time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from rules_engine.core import SeededDice
from rules_engine.systems.israel1948.decisions import RandomDecider

if TYPE_CHECKING:  # the game calls this module; it names the game's types only for the checker
    from rules_engine.systems.israel1948.game import Game, Israel1948

AfterAction = Callable[["Game", str], None]


def play_random_game(
    system: Israel1948,
    scenario_id: str,
    seed: int,
    *,
    after_action: AfterAction | None = None,
    log: bool = False,
    move_chance: float = 0.8,
    attack_chance: float = 0.7,
) -> Game:
    """Play one game to its end with random legal actions; returns the finished game."""
    chooser = random.Random(seed)
    dice = SeededDice(seed, system.rules.die_sides)
    decider = RandomDecider(seed + 1)
    game = system.new_game(scenario_id, dice, log=log)
    check = after_action or _nothing
    check(game, "set-up")
    while not game.state.over:
        kind = game.phase.kind
        if kind == "movement":
            _random_moves(game, chooser, move_chance, check)
        elif kind == "combat":
            _random_attacks(game, chooser, attack_chance, decider, dice, check)
        elif kind == "end":
            for unit in game.due_reinforcements():
                spaces = game.reinforcement_spaces(unit)
                if spaces:
                    game.place_reinforcement(unit, chooser.choice(spaces))
                    check(game, f"reinforcement {unit.uid}")
        game.end_phase(dice)
        check(game, f"phase {game.phase.id}")
    return game


def _random_moves(game: Game, chooser: random.Random, chance: float, check: AfterAction) -> None:
    units = sorted((u for u in game.state.units_of(game.active_side)), key=lambda u: u.uid)
    chooser.shuffle(units)
    for unit in units:
        if chooser.random() >= chance:
            continue
        moves = game.legal_moves(unit)
        if moves:
            destination = chooser.choice(sorted(moves))
            game.move(unit, moves[destination])
            check(game, f"move {unit.uid}")


def _random_attacks(
    game: Game,
    chooser: random.Random,
    chance: float,
    decider: RandomDecider,
    dice: SeededDice,
    check: AfterAction,
) -> None:
    while not game.state.over and chooser.random() < chance:
        options = game.legal_attacks()
        if not options:
            return
        _, target, able = chooser.choice(options)
        attackers = chooser.sample(able, chooser.randint(1, len(able)))
        game.attack(attackers, target, decider, dice)
        check(game, f"attack on {target}")


def _nothing(game: Game, what: str) -> None:
    return None
