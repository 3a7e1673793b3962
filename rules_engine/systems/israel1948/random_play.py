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

from rules_engine.core import SeededDice, Unit
from rules_engine.systems.israel1948.decisions import RandomDecider
from rules_engine.systems.israel1948.rules import ALL
from rules_engine.systems.israel1948.stacking import group_problem, stacking_problem

if TYPE_CHECKING:  # the game calls this module; it names the game's types only for the checker
    from rules_engine.systems.israel1948.game import Game, Israel1948

AfterAction = Callable[["Game", str], None]
# After each hex of a random move, the chance that the unit stops there.
STOP_CHANCE = 0.3


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
    # the checker's label is built only when there is a checker: random games for speed have none
    check = after_action
    if check is not None:
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
                    if check is not None:
                        check(game, f"reinforcement {unit.uid}")
        game.end_phase(dice)
        if check is not None:
            check(game, f"phase {game.phase.id}")
    return game


def _random_moves(game: Game, chooser: random.Random, chance: float, check: AfterAction | None) -> None:
    side = game.active_side
    units = sorted(game.state.units_of(side), key=_uid)
    chooser.shuffle(units)
    # Only the active side moves: the hexes the enemy holds and its ZOC stay the same all phase.
    enemy_held = {s for s, here in game.state.occupants.items() if here[0].side != side}
    ezoc = game.zoc.zoc_of(game.state, game.enemy_of(side))
    # Unwatched games move by the walk alone (it follows the rules); watched ones are checked.
    move = game.move if check is not None else game.apply_move
    draw = chooser.random
    for unit in units:
        if draw() >= chance:
            continue
        path = random_path(game, unit, chooser, enemy_held, ezoc)
        if path:
            move(unit, path)
            if check is not None:
                check(game, f"move {unit.uid}")


def _uid(unit: Unit) -> str:
    return unit.uid


def random_path(
    game: Game, unit: Unit, chooser: random.Random, enemy_held: set[str], ezoc: frozenset[str]
) -> tuple[str, ...]:
    """A legal move found by walking: each step a random hex the unit may still enter.

    Searching every destination (`Game.legal_moves`) costs a shortest-path search per
    unit; a walk costs one look at each hex it enters, so random games are many times
    faster. The walk follows the movement rules (2.2, 1.3): the first hex is always
    allowed, later steps must fit the allowance, nothing follows an EZOC hex or a step
    that costs everything, an out-of-supply unit moves one hex; the move ends on the
    last hex of the walk where stacking allows it. ``enemy_held`` and ``ezoc`` are the
    hexes the enemy holds and its ZOC.
    """
    assert unit.space is not None
    profile = game.rules.profile(unit)
    costs, allowance = profile.costs, profile.allowance
    row = costs[unit.space]
    # the first hex: any the unit can enter that holds no enemy, whatever it costs
    options = [there for there in row if there not in enemy_held]
    if not options:
        return ()
    choice, draw = chooser.choice, chooser.random
    out_of_supply = unit.out_of_supply
    spent, seen = 0.0, {unit.space}
    walk: list[str] = []
    while options:
        there = choice(options)
        cost = row[there]
        walk.append(there)
        seen.add(there)
        spent = allowance if cost == ALL else spent + cost
        if out_of_supply or cost == ALL or there in ezoc or draw() < STOP_CHANCE:
            break
        # a later hex: within the allowance (a step that costs everything, ALL, never fits)
        row = costs[there]
        options = [
            beyond
            for beyond, cost in row.items()
            if spent + cost <= allowance and beyond not in enemy_held and beyond not in seen
        ]
    return _where_it_may_stop(game, unit, walk)


def _where_it_may_stop(game: Game, unit: Unit, walk: list[str]) -> tuple[str, ...]:
    """The walk cut back to its last hex where stacking lets the unit end its move."""
    rules, state = game.rules, game.state
    occupants = state.occupants
    # an empty hex takes the unit when the unit fits alone (asked once per counter)
    if walk[-1] not in occupants and group_problem(rules, [unit]) is None:
        return tuple(walk)
    while walk and stacking_problem(rules, state, walk[-1], [unit]) is not None:
        walk.pop()
    return tuple(walk)


def _random_attacks(
    game: Game,
    chooser: random.Random,
    chance: float,
    decider: RandomDecider,
    dice: SeededDice,
    check: AfterAction | None,
) -> None:
    while not game.state.over and chooser.random() < chance:
        options = game.legal_attacks()
        if not options:
            return
        _, target, able = chooser.choice(options)
        attackers = chooser.sample(able, chooser.randint(1, len(able)))
        game.attack(attackers, target, decider, dice)
        if check is not None:
            check(game, f"attack on {target}")
