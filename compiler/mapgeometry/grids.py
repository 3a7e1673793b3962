"""VASSAL's board grids, as far as they name a point and place a named location.

Hex, square and region grids, and zoned grids whose zones may carry a grid of their own; the
formulas are those of VASSAL 3.7's HexGrid, SquareGrid, RegionGrid, ZonedGrid, Zone and their
numberings (see /work/shared/vassal/FORMAT.md section 6 and the Java sources it cites). Java's
integer arithmetic is kept: ``(int)`` truncates toward zero, Math.round is floor(v + 0.5), and a
point is inside a zone by java.awt.Polygon's rule. Coordinates are board coordinates.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass

from compiler.javatext.numbers import parse_int
from compiler.javatext.sequence import decode

Point = tuple[int, int]
Size = tuple[int, int]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_REPEAT = 100  # letters of one alphabetic label; far-away points of absurd grids stop here
ALPHABETIC = "-?(?:" + "|".join(f"{letter}+" for letter in ALPHABET) + ")"


INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def java_div(a: float, b: float) -> float:
    """Java's double division: by zero it gives an infinity or NaN instead of raising."""
    if b == 0:
        return math.copysign(math.inf, a) * math.copysign(1, b) if a else math.nan
    return a / b


def java_int(value: float) -> int:
    """Java's (int) cast: toward zero, NaN to 0, clamped to the int range."""
    if math.isnan(value):
        return 0
    return int(max(INT_MIN, min(INT_MAX, value)))


def java_floor(value: float) -> int:
    """(int) Math.floor(value), with the same clamping."""
    return java_int(math.floor(value)) if math.isfinite(value) else java_int(value)


def java_round(value: float) -> int:
    """(int) Math.round(value)."""
    return java_floor(value + 0.5)


def format_text(template: str, properties: dict[str, str | None]) -> str | None:
    """A VASSAL formatted string with ``$name$`` properties; None for a BeanShell expression,
    which only VASSAL can evaluate. An unknown property reads as its own name, as VASSAL
    reads a property that no component defines."""
    stripped = template.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        return None
    if not stripped:
        return ""
    tokens = decode(template, "$")
    parts: list[str] = []
    for index, token in enumerate(tokens):
        is_property = index % 2 == 1 and index < len(tokens) - 1
        if not token:
            continue
        if not is_property:
            parts.append(token)
        elif token in properties:
            parts.append(properties[token] or "")
        else:
            parts.append(token)
    return "".join(parts)


