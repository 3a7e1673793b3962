"""How each terrain looks, drawn the same way on the map, in its legend and in the charts.

``style_of`` decides a terrain's look from the terrain chart (an area colour, a
line, a hexside, a point symbol, or a mark on a point-to-point space);
``draw_sample`` draws that look into a small box for a key, and ``draw_point``
and ``draw_mark`` are what the map painter itself uses for features and space
kinds, so the legend cannot drift from the map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from rules_engine.definitions import Terrain

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

INK = "#2b2b2b"
PAPER = "#f4efe1"
CITY_RED = "#7a1f1f"
DEFAULT_AREA = {
    "clear": "#e9e3c4",
    "rough": "#c9b48a",
    "hills": "#c2a574",
    "marsh": "#a9c7a1",
    "sea": "#9cc3e6",
    "desert": "#ead9a7",
    "forest": "#8fb37a",
}
MARK_KINDS = (
    "staging-area",
    "high-command",
    "holy-city",
    "critical-city",
    "arabian-port",
    "british-port",
    "rail-space",
    "airfield",
    "coastal",
)


@dataclass(frozen=True)
class Sample:
    """A terrain's look: 'area' (a fill), 'line' (a road or stream), 'rail', 'hexside', 'point'
    (a symbol in a hex), 'mark' (a sign beside a point-to-point space), 'sea-edge'."""

    kind: str
    colour: str
    name: str = ""
    level: int = 0


def area_colour(terrain: Terrain | None, terrain_id: str) -> str | None:
    if terrain is not None and terrain.colour:
        return terrain.colour
    return DEFAULT_AREA.get(terrain_id)


def style_of(terrain: Terrain) -> Sample:
    """The look of one terrain of the chart."""
    colour = area_colour(terrain, terrain.id) or "#888888"
    if terrain.kind == "hex":
        return Sample("area", colour, terrain.id)
    if terrain.kind == "space":
        return Sample("mark" if terrain.id in MARK_KINDS else "space", colour, terrain.id)
    if terrain.kind == "hexside":
        return Sample("hexside", colour, terrain.id)
    if terrain.kind == "route":
        return Sample("rail" if "rail" in terrain.id else "dashed", colour, terrain.id)
    if terrain.kind == "road":
        return Sample("rail" if "rail" in terrain.id else "line", colour, terrain.id)
    if terrain.id == "partly-sea":
        return Sample("sea-edge", DEFAULT_AREA["sea"], terrain.id)
    if terrain.linear:
        return Sample("line", terrain.colour or "#3b7dd8", terrain.id)
    return Sample("point", colour, terrain.id)


def draw_sample(draw: ImageDraw.ImageDraw, sample: object, rect: Rect) -> None:
    """A small picture of the terrain for a key or a chart row."""
    if not isinstance(sample, Sample):
        return
    left, top, right, bottom = rect
    cx, cy = (left + right) / 2, (top + bottom) / 2
    h = bottom - top
    width = max(1, round(h / 8))
    if sample.kind == "area":
        _hexagon(draw, (cx, cy), h * 0.55, sample.colour, INK, width)
    elif sample.kind == "space":
        r = h * 0.45
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=sample.colour, outline=INK, width=width)
    elif sample.kind == "dashed":
        dashed(draw, (left, cy), (right, cy), sample.colour, max(2, round(h / 5)), (right - left) / 5)
    elif sample.kind == "sea-edge":
        _hexagon(draw, (cx, cy), h * 0.55, DEFAULT_AREA["clear"], INK, width)
        r = h * 0.55
        draw.polygon(
            [(cx - r, cy), (cx - r / 2, cy - r * 0.87), (cx - r / 2, cy + r * 0.87)], fill=sample.colour
        )
    elif sample.kind in ("line", "rail"):
        colour = INK if sample.kind == "rail" else sample.colour
        draw.line([(left, cy), (right, cy)], fill=colour, width=max(2, round(h / 5)))
        if sample.kind == "rail":
            ticks(draw, (left, cy), (right, cy), colour, max(1, round(h / 10)), h / 3)
    elif sample.kind == "hexside":
        draw.line([(left, cy), (right, cy)], fill=sample.colour, width=max(3, round(h / 3.5)))
        if "wall" in sample.name:
            ticks(draw, (left, cy), (right, cy), sample.colour, max(2, round(h / 3.5)), h / 2.5)
    elif sample.kind == "supply":
        r = h * 0.4
        draw.pieslice((cx - r, cy - r, cx + r, cy + r), 90, 270, fill="#ffffff")
        draw.pieslice((cx - r, cy - r, cx + r, cy + r), 270, 90, fill=sample.colour)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=width)
    elif sample.kind == "border":
        dotted(draw, (left, cy), (right, cy), sample.colour, max(2, round(h / 5)), h / 3)
    elif sample.kind == "point":
        draw_point(draw, sample.name, sample.colour, (cx, cy), h / 3.2)
    elif sample.kind == "mark":
        draw_mark(draw, sample.name, sample.colour, (cx, cy), h * 0.95)


def _hexagon(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: str, outline: str, width: int
) -> None:
    cx, cy = centre
    points = [
        (cx + radius * math.cos(math.pi / 3 * i), cy + radius * math.sin(math.pi / 3 * i)) for i in range(6)
    ]
    draw.polygon(points, fill=fill, outline=outline, width=width)


def draw_point(draw: ImageDraw.ImageDraw, feature: str, colour: str, centre: Point, radius: float) -> None:
    """A feature's symbol in a hex: city (ringed dot), town (square), village (dot in the colour
    of its people), anything else a diamond in its colour."""
    x, y = centre
    r = radius
    line = max(1, round(r / 4))
    if feature == "city":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=CITY_RED, outline=INK, width=line)
        draw.ellipse((x - r / 2, y - r / 2, x + r / 2, y + r / 2), fill=PAPER)
    elif feature == "town":
        s = r * 0.65
        draw.rectangle((x - s, y - s, x + s, y + s), fill=CITY_RED, outline=INK, width=line)
    elif "village" in feature:
        s = r * 0.55
        draw.ellipse((x - s, y - s, x + s, y + s), fill=colour, outline=INK, width=max(1, line - 1))
    else:
        s = r * 0.7
        draw.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=colour, outline=INK)


def draw_mark(draw: ImageDraw.ImageDraw, kind: str, colour: str, centre: Point, size: float) -> None:
    """The sign of a point-to-point space's extra kind, drawn in a box ``size`` across."""
    x, y = centre
    s = size / 2
    line = max(1, round(size / 9))
    if kind == "arabian-port" or kind == "british-port":
        fill = "#1f4f8f" if kind == "arabian-port" else "#8a1c1c"
        _anchor(draw, (x, y), s, fill, line)
    elif kind == "airfield":
        draw.line([(x - s, y), (x + s, y)], fill=INK, width=line + 1)
        draw.line([(x, y - s * 0.8), (x, y + s * 0.8)], fill=INK, width=line + 1)
        draw.line([(x - s * 0.4, y + s * 0.7), (x + s * 0.4, y + s * 0.7)], fill=INK, width=line + 1)
    elif kind == "rail-space":
        draw.rectangle((x - s, y - s * 0.35, x + s, y + s * 0.35), fill=INK)
        for i in (-1, 0, 1):
            draw.line(
                [(x + i * s * 0.6, y - s * 0.75), (x + i * s * 0.6, y + s * 0.75)], fill=INK, width=line
            )
    elif kind == "coastal":
        for row in (-0.35, 0.35):
            points = [(x - s + i * s / 4, y + row * s + (s * 0.22 if i % 2 else -s * 0.22)) for i in range(9)]
            draw.line(points, fill="#1f5f9f", width=line + 1)
    elif kind == "critical-city":
        from compiler.render.symbols import star_points  # shared five-pointed star

        draw.polygon(star_points(x, y, s, s * 0.45), fill="#b8860b", outline=INK)
    elif kind == "holy-city":
        draw.ellipse((x - s, y - s, x + s, y + s), outline=colour, width=line + 1)
        draw.ellipse((x - s * 0.45, y - s * 0.45, x + s * 0.45, y + s * 0.45), fill=colour)
    elif kind == "staging-area":
        draw.polygon([(x - s, y + s * 0.8), (x, y - s * 0.9), (x + s, y + s * 0.8)], fill=colour, outline=INK)
    elif kind == "stop":
        points = [
            (x + s * math.cos(math.pi / 8 + math.pi / 4 * i), y + s * math.sin(math.pi / 8 + math.pi / 4 * i))
            for i in range(8)
        ]
        draw.polygon(points, fill=colour, outline="#ffffff")
    elif kind == "high-command":
        draw.rectangle(
            (x - s * 0.85, y - s * 0.6, x + s * 0.85, y + s * 0.6), fill=colour, outline=INK, width=line
        )
        draw.line([(x - s * 0.85, y - s * 0.6), (x, y), (x + s * 0.85, y - s * 0.6)], fill=INK, width=line)


