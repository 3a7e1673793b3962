"""Place specifications: the hexes where reinforcements, replacements and supply may be.

A specification names hexes by what does not change (listed places, features, a region,
a map edge, the side's supply sources or entries: ``named``) and by what does
(controlled, in supply, out of enemy ZOC), which supply.py judges at the moment asked.
"""

from __future__ import annotations

from rules_engine.definitions import PlaceSpec
from rules_engine.systems.classic.tables import Tables


def named(tables: Tables, spec: PlaceSpec, side: str) -> frozenset[str]:
    """The hexes ``spec`` names for ``side`` by what does not change during a game."""
    key = (id(spec), side)
    found = tables.place_sets.get(key)
    if found is None:
        found = tables.place_sets[key] = _named(tables, spec, side)
    return found


def _named(tables: Tables, spec: PlaceSpec, side: str) -> frozenset[str]:
    board = tables.board
    definition = board.definition
    chosen: set[str] = set(board.spaces)
    if spec.places:
        chosen &= {s for s in (board.resolve(p) for p in spec.places) if s is not None}
    if spec.features:
        wanted = set(spec.features)
        chosen &= {s for s in board.spaces if not wanted.isdisjoint(tables.terrain_ids[s])}
    if spec.region:
        region = next((r for r in definition.regions if r.id == spec.region), None)
        chosen &= set(region.spaces) if region is not None else set()
    if spec.edge:
        chosen &= getattr(tables.edges, spec.edge, frozenset())
    if spec.supply_sources:
        chosen &= {s.at for s in definition.supply_sources if s.side == side}
    if spec.entries:
        chosen &= {e.at for e in definition.entries if e.side in (None, side)}
    return frozenset(chosen)


def is_dynamic(spec: PlaceSpec) -> bool:
    """Whether the specification also asks something of the moment (control, supply, ZOC)."""
    return spec.controlled or spec.in_supply or spec.not_in_enemy_zoc
