"""Hexes in pixels: where each hex of a grid is drawn, and which hex a pixel is in.

The map renderer draws with this layout and the VASSAL back end derives its
grid parameters (dx, dy, x0, y0) from it, so the hex the engine calls "G13"
is the hex drawn as G13 and the location VASSAL reports for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules_engine.geometry.hexgrid import Hex, HexGrid

Point = tuple[float, float]
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class HexLayout:
    """A grid drawn with hexes ``size`` pixels across the flats, first centre at ``origin``.

    ``origin`` is the centre of column 0, row 0 as if that column were not
    shifted; a shifted column (or row) sits half a step further down (right).
    ``across``, when given, is the distance between neighbouring columns (flat-top) or
    rows (pointy-top) of hexes that are not regular, as a scanned map's often are;
    else it is three quarters of the corner-to-corner width.
    """

    grid: HexGrid
    size: float
    origin: Point = (0.0, 0.0)
    across: float | None = None

    @property
    def flat(self) -> bool:
        return self.grid.orientation == "flat-top"

    @property
    def radius(self) -> float:
        """Centre to corner."""
        return self.size / SQRT3

    @property
    def column_step(self) -> float:
        """Distance between neighbouring columns (flat-top) or between hexes in a row."""
        if not self.flat:
            return self.size
        return self.across if self.across is not None else 1.5 * self.radius

    @property
    def row_step(self) -> float:
        if self.flat:
            return self.size
        return self.across if self.across is not None else 1.5 * self.radius

    def shifted(self, position: Hex) -> bool:
        if self.flat:
            even = position.col % 2 == 0
            return even if self.grid.stagger == "first-low" else not even
        even = position.row % 2 == 0
        return even if self.grid.stagger == "first-right" else not even

    def centre(self, position: Hex) -> Point:
        x = self.origin[0] + position.col * self.column_step
        y = self.origin[1] + position.row * self.row_step
        if self.shifted(position):
            if self.flat:
                y += self.row_step / 2
            else:
                x += self.column_step / 2
        return x, y

    def corners(self, position: Hex) -> list[Point]:
        """The six corners, clockwise from the right (flat-top) or the top-right (pointy)."""
        cx, cy = self.centre(position)
        if self.across is not None:
            return self._stretched_corners(cx, cy)
        start = 0.0 if self.flat else -30.0
        return [
            (
                cx + self.radius * math.cos(math.radians(start + 60 * i)),
                cy + self.radius * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]

    def _stretched_corners(self, cx: float, cy: float) -> list[Point]:
        """Corners of a hex whose steps are not regular, in the same order as ``corners``."""
        long = 2 * (self.across or 0.0) / 3  # centre to the corner on the long axis
        half = self.size / 2  # centre to a flat side
        if self.flat:
            return [
                (cx + long, cy),
                (cx + long / 2, cy + half),
                (cx - long / 2, cy + half),
                (cx - long, cy),
                (cx - long / 2, cy - half),
                (cx + long / 2, cy - half),
            ]
        return [
            (cx + half, cy - long / 2),
            (cx + half, cy + long / 2),
            (cx, cy + long),
            (cx - half, cy + long / 2),
            (cx - half, cy - long / 2),
            (cx, cy - long),
        ]

    def shared_edge(self, a: Hex, b: Hex) -> tuple[Point, Point] | None:
        """The two corners two neighbouring hexes share."""
        ours = self.corners(a)
        theirs = self.corners(b)
        common = [p for p in ours if any(math.dist(p, q) < self.radius * 0.05 for q in theirs)]
        return (common[0], common[1]) if len(common) == 2 else None

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The on-grid hex whose centre is nearest to the point (None when off the grid)."""
        if self.flat:
            col_guess = round((x - self.origin[0]) / self.column_step)
            row_guess = round((y - self.origin[1]) / self.row_step)
        else:
            col_guess = round((x - self.origin[0]) / self.column_step)
            row_guess = round((y - self.origin[1]) / self.row_step)
        best: tuple[float, Hex] | None = None
        for col in range(col_guess - 1, col_guess + 2):
            for row in range(row_guess - 1, row_guess + 2):
                candidate = Hex(col, row)
                if not self.grid.contains(candidate):
                    continue
                distance = math.dist((x, y), self.centre(candidate))
                if best is None or distance < best[0]:
                    best = (distance, candidate)
        if best is None or best[0] > self.radius:
            return None
        return best[1]

    def extent(self) -> tuple[float, float]:
        """Right and bottom pixel edges of the drawn grid."""
        right = bottom = 0.0
        for col in (self.grid.columns.size - 1, self.grid.columns.size - 2):
            for row in (self.grid.rows.size - 1, self.grid.rows.size - 2):
                if col < 0 or row < 0:
                    continue
                for x, y in self.corners(Hex(col, row)):
                    right, bottom = max(right, x), max(bottom, y)
        return right, bottom
