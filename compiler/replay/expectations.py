"""The expectations every system shares; a system's adapter checks its own keys.

The first expectation that does not hold raises a ReplayProblem at its JSON
pointer. Common keys: each unit's place, face and status; control of places;
the turn and phase; whether the game is over, its result, and the victory
level the scenario's conditions give now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.adapter import ReplayAdapter, UnitPart
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import CoreGame, Unit

Json = dict[str, Any]


def check_expectations(game: CoreGame, expect: Json, pointer: str, adapter: ReplayAdapter) -> None:
    """Raise ReplayProblem at the first expectation that does not hold."""
    for name, wanted in expect.get("units", {}).items():
        _check_unit(game, name, wanted, join_pointer(pointer + "/units", name), adapter)
    for key, check in adapter.expectations.items():
        if key in expect:
            check(game, expect[key], f"{pointer}/{key}")
    for place, side in expect.get("control", {}).items():
        where = join_pointer(pointer + "/control", place)
        space = named_space(game, place, where)
        same(game.state.control.get(space), side, f"control of {game.board.name(space)}", where)
    if "turn" in expect:
        same(game.state.turn, str(expect["turn"]), "the turn", pointer + "/turn")
    if "phase" in expect:
        same(game.phase.id, expect["phase"], "the phase", pointer + "/phase")
    if "over" in expect:
        same(game.state.over, expect["over"], "whether the game is over", pointer + "/over")
    if "result" in expect:
        same(game.state.result, expect["result"], "the game's result", pointer + "/result")
    if "victory" in expect:
        same(game.victory(), expect["victory"], "the victory level now", pointer + "/victory")


def _check_unit(game: CoreGame, name: str, wanted: Json, pointer: str, adapter: ReplayAdapter) -> None:
    unit = named_unit(game, name, pointer)
    if "status" in wanted:
        same(unit.status.value, wanted["status"], f"{unit.uid}'s status", pointer + "/status")
    if "at" in wanted:
        space = named_space(game, wanted["at"], pointer + "/at")
        actual = unit.space if unit.on_map else unit.status.value
        same(actual, space, f"where {unit.uid} is", pointer + "/at")
    if "face" in wanted:
        expected = wanted["face"]
        if isinstance(expected, int):
            same(unit.face_index + 1, expected, f"the number of the face {unit.uid} shows", pointer + "/face")
        else:
            same("damaged" if unit.damaged else "full", expected, f"{unit.uid}'s side", pointer + "/face")
    for key, check in adapter.unit_expectations.items():
        if key in wanted:
            check(game, unit, wanted[key], f"{pointer}/{key}")


def same(actual: object, expected: object, what: str, pointer: str) -> None:
    """Fail the replay at ``pointer`` unless ``actual`` is what the replay expects."""
    if actual != expected:
        raise ReplayProblem(
            codes.REPLAY_EXPECTATION_FAILED,
            pointer,
            f"expected {what} to be {expected!r}, but it is {actual!r}",
        )


def reach_expectations(paths_of: Callable[[Any, Unit], Mapping[str, Sequence[str]]]) -> dict[str, UnitPart]:
    """A unit's ``can_reach`` and ``cannot_reach`` keys, for a system whose legal moves of a unit
    ``paths_of`` lists (each destination with one path to it)."""

    def can_reach(game: Any, unit: Unit, places: list[str], pointer: str) -> None:
        moves = paths_of(game, unit)
        for index, place in enumerate(places):
            space = named_space(game, place, f"{pointer}/{index}")
            if space not in moves:
                raise ReplayProblem(
                    codes.REPLAY_EXPECTATION_FAILED,
                    f"{pointer}/{index}",
                    f"{unit.uid} cannot reach {game.board.name(space)} now",
                    hint="reachable: " + (", ".join(sorted(moves)) or "nowhere"),
                )

    def cannot_reach(game: Any, unit: Unit, places: list[str], pointer: str) -> None:
        moves = paths_of(game, unit)
        for index, place in enumerate(places):
            space = named_space(game, place, f"{pointer}/{index}")
            if space in moves:
                raise ReplayProblem(
                    codes.REPLAY_EXPECTATION_FAILED,
                    f"{pointer}/{index}",
                    f"{unit.uid} can reach {game.board.name(space)} by {' '.join(moves[space])}",
                )

    return {"can_reach": can_reach, "cannot_reach": cannot_reach}
