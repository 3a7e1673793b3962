"""Spaces and units a replay names, found in the game or reported at their place in the file."""

from __future__ import annotations

from compiler.diagnostics import codes
from compiler.replay.problems import ReplayProblem
from rules_engine.core import CoreGame, EngineError, Unit


def named_space(game: CoreGame, reference: str, pointer: str) -> str:
    """The id of the space or place ``reference`` names (a hex ID, a space id or a printed name)."""
    space = game.board.resolve(str(reference))
    if space is None:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, f"'{reference}' is not a hex or place on the map")
    return space


def named_unit(game: CoreGame, reference: str, pointer: str) -> Unit:
    try:
        return game.unit(reference)
    except EngineError as exc:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, str(exc)) from None
