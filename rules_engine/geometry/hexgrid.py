"""Hex grids in offset coordinates, with the game's own letter/number hex IDs.

A grid is described the way a printed map is: flat-topped hexes in columns or
pointy-topped hexes in rows, which column (row) sits half a hex lower (further
right), and how columns and rows are labelled. Internally every hex also has
cube coordinates, which make neighbours and distances simple arithmetic.
The same grid drives the validator, the rules engine and the renderers, so a
hex called "G13" in the data is "G13" everywhere.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

Orientation = Literal["flat-top", "pointy-top"]
Stagger = Literal["first-low", "first-high", "first-right", "first-left"]

# Axial steps to the six neighbours, clockwise from the top (flat-top: N first).
_AXIAL_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FLAT_DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")


class GridError(ValueError):
    """The grid description itself is unusable (for example ambiguous IDs)."""


class Axis(NamedTuple):
    """How one axis is labelled: letters from 'A' or numbers from 1, and its length."""

    first: int | str
    last: int | str
    digits: int | None = None

    @property
    def letters(self) -> bool:
        return isinstance(self.first, str)

    @property
    def size(self) -> int:
        return self.index_of_value(self.last) + 1

    def index_of_value(self, value: int | str) -> int:
        if isinstance(value, str) and isinstance(self.first, str):
            return _letters_to_number(value) - _letters_to_number(self.first)
        if isinstance(value, int) and isinstance(self.first, int):
            return value - self.first
        raise GridError(f"axis mixes letters and numbers: {self.first!r} .. {value!r}")

    def label(self, index: int) -> str:
        if isinstance(self.first, str):
            return _number_to_letters(_letters_to_number(self.first) + index)
        number = self.first + index
        return str(number).zfill(self.digits) if self.digits else str(number)

    def index_of_label(self, label: str) -> int | None:
        """The index of a label, or None if it is not a label of this axis."""
        if self.letters:
            if not re.fullmatch(r"[A-Z]+", label) or len(set(label)) != 1:
                return None
            index = self.index_of_value(label)
        else:
            if not label.isdigit() or (self.digits and len(label) != self.digits):
                return None
            if not self.digits and len(label) > 1 and label.startswith("0"):
                return None
            index = self.index_of_value(int(label))
        return index if 0 <= index < self.size else None

    def pattern(self) -> str:
        if self.letters:
            return "([A-Z]+)"
        return f"([0-9]{{{self.digits}}})" if self.digits else "([0-9]+)"


def _letters_to_number(letters: str) -> int:
    """VASSAL's alphabetic labels: A..Z, then AA, BB, ... (doubled, not AB)."""
    return (len(letters) - 1) * 26 + (ord(letters[-1]) - ord("A"))


