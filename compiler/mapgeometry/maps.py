"""Where a location of boards.json lies, and what VASSAL calls a point: the data's grids turned
into VASSAL's grids (grids.py, the arithmetic `wgc inspect` computes with), laid out on their map
the way VASSAL lays out boards (boards.py)."""

from __future__ import annotations

from compiler.mapgeometry.boards import OFFBOARD, PlacedBoard, lay_out
from compiler.mapgeometry.boards import BoardSpec as VassalBoard
from compiler.mapgeometry.grids import (
    Grid,
    HexGrid,
    Numbering,
    Polygon,
    RegionGrid,
    SquareGrid,
    Zone,
    ZonedGrid,
)
from rules_engine.definitions import boards as data


def vassal_grid(spec: data.GridSpec) -> Grid:
    """The inspect grid that names points as VASSAL's grid of this description does."""
    if isinstance(spec, data.ZonedGridSpec):
        zones = tuple(
            Zone(
                name=zone.name,
                polygon=Polygon(tuple(x for x, _ in zone.points), tuple(y for _, y in zone.points)),
                location_format=zone.location,
                grid=vassal_grid(zone.grid) if zone.grid is not None else None,
                use_parent_grid=zone.background,
            )
            for zone in spec.zones
        )
        return ZonedGrid(zones, vassal_grid(spec.background) if spec.background is not None else None)
    if isinstance(spec, data.RegionGridSpec):
        return RegionGrid.of([(r.name, (r.x, r.y)) for r in spec.regions])
    numbering = vassal_numbering(spec.numbering) if spec.numbering is not None else None
    if isinstance(spec, data.HexGridSpec):
        return HexGrid(spec.dx, spec.dy, spec.x0, spec.y0, spec.sideways, numbering)
    return SquareGrid(spec.dx, spec.dy, spec.x0, spec.y0, numbering)


def vassal_numbering(spec: data.Numbering) -> Numbering:
    return Numbering(
        first="V" if spec.rows_first else "H",
        sep=spec.separator,
        h_type="A" if spec.columns.letters else "N",
        v_type="A" if spec.rows.letters else "N",
        h_leading=spec.columns.leading_zeros,
        v_leading=spec.rows.leading_zeros,
        h_off=spec.columns.offset,
        v_off=spec.rows.offset,
        h_descend=spec.columns.descending,
        v_descend=spec.rows.descending,
        location_format=spec.location,
        stagger=spec.stagger,
    )


def vassal_board(board: data.BoardSpec) -> VassalBoard:
    width, height = board.dimensions
    grid = vassal_grid(board.grid) if board.grid is not None else None
    kind = board.grid.kind if board.grid is not None else "none"
    return VassalBoard(board.name, "", width, height, board.reversible, grid, kind)


class MapGeometry:
    """One map with a choice of boards: the name of a point, the point of a name."""

    def __init__(self, board_map: data.BoardMap, layout: tuple[data.PlacedBoard, ...] | None = None) -> None:
        self.map = board_map
        chosen = layout if layout is not None else default_layout(board_map)
        boards = {b.name: vassal_board(b) for b in reversed(board_map.boards)}  # the first of a name wins
        self.placed = [
            PlacedBoard(boards[p.board], p.column, p.row, p.reversed) for p in chosen if p.board in boards
        ]
        lay_out(self.placed, board_map.edge)

    def name_at(self, point: tuple[int, int]) -> str:
        """Map.locationName: a deck exactly at the point, else the grid of the board under it,
        else 'offboard'."""
        deck = self.deck_at(point)
        if deck is not None:
            return deck
        board = next((b for b in self.placed if b.contains(*point)), None)
        name = board.location(*point) if board is not None else None
        return OFFBOARD if name is None else name

    def deck_point(self, pile: data.Pile) -> tuple[int, int]:
        """Where a deck lies on this map: from its board's corner when that board is laid out,
        else from the map's (the edge buffer)."""
        owner = next((b for b in self.placed if b.spec.name == pile.board), None)
        offset = (owner.x, owner.y) if owner is not None else self.map.edge
        return pile.x + offset[0], pile.y + offset[1]

    def deck_at(self, point: tuple[int, int]) -> str | None:
        return next((p.name for p in self.map.decks if self.deck_point(p) == point), None)

    def point_of(self, location: str) -> tuple[int, int] | None:
        """A map point VASSAL names ``location``: the grid's own point for it on the first board
        that has it, or a deck of that name (None when no point is named so)."""
        for pile in self.map.decks:
            if pile.name == location and self.deck_at(self.deck_point(pile)) == location:
                return self.deck_point(pile)
        for board in self.placed:
            grid, size = board.spec.grid, (board.spec.width, board.spec.height)
            if grid is None:
                continue
            local = grid.point_of(location, size)
            if local is None and isinstance(grid, ZonedGrid):
                local = grid.region_point(location)
            if local is None:
                continue
            if board.reversed:
                local = (size[0] - local[0], size[1] - local[1])
            point = (local[0] + board.x, local[1] + board.y)
            if self.name_at(point) == location:
                return point
        return None


def default_layout(board_map: data.BoardMap) -> tuple[data.PlacedBoard, ...]:
    """The boards a new game shows: the map's layout, or its only board (unless it may be turned
    round, when VASSAL asks), or none."""
    if board_map.layout is not None:
        return board_map.layout
    boards = board_map.boards
    if len(boards) == 1 and not boards[0].reversible:
        return (data.PlacedBoard(boards[0].name, 0, 0),)
    return ()
