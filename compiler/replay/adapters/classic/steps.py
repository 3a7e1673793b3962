"""Running the classic steps of a replay, and the position keys only this system has."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.adapters.classic.decider import ScriptedDecider
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import ScriptedDice, Unit, UnitStatus
from rules_engine.systems.classic import ClassicGame
from rules_engine.systems.classic.combat import ROLL_PURPOSE

Json = dict[str, Any]


def run_move(game: ClassicGame, step: Json, pointer: str, dice: ScriptedDice) -> None:
    unit = named_unit(game, step["move"], pointer + "/move")
    if "path" not in step:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, "a move needs its 'path'")
    game.move(unit, [named_space(game, p, f"{pointer}/path/{i}") for i, p in enumerate(step["path"])])


def _targets(game: ClassicGame, attack: Json, pointer: str) -> list[str]:
    if "targets" in attack:
        return [
            named_space(game, t, f"{pointer}/attack/targets/{i}") for i, t in enumerate(attack["targets"])
        ]
    if "target" in attack:
        return [named_space(game, attack["target"], pointer + "/attack/target")]
    raise ReplayProblem(
        codes.REPLAY_BAD_STEP, pointer + "/attack", "an attack names its 'target' or 'targets'"
    )


def run_attack(game: ClassicGame, step: Json, pointer: str, dice: ScriptedDice) -> None:
    attack = step["attack"]
    units = [named_unit(game, name, f"{pointer}/attack/units/{i}") for i, name in enumerate(attack["units"])]
    decider = ScriptedDecider(game, step, pointer)
    kept = game.world.snapshot()
    game.attack(units, _targets(game, attack, pointer), decider, dice)
    refused = decider.refused_choice()
    if refused is not None:
        # a choice the combat never asked for: refused like any choice the rules forbid, and the
        # attack is undone (an `illegal` step goes on from the position before it)
        game.world.restore(kept)
        raise refused


def run_place(game: ClassicGame, step: Json, pointer: str, dice: ScriptedDice) -> None:
    if "at" not in step:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer, "a reinforcement is placed 'at' a hex")
    unit = named_unit(game, step["place"], pointer + "/place")
    game.place(unit, named_space(game, step["at"], pointer + "/at"))


def run_replace(game: ClassicGame, step: Json, pointer: str, dice: ScriptedDice) -> None:
    unit = _replaced(game, step["replace"], pointer + "/replace")
    at = named_space(game, step["at"], pointer + "/at") if "at" in step else None
    game.replace(unit, at)


def _replaced(game: ClassicGame, reference: str, pointer: str) -> Unit:
    """The unit named; for a counter name several copies share, an eliminated copy."""
    try:
        return named_unit(game, reference, pointer)
    except ReplayProblem:
        wanted = reference.casefold()
        copies = [
            u
            for u in game.state.units.values()
            if wanted in (u.counter.id.casefold(), u.counter.name.casefold())
        ]
        gone = [u for u in copies if u.status is UnitStatus.ELIMINATED]
        if gone:
            return gone[0]
        raise


def summed_rolls(game: ClassicGame) -> dict[str, tuple[str, int]]:
    """The CRT's roll, which the rules only add up: a replay may give its total."""
    crt = game.tables.crt
    if crt is None:
        return {}
    return {ROLL_PURPOSE: (crt.dice.die, crt.dice.number)}


def summarise_move(step: Json) -> str:
    return f"move {step['move']} {' '.join(step.get('path', ()))}"


def summarise_attack(step: Json) -> str:
    attack = step["attack"]
    targets = attack.get("targets") or [attack.get("target", "?")]
    return f"attack {', '.join(attack['units'])} -> {' '.join(targets)}"


def summarise_place(step: Json) -> str:
    return f"place {step['place']} at {step.get('at', '?')}"


def summarise_replace(step: Json) -> str:
    return f"replace {step['replace']}" + (f" at {step['at']}" if "at" in step else "")


# --- position keys -------------------------------------------------------------------------


def set_replacement_points(game: ClassicGame, points: dict[str, int], pointer: str) -> None:
    for side, number in points.items():
        if side not in game.system.sides:
            raise ReplayProblem(codes.REPLAY_BAD_START, join_pointer(pointer, side), f"no side '{side}'")
        game.state.points[side] = number


def set_eliminated(game: ClassicGame, names: list[str], pointer: str) -> None:
    for index, name in enumerate(names):
        unit = named_unit(game, name, f"{pointer}/{index}")
        if unit.status is not UnitStatus.REMOVED or unit.space is not None:
            raise ReplayProblem(codes.REPLAY_BAD_START, f"{pointer}/{index}", f"{unit.uid} is placed twice")
        game.state.take_off(unit, UnitStatus.ELIMINATED)


def set_out_of_supply(game: ClassicGame, unit: Unit, marked: bool, pointer: str) -> None:
    game.state.set_out_of_supply(unit, bool(marked))


def set_moved(game: ClassicGame, unit: Unit, moved: bool, pointer: str) -> None:
    if moved:
        game.state.moved.add(unit.uid)


def set_attacked(game: ClassicGame, unit: Unit, attacked: bool, pointer: str) -> None:
    if attacked:
        game.state.attacked.add(unit.uid)