@dataclass(frozen=True)
class Numbering:
    """RegularGridNumbering (and HexGridNumbering's stagger)."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    location_format: str = "$gridLocation$"
    stagger: bool = True

    def label(self, value: int, kind: str, leading: int) -> str:
        sign = "-" if value < 0 else ""
        value = abs(value)
        if kind == "A":
            return sign + ALPHABET[value % 26] * min(value // 26 + 1, MAX_REPEAT)
        return sign + str(value).zfill(leading + 1)

    def name(self, row: int, column: int) -> str | None:
        row_label = self.label(row + self.v_off, self.v_type, self.v_leading)
        column_label = self.label(column + self.h_off, self.h_type, self.h_leading)
        grid_location = (
            column_label + self.sep + row_label if self.first == "H" else row_label + self.sep + column_label
        )
        return format_text(
            self.location_format, {"gridLocation": grid_location, "row": row_label, "column": column_label}
        )

    def parse(self, location: str) -> tuple[int, int] | None:
        """(column, row) of a location name, before the offsets are taken off; None if it does not match."""
        pattern, groups = self._pattern()
        if pattern is None:
            return None
        match = pattern.fullmatch(location)
        if match is None:
            return None
        column = _parse_label(match.group(groups["column"]), self.h_type)
        row = _parse_label(match.group(groups["row"]), self.v_type)
        if column is None or row is None:
            return None  # Integer.parseInt throws: VASSAL finds no such location
        return column - self.h_off, row - self.v_off

    def _pattern(self) -> tuple[re.Pattern[str] | None, dict[str, int]]:
        tokens = decode(self.location_format, "$")
        regex, groups = "", dict[str, int]()
        for index, token in enumerate(tokens):
            if not token:
                continue
            if index % 2 == 0 or index == len(tokens) - 1:
                regex += re.escape(token)
            elif token == "gridLocation":
                order = ("column", "row") if self.first == "H" else ("row", "column")
                for position, part in enumerate(order):
                    regex += f"({self._matcher(part)})"
                    groups[part] = len(groups) + 1
                    if position == 0 and (self.sep or self.first != "H"):
                        regex += re.escape(self.sep)
            elif token in ("row", "column"):
                regex += f"({self._matcher(token)})"
                groups[token] = len(groups) + 1
        if not regex or "row" not in groups or "column" not in groups:
            return None, groups
        return re.compile(regex), groups

    def _matcher(self, part: str) -> str:
        kind, leading = (self.h_type, self.h_leading) if part == "column" else (self.v_type, self.v_leading)
        return ALPHABETIC if kind == "A" else f"-?[0-9]{{{leading + 1},}}"


def _parse_label(text: str, kind: str) -> int | None:
    if kind != "A":
        return parse_int(text)
    negative = text.startswith("-")
    letters = text[1:] if negative else text
    value = 26 * (len(letters) - 1) + ALPHABET.index(letters[-1])
    return -value if negative else value


@dataclass(frozen=True)
class HexGrid:
    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    numbering: Numbering | None

    def _turn(self, x: float, y: float) -> tuple[float, float]:
        return (y, x) if self.sideways else (x, y)

    def raw_column(self, point: Point) -> int:
        u, _ = self._turn(*point)
        return java_floor(java_div(u - self.x0, self.dx) + 0.5)

    def raw_row(self, point: Point) -> int:
        u, v = self._turn(*point)
        nx = java_round(java_div(u - self.x0, self.dx))
        if nx % 2 == 0:
            return java_round(java_div(v - self.y0, self.dy))
        return java_round(java_div(v - self.y0 - self.dy / 2, self.dy))

    def _max_rows(self, size: Size) -> int:
        return java_floor(java_div(size[1], self.dx) + 0.5)

    def _max_columns(self, size: Size) -> int:
        return java_floor(java_div(size[0], self.dy) + 0.5)

    def location_name(self, point: Point, size: Size) -> str | None:
        n = self.numbering
        if n is None:
            return None
        raw_column = self.raw_column(point)
        column, row = raw_column, self.raw_row(point)
        if n.v_descend and self.sideways:
            column = self._max_rows(size) - column
        if n.h_descend and not self.sideways:
            column = self._max_columns(size) - column
        if n.v_descend and not self.sideways:
            row = self._max_rows(size) - row
        if n.h_descend and self.sideways:
            row = self._max_columns(size) - row
        if n.stagger and raw_column % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += -1 if descending else 1
        return n.name(row, column)

    def point_of(self, location: str, size: Size) -> Point | None:
        n = self.numbering
        parsed = n.parse(location) if n is not None else None
        if n is None or parsed is None:
            return None
        column, row = parsed
        if n.stagger and column % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += 1 if descending else -1
        if self.sideways:
            column = self._max_rows(size) - column if n.v_descend else column
            row = self._max_columns(size) - row if n.h_descend else row
        else:
            column = self._max_columns(size) - column if n.h_descend else column
            row = self._max_rows(size) - row if n.v_descend else row
        u = java_int(column * self.dx) + self.x0
        v = java_int(row * self.dy if column % 2 == 0 else row * self.dy + self.dy / 2) + self.y0
        return (v, u) if self.sideways else (u, v)


@dataclass(frozen=True)
class SquareGrid:
    dx: float
    dy: float
    x0: int
    y0: int
    numbering: Numbering | None

    def location_name(self, point: Point, size: Size) -> str | None:
        n = self.numbering
        if n is None:
            return None
        column = java_floor(java_div(point[0] - self.x0, self.dx) + 0.5)
        row = java_int(java_div(point[1] - self.y0, self.dy) + 0.5)
        if n.h_descend:
            column = java_int(java_div(size[0], self.dx) + 0.5) - column
        if n.v_descend:
            row = java_int(java_div(size[1], self.dy) + 0.5) - row
        return n.name(row, column)

    def point_of(self, location: str, size: Size) -> Point | None:
        n = self.numbering
        parsed = n.parse(location) if n is not None else None
        if n is None or parsed is None:
            return None
        column, row = parsed
        if n.v_descend:
            row = java_int(java_div(size[1], self.dy) + 0.5) - row
        if n.h_descend:
            column = java_int(java_div(size[0], self.dx) + 0.5) - column
        return java_int(column * self.dx + self.x0), java_int(row * self.dy + self.y0)


@dataclass(frozen=True)
class RegionGrid:
    """Named points; a point is named after the nearest one. VASSAL keeps them in a
    HashMap keyed by point, so a later region on the same point replaces an earlier one and
    ties go to the first in the map's iteration order, which ``regions`` reproduces."""

    regions: tuple[tuple[str, Point], ...]

    @classmethod
    def of(cls, regions: list[tuple[str, Point]]) -> RegionGrid:
        by_point: dict[Point, str] = {}
        for name, origin in regions:
            by_point[origin] = name
        return cls(tuple((by_point[origin], origin) for origin in _hash_map_order(list(by_point))))

    def location_name(self, point: Point, size: Size) -> str | None:
        if not self.regions:
            return None
        x, y = point
        best = min(self.regions, key=lambda region: (region[1][0] - x) ** 2 + (region[1][1] - y) ** 2)
        return best[0]

    def point_of(self, location: str, size: Size) -> Point | None:
        return next((origin for name, origin in self.regions if name == location), None)


