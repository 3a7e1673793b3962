"""The sequence of play (docs/classic-rules.md, Sequence of play): which phases happen on a turn,
and which units act in the current one.
"""

from __future__ import annotations

from rules_engine.core.state import ON_MAP, Unit
from rules_engine.definitions import MovementMode, Phase
from rules_engine.systems.classic.selectors import selects
from rules_engine.systems.classic.state import World


def happens(phase: Phase, turn: str) -> bool:
    """Whether ``phase`` is played on ``turn`` (a phase with ``turns`` only on those)."""
    return not phase.turns or turn in phase.turns


def acts(world: World, unit: Unit, side: str) -> bool:
    """Whether ``unit`` acts in the current phase, played by ``side``: on the map, of that side and
    taken in by the phase's ``units``."""
    if unit.side != side or unit.status is not ON_MAP:
        return False
    chosen = world.phase.units
    return chosen is None or selects(world.tables, chosen, unit)


def mode(world: World) -> MovementMode | None:
    """The movement mode of the current phase (None: ordinary movement)."""
    name = world.phase.mode
    return world.tables.modes.get(name) if name else None
