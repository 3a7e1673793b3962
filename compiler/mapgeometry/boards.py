"""A map's boards as VASSAL lays them out: each board's size and grid (``BoardSpec``), where a
chosen board lies on its map (``PlacedBoard``, ``lay_out``: Map.setBoardBoundaries), and the
name the board's grid gives a point of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.mapgeometry.grids import Grid

OFFBOARD = "offboard"  # Map.locationName where no deck, zone or grid names the point
MAX_NAMED_POINTS = 100_000  # points a board keeps the name of (BoardSpec.location_name)


@dataclass
class BoardSpec:
    name: str
    image: str
    width: int
    height: int
    reversible: bool
    grid: Grid | None
    grid_kind: str
    _names: dict[tuple[int, int], str | None] = field(default_factory=dict, repr=False, compare=False)

    def location_name(self, point: tuple[int, int]) -> str | None:
        """The name the board's grid gives a point of the board (None without a grid). Setups
        put their pieces on the same few hundred places, and a zone's name costs a test of
        every zone's polygon, so each point is named once."""
        if self.grid is None:
            return None
        if point not in self._names:
            if len(self._names) >= MAX_NAMED_POINTS:
                self._names.clear()
            self._names[point] = self.grid.location_name(point, (self.width, self.height))
        return self._names[point]

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
        return self.spec.location_name(local)


def lay_out(boards: list[PlacedBoard], edge: tuple[int, int]) -> None:
    """Map.setBoardBoundaries: a board's origin adds the widths of the boards left of it in its
    row and the heights of those above it in its column, then the edge buffer."""
    widths = {(b.column, b.row): b.spec.width for b in boards}
    heights = {(b.column, b.row): b.spec.height for b in boards}
    for board in boards:
        board.x = sum(widths.get((c, board.row), 0) for c in range(board.column)) + edge[0]
        board.y = sum(heights.get((board.column, r), 0) for r in range(board.row)) + edge[1]
