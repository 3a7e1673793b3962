"""Turn effects (mud, snow): what is in force now for a unit (docs/classic-rules.md, Turn effects).

The effects of a turn and phase are found once (Tables.effects_at); here they are narrowed
to a unit by their selectors and combined: multipliers multiply, shifts and modifiers add.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules_engine.core.state import Unit
from rules_engine.definitions import TurnEffect
from rules_engine.systems.classic.selectors import selects
from rules_engine.systems.classic.state import World


class MovementLimit(NamedTuple):
    """What turn effects leave of a unit's movement: a new allowance or a multiplier, and a hex
    limit, with what a refusal by each cites (the effect that set it: its cite, or its name)."""

    allowance: float | None = None
    multiply: float = 1.0
    hexes: int | None = None
    points_rule: str | None = None
    hexes_rule: str | None = None


NO_LIMIT = MovementLimit()


def in_force(world: World) -> tuple[TurnEffect, ...]:
    """The turn effects of this turn and phase, for any unit."""
    state = world.state
    return world.tables.effects_at(state.turn, state.phase_index, state.turn_index)


def touching(world: World, unit: Unit) -> list[TurnEffect]:
    """The effects in force now that touch ``unit``."""
    tables = world.tables
    return [e for e in in_force(world) if selects(tables, e.units, unit)]


def movement_limit(world: World, unit: Unit, mode: str | None) -> MovementLimit:
    """The limits turn effects put on ``unit``'s move now (a mode an effect excepts is not limited)."""
    effects = in_force(world)
    if not effects:
        return NO_LIMIT
    allowance: float | None = None
    multiply, hexes = 1.0, None
    points_rule: str | None = None
    hexes_rule: str | None = None
    for effect in touching(world, unit):
        if mode is not None and mode in effect.except_modes:
            continue
        rule = effect_rule(effect)
        given = effect.movement_allowance
        if given is not None and (allowance is None or given < allowance):
            allowance, points_rule = given, rule
        if effect.movement_multiply is not None:
            multiply *= effect.movement_multiply
            points_rule = points_rule or rule
        if effect.movement_hexes is not None and (hexes is None or effect.movement_hexes < hexes):
            hexes, hexes_rule = effect.movement_hexes, rule
    return MovementLimit(allowance, multiply, hexes, points_rule, hexes_rule)


def effect_rule(effect: TurnEffect) -> str:
    """What a refusal by a turn effect cites: its cite, or its name (Mud)."""
    return effect.cite or effect.name


def strength_multiplier(world: World, unit: Unit, attacking: bool) -> float:
    """The product of the attack (or defense) multipliers of the effects touching ``unit``."""
    product = 1.0
    for effect in touching(world, unit) if in_force(world) else ():
        factor = effect.attack if attacking else effect.defense
        if factor is not None:
            product *= factor
    return product


def combat_modifiers(world: World, attackers: Sequence[Unit]) -> tuple[int, int]:
    """The column shift and die-roll modifier the effects in force add to a combat: an effect
    with ``units`` counts when it takes in every attacker."""
    tables = world.tables
    effects = [
        e
        for e in in_force(world)
        if (e.column_shift or e.drm) and all(selects(tables, e.units, unit) for unit in attackers)
    ]
    return sum(e.column_shift for e in effects), sum(e.drm for e in effects)