def _hash_map_order(points: list[Point]) -> list[Point]:
    """The order in which a java.util.HashMap<Point, _> filled with ``points`` iterates:
    by bucket of the spread hash in a table grown from 16 by doubling, then by insertion."""
    capacity = 16
    while len(points) > capacity * 3 // 4:
        capacity *= 2
    buckets = [(_spread(_point_hash(p)) & (capacity - 1), index) for index, p in enumerate(points)]
    return [points[index] for _, index in sorted(buckets)]


def _point_hash(point: Point) -> int:
    """java.awt.geom.Point2D.hashCode of an integer point."""
    bits = _double_bits(float(point[0])) ^ ((_double_bits(float(point[1])) * 31) & 0xFFFFFFFFFFFFFFFF)
    return ((bits & 0xFFFFFFFF) ^ (bits >> 32)) & 0xFFFFFFFF


def _double_bits(value: float) -> int:
    return int.from_bytes(struct.pack(">d", value), "big")


def _spread(hash_code: int) -> int:
    return hash_code ^ (hash_code >> 16)


@dataclass(frozen=True)
class Polygon:
    """java.awt.Polygon with its even-odd, half-open insideness."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]

    @classmethod
    def parse(cls, path: str) -> Polygon:
        xs, ys = [], []
        for pair in decode(path, ";"):
            parts = decode(pair, ",")
            x = parse_int(parts[0].strip())
            y = parse_int(parts[1].strip()) if len(parts) > 1 else None
            if x is None or y is None:
                continue
            xs.append(x)
            ys.append(y)
        return cls(tuple(xs), tuple(ys))

    def bounds_size(self) -> Size:
        """java.awt.Polygon.getBounds().getSize(): the extent of its points."""
        if not self.xs:
            return (0, 0)
        return max(self.xs) - min(self.xs), max(self.ys) - min(self.ys)

    def contains(self, point: Point) -> bool:
        x, y = point
        n = len(self.xs)
        if n <= 2 or not (min(self.xs) <= x < max(self.xs) and min(self.ys) <= y < max(self.ys)):
            return False
        hits = 0
        last_x, last_y = self.xs[-1], self.ys[-1]
        for cur_x, cur_y in zip(self.xs, self.ys, strict=True):
            if _edge_hit(x, y, cur_x, cur_y, last_x, last_y):
                hits += 1
            last_x, last_y = cur_x, cur_y
        return hits % 2 == 1


def _edge_hit(x: float, y: float, cur_x: int, cur_y: int, last_x: int, last_y: int) -> bool:
    if cur_y == last_y:
        return False
    left_x = cur_x if cur_x < last_x else last_x
    if x >= max(cur_x, last_x):
        return False
    low_x, low_y = (cur_x, cur_y) if cur_y < last_y else (last_x, last_y)
    if y < min(cur_y, last_y) or y >= max(cur_y, last_y):
        return False
    if x < left_x:
        return True
    return (x - low_x) < ((y - low_y) / (last_y - cur_y) * (last_x - cur_x))


@dataclass(frozen=True)
class Zone:
    name: str
    polygon: Polygon
    location_format: str = "$name$"
    grid: Grid | None = None
    use_parent_grid: bool = False

    def point_of(self, location: str, grid: Grid | None, size: Size) -> Point | None:
        """Zone.getLocation: the location must read as the zone's format; a grid location
        inside it is placed by the zone's grid, a bare zone name at the polygon's mean point."""
        tokens = decode(self.location_format, "$")
        regex, grouped = "", False
        for index, token in enumerate(tokens):
            if not token:
                continue
            if index % 2 == 0 or index == len(tokens) - 1:
                regex += re.escape(token)
            elif token == "name":
                regex += re.escape(self.name)
            elif token == "gridLocation" and grid is not None:
                regex += "(.*)"
                grouped = True
        match = re.fullmatch(regex, location) if regex else None
        if match is None:
            return None
        if grouped and grid is not None:
            point = grid.point_of(match.group(1), size)
            return point if point is not None and self.polygon.contains(point) else None
        return self._mean_point()

    def _mean_point(self) -> Point:
        xs, ys = self.polygon.xs, self.polygon.ys
        if not xs:
            return (0, 0)
        mean = (java_int(sum(xs) / len(xs)), java_int(sum(ys) / len(ys)))
        return mean if self.polygon.contains(mean) else (xs[0], ys[0])


@dataclass(frozen=True)
class ZonedGrid:
    zones: tuple[Zone, ...]
    background: Grid | None = None

    def zone_at(self, point: Point) -> Zone | None:
        return next((zone for zone in self.zones if zone.polygon.contains(point)), None)

    def _zone_grid(self, zone: Zone, size: Size) -> tuple[Grid | None, Size]:
        """Zone.getGrid, and the size its numbering counts descending rows and columns from:
        a grid's container is the zone (its polygon's bounds), the parent grid's the board."""
        if zone.use_parent_grid:
            return self.background, size
        return zone.grid, zone.polygon.bounds_size()

    def location_name(self, point: Point, size: Size) -> str | None:
        """ZonedGrid.locationName: the first zone holding the point names it, even with an
        empty name; the background grid only names points outside every zone."""
        zone = self.zone_at(point)
        name = None
        if zone is not None:
            grid, container = self._zone_grid(zone, size)
            grid_location = grid.location_name(point, container) if grid is not None else None
            name = format_text(zone.location_format, {"name": zone.name, "gridLocation": grid_location})
        if name is None and self.background is not None:
            name = self.background.location_name(point, size)
        return name

    def point_of(self, location: str, size: Size) -> Point | None:
        for zone in self.zones:
            grid, container = self._zone_grid(zone, size)
            point = zone.point_of(location, grid, container)
            if point is not None and zone.polygon.contains(point):
                return point
        if self.background is not None:
            return self.background.point_of(location, size)
        return None

    def region_point(self, location: str) -> Point | None:
        """ZonedGrid.getRegionLocation: a region of a zone's own region grid, by name."""
        for zone in self.zones:
            grid = self._zone_grid(zone, (0, 0))[0]
            if isinstance(grid, RegionGrid):
                point = grid.point_of(location, (0, 0))
                if point is not None and zone.polygon.contains(point):
                    return point
        return None


Grid = HexGrid | SquareGrid | RegionGrid | ZonedGrid
