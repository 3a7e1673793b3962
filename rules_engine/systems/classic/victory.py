"""Victory (docs/classic-rules.md, Victory): the scenario's conditions, checked in order.

``control-any`` and ``count-controlled`` read control (the core's reading); ``occupy-count``
and ``occupy-all`` read who stands where. The first condition that holds gives the result;
``otherwise`` when none does.
"""

from __future__ import annotations

from rules_engine.core.victory import controlled
from rules_engine.definitions import Scenario, VictoryCondition
from rules_engine.systems.classic.state import World


def result(world: World, scenario: Scenario) -> str | None:
    """The result the scenario's conditions give for the position now."""
    victory = scenario.victory
    if victory is None:
        return None
    for condition in victory.conditions:
        found = _holds(world, condition)
        if found is not None:
            return found
    return victory.otherwise


def _holds(world: World, condition: VictoryCondition) -> str | None:
    """The result of ``condition`` when it holds now, else None."""
    side = condition.side or ""
    if condition.kind == "control-any":
        held = controlled(world.tables.board, world.state, side, condition)
        return condition.result if held else None
    if condition.kind == "count-controlled":
        count = len(controlled(world.tables.board, world.state, side, condition))
        return next((level.result for level in condition.levels if level.matches(count)), None)
    places = _places(world, condition)
    occupied = [p for p in places if world.state.side_at(p) == side]
    if condition.kind == "occupy-count" and len(occupied) >= (condition.at_least or 0):
        return condition.result
    if condition.kind == "occupy-all" and places and len(occupied) == len(places):
        mixed = any(u.side != side for p in places for u in world.state.units_at(p))
        return None if mixed else condition.result
    return None


def _places(world: World, condition: VictoryCondition) -> list[str]:
    board = world.tables.board
    if condition.places:
        return [p for p in (board.resolve(r) for r in condition.places) if p is not None]
    if condition.feature:
        return list(board.spaces_with(condition.feature))
    return []
