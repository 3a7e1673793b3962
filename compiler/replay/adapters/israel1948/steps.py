"""Running the Israel 1948 steps of a replay, and the position keys only this system has."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.adapters.israel1948.decider import ScriptedDecider
from compiler.replay.names import named_space
from compiler.replay.problems import ReplayProblem
from rules_engine.core import ScriptedDice, Unit
from rules_engine.systems.israel1948 import Game

Json = dict[str, Any]


def run_move(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    unit = game.unit(step["move"])
    game.move(unit, [named_space(game, p, f"{pointer}/path/{i}") for i, p in enumerate(step["path"])])


def run_attack(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    attack = step["attack"]
    units = [game.unit(name) for name in attack["units"]]
    decider = ScriptedDecider(game, step, pointer)
    game.attack(units, named_space(game, attack["target"], pointer + "/attack/target"), decider, dice)
    left_over = decider.unused_choices()
    if left_over is not None:
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer + "/hits", left_over)


def run_place(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    game.place_reinforcement(game.unit(step["place"]), named_space(game, step["at"], pointer + "/at"))


def run_supply_source(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    game.choose_supply_source(named_space(game, step["supply_source"], pointer + "/supply_source"))


def summarise_supply_source(step: Json) -> str:
    return f"trace supply to {step['supply_source']} only"


def summarise_move(step: Json) -> str:
    return f"move {step['move']} {' '.join(step['path'])}"


def summarise_attack(step: Json) -> str:
    return f"attack {', '.join(step['attack']['units'])} -> {step['attack']['target']}"


def summarise_place(step: Json) -> str:
    return f"place {step['place']} at {step['at']}"


def set_air_points(game: Game, points: dict[str, int], pointer: str) -> None:
    for side, number in points.items():
        if side not in game.system.sides:
            raise ReplayProblem(codes.REPLAY_BAD_START, join_pointer(pointer, side), f"no side '{side}'")
        game.state.points[side] = number


def set_out_of_supply(game: Game, unit: Unit, marked: bool, pointer: str) -> None:
    game.state.set_out_of_supply(unit, bool(marked))
