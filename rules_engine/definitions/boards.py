"""A module's maps as data (boards.json): map windows, their boards, and each board's grid.

This is VASSAL's own geometry, kept as data so that an imported game names every location
exactly as VASSAL does: a hex or square grid numbers its cells, a region grid names points,
a zoned grid names areas (and may number cells inside them). The rules engine does not read
it; the checks and the VASSAL back end turn it into location names and points
(compiler/compiler/mapgeometry/maps.py).
"""

from typing import NamedTuple

from rules_engine.definitions.art import Artwork
from rules_engine.definitions.origin import NOWHERE, Origin


class Axis(NamedTuple):
    """How one axis of a grid is labelled: numbers or letters, zero-padded, offset, descending."""

    letters: bool = False
    leading_zeros: int = 1
    offset: int = 1
    descending: bool = False


class Numbering(NamedTuple):
    rows_first: bool = False
    separator: str = ""
    columns: Axis = Axis()
    rows: Axis = Axis()
    location: str = "$gridLocation$"
    stagger: bool = True


class HexGridSpec(NamedTuple):
    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool = False
    numbering: Numbering | None = None

    @property
    def kind(self) -> str:
        return "hex"


class SquareGridSpec(NamedTuple):
    dx: float
    dy: float
    x0: int
    y0: int
    numbering: Numbering | None = None

    @property
    def kind(self) -> str:
        return "square"


class Region(NamedTuple):
    name: str
    x: int
    y: int


class RegionGridSpec(NamedTuple):
    regions: tuple[Region, ...]

    @property
    def kind(self) -> str:
        return "region"


PlainGrid = HexGridSpec | SquareGridSpec | RegionGridSpec


class ZoneSpec(NamedTuple):
    """A named polygon; ``grid`` numbers points inside it, or ``background`` says the board's
    background grid does."""

    name: str
    points: tuple[tuple[int, int], ...]
    location: str = "$name$"
    grid: PlainGrid | None = None
    background: bool = False


class ZonedGridSpec(NamedTuple):
    zones: tuple[ZoneSpec, ...]
    background: PlainGrid | None = None

    @property
    def kind(self) -> str:
        return "zoned"


GridSpec = HexGridSpec | SquareGridSpec | RegionGridSpec | ZonedGridSpec


class BoardSpec(NamedTuple):
    """One board: a picture (whose size is the board's) or a plain area of ``size``."""

    id: str
    name: str
    image: Artwork | None
    size: tuple[int, int] | None
    colour: str | None
    reversible: bool
    grid: GridSpec | None
    origin: Origin = NOWHERE

    @property
    def dimensions(self) -> tuple[int, int]:
        """The board's size in pixels as VASSAL lays it out."""
        if self.image is not None:
            return self.image.size
        return self.size or (0, 0)


class PlacedBoard(NamedTuple):
    board: str
    column: int
    row: int
    reversed: bool = False


class Pile(NamedTuple):
    """A deck's place: VASSAL names a piece exactly there after the deck."""

    name: str
    board: str | None
    x: int
    y: int


class BoardMap(NamedTuple):
    id: str
    name: str
    boards: tuple[BoardSpec, ...]
    layout: tuple[PlacedBoard, ...] | None
    edge: tuple[int, int] = (0, 0)
    decks: tuple[Pile, ...] = ()
    origin: Origin = NOWHERE

    def board(self, name: str) -> BoardSpec | None:
        """The board VASSAL finds by this name (the first of that name)."""
        return next((b for b in self.boards if b.name == name), None)


class Boards(NamedTuple):
    maps: tuple[BoardMap, ...]
    origin: Origin = NOWHERE

    def map(self, map_id: str) -> BoardMap | None:
        return next((m for m in self.maps if m.id == map_id), None)
