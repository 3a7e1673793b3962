"""The start of a replay: the game's data as the replay changes it, and the first position.

Overrides, a test map and test counters are written in the same JSON shapes
as the source files, so they are built by the same model builders
(compiler/model); the changed definition then gets its own rules engine.
"""

from __future__ import annotations

import copy
from typing import Any

from compiler.diagnostics import codes
from compiler.loading import GameSources
from compiler.model.board import build_map
from compiler.model.counters import build_counters
from compiler.replay.adapter import ReplayAdapter
from compiler.replay.names import named_space
from compiler.replay.problems import ReplayProblem
from rules_engine.core import CoreGame, EngineError, Unit, UnitStatus
from rules_engine.definitions import MapDefinition, ValidGame

Json = dict[str, Any]


def replay_definition(sources: GameSources, definition: ValidGame, replay: Json) -> ValidGame:
    """The game's definition with the replay's map, overrides and test counters applied."""
    changed = definition
    if "map" in replay:
        changed = changed._replace(board=_build_board({"$schema": "map", **replay["map"]}, "/map"))
    elif "overrides" in replay:
        map_document = sources.one("map")
        if map_document is None:
            raise ReplayProblem(codes.REPLAY_BAD_START, "/overrides", "the game has no map.json to override")
        changed = changed._replace(
            board=_build_board(_apply_overrides(map_document.data, replay["overrides"]), "/overrides")
        )
    if "counters" in replay:
        counters_document = sources.one("counters")
        if counters_document is None:
            raise ReplayProblem(codes.REPLAY_BAD_START, "/counters", "the game has no counters.json")
        known = {c["id"] for c in counters_document.data["counters"]}
        for index, extra in enumerate(replay["counters"]):
            if extra["id"] in known:
                raise ReplayProblem(
                    codes.REPLAY_BAD_START,
                    f"/counters/{index}/id",
                    f"test counter '{extra['id']}' has the id of a counter of the game",
                    hint="give test counters ids of their own, such as 'test-tank'",
                )
        data = dict(counters_document.data)
        data["counters"] = [*counters_document.data["counters"], *replay["counters"]]
        changed = changed._replace(counters=build_counters(data, "counters.json"))
    return changed


def _build_board(data: Json, pointer: str) -> MapDefinition:
    board, problems = build_map(data, "map.json")
    if board is None or problems:
        message = problems[0].message if problems else "the map cannot be built"
        where = pointer + (problems[0].pointer if problems else "")
        raise ReplayProblem(codes.REPLAY_BAD_START, where, message)
    return board


def _apply_overrides(map_data: Json, overrides: Json) -> Json:
    data = copy.deepcopy(map_data)
    for name in overrides.get("clear", ()):
        data[name] = []
    if "hexes" in overrides:
        replaced = {h["id"]: h for h in overrides["hexes"]}
        data["hexes"] = [replaced.pop(h["id"], h) for h in data.get("hexes", [])] + list(replaced.values())
    if "supply_sources" in overrides:
        replaced = {s["at"]: s for s in overrides["supply_sources"]}
        kept = [replaced.pop(s["at"], s) for s in data.get("supply_sources", [])]
        data["supply_sources"] = kept + list(replaced.values())
    for name in ("hexsides", "roads"):
        if name in overrides:
            data[name] = [*data.get(name, []), *overrides[name]]
    return data


def set_position(game: CoreGame, position: Json, adapter: ReplayAdapter) -> None:
    """Put the replay's own position on a blank game: the common keys, then the system's."""
    _set_turn_and_phase(game, position)
    for index, entry in enumerate(position["units"]):
        _place_unit(game, entry, f"/position/units/{index}", adapter)
    for index, entry in enumerate(position.get("control", ())):
        space = named_space(game, entry["at"], f"/position/control/{index}/at")
        game.state.control[space] = entry["side"]
    for index, entry in enumerate(position.get("reinforcements", ())):
        _schedule(game, entry, f"/position/reinforcements/{index}")
    for key, part in adapter.position.items():
        if key in position:
            part(game, position[key], f"/position/{key}")


