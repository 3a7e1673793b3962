"""Random legal games of Jerusalem!, for the property tests and bench/jerusalem_play_speed.py.

Listing every legal action means every unit's every destination, so the random
player mostly asks for one kind of action at a time (an attack, a
reinforcement, the convoy's next step) from the same generators
``legal_actions`` uses, and moves a unit by a random walk (``random_path``)
that the engine checks again when the move is applied; every so often it takes
one from the full ``legal_actions()`` list, so the list itself is played too.
``after_action`` is called after every action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase, SeededDice, Unit
from rules_engine.systems.jerusalem import arrivals, leaders, legal
from rules_engine.systems.jerusalem.actions import HaltConvoy, Load, Move
from rules_engine.systems.jerusalem.decisions import RandomDecider
from rules_engine.systems.jerusalem.movement import (
    OVERLAND,
    ROAD,
    end_problem,
    entry_test,
    ignores_zoc,
    mover_problem,
    reachable,
    start_problem,
    step_costs,
)
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.system import Jerusalem

AfterAction = Callable[["Game", str], None]
# How often the full legal_actions() list is drawn from, and how long a phase may go on.
FULL_LIST_EVERY = 200
PHASE_ACTIONS = 40
# After each hex of a random move, the chance that the unit stops there.
STOP_CHANCE = 0.3
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
    if (in_phase >= PHASE_ACTIONS or chooser.random() < 0.12) and game.end_phase_problem() is None:
        return EndPhase()
    if kind == ROAD and chooser.random() < 0.6:
        run = _convoy_run(game)
        if run:
            return chooser.choice(run)
    for _ in range(6):
        found = list(_kind(game, chooser))
        if found:
            return chooser.choice(found)
    if game.end_phase_problem() is None:
        return EndPhase()
    return chooser.choice(_duties(game) or legal.legal_actions(game))


def _duties(game: Game) -> list[Action]:
    """Actions that meet what may keep the phase from ending: reinforcements that must come on
    (14.2), the convoy's run (6.5), a lone Arab leader joining his units (12.3)."""
    found: list[Action] = [*legal.entries(game), *legal.convoy_actions(game)]
    for leader in leaders.lone_leaders(game):
        for there, path in sorted(reachable(game, leader).items()):
            if game.state.side_at(there) == leader.side:
                found.append(
                    Move((leader.uid,), path, f"move {game.label(leader)} to {game.board.name(there)}")
                )
    return found


def _convoy_run(game: Game) -> list[Action]:
    """The convoy's next steps (its route, picking up its escorts, moving), so random games see it
    reach Jerusalem now and then."""
    convoy = game.convoy_unit()
    if convoy is None or convoy.side != game.active_side or game.marks.convoy_done:
        return []
    steps: list[Action] = [a for a in legal.convoy_actions(game) if not isinstance(a, HaltConvoy)]
    if convoy.on_map and game.marks.route:
        escorts = set(game.marks.escorts) | {convoy.uid}
        steps.extend(a for a in legal.loads(game, escorts) if isinstance(a, Load))
    return steps


def _kind(game: Game, chooser: random.Random) -> Iterator[Action]:
    pick = chooser.choices(
        ("convoy", "enter", "move", "attack", "load", "bomb", "terror"), weights=(3, 3, 6, 4, 3, 0.3, 0.5)
    )[0]
    if pick == "convoy":
        return legal.convoy_actions(game)
    if pick == "enter":
        due = [u for u in arrivals.due(game) if not game.role(u).convoy]
        return legal.entries(game, [chooser.choice(due)]) if due else iter(())
    if pick == "attack":
        return _attacks_on_one_hex(game, chooser)
    if pick == "load":
        return legal.loads(game) if game.phase.kind == ROAD else iter(())
    if pick == "bomb":
        return legal.bombs(game) if game.phase.kind == OVERLAND else iter(())
    if pick == "terror":
        return legal.terror_attacks(game) if game.phase.kind == OVERLAND else iter(())
    return _one_units_moves(game, chooser)


def _attacks_on_one_hex(game: Game, chooser: random.Random) -> Iterator[Action]:
    """The listed attacks on one enemy-held hex the side may attack, picked at random."""
    fronts = legal.attack_fronts(game)
    if not fronts:
        return iter(())
    space = chooser.choice(sorted(fronts))
    return legal.attacks_on(game, space, *fronts[space])


def _one_units_moves(game: Game, chooser: random.Random) -> Iterator[Action]:
    units = [u for u in game.state.units_of(game.active_side) if not game.role(u).convoy]
    for unit in chooser.sample(units, min(5, len(units))):
        path = random_path(game, unit, chooser)
        if path:
            yield Move((unit.uid,), path, f"move {game.label(unit)} to {game.board.name(path[-1])}")
            return


def random_path(game: Game, unit: Unit, chooser: random.Random) -> tuple[str, ...]:
    """A legal move for ``unit`` (with its passengers) found by walking, or () when it has none.

    Searching every destination (``reachable``) costs a shortest-path search per unit; a
    walk looks only at the neighbours of the hexes it enters. Each step is a random
    neighbour the unit may enter with the MPs it has left, by the tests ``check_path``
    makes (the step costs, ``start_problem``, and what ``step_problem`` asks of the hex
    entered); the walk stops in an enemy ZOC (4.2) or at random, and ends on its last hex
    where the move may end (``end_problem``). The engine checks the path again.
    """
    if unit.space is None or mover_problem(game, unit) is not None:
        return ()
    group, riders = [unit], game.passengers(unit)
    ezoc = zoc_hexes(game, game.enemy_of(unit.side))
    if start_problem(game, group, ezoc, None) is not None:
        return ()
    free = ignores_zoc(game, group)
    costs, allowance, may_enter = (
        step_costs(game, unit),
        game.allowance(unit),
        entry_test(game, group, riders),
    )
    here, spent, seen = unit.space, game.spent(unit), {unit.space}
    walk: list[str] = []
    while True:
        options = [
            (there, step)
            for there, step in costs[here].items()
            if there not in seen
            and spent + step <= allowance
            and (free or walk or here not in ezoc or there not in ezoc)  # 4.4
            and may_enter(there)
        ]
        if not options:
            break
        there, step = chooser.choice(options)
        walk.append(there)
        seen.add(there)
        spent += step
        if (there in ezoc and not free) or chooser.random() < STOP_CHANCE:
            break
        here = there
    while walk and end_problem(game, group, walk[-1]) is not None:
        walk.pop()
    return tuple(walk)
