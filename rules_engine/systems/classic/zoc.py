"""Zones of control (docs/classic-rules.md, Zones of control): who has one, and where it counts.

The hexes a side's units control are the core's ``ZocCache`` over the reach Tables worked
out (not across hexsides that block ZOCs, not into terrain ``not_into`` names), kept until
that side's units change. Here: which units exert one, and the enemy ZOC as a moving,
retreating or tracing unit meets it (friendly units may cancel it).
"""

from __future__ import annotations

from collections.abc import Callable

from rules_engine.core.state import Unit
from rules_engine.core.zoc import ZocCache
from rules_engine.systems.classic.selectors import selects
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.tables import Tables


def exerts(tables: Tables) -> Callable[[Unit], bool]:
    """Whether a unit has a ZOC: those the option's ``exerted_by`` selects (none without the option)."""
    if tables.zoc.kind == "none":
        return lambda unit: False
    chosen = tables.zoc.exerted_by
    if chosen is None:
        return lambda unit: True
    return lambda unit: selects(tables, chosen, unit)


def zoc_cache(tables: Tables) -> ZocCache:
    return ZocCache(tables.zoc_reach, exerts(tables))


def enemy_zoc_for(world: World, unit: Unit, negated_by_friends: bool) -> frozenset[str]:
    """The hexes in an enemy ZOC as ``unit`` meets them: where ``negated_by_friends``, a hex
    holding another friendly unit is free of it."""
    ezoc = world.enemy_zoc(unit.side)
    if not negated_by_friends or not ezoc:
        return ezoc
    return ezoc - world.friendly_held(unit.side, besides=unit)


def movement_zoc(world: World, unit: Unit) -> frozenset[str]:
    """The enemy ZOC that stops or slows ``unit``'s movement now (empty for ZOCs of kind none)."""
    rules = world.tables.zoc
    if rules.kind == "none":
        return frozenset()
    return enemy_zoc_for(world, unit, rules.negated_by_friendly_units)
