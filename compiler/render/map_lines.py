"""The lines of a map (roads, railways, streams, rivers on hexsides, routes) as drawn, and the
geometry that keeps them off labels and symbols.

A line never crosses a label or a symbol: it is cut where it meets a city's or a feature's
mark (so a railway runs into Bryansk's symbol and out again, and is not drawn over it), and
labels are placed where no line runs. What was drawn is kept as ``DrawnLine`` pieces in the
board's art, so the tests can hold every map to both rules on what was actually drawn.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from compiler.render.terrain_key import LineLook

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
Circle = tuple[float, float, float]  # centre x, centre y, radius (pixels)

TIE_REACH = 0.6  # a railway's cross-ties reach this share of their spacing either side


@dataclass(frozen=True)
class DrawnLine:
    """One unbroken piece of a line as drawn: what it is ('road', 'rail', 'stream', 'hexside',
    'route'), its points (pixels) and how far its ink reaches either side of them."""

    kind: str
    points: tuple[Point, ...]
    reach: float


def line_reach(look: LineLook, dpi: float) -> float:
    """How far a line's ink reaches from its centre line, ties and waves included (pixels)."""
    width = max(2, round(look.width_in * dpi))
    reach = width / 2
    if look.dash == "ties":
        reach = max(reach, max(3.0, 0.07 * dpi) * TIE_REACH)
    if look.dash == "wavy":
        reach += max(1.0, 0.025 * dpi)
    return reach


def clip_outside(points: Sequence[Point], circles: Iterable[Circle]) -> list[list[Point]]:
    """The parts of the polyline ``points`` outside every circle: a line that enters a symbol
    stops at its rim and starts again where it leaves."""
    circles = list(circles)
    pieces: list[list[Point]] = []
    current: list[Point] = []
    for a, b in itertools.pairwise(points):
        for t0, t1 in _outside(a, b, circles):
            start, end = _at(a, b, t0), _at(a, b, t1)
            if current and t0 == 0.0 and math.dist(current[-1], start) < 1e-6:
                current.append(end)
            else:
                if len(current) >= 2:
                    pieces.append(current)
                current = [start, end]
            if t1 < 1.0:
                pieces.append(current)
                current = []
    if len(current) >= 2:
        pieces.append(current)
    return [piece for piece in pieces if _length(piece) > 0.5]


def _outside(a: Point, b: Point, circles: list[Circle]) -> list[tuple[float, float]]:
    """The parameter intervals of the segment a-b that lie outside every circle."""
    inside: list[tuple[float, float]] = []
    for cx, cy, r in circles:
        found = _circle_interval(a, b, (cx, cy), r)
        if found is not None:
            inside.append(found)
    inside.sort()
    free: list[tuple[float, float]] = []
    at = 0.0
    for t0, t1 in inside:
        if t0 > at:
            free.append((at, t0))
        at = max(at, t1)
    if at < 1.0:
        free.append((at, 1.0))
    return free


def _circle_interval(a: Point, b: Point, centre: Point, r: float) -> tuple[float, float] | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    aa = dx * dx + dy * dy
    if aa == 0:
        return None
    bb = 2 * (fx * dx + fy * dy)
    cc = fx * fx + fy * fy - r * r
    disc = bb * bb - 4 * aa * cc
    if disc <= 0:
        return None
    root = math.sqrt(disc)
    t0, t1 = (-bb - root) / (2 * aa), (-bb + root) / (2 * aa)
    if t1 <= 0 or t0 >= 1:
        return None
    return max(0.0, t0), min(1.0, t1)


def _at(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _length(points: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(points))


def segment_meets_rect(a: Point, b: Point, rect: Rect, reach: float) -> bool:
    """Whether the segment a-b, with ink ``reach`` pixels either side, touches ``rect``."""
    left, top, right, bottom = rect[0] - reach, rect[1] - reach, rect[2] + reach, rect[3] + reach
    if max(a[0], b[0]) < left or min(a[0], b[0]) > right or max(a[1], b[1]) < top or min(a[1], b[1]) > bottom:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - left), (dx, right - a[0]), (-dy, a[1] - top), (dy, bottom - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def segment_meets_circle(a: Point, b: Point, circle: Circle, reach: float) -> bool:
    """Whether the segment a-b, with ink ``reach`` either side, comes within a circle."""
    cx, cy, r = circle
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((cx - a[0]) * dx + (cy - a[1]) * dy) / length))
    return math.dist((a[0] + dx * t, a[1] + dy * t), (cx, cy)) < r + reach


def line_meets_rect(line: DrawnLine, rect: Rect, shrink: float = 0.0) -> bool:
    inner = (rect[0] + shrink, rect[1] + shrink, rect[2] - shrink, rect[3] - shrink)
    return any(segment_meets_rect(a, b, inner, line.reach) for a, b in itertools.pairwise(line.points))


def line_meets_circle(line: DrawnLine, circle: Circle, shrink: float = 0.0) -> bool:
    inner = (circle[0], circle[1], circle[2] - shrink)
    return any(segment_meets_circle(a, b, inner, line.reach) for a, b in itertools.pairwise(line.points))
