"""Expectations only Israel 1948 replays write: supply, the last combat, air points, reachable hexes."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.expectations import same
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.israel1948 import Game

Json = dict[str, Any]


def check_supply(game: Game, wanted: dict[str, str], pointer: str) -> None:
    """A fresh supply check now (not the units' markers)."""
    supplied: dict[str, set[str]] = {}
    for name, status in wanted.items():
        where = join_pointer(pointer, name)
        unit = named_unit(game, name, where)
        if unit.side not in supplied:
            supplied[unit.side] = game.in_supply(unit.side)
        actual = "in" if unit.uid in supplied[unit.side] else "out"
        same(actual, status, f"{unit.uid}'s supply", where)


def check_air_points(game: Game, wanted: dict[str, int], pointer: str) -> None:
    for side, points in wanted.items():
        same(game.state.points.get(side, 0), points, f"{side} air points", join_pointer(pointer, side))


def check_combat(game: Game, wanted: Json, pointer: str) -> None:
    report = game.last_combat
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "no combat has been fought yet")
    for key in ("defender_hits", "attacker_hits"):
        if key in wanted:
            same(getattr(report, key), wanted[key], key.replace("_", " "), f"{pointer}/{key}")
    for key in ("defender_dice", "attacker_dice"):
        if key in wanted:
            counts = {die: len(values) for die, values in getattr(report, key).items() if values}
            expected = {die: n for die, n in wanted[key].items() if n}
            same(counts, expected, key.replace("_", " "), f"{pointer}/{key}")
    for key in ("halted", "attacker_losses", "all_in", "step_losses", "advanced"):
        if key in wanted:
            names = [named_unit(game, n, f"{pointer}/{key}/{i}").uid for i, n in enumerate(wanted[key])]
            same(sorted(getattr(report, key)), sorted(names), key.replace("_", " "), f"{pointer}/{key}")
    if "retreats" in wanted:
        expected_retreats = {
            named_unit(game, n, join_pointer(pointer + "/retreats", n)).uid: named_space(
                game, to, join_pointer(pointer + "/retreats", n)
            )
            for n, to in wanted["retreats"].items()
        }
        same(report.retreats, expected_retreats, "retreats", pointer + "/retreats")


def check_out_of_supply(game: Game, unit: Unit, wanted: bool, pointer: str) -> None:
    same(unit.out_of_supply, wanted, f"{unit.uid}'s out-of-supply marker", pointer)
