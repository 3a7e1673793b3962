"""Set-up: every counter of the mix as a unit in the box, then the scenario's placements.

A scenario's set-up places units (on their full or reduced side), control
markers and a schedule of reinforcements; the same code serves every system.
Units start "removed" (in the box); a placement or a replay's position brings
them out, copy by copy in the order the counter mix lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core.errors import EngineError
from rules_engine.core.state import Unit, UnitStatus
from rules_engine.definitions.counters import face_index

if TYPE_CHECKING:
    from rules_engine.core.game import CoreGame

CONTROL_MARKER = "control"
# Read for every unit of every new game: a module name is cheaper to read than an enum attribute.
IN_THE_BOX = UnitStatus.REMOVED


def create_units(game: CoreGame) -> None:
    """Every unit of the mix starts in the box; counters of an optional rule that is off stay out."""
    game.state.add_units(
        Unit(name, counter, copy, status=IN_THE_BOX) for name, counter, copy in game.system.unit_mix()
    )


def next_unused(game: CoreGame, counter_id: str) -> Unit:
    """The first copy of a counter still in the box."""
    for name in game.system.names.get(counter_id, ()):
        unit = game.state.units.get(name)
        if unit is not None and unit.status is IN_THE_BOX and unit.space is None:
            return unit
    raise EngineError(f"no copy of '{counter_id}' is left to place")


def set_up_scenario(game: CoreGame) -> None:
    """The scenario's placements, control markers and reinforcement schedule."""
    _place_units(game)
    _place_control_markers(game)
    _schedule_reinforcements(game)


def _place_units(game: CoreGame) -> None:
    for placement in game.scenario.placements:
        space = game.board.resolve(placement.at)
        if space is None:
            raise EngineError(f"set-up place '{placement.at}' is not on the map", field="scenario")
        for _ in range(placement.copies):
            unit = next_unused(game, placement.unit)
            game.put(unit, space)
            game.state.set_face(unit, face_index(placement.face))


def _place_control_markers(game: CoreGame) -> None:
    for marker in game.scenario.markers:
        if marker.counter == CONTROL_MARKER and marker.at is not None and marker.for_side is not None:
            space = game.board.resolve(marker.at)
            if space is not None:
                game.state.control[space] = marker.for_side


def _schedule_reinforcements(game: CoreGame) -> None:
    labels = game.state.turn_labels
    for reinforcement in game.scenario.reinforcements:
        if reinforcement.turn not in labels:
            raise EngineError(
                f"reinforcement turn {reinforcement.turn} is not on the turn track", field="scenario"
            )
        for _ in range(reinforcement.copies):
            unit = next_unused(game, reinforcement.unit)
            unit.status = UnitStatus.WAITING
            unit.turn_to(face_index(reinforcement.face))
            game.state.reinforcements.append((labels.index(reinforcement.turn), unit))
