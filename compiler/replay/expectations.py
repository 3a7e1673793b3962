"""Compare what a replay expects with the game's state; the first difference fails the replay."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.systems.israel1948 import Game

Json = dict[str, Any]


def check_expectations(game: Game, expect: Json, pointer: str) -> None:
    """Raise ReplayProblem at the first expectation that does not hold."""
    for name, wanted in expect.get("units", {}).items():
        _check_unit(game, name, wanted, join_pointer(pointer + "/units", name))
    if "supply" in expect:
        _check_supply(game, expect["supply"], pointer + "/supply")
    if "combat" in expect:
        _check_combat(game, expect["combat"], pointer + "/combat")
    for place, side in expect.get("control", {}).items():
        space = named_space(game, place, join_pointer(pointer + "/control", place))
        actual = game.state.control.get(space)
        _same(
            actual,
            side,
            f"control of {game.rules.board.name(space)}",
            join_pointer(pointer + "/control", place),
        )
    for side, points in expect.get("air_points", {}).items():
        _same(
            game.state.points.get(side),
            points,
            f"{side} air points",
            join_pointer(pointer + "/air_points", side),
        )
    if "turn" in expect:
        _same(game.state.turn, str(expect["turn"]), "the turn", pointer + "/turn")
    if "phase" in expect:
        _same(game.phase.id, expect["phase"], "the phase", pointer + "/phase")
    if "over" in expect:
        _same(game.state.over, expect["over"], "whether the game is over", pointer + "/over")
    if "result" in expect:
        _same(game.state.result, expect["result"], "the game's result", pointer + "/result")
    if "victory" in expect:
        _same(game.victory(), expect["victory"], "the victory level now", pointer + "/victory")


def _check_unit(game: Game, name: str, wanted: Json, pointer: str) -> None:
    unit = named_unit(game, name, pointer)
    if "status" in wanted:
        _same(unit.status.value, wanted["status"], f"{unit.uid}'s status", pointer + "/status")
    if "at" in wanted:
        space = named_space(game, wanted["at"], pointer + "/at")
        actual = unit.space if unit.on_map else unit.status.value
        _same(actual, space, f"where {unit.uid} is", pointer + "/at")
    if "face" in wanted:
        _same("damaged" if unit.damaged else "full", wanted["face"], f"{unit.uid}'s side", pointer + "/face")
    if "out_of_supply" in wanted:
        _same(
            unit.out_of_supply,
            wanted["out_of_supply"],
            f"{unit.uid}'s out-of-supply marker",
            pointer + "/out_of_supply",
        )
    if "can_reach" in wanted or "cannot_reach" in wanted:
        moves = game.legal_moves(unit)
        for index, place in enumerate(wanted.get("can_reach", ())):
            space = named_space(game, place, f"{pointer}/can_reach/{index}")
            if space not in moves:
                raise ReplayProblem(
                    codes.REPLAY_EXPECTATION_FAILED,
                    f"{pointer}/can_reach/{index}",
                    f"{unit.uid} cannot reach {game.rules.board.name(space)} this phase",
                    hint="reachable: " + (", ".join(sorted(moves)) or "nowhere"),
                )
        for index, place in enumerate(wanted.get("cannot_reach", ())):
            space = named_space(game, place, f"{pointer}/cannot_reach/{index}")
            if space in moves:
                raise ReplayProblem(
                    codes.REPLAY_EXPECTATION_FAILED,
                    f"{pointer}/cannot_reach/{index}",
                    f"{unit.uid} can reach {game.rules.board.name(space)} by {' '.join(moves[space])}",
                )


def _check_supply(game: Game, wanted: dict[str, str], pointer: str) -> None:
    supplied: dict[str, set[str]] = {}
    for name, status in wanted.items():
        where = join_pointer(pointer, name)
        unit = named_unit(game, name, where)
        if unit.side not in supplied:
            supplied[unit.side] = game.in_supply(unit.side)
        actual = "in" if unit.uid in supplied[unit.side] else "out"
        _same(actual, status, f"{unit.uid}'s supply", where)


def _check_combat(game: Game, wanted: Json, pointer: str) -> None:
    report = game.last_combat
    if report is None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, "no combat has been fought yet")
    for key in ("defender_hits", "attacker_hits"):
        if key in wanted:
            _same(getattr(report, key), wanted[key], key.replace("_", " "), f"{pointer}/{key}")
    for key in ("defender_dice", "attacker_dice"):
        if key in wanted:
            counts = {die: len(values) for die, values in getattr(report, key).items() if values}
            expected = {die: n for die, n in wanted[key].items() if n}
            _same(counts, expected, key.replace("_", " "), f"{pointer}/{key}")
    for key in ("halted", "attacker_losses", "all_in", "step_losses", "advanced"):
        if key in wanted:
            names = [named_unit(game, n, f"{pointer}/{key}/{i}").uid for i, n in enumerate(wanted[key])]
            _same(sorted(getattr(report, key)), sorted(names), key.replace("_", " "), f"{pointer}/{key}")
    if "retreats" in wanted:
        expected_retreats = {
            named_unit(game, n, join_pointer(pointer + "/retreats", n)).uid: named_space(
                game, to, join_pointer(pointer + "/retreats", n)
            )
            for n, to in wanted["retreats"].items()
        }
        _same(report.retreats, expected_retreats, "retreats", pointer + "/retreats")


def _same(actual: object, expected: object, what: str, pointer: str) -> None:
    if actual != expected:
        raise ReplayProblem(
            codes.REPLAY_EXPECTATION_FAILED,
            pointer,
            f"expected {what} to be {expected!r}, but it is {actual!r}",
        )
