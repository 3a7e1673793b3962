"""What every game system shares: the board as the rules see it, game state, dice, errors, the
event log, and the general machinery (turn and phase template, set-up, control, step loss,
stacking, ZOC, unit naming, victory by control, terrain step costs) with the GameSystem protocol.

Each name is imported on first use (rules_engine/lazy.py), so the validator, which reads only
the light modules (errors, facts, stacking), never loads the turn machinery, state or dice.
"""

from typing import TYPE_CHECKING

from rules_engine.lazy import lazy_exports

if TYPE_CHECKING:  # the same names for mypy and readers; at run time each is imported on first use
    from rules_engine.core.actions import Action, ChoosePhaseFirst, Chooser, EndPhase
    from rules_engine.core.board import Board, SideFeature
    from rules_engine.core.dice import DiceMismatch, DiceSource, ScriptedDice, SeededDice
    from rules_engine.core.errors import EngineError, IllegalAction
    from rules_engine.core.events import Event, EventLog
    from rules_engine.core.game import CoreGame
    from rules_engine.core.state import GameState, Unit, UnitStatus
    from rules_engine.core.system import CoreSystem, Game, GameSystem

__getattr__ = lazy_exports(
    __name__,
    {
        "Action": "actions",
        "ChoosePhaseFirst": "actions",
        "Chooser": "actions",
        "EndPhase": "actions",
        "Board": "board",
        "SideFeature": "board",
        "DiceMismatch": "dice",
        "DiceSource": "dice",
        "ScriptedDice": "dice",
        "SeededDice": "dice",
        "EngineError": "errors",
        "IllegalAction": "errors",
        "Event": "events",
        "EventLog": "events",
        "CoreGame": "game",
        "GameState": "state",
        "Unit": "state",
        "UnitStatus": "state",
        "CoreSystem": "system",
        "Game": "system",
        "GameSystem": "system",
    },
)

__all__ = [
    "Action",
    "Board",
    "ChoosePhaseFirst",
    "Chooser",
    "CoreGame",
    "CoreSystem",
    "DiceMismatch",
    "DiceSource",
    "EndPhase",
    "EngineError",
    "Event",
    "EventLog",
    "Game",
    "GameState",
    "GameSystem",
    "IllegalAction",
    "ScriptedDice",
    "SeededDice",
    "SideFeature",
    "Unit",
    "UnitStatus",
]
