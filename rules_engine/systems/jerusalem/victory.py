"""Victory (2.0): Jerusalem held and a road open to it, read from the scenario's conditions.

The scenario lists the conditions (occupy-count: units of the side in at least
so many hexes with a feature; road-free-of-zoc: a road free of the enemy's ZOC
from such a hex to a target). The side wins with the conditions' result when
every one holds; otherwise the scenario's ``otherwise`` (the Arab victory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.definitions import VictoryCondition
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game


def victory_result(game: Game) -> str | None:
    victory = game.scenario.victory
    if victory is None:
        return None
    conditions = [c for c in victory.conditions if c.kind in ("occupy-count", "road-free-of-zoc")]
    if conditions and all(condition_holds(game, c) for c in conditions):
        return next((c.result for c in conditions if c.result), victory.otherwise)
    return victory.otherwise


def condition_holds(game: Game, condition: VictoryCondition) -> bool:
    side = condition.side or game.jewish
    places = condition_places(game, condition)
    if condition.kind == "occupy-count":
        held = [p for p in places if game.state.side_at(p) == side]
        return len(held) >= (condition.at_least or 0)
    return open_road(game, side, places, condition.targets)


def condition_places(game: Game, condition: VictoryCondition) -> list[str]:
    """The hexes a condition names, by ID or by feature (the Jerusalem city hexes)."""
    board = game.board
    if condition.places:
        return [p for p in (board.resolve(r) for r in condition.places) if p is not None]
    if condition.feature:
        return list(board.spaces_with(condition.feature))
    return []


def open_road(game: Game, side: str, starts: list[str], targets: tuple[str, ...]) -> bool:
    """2.0: primary and secondary road hexes, none in the enemy's ZOC or held by him, from one of
    ``starts`` to one of ``targets``."""
    enemy = game.enemy_of(side)
    blocked = zoc_hexes(game, enemy)
    goals = {t for t in (game.board.resolve(r) for r in targets) if t is not None}
    roads = game.tables.roads

    def open_hex(space: str) -> bool:
        return space not in blocked and game.state.side_at(space) != enemy

    frontier = [s for s in starts if open_hex(s)]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        if here in goals:
            return True
        for there in roads.get(here, {}):
            if there not in seen and open_hex(there):
                seen.add(there)
                frontier.append(there)
    return False
