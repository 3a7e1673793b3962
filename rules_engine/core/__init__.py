"""What every game system shares: the board as the rules see it, game state, dice, errors, the event log."""

from rules_engine.core.board import Board, SideFeature
from rules_engine.core.dice import DiceMismatch, DiceSource, ScriptedDice, SeededDice
from rules_engine.core.errors import EngineError, IllegalAction
from rules_engine.core.events import Event, EventLog
from rules_engine.core.state import GameState, Unit, UnitStatus

__all__ = [
    "Board",
    "DiceMismatch",
    "DiceSource",
    "EngineError",
    "Event",
    "EventLog",
    "GameState",
    "IllegalAction",
    "ScriptedDice",
    "SeededDice",
    "SideFeature",
    "Unit",
    "UnitStatus",
]