def _set_turn_and_phase(game: CoreGame, position: Json) -> None:
    state = game.state
    if "turn" in position:
        label = str(position["turn"])
        if label not in state.turn_labels:
            raise ReplayProblem(
                codes.REPLAY_BAD_START, "/position/turn", f"turn {label} is not on the turn track"
            )
        state.turn_index = state.turn_labels.index(label)
    if "phase" in position:
        if position["phase"] not in state.phase_ids:
            raise ReplayProblem(
                codes.REPLAY_BAD_START,
                "/position/phase",
                f"no phase '{position['phase']}'",
                hint="phases: " + ", ".join(state.phase_ids),
            )
        state.phase_index = state.phase_ids.index(position["phase"])
    if "first_player" in position:
        first = position["first_player"]
        if first not in game.system.sides:
            raise ReplayProblem(codes.REPLAY_BAD_START, "/position/first_player", f"no side '{first}'")
        state.first_player, state.second_player = first, game.enemy_of(first)


def _place_unit(game: CoreGame, entry: Json, where: str, adapter: ReplayAdapter) -> None:
    state = game.state
    unit = _unused_unit(game, entry["unit"], where)
    space = named_space(game, entry["at"], where + "/at")
    if state.side_at(space) not in (None, unit.side) and game.system.stacking.one_side_per_space:
        raise ReplayProblem(
            codes.REPLAY_BAD_START, where + "/at", f"{game.board.name(space)} holds enemy units"
        )
    game.put(unit, space)
    state.set_face(unit, _face_index(unit, entry.get("face"), where + "/face"))
    for key, part in adapter.unit_position.items():
        if key in entry:
            part(game, unit, entry[key], f"{where}/{key}")


def _face_index(unit: Unit, face: object, pointer: str) -> int:
    """The face a position names ("full", "damaged": the back, or a face's number: 1 the front,
    3 the first of more_faces) as the index the unit turns to."""
    if not isinstance(face, int):
        return 1 if face == "damaged" else 0
    faces = len(unit.counter.faces)
    if face > faces:
        raise ReplayProblem(
            codes.REPLAY_BAD_START, pointer, f"{unit.uid} has {faces} face(s), not a face {face}"
        )
    return face - 1


def _schedule(game: CoreGame, entry: Json, where: str) -> None:
    state = game.state
    unit = _unused_unit(game, entry["unit"], where + "/unit")
    label = str(entry["turn"])
    if label not in state.turn_labels:
        raise ReplayProblem(codes.REPLAY_BAD_START, where + "/turn", f"turn {label} is not on the turn track")
    unit.status = UnitStatus.WAITING
    state.reinforcements.append((state.turn_labels.index(label), unit))


def _unused_unit(game: CoreGame, reference: str, pointer: str) -> Unit:
    """The named unit, or for a bare name of several copies the next copy still in the box."""
    try:
        unit = game.unit(reference)
    except EngineError as exc:
        spare = _next_copy(game, reference)
        if spare is None:
            raise ReplayProblem(codes.REPLAY_BAD_START, pointer, str(exc)) from None
        unit = spare
    if unit.status is not UnitStatus.REMOVED or unit.space is not None:
        raise ReplayProblem(codes.REPLAY_BAD_START, pointer, f"{unit.uid} is placed twice")
    return unit


def _next_copy(game: CoreGame, reference: str) -> Unit | None:
    """Copies of one counter are interchangeable; different counters that share a name are not."""
    if "#" in reference:
        return None
    wanted = reference.casefold()
    matches = [
        unit
        for unit in game.state.units.values()
        if wanted
        in {
            unit.counter.name.casefold(),
            unit.counter.id.casefold(),
            *(a.casefold() for a in unit.counter.aliases),
        }
    ]
    if len({unit.counter.id for unit in matches}) != 1:
        return None
    return next((u for u in matches if u.status is UnitStatus.REMOVED and u.space is None), None)
