"""A map's boards as VASSAL lays them out: each board's size and grid (``BoardSpec``), where a
chosen board lies on its map (``PlacedBoard``, ``lay_out``: Map.setBoardBoundaries), and the
name the board's grid gives a point of it."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.mapgeometry.grids import Grid

OFFBOARD = "offboard"  # Map.locationName where no deck, zone or grid names the point


@dataclass
class BoardSpec:
    name: str
    image: str
    width: int
    height: int
    reversible: bool
    grid: Grid | None
    grid_kind: str

    @property
    def broken(self) -> bool:
        """An image that did not load: VASSAL makes the board 0x0 (reported with the images)."""
        return bool(self.image.strip()) and self.width == 0 and self.height == 0


@dataclass
class PlacedBoard:
    spec: BoardSpec
    column: int
    row: int
    reversed: bool = False
    x: int = 0
    y: int = 0

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.spec.width and self.y <= y < self.y + self.spec.height

    def location(self, x: int, y: int) -> str | None:
        local = (x - self.x, y - self.y)
        if self.reversed:
            local = (self.spec.width - local[0], self.spec.height - local[1])
        grid = self.spec.grid
        return grid.location_name(local, (self.spec.width, self.spec.height)) if grid is not None else None


def lay_out(boards: list[PlacedBoard], edge: tuple[int, int]) -> None:
    """Map.setBoardBoundaries: a board's origin adds the widths of the boards left of it in its
    row and the heights of those above it in its column, then the edge buffer."""
    widths = {(b.column, b.row): b.spec.width for b in boards}
    heights = {(b.column, b.row): b.spec.height for b in boards}
    for board in boards:
        board.x = sum(widths.get((c, board.row), 0) for c in range(board.column)) + edge[0]
        board.y = sum(heights.get((board.column, r), 0) for r in range(board.row)) + edge[1]
