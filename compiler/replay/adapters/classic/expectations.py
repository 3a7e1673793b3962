"""Expectations only classic replays write: the last combat, supply, replacement points, a unit's
movement points and what it has done this phase, whether the phase may end."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.expectations import same
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.classic import ClassicGame
from rules_engine.systems.classic.supply import in_supply

Json = dict[str, Any]
_FIGURES = ("attack", "defense", "odds", "differential", "shift", "drm")
_ROLL = ("column", "roll", "modified", "result", "attacker_hits", "defender_hits")


def check_combat(game: ClassicGame, wanted: Json, pointer: str) -> None:
    report = game.world.extra.last_combat
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "no combat has been fought yet")
    for key in _FIGURES:
        if key in wanted:
            same(getattr(report.assessment, key), wanted[key], f"the combat's {key}", f"{pointer}/{key}")
    for key in _ROLL:
        if key in wanted:
            same(getattr(report, key), wanted[key], f"the combat's {key}", f"{pointer}/{key}")
    losses = report.losses
    for key in ("eliminated", "step_losses"):
        if key in wanted:
            names = [named_unit(game, n, f"{pointer}/{key}/{i}").uid for i, n in enumerate(wanted[key])]
            same(sorted(getattr(losses, key)), sorted(names), key.replace("_", " "), f"{pointer}/{key}")
    for key in ("retreated", "advanced"):
        if key in wanted:
            expected = {
                named_unit(game, n, join_pointer(f"{pointer}/{key}", n)).uid: tuple(
                    named_space(game, s, join_pointer(f"{pointer}/{key}", n)) for s in path
                )
                for n, path in wanted[key].items()
            }
            same(dict(getattr(losses, key)), expected, key, f"{pointer}/{key}")


def check_supply(game: ClassicGame, wanted: dict[str, str], pointer: str) -> None:
    for name, status in wanted.items():
        where = join_pointer(pointer, name)
        unit = named_unit(game, name, where)
        same("in" if in_supply(game.world, unit) else "out", status, f"{unit.uid}'s supply", where)


def check_points(game: ClassicGame, wanted: dict[str, int], pointer: str) -> None:
    for side, points in wanted.items():
        same(
            game.state.points.get(side, 0),
            points,
            f"{side}'s replacement points",
            join_pointer(pointer, side),
        )


def check_may_end(game: ClassicGame, wanted: bool, pointer: str) -> None:
    refusal = game.end_refusal()
    if wanted and refusal is not None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, f"the phase may not end: {refusal}")
    if not wanted and refusal is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "the phase may end now")


def check_out_of_supply(game: ClassicGame, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.out_of_supply, wanted, f"{unit.uid}'s out-of-supply marker", pointer)


def check_moved(game: ClassicGame, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.uid in game.state.moved, wanted, f"whether {unit.uid} has moved this phase", pointer)


def check_attacked(game: ClassicGame, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.uid in game.state.attacked, wanted, f"whether {unit.uid} has attacked this phase", pointer)


def check_mp_left(game: ClassicGame, unit: Unit, wanted: float, pointer: str) -> None:
    same(game.mp_left(unit), float(wanted), f"{unit.uid}'s movement points left", pointer)
