"""Random legal games of any classic game, for property tests, benches and balance runs.

The random player moves most units by a random walk (each step one the unit may take now:
``Mover.cost``), attacks with random groups where the rules allow, places every
reinforcement, spends replacement points at random, and answers combat choices at random.
Every action goes through the game's own checks. ``after_action`` is called after each
action, so a test can check the invariants every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules_engine.core.dice import SeededDice
from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit
from rules_engine.systems.classic import combat, reinforcements, replacements, sequence
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.game import ClassicGame, ClassicRulesSystem
from rules_engine.systems.classic.movement import EPSILON, Mover

AfterAction = Callable[[ClassicGame, str], None]
# After each hex of a random move, the chance that the unit stops there.
STOP_CHANCE = 0.3
# Enough to end any phase: every attack an obligation can ask for is made well within it.
MAX_FORCED = 200


def play_random_game(
    system: ClassicRulesSystem,
    scenario_id: str,
    seed: int,
    *,
    after_action: AfterAction | None = None,
    log: bool = False,
    move_chance: float = 0.8,
    attack_chance: float = 0.7,
) -> ClassicGame:
    """One game to its end with random legal actions; the finished game."""
    chooser = random.Random(seed)
    dice = SeededDice(seed, system.die_sides)
    decider = RandomDecider(seed + 1)
    game = system.new_game(scenario_id, dice, log=log)
    check = after_action
    if check is not None:
        check(game, "set-up")
    while not game.state.over:
        kind = game.phase.kind
        if kind == "movement":
            _moves(game, chooser, move_chance, check)
        elif kind == "combat":
            _attacks(game, chooser, attack_chance, decider, dice, check)
        elif kind == "reinforcement":
            _reinforcements(game, chooser, check)
        elif kind == "replacement":
            _replacements(game, chooser, check)
        game.end_phase(dice)
        if check is not None:
            check(game, f"phase {game.phase.id}")
    return game


def _moves(game: ClassicGame, chooser: random.Random, chance: float, check: AfterAction | None) -> None:
    side, world = game.active_side, game.world
    units = [u for u in game.state.units_of(side) if sequence.acts(world, u, side)]
    units.sort(key=lambda u: u.uid)
    chooser.shuffle(units)
    mode = sequence.mode(world)
    for unit in units:
        if chooser.random() >= chance:
            continue
        path = random_path(Mover(world, unit, mode), chooser)
        if path:
            game.move(unit, path)
            if check is not None:
                check(game, f"move {unit.uid}")


def random_path(mover: Mover, chooser: random.Random) -> tuple[str, ...]:
    """A legal move found by walking: each step a random hex the unit may still enter.

    Searching every destination costs a shortest-path search per unit; a walk costs one look at
    each hex it enters. It ends at random, where the move must end (an enemy ZOC that stops), or
    where nothing more fits; then it is cut back to the last hex where stacking allows the unit.
    """
    points, hexes = mover.budget.points, mover.budget.hexes
    if mover.mode is None and points <= 0:
        return ()
    here, spent = mover.start, 0.0
    walk: list[str] = []
    seen = {here}
    neighbours = mover.neighbours
    while hexes is None or len(walk) < hexes:
        first = not walk
        options: list[tuple[str, float]] = []
        for there in neighbours[here]:
            if there in seen:
                continue
            cost = mover.cost(first, here, there)
            if cost is not None and (spent + cost <= points + EPSILON or (first and mover.one_hex)):
                options.append((there, cost))
        if not options:
            break
        there, cost = chooser.choice(options)
        walk.append(there)
        seen.add(there)
        spent += cost
        here = there
        if not mover.continues(there) or chooser.random() < STOP_CHANCE:
            break
    stacking = mover.world.stacking_problem
    while walk and stacking(walk[-1], [mover.unit]) is not None:
        walk.pop()
    return tuple(walk)


def _able(game: ClassicGame) -> list[Unit]:
    return combat.able_attackers(game.world, game.active_side)


def _attacks(
    game: ClassicGame,
    chooser: random.Random,
    chance: float,
    decider: RandomDecider,
    dice: SeededDice,
    check: AfterAction | None,
) -> None:
    neighbours = game.board.neighbours
    while not game.state.over and chooser.random() < chance:
        able = _able(game)
        targets = combat.enemy_hexes_near(game.world, game.active_side, able)
        if not targets:
            break
        target = chooser.choice(targets)
        near = [u for u in able if target in neighbours[u.space or ""]]
        group = chooser.sample(near, chooser.randint(1, len(near)))
        _attack(game, group, target, decider, dice, check)
    for _ in range(MAX_FORCED):
        if game.state.over or game.end_refusal() is None:
            return
        _forced_attack(game, decider, dice, check)


def _attack(
    game: ClassicGame,
    group: list[Unit],
    target: str,
    decider: RandomDecider,
    dice: SeededDice,
    check: AfterAction | None,
) -> bool:
    if not combat.possible(game.world, game.active_side, group, [target]):
        return False
    game.attack(group, [target], decider, dice)
    if check is not None:
        check(game, f"attack on {target}")
    return True


def _forced_attack(
    game: ClassicGame, decider: RandomDecider, dice: SeededDice, check: AfterAction | None
) -> None:
    """Mandatory combat: the first hex that must be attacked, by every unit next to it that may."""
    able = _able(game)
    neighbours = game.board.neighbours
    for target in combat.enemy_hexes_near(game.world, game.active_side, able):
        near = [u for u in able if target in neighbours[u.space or ""]]
        if near and _attack(game, near, target, decider, dice, check):
            return
    raise IllegalAction("combat", "a mandatory attack was asked for, and none can be made")


def _reinforcements(game: ClassicGame, chooser: random.Random, check: AfterAction | None) -> None:
    world, side = game.world, game.active_side
    for unit in reinforcements.due(world, side):
        spaces = reinforcements.spaces(world, unit)
        if spaces:
            game.place(unit, chooser.choice(spaces))
            if check is not None:
                check(game, f"reinforcement {unit.uid}")


def _replacements(game: ClassicGame, chooser: random.Random, check: AfterAction | None) -> None:
    world, side = game.world, game.active_side
    for _ in range(100):
        options = replacements.options(world, side)
        if not options or chooser.random() < 0.1:
            return
        option = chooser.choice(options)
        game.replace(option.unit, option.at)
        if check is not None:
            check(game, f"replacement {option.unit.uid}")
