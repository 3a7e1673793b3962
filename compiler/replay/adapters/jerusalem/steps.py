"""Running the Jerusalem! steps of a replay through the protocol (``Game.apply``), and its position keys.

Every step becomes one of the system's actions and is applied with a decider
that answers from the step, so a replay plays the game exactly as `wgc play`
and the random player do.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from compiler.diagnostics import codes
from compiler.loading.positions import join_pointer
from compiler.replay.adapter import PositionPart, UnitPart
from compiler.replay.adapters.jerusalem.decider import ScriptedDecider
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Action, ChoosePhaseFirst, ScriptedDice, Unit, UnitStatus
from rules_engine.systems.jerusalem import (
    AnnounceRoute,
    Attack,
    Bomb,
    Build,
    Enter,
    Game,
    HaltConvoy,
    Leave,
    Load,
    Move,
    TerrorAttack,
    Unload,
)

Json = dict[str, Any]


def _names(game: Game, value: object, pointer: str) -> tuple[str, ...]:
    names = [value] if isinstance(value, str) else list(value)  # type: ignore[call-overload]
    return tuple(
        named_unit(game, str(n), f"{pointer}/{i}" if not isinstance(value, str) else pointer).uid
        for i, n in enumerate(names)
    )


def _path(game: Game, path: list[str], pointer: str) -> tuple[str, ...]:
    return tuple(named_space(game, p, f"{pointer}/{i}") for i, p in enumerate(path))


def _play(game: Game, action: Action, step: Json, pointer: str, dice: ScriptedDice) -> None:
    decider = ScriptedDecider(game, step, pointer)
    game.apply(action, dice, decider)
    left_over = decider.unused()
    if left_over is not None:
        key = left_over.split(":", 1)[0]
        raise ReplayProblem(codes.REPLAY_EXPECTATION_FAILED, f"{pointer}/{key}", left_over)


def run_first(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    phase = next((p for p in game.system.phases if p.id == step["first"]), None)
    if phase is None:
        raise ReplayProblem(codes.REPLAY_BAD_STEP, pointer + "/first", f"no phase '{step['first']}'")
    _play(game, ChoosePhaseFirst(phase.id, phase.name), step, pointer, dice)


def run_move(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    units = _names(game, step["move"], pointer + "/move")
    _play(game, Move(units, _path(game, step["path"], pointer + "/path")), step, pointer, dice)


def run_enter(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    units = _names(game, step["enter"], pointer + "/enter")
    _play(game, Enter(units, _path(game, step["path"], pointer + "/path")), step, pointer, dice)


def run_load(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    carrier = named_unit(game, step["load"], pointer + "/load").uid
    _play(game, Load(carrier, _names(game, step["units"], pointer + "/units")), step, pointer, dice)


def run_unload(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    carrier = named_unit(game, step["unload"], pointer + "/unload").uid
    _play(game, Unload(carrier, _names(game, step["units"], pointer + "/units")), step, pointer, dice)


def run_attack(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    attack = step["attack"]
    where = pointer + "/attack"
    action = Attack(
        _names(game, attack["units"], where + "/units"),
        _names(game, attack.get("targets", []), where + "/targets"),
        _path(game, attack.get("hexes", []), where + "/hexes"),
    )
    _play(game, action, step, pointer, dice)


def run_route(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    _play(game, AnnounceRoute(_path(game, step["route"], pointer + "/route")), step, pointer, dice)


def run_halt(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    _play(game, HaltConvoy(), step, pointer, dice)


def run_bomb(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    bomb = step["bomb"]
    action = Bomb(
        _path(game, bomb["path"], pointer + "/bomb/path"), _path(game, bomb["away"], pointer + "/bomb/away")
    )
    _play(game, action, step, pointer, dice)


def run_terror(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    terror = step["terror"]
    units = _names(game, terror["units"], pointer + "/terror/units")
    _play(
        game, TerrorAttack(units, _path(game, terror["path"], pointer + "/terror/path")), step, pointer, dice
    )


def run_leave(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    _play(game, Leave(_names(game, step["leave"], pointer + "/leave")), step, pointer, dice)


def run_build(game: Game, step: Json, pointer: str, dice: ScriptedDice) -> None:
    units = _names(game, step["build"], pointer + "/build")
    _play(game, Build(units, _path(game, step["path"], pointer + "/path")), step, pointer, dice)


STEPS: dict[str, Callable[[Game, Json, str, ScriptedDice], None]] = {
    "first": run_first,
    "move": run_move,
    "enter": run_enter,
    "load": run_load,
    "unload": run_unload,
    "attack": run_attack,
    "route": run_route,
    "halt_convoy": run_halt,
    "bomb": run_bomb,
    "terror": run_terror,
    "leave": run_leave,
    "build": run_build,
}


def summarise(step: Json) -> str:
    key = next(k for k in STEPS if k in step)
    value = step[key]
    if key == "attack":
        targets = ", ".join(value.get("targets", []) + value.get("hexes", []))
        return f"attack {targets} with {', '.join(value['units'])}"
    if key in ("move", "enter", "build"):
        units = value if isinstance(value, str) else ", ".join(value)
        return f"{key} {units} {' '.join(step['path'])}"
    if key == "leave":
        return f"leave {value if isinstance(value, str) else ', '.join(value)}"
    return f"{key} {value if not isinstance(value, dict) else ''}".strip()


SUMMARIES: dict[str, Callable[[Json], str]] = {key: summarise for key in STEPS}


# --- position keys --------------------------------------------------------------------------


def _later(game: Game, change: Callable[[], None]) -> None:
    game.deferred.append(change)


def set_mp_spent(game: Game, unit: Unit, value: float, pointer: str) -> None:
    _later(game, lambda: game.marks.spent.__setitem__(unit.uid, float(value)))


def set_stopped(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    _later(game, lambda: game.marks.stopped.add(unit.uid) if value else None)


def set_face_down(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    game.marks.face_down.discard(unit.uid)
    if value:
        game.marks.face_down.add(unit.uid)


def set_carried_by(game: Game, unit: Unit, value: str, pointer: str) -> None:
    carrier = named_unit(game, value, pointer)

    def carry() -> None:
        game.marks.carried_by[unit.uid] = carrier.uid
        game.marks.rode_with[unit.uid] = carrier.uid

    _later(game, carry)


def set_disrupted(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    if value:
        game.marks.disrupted[unit.uid] = ("end", game.marks.jewish_turns + 1)


def set_moved_in(game: Game, unit: Unit, value: list[str], pointer: str) -> None:
    game.marks.moved_in[unit.uid] = set(value)


def set_attacked(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    if value:
        game.marks.attacked.add(unit.uid)


def set_fired(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    if value:
        game.marks.fired.add(unit.uid)


def set_zoc_lock(game: Game, unit: Unit, value: bool, pointer: str) -> None:
    if value and unit.space is not None:
        game.marks.zoc_lock[unit.uid] = unit.space


def set_road_work(game: Game, unit: Unit, value: float, pointer: str) -> None:
    _later(game, lambda: game.marks.road_work.__setitem__(unit.uid, float(value)))


UNIT_POSITION: dict[str, UnitPart] = {
    "mp_spent": set_mp_spent,
    "stopped": set_stopped,
    "face_down": set_face_down,
    "carried_by": set_carried_by,
    "disrupted": set_disrupted,
    "moved_in": set_moved_in,
    "attacked": set_attacked,
    "fired": set_fired,
    "zoc_lock": set_zoc_lock,
    "road_work": set_road_work,
}


def set_first_phase(game: Game, phase_id: str, pointer: str) -> None:
    phases = game.system.phases
    phase = next((p for p in phases if p.id == phase_id and p.order == "player-choice"), None)
    if phase is None:
        raise ReplayProblem(
            codes.REPLAY_BAD_START, pointer, f"'{phase_id}' is not a phase whose order a player chooses"
        )
    indexes = list(range(len(phases)))
    slots = [i for i in indexes if phases[i].group == phase.group]
    chosen = phases.index(phase)
    for slot, index in zip(slots, [chosen, *(i for i in slots if i != chosen)], strict=True):
        indexes[slot] = index
    game.state.phase_order = tuple(indexes)
    if phase.group:
        game.state.ordered_groups.add(phase.group)


def set_route(game: Game, route: list[str], pointer: str) -> None:
    path = _path(game, route, pointer)
    _later(game, lambda: setattr(game.marks, "route", path))


def set_bombed(game: Game, hexes: list[str], pointer: str) -> None:
    game.marks.bombed.update(_path(game, hexes, pointer))


def set_escorts(game: Game, names: list[str], pointer: str) -> None:
    uids = {named_unit(game, n, join_pointer(pointer, i)).uid for i, n in enumerate(names)}
    _later(game, lambda: setattr(game.marks, "escorts", uids))


def _turn_index(game: Game, label: object, pointer: str) -> int:
    labels = game.state.turn_labels
    if str(label) not in labels:
        raise ReplayProblem(codes.REPLAY_BAD_START, pointer, f"turn {label} is not on the turn track")
    return labels.index(str(label))


def set_off_map(game: Game, entries: list[Json], pointer: str) -> None:
    """14.6: units off the map, each with the road it left by and the turn it left."""
    for index, entry in enumerate(entries):
        where = join_pointer(pointer, index)
        unit = named_unit(game, entry["unit"], where + "/unit")
        if unit.status is not UnitStatus.REMOVED or unit.space is not None:
            raise ReplayProblem(codes.REPLAY_BAD_START, where + "/unit", f"{unit.uid} is placed twice")
        road = named_space(game, entry["road"], where + "/road")
        if road not in game.tables.exits:
            raise ReplayProblem(
                codes.REPLAY_BAD_START,
                where + "/road",
                f"{game.board.name(road)} is not a road hex at the map's edge",
            )
        unit.status = UnitStatus.WAITING
        game.marks.off_map[unit.uid] = (road, _turn_index(game, entry["left"], where + "/left"))


def set_new_roads(game: Game, entries: list[Json], pointer: str) -> None:
    """15.2-15.4: roads bulldozers built, each a path and the turn it was built."""
    for index, entry in enumerate(entries):
        where = join_pointer(pointer, index)
        path = _path(game, entry["path"], where + "/path")
        turn = _turn_index(game, entry["turn"], where + "/turn")
        for step, (a, b) in enumerate(pairwise(path)):
            if b not in game.board.neighbours.get(a, ()):
                raise ReplayProblem(
                    codes.REPLAY_BAD_START, f"{where}/path/{step + 1}", f"{b} is not next to {a}"
                )
            game.marks.new_roads[a, b] = (turn, 0.0)  # the work is the bulldozers' ``road_work``
    game.open_new_roads()


POSITION: dict[str, PositionPart] = {
    "first_phase": set_first_phase,
    "route": set_route,
    "bombed": set_bombed,
    "escorts": set_escorts,
    "off_map": set_off_map,
    "new_roads": set_new_roads,
}
