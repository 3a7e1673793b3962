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
from rules_engine.systems.classic import combat, movement, reinforcements, replacements, sequence
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.game import ClassicGame, ClassicRulesSystem

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
    units = game.state.units_of(side)
    if world.phase.units is not None:
        units = [u for u in units if sequence.acts(world, u, side)]
    draw = chooser.random
    units.sort(key=lambda _: draw())  # a random order, as shuffle gives, for half the work
    mode = sequence.mode(world)
    if mode is not None and mode.start_on_line:
        lines = world.tables.lines.get(mode.id, {})
        units = [u for u in units if u.space in lines]
    shared = movement.context(world, side, mode)  # the enemy's units stay put in a movement phase
    for unit in units:
        moved = chooser.random() < chance and game.move_at_random(unit, chooser, STOP_CHANCE, shared)
        if moved and check is not None:
            check(game, f"move {unit.uid}")


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
    neighbours, attacked = game.board.neighbours, game.state.attacked
    able = _able(game)
    targets: list[str] = []
    fresh = False
    while not game.state.over and chooser.random() < chance:
        if not fresh:  # the position is read again only after an attack changed it
            able = [u for u in able if u.uid not in attacked and u.on_map]
            targets = combat.enemy_hexes_near(game.world, game.active_side, able)
            fresh = True
        if not targets:
            break
        target = chooser.choice(targets)
        near = [u for u in able if target in neighbours[u.space or ""]]
        group = chooser.sample(near, chooser.randint(1, len(near)))
        fresh = not _attack(game, group, target, decider, dice, check)
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
    try:
        game.attack(group, [target], decider, dice)
    except IllegalAction:  # below the table, or across a hexside no attack crosses
        return False
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
