"""Combat strengths (docs/classic-rules.md, Combat, Terrain in combat): what each unit counts for.

A unit's printed attack or defense (the values charts.json's combat names) multiplied by
its hex's defense multiplier, the hexsides it attacks across, turn effects and the
out-of-supply effects. Fractions are kept; the CRT rounds the totals.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core.state import Unit
from rules_engine.definitions import Terrain
from rules_engine.systems.classic import turns
from rules_engine.systems.classic.state import World


def printed_attack(world: World, unit: Unit) -> float:
    tables = world.tables
    return tables.number(unit.face, tables.procedure.attack)


def printed_defense(world: World, unit: Unit) -> float:
    tables = world.tables
    return tables.number(unit.face, tables.procedure.defense)


def attack(world: World, unit: Unit, targets: Sequence[str]) -> float:
    """``unit``'s attack against ``targets``: across a hexside with an attack multiplier into any of
    them, the lowest such multiplier counts."""
    value = printed_attack(world, unit) * turns.strength_multiplier(world, unit, attacking=True)
    if unit.out_of_supply:
        value *= world.tables.supply.effects.attack
    board = world.tables.board
    factors = [
        f.terrain.combat.attack_multiplier
        for target in targets
        for f in board.side_features(unit.space or "", target)
        if f.terrain.combat is not None and f.terrain.combat.attack_multiplier is not None
    ]
    return value * min(factors) if factors else value


def defense(world: World, unit: Unit) -> float:
    """``unit``'s defense in its hex: the hex's highest defense multiplier for its side counts."""
    value = printed_defense(world, unit) * turns.strength_multiplier(world, unit, attacking=False)
    if unit.out_of_supply:
        value *= world.tables.supply.effects.defense
    factors = [
        t.combat.defense_multiplier
        for t in hex_terrain(world, unit.space or "")
        if t.combat is not None
        and t.combat.defense_multiplier is not None
        and t.combat.for_side in (None, unit.side)
    ]
    return value * max(factors) if factors else value


def hex_terrain(world: World, space: str) -> list[Terrain]:
    """The terrain of a hex and its features, as the terrain chart has them."""
    board = world.tables.board
    kind = board.terrain_of.get(space)
    return [*(() if kind is None else (kind,)), *board.features_of.get(space, ())]
