"""The terrain effects chart."""

from collections.abc import Mapping
from typing import NamedTuple

from rules_engine.definitions.origin import Origin

# A cost is movement points, or one of the words 'all', 'impassable',
# 'prohibited', 'none'; a cost table maps a movement class (or '*' for every
# class) to a cost.
Cost = float | str
CostTable = Mapping[str, Cost]


class CombatEffect(NamedTuple):
    defender_dice: Mapping[str, int]
    attacker_plus_die: bool
    cancels_plus_die: bool
    attack_prohibited: bool
    drm: int | None
    drm_variants: Mapping[str, int]
    max_units: int | None
    cumulative: bool
    summary: str | None
    # The classic system's combat effects (docs/classic-rules.md, Terrain in combat).
    column_shift: int = 0
    defense_multiplier: float | None = None
    attack_multiplier: float | None = None
    applies: str = "every-attacker-across"
    for_side: str | None = None


class Terrain(NamedTuple):
    id: str
    name: str
    kind: str
    colour: str | None
    movement: Mapping[str, CostTable]
    combat: CombatEffect | None
    blocks_zoc: bool
    blocks_line_of_sight: bool
    stop: bool
    linear: bool
    tactical_edge_tie: str | None
    closed_until: str | None
    no_remain_until: str | None
    summary: str | None
    origin: Origin
    printed_number: int | None = None
    pattern: str | None = None  # presentation: the texture printed over its colour
    off_map: bool = False  # hexes under the map's printed charts: not drawn, not in play
    symbol: str | None = None  # presentation: a feature's printed symbol

    def cost(self, situation: str, movement_class: str) -> Cost | None:
        """The cost in a situation ('enter', 'along', 'cross' ...) for a class."""
        table = self.movement.get(situation)
        if table is None:
            return None
        return table.get(movement_class, table.get("*"))

    @property
    def impassable(self) -> bool:
        return any(cost == "impassable" for table in self.movement.values() for cost in table.values())


class MovementClass(NamedTuple):
    id: str
    name: str
    origin: Origin


class TerrainChart(NamedTuple):
    movement_classes: tuple[MovementClass, ...]
    terrain: Mapping[str, Terrain]
    origin: Origin

    def get(self, terrain_id: str) -> Terrain | None:
        return self.terrain.get(terrain_id)

    def of_kind(self, kind: str) -> list[Terrain]:
        return [t for t in self.terrain.values() if t.kind == kind]
