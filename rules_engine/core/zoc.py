"""Zones of control: the spaces a side's units project into, cached until the position changes.

Which units exert a ZOC and into which neighbours is each system's rule (Israel
1948: a hexagon around the movement and in supply; not across a river); the
cache and the reach table built from the terrain chart's ``blocks_zoc`` are
the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules_engine.core.board import Board
from rules_engine.core.state import ON_MAP, GameState, Unit


def zoc_reach(board: Board) -> dict[str, tuple[str, ...]]:
    """For every space, the neighbours a ZOC reaches: all but those across a side that blocks it."""
    return {
        space: tuple(
            n
            for n in board.neighbours[space]
            if not any(f.terrain.blocks_zoc for f in board.side_features(space, n))
        )
        for space in board.spaces
    }


def exerts_printed_zoc(unit: Unit) -> bool:
    """The plain reading: a unit exerts a ZOC when its face says so."""
    return bool(unit.face.zoc)


class ZocCache:
    """ZOC sets per side, recomputed only when that side's units have changed (its epoch moved on)."""

    def __init__(
        self,
        reach: Mapping[str, tuple[str, ...]],
        exerts: Callable[[Unit], bool] = exerts_printed_zoc,
    ) -> None:
        self.reach = reach
        self.exerts = exerts
        self._cache: dict[str, tuple[int, frozenset[str]]] = {}

    def zoc_of(self, state: GameState, side: str) -> frozenset[str]:
        """Spaces in the ZOC of ``side``'s units (an EZOC for every other side)."""
        cached = self._cache.get(side)
        epoch = state.side_epochs.get(side, 0)  # state.side_epoch, read here on every move
        if cached is not None and cached[0] == epoch:
            return cached[1]
        reach, exerts = self.reach, self.exerts
        spaces: set[str] = set()
        for unit in state.by_side.get(side, ()):  # state.units_of(side), without the list
            if unit.status is ON_MAP and unit.space is not None and exerts(unit):
                spaces.update(reach[unit.space])
        result = frozenset(spaces)
        self._cache[side] = (epoch, result)
        return result
