"""Victory (3.1-3.3): the scenario's conditions read against who controls which towns and cities."""

from __future__ import annotations

from rules_engine.core import GameState
from rules_engine.definitions import Scenario, VictoryCondition
from rules_engine.systems.israel1948.rules import Rules


def controlled(rules: Rules, state: GameState, side: str, condition: VictoryCondition) -> list[str]:
    """The places a condition counts that ``side`` controls now."""
    board = rules.board
    if condition.places:
        places = [p for p in (board.resolve(r) for r in condition.places) if p is not None]
    elif condition.feature:
        places = [s for s in board.spaces if board.has_feature(s, condition.feature)]
    else:
        places = []
    return [p for p in places if state.control.get(p) == side]


def victory_level(rules: Rules, state: GameState, scenario: Scenario) -> str | None:
    """The result the scenario's conditions give for the position now, checked in order."""
    victory = scenario.victory
    if victory is None:
        return None
    for condition in victory.conditions:
        side = condition.side or ""
        held = controlled(rules, state, side, condition)
        if condition.kind == "control-any" and held:
            return condition.result
        if condition.kind == "count-controlled":
            for level in condition.levels:
                if level.matches(len(held)):
                    return level.result
    return victory.otherwise
