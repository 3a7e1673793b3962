"""What every game system shares: the board as the rules see it, game state, dice, errors, the
event log, and the general machinery (turn and phase template, set-up, control, step loss,
stacking, ZOC, unit naming, victory by control, terrain step costs) with the GameSystem protocol.
"""

from rules_engine.core.actions import Action, ChoosePhaseFirst, Chooser, EndPhase
from rules_engine.core.board import Board, SideFeature
from rules_engine.core.dice import DiceMismatch, DiceSource, ScriptedDice, SeededDice
from rules_engine.core.errors import EngineError, IllegalAction
from rules_engine.core.events import Event, EventLog
from rules_engine.core.game import CoreGame
from rules_engine.core.state import GameState, Unit, UnitStatus
from rules_engine.core.system import CoreSystem, Game, GameSystem

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
