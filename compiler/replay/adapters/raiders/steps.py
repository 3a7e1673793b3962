"""Running the Raiders steps of a replay: each step key builds one action and applies it.

The step's ``dice`` are the engine's rolls and draws in order (a draw from a
cup of n counters is a die ``d<n>``); the player's choices inside the action
are read by the ScriptedDecider. Steps write units as printed, spaces by name
or id, unit classes and cards by id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.diagnostics import codes
from compiler.replay.adapters.raiders.decider import ScriptedDecider
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Action, ScriptedDice
from rules_engine.systems.raiders import (
    Abandon,
    Appeal,
    Demolish,
    EndMission,
    Fight,
    Fly,
    Game,
    Move,
    NextMission,
    Operate,
    PlayCard,
    Rally,
    Recruit,
    RecruitLeader,
    ResolveCard,
    Sail,
    Scout,
    Supply,
    Transfer,
)

Json = dict[str, Any]


def _space(game: Game, step: Json, key: str, pointer: str) -> str:
    return game.space_name(named_space(game, step[key], f"{pointer}/{key}"))


def _unit(game: Game, reference: str, pointer: str) -> str:
    return named_unit(game, reference, pointer).uid


def _units(game: Game, step: Json, key: str, pointer: str) -> tuple[str, ...]:
    return tuple(_unit(game, name, f"{pointer}/{key}/{i}") for i, name in enumerate(step[key]))


def _recruit(game: Game, step: Json, pointer: str) -> Action:
    carrier = step.get("carrier")
    return Recruit(step["recruit"], _unit(game, carrier, pointer + "/carrier") if carrier else None)


def _play(game: Game, step: Json, pointer: str) -> Action:
    to = _space(game, step, "to", pointer) if "to" in step else None
    return PlayCard(step["play"], step["for"], to)


def _transfer(game: Game, step: Json, pointer: str) -> Action:
    to = step.get("to")
    return Transfer(
        _unit(game, step["transfer"], pointer + "/transfer"), _unit(game, to, pointer + "/to") if to else None
    )


def _move(game: Game, step: Json, pointer: str) -> Action:
    return Move(
        tuple(
            game.space_name(named_space(game, p, f"{pointer}/move/{i}")) for i, p in enumerate(step["move"])
        )
    )


def _next(game: Game, step: Json, pointer: str) -> Action:
    leader = step.get("leader")
    return NextMission(
        _space(game, step, "next_mission", pointer),
        _unit(game, leader, pointer + "/leader") if leader else None,
    )


# Each step key and how it becomes an action.
ACTIONS: dict[str, Callable[[Game, Json, str], Action]] = {
    "recruit": _recruit,
    "recruit_leader": lambda game, step, pointer: RecruitLeader(int(step["recruit_leader"])),
    "operate": lambda game, step, pointer: Operate(_units(game, step, "operate", pointer)),
    "scout": lambda game, step, pointer: Scout(_space(game, step, "scout", pointer)),
    "rally": lambda game, step, pointer: Rally(_units(game, step, "rally", pointer)),
    "appeal": lambda game, step, pointer: Appeal(tuple(step["appeal"])),
    "play": _play,
    "move": _move,
    "sail": lambda game, step, pointer: Sail(_space(game, step, "sail", pointer)),
    "fly": lambda game, step, pointer: Fly(_space(game, step, "fly", pointer)),
    "supply": lambda game, step, pointer: Supply(
        _unit(game, step["supply"], pointer + "/supply"), step["for"]
    ),
    "transfer": _transfer,
    "abandon": lambda game, step, pointer: Abandon(_unit(game, step["abandon"], pointer + "/abandon")),
    "resolve_card": lambda game, step, pointer: ResolveCard(step["resolve_card"]),
    "fight": lambda game, step, pointer: Fight(_space(game, step, "fight", pointer)),
    "demolish": lambda game, step, pointer: Demolish(_unit(game, step["demolish"], pointer + "/demolish")),
    "end_mission": lambda game, step, pointer: EndMission(),
    "next_mission": _next,
}


def step_runner(key: str) -> Callable[[Game, Json, str, ScriptedDice], None]:
    """The handler of one step key: build the action, apply it with the step's dice and choices."""
    build = ACTIONS[key]

    def run(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
        decider = ScriptedDecider(game, step, pointer)
        game.apply(build(game, step, pointer), dice, decider)
        left_over = decider.unused_choices()
        if left_over is not None:
            raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, pointer, left_over)

    return run


def summary(key: str) -> Callable[[Json], str]:
    def summarise(step: Json) -> str:
        value = step[key]
        shown = (
            ", ".join(map(str, value)) if isinstance(value, list) else ("" if value is True else str(value))
        )
        return f"{key.replace('_', ' ')} {shown}".strip()

    return summarise
