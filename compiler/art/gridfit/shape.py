"""From a lattice basis to a hex grid: which image axis the hexes line up along, the step
to the next column (or row), and whether the lattice is a hex grid at all."""

from __future__ import annotations

import math
from dataclasses import dataclass

from compiler.art.gridfit.lattice import NoGrid, Vector

MAX_TILT_DEGREES = 5.0  # a scan tilted more than this is refused, not guessed at
HALF_STEP = (0.38, 0.5)  # a hex column sits this share of a hex lower than its neighbour
STEP_RATIO = (0.68, 1.08)  # column step over hex size (regular hexes: 0.866)


@dataclass(frozen=True)
class HexAxes:
    """``axis`` runs along a column of flat-top hexes (down) or a row of pointy-top hexes
    (right); ``step`` goes to the neighbouring column (right) or row (down), half a hex along."""

    orientation: str
    axis: Vector
    step: Vector

    @property
    def hex_size(self) -> float:
        return math.hypot(*self.axis)

    @property
    def across(self) -> float:
        """The perpendicular distance between neighbouring columns (rows)."""
        return abs(self.axis[0] * self.step[1] - self.axis[1] * self.step[0]) / self.hex_size

    @property
    def rotation(self) -> float:
        """Degrees the grid is turned clockwise from the image's axes."""
        x, y = self.axis
        return math.degrees(math.atan2(-x, y) if self.orientation == "flat-top" else math.atan2(y, x))


def hex_axes(u: Vector, v: Vector) -> HexAxes:
    """The hex grid a reduced lattice basis describes; NoGrid when it describes none."""
    candidates = [u, v, _add(u, v), _add(u, _neg(v))]
    tilts = [_tilt(c) for c in candidates]
    aligned = [t for t in tilts if t[0] <= MAX_TILT_DEGREES]
    if not aligned:
        least = min(t[0] for t in tilts)
        raise NoGrid(f"the repeating pattern lines up with neither image axis (tilted {least:.1f} degrees)")
    # A hex lattice has vectors along both axes: the shorter joins neighbouring hexes (a column
    # of flat-top hexes); the longer joins hexes two columns apart.
    _, axis, orientation = min(aligned, key=lambda t: math.hypot(*t[1]))
    area = abs(u[0] * v[1] - u[1] * v[0])
    other = next(c for c in candidates if abs(abs(axis[0] * c[1] - axis[1] * c[0]) - area) < 0.05 * area)
    step = _half_step(axis, other, orientation)
    shape = HexAxes(orientation, axis, step)
    along = abs(_dot(step, axis)) / shape.hex_size**2
    if not HALF_STEP[0] <= along <= HALF_STEP[1] + 0.01:
        kind = "a square or brick grid" if along < 0.2 else "no hex grid"
        raise NoGrid(
            f"the lattice is {kind}: neighbouring columns are offset {along:.2f} of a cell, not a half"
        )
    ratio = shape.across / shape.hex_size
    if not STEP_RATIO[0] <= ratio <= STEP_RATIO[1]:
        raise NoGrid(f"the cells are {ratio:.2f} times as wide as high; hexes are about 0.87")
    return shape


def _tilt(vector: Vector) -> tuple[float, Vector, str]:
    """How far a vector is from the vertical (flat-top columns) or horizontal (pointy-top rows)."""
    x, y = vector
    vertical = math.degrees(math.atan2(abs(x), abs(y)))
    if vertical <= 45:
        return vertical, (x, y) if y > 0 else (-x, -y), "flat-top"
    return 90 - vertical, (x, y) if x > 0 else (-x, -y), "pointy-top"


def _half_step(axis: Vector, other: Vector, orientation: str) -> Vector:
    """``other`` moved along the axis by whole cells so that it goes half a cell along at most,
    pointing right (flat-top) or down (pointy-top)."""
    length2 = _dot(axis, axis)
    k = round(_dot(other, axis) / length2)
    step = _add(other, (-k * axis[0], -k * axis[1]))
    forward = step[0] if orientation == "flat-top" else step[1]
    return step if forward > 0 else _neg(step)


def _add(a: Vector, b: Vector) -> Vector:
    return a[0] + b[0], a[1] + b[1]


def _neg(a: Vector) -> Vector:
    return -a[0], -a[1]


def _dot(a: Vector, b: Vector) -> float:
    return a[0] * b[0] + a[1] * b[1]
