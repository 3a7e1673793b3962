"""Victory by control: a scenario's conditions read against who holds which places.

The conditions come from the scenario's data ("control any of", "count the
cities held" with levels); which side holds a place is the state's control
record, which every system keeps through `CoreGame.take_control`.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine.core.board import Board
from rules_engine.core.state import GameState
from rules_engine.definitions import Scenario, VictoryCondition


def controlled(board: Board, state: GameState, side: str, condition: VictoryCondition) -> list[str]:
    """The places a condition counts that ``side`` controls now."""
    places: Iterable[str | None] = ()
    if condition.places:
        places = (board.resolve(r) for r in condition.places)
    elif condition.feature:
        places = board.spaces_with(condition.feature)
    return [p for p in places if p is not None and state.control.get(p) == side]


def victory_level(board: Board, state: GameState, scenario: Scenario) -> str | None:
    """The result the scenario's control conditions give for the position now, checked in order."""
    victory = scenario.victory
    if victory is None:
        return None
    for condition in victory.conditions:
        held = controlled(board, state, condition.side or "", condition)
        if condition.kind == "control-any" and held:
            return condition.result
        if condition.kind == "count-controlled":
            for level in condition.levels:
                if level.matches(len(held)):
                    return level.result
    return victory.otherwise
