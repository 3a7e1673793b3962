"""Where a hex's symbols stand: its place (city, town, village) at the centre, where its
roads and railways meet, and every other mark (a fortress, a set-up mark, a supply source,
the number printed for a fort) on a spot of its own that no line through the hex crosses.

Two symbols never share the centre (Moscow's city and its fortress mark, Vallon's town and
its fortress, Bryansk's city and its set-up star), and a mark never sits on the junction the
roads make, so a player sees both the junction and every mark.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]

PRIMARY_SHARE = 0.16  # a centre symbol's radius, in hex sizes (across the flats)
SECONDARY_SHARE = 0.105  # a mark beside it
RING_SHARE = 0.33  # how far from the centre a mark beside it stands
LINE_SHARE = 0.075  # how far a line's ink reaches either side, in hex sizes (a railway's ties)
# Spots for a mark, as angles (degrees, y down): toward the hex's corners, between the six
# directions a line can leave by; east and west first (clear of the ID above and the name below).
SPOT_ANGLES = (0.0, 180.0, 300.0, 240.0, 60.0, 120.0)
# A hill's triangle keeps the corner the book's maps print it in, above and right of the centre,
# clear of the ground's lobes either side.
PREFERRED_ANGLES = {"hill-triangle": (325.0, 215.0, 300.0, 240.0, 0.0, 180.0, 60.0, 120.0)}
NEIGHBOUR_ANGLES = (30.0, 90.0, 150.0, 210.0, 270.0, 330.0)


@dataclass(frozen=True)
class Mark:
    """A symbol to draw: what it stands for (a feature id, or a kind such as 'supply:<side>'),
    its centre and radius (pixels)."""

    what: str
    centre: Point
    radius: float

    @property
    def circle(self) -> tuple[float, float, float]:
        return self.centre[0], self.centre[1], self.radius


def plan_marks(
    centre: Point,
    size: float,
    primary: list[str],
    secondary: list[str],
    line_angles: list[float],
    beside: tuple[str, ...] = (),
    keep_clear: tuple[tuple[float, float, float, float], ...] = (),
) -> list[Mark]:
    """The marks of one hex: the first of ``primary`` (else of ``secondary``) at the centre, the
    rest, and every one of ``beside`` (a hill's triangle, a supply source: never at the centre),
    each at the first spot that no line (leaving the centre at ``line_angles``), no mark already
    placed and nothing in ``keep_clear`` (the hex's ID) comes near."""
    wanted = [*primary, *secondary]
    marks = [Mark(wanted[0], centre, size * PRIMARY_SHARE)] if wanted else []
    radius = size * SECONDARY_SHARE
    for what in [*wanted[1:], *beside]:
        angles = PREFERRED_ANGLES.get(what, SPOT_ANGLES)
        marks.append(
            Mark(what, _free_spot(centre, size, radius, line_angles, marks, keep_clear, angles), radius)
        )
    return marks


def _free_spot(
    centre: Point,
    size: float,
    radius: float,
    line_angles: list[float],
    marks: list[Mark],
    keep_clear: tuple[tuple[float, float, float, float], ...] = (),
    angles: tuple[float, ...] = SPOT_ANGLES,
) -> Point:
    """The first spot of ``angles`` clear of every line and mark; else the one with most room."""
    best: tuple[float, Point] | None = None
    for angle in angles:
        spot = (
            centre[0] + size * RING_SHARE * math.cos(math.radians(angle)),
            centre[1] + size * RING_SHARE * math.sin(math.radians(angle)),
        )
        room = min(
            [_distance_to_ray(spot, centre, a, size) - size * LINE_SHARE for a in line_angles]
            + [math.dist(spot, m.centre) - m.radius for m in marks]
            + [_distance_to_rect(spot, rect) for rect in keep_clear],
            default=size,
        )
        if room >= radius:
            return spot
        if best is None or room > best[0]:
            best = (room, spot)
    assert best is not None
    return best[1]


def _distance_to_ray(point: Point, start: Point, angle: float, length: float) -> float:
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    t = max(0.0, min(length, (point[0] - start[0]) * ux + (point[1] - start[1]) * uy))
    return math.dist(point, (start[0] + ux * t, start[1] + uy * t))


def _distance_to_rect(point: Point, rect: tuple[float, float, float, float]) -> float:
    dx = max(rect[0] - point[0], 0.0, point[0] - rect[2])
    dy = max(rect[1] - point[1], 0.0, point[1] - rect[3])
    return math.hypot(dx, dy)


def angle_to(a: Point, b: Point) -> float:
    """The direction from ``a`` to ``b`` in degrees (y down), 0 to 360."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360
