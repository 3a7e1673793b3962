"""Zones of control (1.1, 1.3): which hexes a side's units project into.

Units with a hexagon around their movement exert a ZOC into the six hexes
around them, but not across a hexside whose terrain blocks it (rivers, even at
a bridge; all-sea sides). Out-of-supply units exert none.
"""

from __future__ import annotations

from rules_engine.core import GameState
from rules_engine.systems.israel1948.rules import Rules


def exerts_zoc(unit_zoc: bool | None, out_of_supply: bool) -> bool:
    return bool(unit_zoc) and not out_of_supply


class ZocCache:
    """EZOC sets per side, recomputed only when the state's epoch has moved on."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._cache: dict[str, tuple[int, frozenset[str]]] = {}

    def zoc_of(self, state: GameState, side: str) -> frozenset[str]:
        """Hexes in the ZOC of ``side``'s units (an EZOC for the other side)."""
        cached = self._cache.get(side)
        if cached is not None and cached[0] == state.epoch:
            return cached[1]
        reach = self.rules.zoc_reach
        hexes: set[str] = set()
        for unit in state.on_map():
            if unit.side == side and unit.space is not None and exerts_zoc(unit.face.zoc, unit.out_of_supply):
                hexes.update(reach[unit.space])
        result = frozenset(hexes)
        self._cache[side] = (state.epoch, result)
        return result
