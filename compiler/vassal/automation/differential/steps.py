"""A unit of more than two steps walked down and up its faces, in the module and in the engine.

The walk is the same for both: step losses down to its last face, a step back for each step it
lost (a replacement, Ctrl+Shift+F in the module) up to its front again, then a step loss for each
step it has (the last eliminates it). After each
key the face the unit shows (its number, 1 the front) and the values game.json declares that it
prints are recorded, or that it has left the map. bench/automation/steps.py drives the module
through the harness and records VASSAL's walk (tests/fixtures/automation/steps/); the test
walks the engine (the classic system's step_loss and restore_step) the same way and compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.vassal.automation import keys
from compiler.vassal.pieces import CTRL, SHIFT, key
from rules_engine.definitions import Counter, ValidGame
from rules_engine.definitions.layout import value_text

STEP_LOSS, STEP_BACK = "step loss", "step back"
KEYS = {STEP_LOSS: keys.STEP_LOSS, STEP_BACK: key("F", CTRL + SHIFT)}
Stop = dict[str, Any]  # {"key": ..., "face": 2, "values": {...}} or {"key": ..., "gone": true}


def walked_counters(definition: ValidGame) -> list[Counter]:
    """The counters the walk is for: the units with faces after their back."""
    return [c for c in definition.counters.counters.values() if c.is_unit and c.two_sided and c.more_faces]


def walk(counter: Counter) -> list[str]:
    """The keys of the walk: down to the last face, back up to the front a step at a time, then
    down until eliminated (every face is reached going down and going up)."""
    steps = 2 + len(counter.more_faces)
    return [STEP_LOSS] * (steps - 1) + [STEP_BACK] * (steps - 1) + [STEP_LOSS] * steps


def shown_values(definition: ValidGame, counter: Counter, face_index: int) -> dict[str, str]:
    """The declared values face ``face_index`` prints, as the module's properties write them."""
    face = counter.faces[face_index]
    return {
        v.id: value_text(face.values[v.id]) for v in definition.game.counter_values if v.id in face.values
    }


def engine_walk(system: Any, counter_id: str) -> list[Stop]:
    """The engine's walk of one unit of ``counter_id``, alone on the map."""
    from rules_engine.systems.classic import changes

    definition: ValidGame = system.definition
    game = system.blank_game(definition.scenarios[0].id, log=False)
    unit = next(u for u in game.state.units.values() if u.counter.id == counter_id)
    game.state.place(unit, sorted(game.board.spaces)[0])
    stops: list[Stop] = []
    for name in walk(unit.counter):
        if name == STEP_LOSS:
            changes.step_loss(game.world, unit)
        else:
            changes.restore_step(game.world, unit)
        if not unit.on_map:
            stops.append({"key": name, "gone": True})
        else:
            values = shown_values(definition, unit.counter, unit.face_index)
            stops.append({"key": name, "face": unit.face_index + 1, "values": values})
    return stops


def compare(engine: Sequence[Mapping[str, Any]], module: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each stop of the walk at which the engine and the module disagree."""
    differences = [f"{len(engine)} stops in the engine, {len(module)} in the module"]
    if len(engine) == len(module):
        differences = []
    for number, (ours, theirs) in enumerate(zip(engine, module, strict=False), start=1):
        if dict(ours) != dict(theirs):
            differences.append(f"stop {number} ({ours['key']}): engine {dict(ours)}, module {dict(theirs)}")
    return differences