def _number_to_letters(number: int) -> str:
    return chr(ord("A") + number % 26) * (number // 26 + 1)


class Hex(NamedTuple):
    """A position on the grid: column and row indexes counted from 0."""

    col: int
    row: int


@dataclass(frozen=True)
class HexGrid:
    """A rectangular offset hex grid with its labelling."""

    orientation: Orientation
    stagger: Stagger
    columns: Axis
    rows: Axis
    id_format: str = "{column}{row}"
    _id_pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)
    # The axes' lengths, asked for every neighbour of every hex: worked out once.
    _width: int = field(init=False, repr=False, compare=False)
    _height: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.orientation == "flat-top" and self.stagger not in ("first-low", "first-high"):
            raise GridError("a flat-top grid staggers its columns: use 'first-low' or 'first-high'")
        if self.orientation == "pointy-top" and self.stagger not in ("first-right", "first-left"):
            raise GridError("a pointy-top grid staggers its rows: use 'first-right' or 'first-left'")
        if self.columns.size <= 0 or self.rows.size <= 0:
            raise GridError("the grid has no columns or no rows: 'to' comes before 'from'")
        adjacent = "{column}{row}" in self.id_format or "{row}{column}" in self.id_format
        if (
            adjacent
            and not self.columns.letters
            and not self.rows.letters
            and not (self.columns.digits and self.rows.digits)
        ):
            raise GridError("numeric columns and rows written together need 'digits' on both axes")
        pattern = (
            re.escape(self.id_format)
            .replace(r"\{column\}", self.columns.pattern())
            .replace(r"\{row\}", self.rows.pattern())
        )
        object.__setattr__(self, "_id_pattern", re.compile(pattern))
        object.__setattr__(self, "_width", self.columns.size)
        object.__setattr__(self, "_height", self.rows.size)

    # --- IDs -----------------------------------------------------------------

    def hex_id(self, position: Hex) -> str:
        found = self._ids.get(position)
        return found if found is not None else self._format_id(position)

    def _format_id(self, position: Hex) -> str:
        return self.id_format.format(
            column=self.columns.label(position.col), row=self.rows.label(position.row)
        )

    @functools.cached_property
    def _ids(self) -> dict[Hex, str]:
        """Every hex's ID: the rules and the model ask for thousands of them per map."""
        return _id_table(self)

    def parse(self, hex_id: str) -> Hex | None:
        """The hex an ID names, or None if it is not an ID of this grid."""
        match = self._id_pattern.fullmatch(hex_id)
        if match is None:
            return None
        column_first = self.id_format.index("{column}") < self.id_format.index("{row}")
        column_label, row_label = match.groups() if column_first else reversed(match.groups())
        col, row = self.columns.index_of_label(column_label), self.rows.index_of_label(row_label)
        if col is None or row is None:
            return None
        return Hex(col, row)

    def looks_like_id(self, text: str) -> bool:
        """True when ``text`` has the form of an ID, whether or not it is on the grid."""
        return self._id_pattern.fullmatch(text) is not None

    def __iter__(self) -> Iterator[Hex]:
        for col in range(self._width):
            for row in range(self._height):
                yield Hex(col, row)

    def contains(self, position: Hex) -> bool:
        return 0 <= position.col < self._width and 0 <= position.row < self._height

    # --- coordinates ---------------------------------------------------------

    def to_axial(self, position: Hex) -> tuple[int, int]:
        col, row = position.col, position.row
        if self.orientation == "flat-top":
            shift = (col + (col & 1)) // 2 if self.stagger == "first-low" else (col - (col & 1)) // 2
            return col, row - shift
        shift = (row + (row & 1)) // 2 if self.stagger == "first-right" else (row - (row & 1)) // 2
        return col - shift, row

    def from_axial(self, q: int, r: int) -> Hex:
        if self.orientation == "flat-top":
            shift = (q + (q & 1)) // 2 if self.stagger == "first-low" else (q - (q & 1)) // 2
            return Hex(q, r + shift)
        shift = (r + (r & 1)) // 2 if self.stagger == "first-right" else (r - (r & 1)) // 2
        return Hex(q + shift, r)

    def neighbours(self, position: Hex) -> list[Hex]:
        """The on-grid neighbours, clockwise from the top (flat-top) or top-right."""
        return list(self.neighbour_ids().get(position, ()))

    def neighbour_ids(self) -> dict[Hex, tuple[Hex, ...]]:
        """Every hex's on-grid neighbours, worked out once per grid (grids are equal by value,
        so the many small test maps of one shape share the table)."""
        return _neighbour_table(self)

    def neighbour_labels(self) -> dict[str, tuple[str, ...]]:
        """The same table by hex ID: what a map of this grid asks for each of its hexes."""
        return _neighbour_label_table(self)

    def _neighbours_of(self, position: Hex) -> tuple[Hex, ...]:
        q, r = self.to_axial(position)
        around = (self.from_axial(q + dq, r + dr) for dq, dr in self._steps())
        return tuple(h for h in around if self.contains(h))

    def direction(self, origin: Hex, target: Hex) -> str | None:
        """The compass name of the side of ``origin`` facing ``target``, if adjacent."""
        q1, r1 = self.to_axial(origin)
        q2, r2 = self.to_axial(target)
        step = (q2 - q1, r2 - r1)
        steps = self._steps()
        if step not in steps:
            return None
        names = FLAT_DIRECTIONS if self.orientation == "flat-top" else POINTY_DIRECTIONS
        return names[steps.index(step)]

    def are_adjacent(self, a: Hex, b: Hex) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: Hex, b: Hex) -> int:
        q1, r1 = self.to_axial(a)
        q2, r2 = self.to_axial(b)
        dq, dr = q2 - q1, r2 - r1
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def _steps(self) -> tuple[tuple[int, int], ...]:
        if self.orientation == "flat-top":
            return _AXIAL_STEPS
        return ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


# The tables below are shared by equal grids (the many small test maps of one shape).
@functools.lru_cache(maxsize=64)
def _neighbour_table(grid: HexGrid) -> dict[Hex, tuple[Hex, ...]]:
    """What ``_neighbours_of`` gives for every hex, by the offsets of the two staggered
    columns (flat-top) or rows (pointy-top): the same hexes, found without the axial detour."""
    offsets = _offsets_by_parity(grid)
    flat = grid.orientation == "flat-top"
    width, height = grid.columns.size, grid.rows.size
    table: dict[Hex, tuple[Hex, ...]] = {}
    for col in range(width):
        for row in range(height):
            steps = offsets[(col if flat else row) & 1]
            table[Hex(col, row)] = tuple(
                Hex(col + dc, row + dr)
                for dc, dr in steps
                if 0 <= col + dc < width and 0 <= row + dr < height
            )
    return table


def _offsets_by_parity(grid: HexGrid) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The six (column, row) offsets of a hex's neighbours, in ``_neighbours_of``'s order, for
    an even and an odd staggered line, read off two hexes far from the grid's edges."""
    found = []
    for parity in (0, 1):
        origin = Hex(4 + parity, 4) if grid.orientation == "flat-top" else Hex(4, 4 + parity)
        q, r = grid.to_axial(origin)
        around = (grid.from_axial(q + dq, r + dr) for dq, dr in grid._steps())
        found.append(tuple((h.col - origin.col, h.row - origin.row) for h in around))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _id_table(grid: HexGrid) -> dict[Hex, str]:
    return {position: grid._format_id(position) for position in grid}


@functools.lru_cache(maxsize=64)
def _neighbour_label_table(grid: HexGrid) -> dict[str, tuple[str, ...]]:
    ids = grid._ids
    return {ids[position]: tuple(ids[n] for n in near) for position, near in _neighbour_table(grid).items()}
