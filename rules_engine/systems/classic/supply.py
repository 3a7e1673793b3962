"""Supply and communication (docs/classic-rules.md, Supply and communication, Places).

A side's sources are its place specifications and its supply sources of map.json; a unit
is in supply when a path of hexes its movement class could enter leads from its hex to a
source, through hexes free of enemy units and (unless the option ignores them) of enemy
ZOC, within the option's range. The search runs outward from the sources once per side,
movement class and position (the state's epoch). The supply phase marks units and applies
the out-of-supply effects.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core.state import Unit
from rules_engine.definitions import PlaceSpec
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.places import named
from rules_engine.systems.classic.state import World

Distances = dict[str, int]


def sources(world: World, side: str) -> set[str]:
    """The hexes ``side`` traces supply to now (none held by the enemy)."""
    tables = world.tables
    found = {s.at for s in tables.board.definition.supply_sources if s.side == side}
    for spec in tables.supply.sources:
        if spec.side in (None, side):
            found.update(space for space in named(tables, spec, side) if _holds_now(world, spec, side, space))
    held = world.enemy_held(side)
    return {space for space in found if space not in held}


def distances(world: World, side: str, movement_class: str) -> Distances:
    """How many hexes each hex that can trace supply for ``side`` is from a source (0: a source)."""
    state = world.state
    movement_class = world.tables.trace_class(movement_class)
    key = (side, movement_class)
    cached = world.extra.supply_cache.get(key)
    if cached is not None and cached[0] == state.epoch:
        return cached[1]
    found = _trace(world, side, movement_class)
    world.extra.supply_cache[key] = (state.epoch, found)
    return found


def _trace(world: World, side: str, movement_class: str) -> Distances:
    tables = world.tables
    rules = tables.supply
    table = tables.entrant_table(movement_class)
    held = world.enemy_held(side)
    blocked: frozenset[str] = frozenset()
    if rules.enemy_zoc == "blocks":
        blocked = world.enemy_zoc(side)
        if rules.negated_by_friendly_units and blocked:
            blocked = blocked - world.friendly_held(side)
    limit = rules.range
    found: Distances = dict.fromkeys(sources(world, side), 0)
    # A unit may stand in an enemy ZOC, on a source too; a trace goes through none, and the
    # source's hex is part of the path (it counts in the range): a source in an enemy ZOC serves
    # only a unit on it.
    frontier = list(found)
    distance = 0
    while frontier and (limit is None or distance < limit):
        distance += 1
        following: list[str] = []
        for here in frontier:
            if here in blocked:
                continue
            near = table.get(here)
            if near is None:
                near = tables.entrants(movement_class, here)
            for there in near:
                if there not in found and there not in held:
                    found[there] = distance
                    following.append(there)
        frontier = following
    return found


def hex_in_supply(world: World, side: str, space: str, movement_class: str | None = None) -> bool:
    """Whether a unit of ``side`` (of that movement class) could trace supply from ``space``."""
    klass = movement_class or world.tables.movement_classes[0]
    return space in distances(world, side, klass)


def in_supply(world: World, unit: Unit) -> bool:
    if unit.space is None:
        return False
    return hex_in_supply(world, unit.side, unit.space, world.tables.movement_class(unit.counter))


def _holds_now(world: World, spec: PlaceSpec, side: str, space: str) -> bool:
    """The conditions of the moment a specification asks (control, ZOC; not supply)."""
    if spec.controlled:
        control = world.state.control.get(space)
        if control != side and (space in world.tables.controlled or control is not None):
            return False
    return not (spec.not_in_enemy_zoc and space in world.enemy_zoc(side))


def allowed_places(
    world: World, specs: Sequence[PlaceSpec], side: str, movement_class: str | None
) -> set[str]:
    """The hexes any of ``specs`` allows ``side`` now (before stacking and enemy units)."""
    found: set[str] = set()
    for spec in specs:
        for space in named(world.tables, spec, side):
            if space in found or not _holds_now(world, spec, side, space):
                continue
            if spec.in_supply and not hex_in_supply(world, side, space, movement_class):
                continue
            found.add(space)
    return found


# --- the supply phase -------------------------------------------------------------------------


def check(world: World, side: str) -> None:
    """Mark ``side``'s units in or out of supply, and apply the out-of-supply effects."""
    tables = world.tables
    effects = tables.supply.effects
    counts = world.extra.supply_checks
    state = world.state
    traces: dict[str, Distances] = {}
    for unit in state.units_of(side):
        klass = tables.movement_class(unit.counter)
        trace = traces.get(klass)
        if trace is None:
            trace = traces[klass] = distances(world, side, klass)
        supplied = unit.space in trace
        state.set_out_of_supply(unit, not supplied)
        if supplied:
            if counts:
                counts.pop(unit.uid, None)
            continue
        counts[unit.uid] = counts.get(unit.uid, 0) + 1
        if state.logging:
            state.note("supply", f"{unit.uid} is out of supply")
        if effects.eliminated_after is not None and counts[unit.uid] >= effects.eliminated_after:
            changes.eliminate(world, unit)
        elif effects.step_loss:
            changes.step_loss(world, unit)