def _anchor(draw: ImageDraw.ImageDraw, centre: Point, s: float, colour: str, line: int) -> None:
    x, y = centre
    width = line + 1
    draw.ellipse((x - s * 0.22, y - s * 0.95, x + s * 0.22, y - s * 0.55), outline=colour, width=width)
    draw.line([(x, y - s * 0.55), (x, y + s * 0.85)], fill=colour, width=width)
    draw.line([(x - s * 0.45, y - s * 0.3), (x + s * 0.45, y - s * 0.3)], fill=colour, width=width)
    draw.arc((x - s * 0.8, y - s * 0.2, x + s * 0.8, y + s * 0.9), 20, 160, fill=colour, width=width)


def ticks(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    """Short cross-strokes along a line (railways, walls)."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    px, py = -uy * step * 0.6, ux * step * 0.6
    count = max(1, int(length / step))
    for i in range(1, count):
        x, y = a[0] + ux * i * step, a[1] + uy * i * step
        draw.line([(x - px, y - py), (x + px, y + py)], fill=colour, width=width)


def dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    """A dashed line: dashes and gaps of ``step``."""
    length = math.dist(a, b)
    count = max(1, int(length / step))
    for i in range(0, count, 2):
        t0, t1 = i / count, min(1.0, (i + 1) / count)
        draw.line(
            [
                (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            ],
            fill=colour,
            width=width,
        )


def dotted(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    """A line of dots ``step`` apart."""
    length = math.dist(a, b)
    count = max(1, int(length / step))
    for i in range(count + 1):
        t = i / count
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)
