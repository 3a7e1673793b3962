"""The changes every classic rule makes the same way: a unit placed or moved, a step lost or
restored, a unit eliminated. Control follows each change (control.py); every change is logged.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core.state import ON_MAP, Unit, UnitStatus
from rules_engine.definitions import Counter
from rules_engine.systems.classic import control
from rules_engine.systems.classic.state import World


def put(world: World, unit: Unit, space: str) -> None:
    """Place or move ``unit`` into ``space``; it takes control there."""
    left = unit.space if unit.status is ON_MAP else None
    world.state.place(unit, space)
    places = world.tables.controlled
    if left is not None and left in places:
        control.vacated(world, left)
    if space in places:
        _entered(world, space, unit.side)


def pass_through(world: World, unit: Unit, spaces: Sequence[str]) -> None:
    """``unit`` moved through ``spaces`` (not where it stops): under last-to-enter it took control."""
    places = world.tables.taken_in_passing
    for space in spaces:
        if space in places:
            _entered(world, space, unit.side)


def _entered(world: World, space: str, side: str) -> None:
    if control.entered(world, space, side) and world.state.logging:
        world.state.note("control", f"{side} takes control of {world.tables.board.name(space)}")


def two_sided(counter: Counter) -> bool:
    """A unit with a reduced side: a back that is not blank and is marked damaged."""
    back = counter.back
    return back is not None and not back.blank and back.damaged


def step_count(counter: Counter) -> int:
    """The steps of a unit at full strength: one per face it walks down (front, back and each of
    its more_faces) for a unit with a reduced side, else one."""
    return 2 + len(counter.more_faces) if two_sided(counter) else 1


def steps_left(unit: Unit) -> int:
    """Step losses that take ``unit`` off the map: one for the face it shows and one for each
    face below it (a full two-sided unit has two)."""
    return max(1, step_count(unit.counter) - unit.face_index)


def step_loss(world: World, unit: Unit) -> None:
    """A unit with a face below the one it shows turns to it; any other is eliminated."""
    if steps_left(unit) > 1:
        index = unit.face_index + 1
        world.state.set_face(unit, index)
        if world.state.logging:
            if index == 1:
                world.state.note("step-loss", f"{unit.uid} takes a step loss and is flipped")
            else:
                world.state.note("step-loss", f"{unit.uid} takes a step loss: now on its face {index + 1}")
    else:
        eliminate(world, unit)


def eliminate(world: World, unit: Unit) -> None:
    left = unit.space
    world.state.take_off(unit, UnitStatus.ELIMINATED)
    world.extra.supply_checks.pop(unit.uid, None)
    if left is not None:
        control.vacated(world, left)
    if world.state.logging:
        world.state.note("eliminated", f"{unit.uid} is eliminated")


def restore_step(world: World, unit: Unit) -> None:
    """A reduced unit one step up: to the face above the one it shows (the front, from the back)."""
    index = max(0, unit.face_index - 1)
    world.state.set_face(unit, index)
    if world.state.logging:
        if index == 0:
            world.state.note("replacement", f"{unit.uid} is back to full strength")
        else:
            world.state.note("replacement", f"{unit.uid} gets a step back: now on its face {index + 1}")
