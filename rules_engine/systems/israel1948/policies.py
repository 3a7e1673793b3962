"""Simple scripted players for Israel 1948 balance runs.

"aggressive" plays each side the same plain way: in a movement phase every unit
heads for the nearest hex it would like to hold or fight for (an enemy unit, or
a town or city the enemy holds); in a combat phase it makes the attack in which
the attacker expects to score more hits than the defender, best first, and
stops when no attack favours the attacker; it places every reinforcement it may.
It reads the same tables the rules do (dice per strength colour, hit numbers,
terrain dice), so a change of data changes its judgement too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase
from rules_engine.systems.israel1948.actions import Attack, Move, PlaceReinforcement
from rules_engine.systems.israel1948.rules import Rules

if TYPE_CHECKING:
    from rules_engine.systems.israel1948.game import Game

FAR = 10_000  # farther than any hex of any map


class AggressivePolicy:
    """Close with the enemy; attack where the attacker's expected hits beat the defender's."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        # Units this player has decided to leave where they are, per phase of the game.
        self._staying: set[tuple[int, int, str]] = set()

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        places = [a for a in actions if isinstance(a, PlaceReinforcement)]
        if places:
            return self.random.choice(places)
        attacks = [a for a in actions if isinstance(a, Attack)]
        if attacks:
            best = max(attacks, key=lambda a: _advantage(game, a))
            if _advantage(game, best) > 0:
                return best
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            closer = self._closer_move(game, moves)
            if closer is not None:
                return closer
        return EndPhase()

    def _closer_move(self, game: Game, moves: list[Move]) -> Move | None:
        """For the first unit that can get closer to a goal, its move that gets closest."""
        goals = _goals(game)
        if not goals:
            return None
        distance = game.board.steps_from(goals)
        by_unit: dict[str, list[Move]] = {}
        for move in moves:
            by_unit.setdefault(move.unit, []).append(move)
        when = (game.state.turn_index, game.state.phase_index)
        for uid in sorted(by_unit):
            if (*when, uid) in self._staying:
                continue
            here = game.unit(uid).space
            assert here is not None
            best = min(by_unit[uid], key=lambda m: (distance.get(m.path[-1], FAR), m.path))
            if distance.get(best.path[-1], FAR) < distance.get(here, FAR):
                return best
            self._staying.add((*when, uid))
        return None


def _goals(game: Game) -> set[str]:
    """Hexes worth reaching: next to the enemy's units, and the towns and cities it holds."""
    enemy = game.inactive_side
    board = game.board
    goals: set[str] = set()
    for space, units in game.state.occupants.items():
        if units[0].side == enemy:
            goals.update(board.neighbours[space])
    goals.update(s for s, side in game.state.control.items() if side == enemy)
    return goals


def _advantage(game: Game, attack: Attack) -> float:
    """The attacker's expected hits minus the defender's, from the dice each side would roll."""
    rules = game.rules
    attackers = [game.unit(uid) for uid in attack.units]
    origin = attackers[0].space
    assert origin is not None
    defenders = game.state.units_at(attack.target)
    rolled = _dice_of(rules, [(u.face.strength_colour, u.face.strength) for u in attackers])
    defended = _dice_of(rules, [(u.face.strength_colour, u.face.strength) for u in defenders])
    for die, number in rules.defender_terrain_dice(origin, attack.target).items():
        defended[die] = defended.get(die, 0) + number
    return _expected_hits(game, rolled) - _expected_hits(game, defended)


def _dice_of(rules: Rules, strengths: list[tuple[str | None, float | None]]) -> dict[str, int]:
    dice: dict[str, int] = {}
    for colour, strength in strengths:
        found = rules.strength_dice(colour, strength)
        if found is not None:
            dice[found[0]] = dice.get(found[0], 0) + found[1]
    return dice


def _expected_hits(game: Game, dice: dict[str, int]) -> float:
    rules = game.rules
    return sum(
        number * len(rules.hits_on.get(die, ())) / rules.die_sides.get(die, 6) for die, number in dice.items()
    )
