"""A simple greedy player for classic games (``wgc simulate --policy greedy``).

It places every reinforcement and spends every replacement point it can; in a combat phase
it makes the attack whose expected result is best for it, as long as that is better than
nothing (it reads the CRT and the results vocabulary, so a changed table changes its
judgement); in a movement phase each unit heads for the nearest hex next to the enemy or a
victory place the enemy holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules_engine.core.actions import Action, EndPhase
from rules_engine.core.errors import EngineError
from rules_engine.definitions import ResultMeaning, SideResult
from rules_engine.systems.classic import combat
from rules_engine.systems.classic.actions import Attack, Move, PlaceReinforcement, Replace
from rules_engine.systems.classic.crt import Crt
from rules_engine.systems.classic.game import ClassicGame

FAR = 10_000  # farther than any hex of any map


def _side_score(part: SideResult, units: int) -> float:
    """How much a result's part hurts a side: an elimination is worth three steps a unit."""
    return 3.0 * units if part.eliminated else part.steps + 0.5 * (1 if part.retreat else 0)


def result_score(meaning: ResultMeaning | None, defenders: int, attackers: int) -> float:
    """A result's worth to the attacker: what it costs the defender less what it costs the attacker."""
    if meaning is None:
        return 0.0
    gain = _side_score(meaning.defender, defenders)
    loss = _side_score(meaning.attacker, attackers)
    if meaning.exchange:
        gain = max(gain, 3.0 * defenders)
        loss = max(loss, gain)
    return gain - loss


def attack_score(game: ClassicGame, attack: Attack) -> float:
    """The expected worth of an attack to the attacker, from the table it would be rolled on."""
    world = game.world
    attackers = [game.unit(uid) for uid in attack.units]
    defenders = sum(len(world.state.units_at(t)) for t in attack.targets)
    found = combat.assess(world, attackers, attack.targets)
    meanings = world.tables.procedure.results
    if world.tables.combat is not None and world.tables.combat.kind == "dice-pool":
        return found.attack - found.defense
    if isinstance(found.outcome, str):
        return result_score(meanings.get(found.outcome), defenders, len(attackers))
    crt = world.tables.crt
    if crt is None or found.outcome is None:
        return -FAR
    # each sum of the dice as likely as the dice make it, read with the modifier (2d6 makes 7 six
    # times as often as 2)
    column = found.outcome
    return sum(
        chance * result_score(meanings.get(_read(crt, column, total + found.drm)), defenders, len(attackers))
        for total, chance in crt.chances.items()
    )


def _read(crt: Crt, column: int, roll: int) -> str:
    """The result of a modified roll, or none where the data says nothing of a roll beyond the
    rows (the validator finds such a roll on the game's own map; the engine refuses it)."""
    try:
        return crt.result(column, roll)
    except EngineError:
        return ""


class GreedyPolicy:
    """Place and replace all it can; make the best attack while it pays; close with the enemy."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self._staying: set[tuple[int, int, str]] = set()

    def choose(self, game: Any, actions: Sequence[Action]) -> Action:
        supplies = [a for a in actions if isinstance(a, (PlaceReinforcement, Replace))]
        if supplies:
            return self.random.choice(supplies)
        attacks = [a for a in actions if isinstance(a, Attack)]
        ending = any(isinstance(a, EndPhase) for a in actions)
        if attacks:
            scored = [(attack_score(game, a), a) for a in attacks]
            best_score, best = max(scored, key=lambda pair: pair[0])
            if best_score > 0 or not ending:
                return best
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            closer = self._closer_move(game, moves)
            if closer is not None:
                return closer
        return EndPhase() if ending else self.random.choice(list(actions))

    def _closer_move(self, game: ClassicGame, moves: list[Move]) -> Move | None:
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
            here = game.unit(uid).space or ""
            best = min(by_unit[uid], key=lambda m: (distance.get(m.path[-1], FAR), m.path))
            if distance.get(best.path[-1], FAR) < distance.get(here, FAR):
                return best
            self._staying.add((*when, uid))
        return None


def _goals(game: ClassicGame) -> set[str]:
    """Hexes worth reaching: next to the enemy's units, and victory places the enemy holds."""
    side, board, state = game.active_side, game.board, game.state
    goals: set[str] = set()
    for space, units in state.occupants.items():
        if units and units[0].side != side:
            goals.update(board.neighbours[space])
    goals.update(s for s, owner in state.control.items() if owner != side)
    return goals
