"""How each terrain looks, drawn the same way on the map, in its legend and in the charts.

``style_of`` decides a terrain's look from the terrain chart (an area colour, a
line, a hexside, a point symbol, or a mark on a point-to-point space);
``draw_sample`` draws that look into a small box for a key, and ``draw_point``
and ``draw_mark`` are what the map painter itself uses for features and space
kinds, so the legend cannot drift from the map.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from compiler.presentation.colours import hex_colour, rgb, shade
from compiler.render.fonts import RecordingDraw, font
from compiler.render.legibility import lab
from compiler.render.patterns import default_pattern, draw_pattern
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
class LineLook:
    """How a road, route, railway or stream is drawn: its colour and width (inches), a darker
    casing along both edges (a major road where the map also has lesser ones), and its dash."""

    colour: str
    width_in: float
    casing: str | None = None
    dash: str = "solid"  # "solid", "dashed", "dotted", "ties" (a railway's cross-ties) or "wavy" (water)


@dataclass(frozen=True)
class Sample:
    """A terrain's look: 'area' (a fill), 'line' (a road, route or stream), 'hexside', 'point'
    (a symbol in a hex), 'space' (a point-to-point space), 'mark' (a sign beside a space),
    'sea-edge', 'supply', 'border', 'number' (a printed reminder number)."""

    kind: str
    colour: str
    name: str = ""
    level: int = 0
    pattern: str = "plain"
    look: LineLook | None = None
    symbol: str | None = None  # a feature's symbol, where its data names one


def area_colour(terrain: Terrain | None, terrain_id: str) -> str | None:
    if terrain is not None and terrain.colour:
        return terrain.colour
    return DEFAULT_AREA.get(terrain_id)


LEVEL_STEP_L = 25.0  # each hill level prints this much darker (CIELAB L*): apart in greyscale too
LEVEL_BROWN = "#6e4f2c"  # what the hill tints deepen towards


@functools.cache
def level_colour(base: str, level: int) -> str:
    """The elevation tint of a hex ``level`` steps up: the base colour deepened towards a warm
    brown until it is ``LEVEL_STEP_L`` darker per level, so each level stands apart from the
    next for every player and in a greyscale print (ΔE >= 20)."""
    if level <= 0:
        return base
    target = lab(base)[0] - LEVEL_STEP_L * level
    low, high = 0.0, 1.0
    for _ in range(24):
        middle = (low + high) / 2
        if lab(_mix(base, LEVEL_BROWN, middle))[0] > target:
            low = middle
        else:
            high = middle
    return _mix(base, LEVEL_BROWN, (low + high) / 2)


def _mix(first: str, second: str, t: float) -> str:
    a, b = rgb(first), rgb(second)
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return hex_colour((r, g, bl))


def terrain_pattern(terrain: Terrain | None, terrain_id: str) -> str:
    """The texture over a terrain's colour: the data's, else one picked from its id."""
    if terrain is not None and terrain.pattern:
        return terrain.pattern
    return default_pattern(terrain_id)


_MINOR_WORDS = ("secondary", "track", "trail", "minor", "path")


def line_look(terrain: Terrain | None, terrain_id: str, chart: Mapping[str, Terrain]) -> LineLook:
    """The look of a road, route, railway or stream. A railway is black with cross-ties; a
    lesser road (secondary, track) is thin, dashed where it is a route between spaces; a major
    road is thicker and, where the map also has lesser roads, cased in a darker brown so the two
    never look alike, at any size or in greyscale."""
    colour = area_colour(terrain, terrain_id) or "#8b2e16"
    kind = terrain.kind if terrain is not None else "road"
    if "rail" in terrain_id:
        return LineLook(INK, 0.03, None, "ties")
    if terrain is not None and terrain.linear:
        return LineLook(terrain.colour or "#3b7dd8", 0.03, None, "wavy")
    if "sea" in terrain_id or "water" in terrain_id:
        return LineLook(colour, 0.04, None, "dotted")
    if any(word in terrain_id for word in _MINOR_WORDS):
        return LineLook(
            colour, 0.032 if kind == "road" else 0.045, None, "dashed" if kind == "route" else "solid"
        )
    minor = any(
        t.kind == kind and any(word in t.id for word in _MINOR_WORDS)
        for t in chart.values()
        if t.id != terrain_id
    )
    if minor:
        return LineLook(shade(colour, 1.25), 0.075, shade(colour, 0.55))
    return LineLook(colour, 0.05)


def style_of(terrain: Terrain, chart: Mapping[str, Terrain]) -> Sample:
    """The look of one terrain of the chart (``chart``: every terrain, which a road's look needs)."""
    colour = area_colour(terrain, terrain.id) or "#888888"
    pattern = terrain_pattern(terrain, terrain.id)
    if terrain.kind == "hex":
        return Sample("area", colour, terrain.id, pattern=pattern)
    if terrain.kind == "space":
        if terrain.id in MARK_KINDS:
            return Sample("mark", colour, terrain.id)
        return Sample("space", colour, terrain.id, pattern=pattern)
    if terrain.kind == "hexside":
        return Sample("hexside", colour, terrain.id)
    if terrain.kind in ("route", "road") or terrain.linear:
        return Sample("line", colour, terrain.id, look=line_look(terrain, terrain.id, chart))
    if terrain.id == "partly-sea":
        return Sample("sea-edge", DEFAULT_AREA["sea"], terrain.id)
    if terrain.printed_number is not None:
        return Sample("number", colour, terrain.id, level=terrain.printed_number, symbol=terrain.symbol)
    return Sample("point", colour, terrain.id, symbol=terrain.symbol)


def draw_sample(draw: ImageDraw.ImageDraw, sample: object, rect: Rect, dpi: float | None = None) -> None:
    """A small picture of the terrain for a key or a chart row (``rect`` in pixels at ``dpi``;
    by default the rectangle is taken to be 0.3 in high, a map key's sample)."""
    if not isinstance(sample, Sample):
        return
    left, top, right, bottom = rect
    cx, cy = (left + right) / 2, (top + bottom) / 2
    h = bottom - top
    width = max(1, round(h / 10))
    if sample.kind == "area":
        _area_sample(draw, sample, (cx, cy), h * 0.55, width)
    elif sample.kind == "space":
        shape = circle_points((cx, cy), h * 0.48)
        draw.polygon(shape, fill=sample.colour)
        draw_pattern(draw, sample.pattern, shape, sample.colour, h * 0.26)
        draw.ellipse((cx - h * 0.48, cy - h * 0.48, cx + h * 0.48, cy + h * 0.48), outline=INK, width=width)
    elif sample.kind == "sea-edge":
        _hexagon(draw, (cx, cy), h * 0.55, DEFAULT_AREA["clear"], INK, width)
        r = h * 0.55
        draw.polygon(
            [(cx - r, cy), (cx - r / 2, cy - r * 0.87), (cx - r / 2, cy + r * 0.87)], fill=sample.colour
        )
    elif sample.kind == "line" and sample.look is not None:
        draw_line(draw, sample.look, [(left, cy), (right, cy)], dpi or h / 0.3)
    else:
        _symbol_sample(draw, sample, rect)


def _area_sample(draw: ImageDraw.ImageDraw, sample: Sample, centre: Point, radius: float, width: int) -> None:
    """A hexagon in the terrain's colour and texture; a level's tint with its hill-top triangle."""
    cx, cy = centre
    shape = hexagon_points(centre, radius)
    draw.polygon(shape, fill=sample.colour)
    draw_pattern(draw, sample.pattern, shape, sample.colour, radius * 0.42)
    draw.polygon(shape, outline=INK, width=width)
    if sample.level >= 2:
        hill_triangle(draw, (cx + radius * 0.35, cy - radius * 0.3), radius * 0.28)


def _symbol_sample(draw: ImageDraw.ImageDraw, sample: Sample, rect: Rect) -> None:
    left, top, right, bottom = rect
    cx, cy = (left + right) / 2, (top + bottom) / 2
    h = bottom - top
    width = max(1, round(h / 8))
    if sample.kind == "hexside":
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
        draw_point(draw, sample.name, sample.colour, (cx, cy), h / 3.2, sample.symbol)
    elif sample.kind == "mark":
        draw_mark(draw, sample.name, sample.colour, (cx, cy), h * 0.95)
    elif sample.kind == "number":
        draw_point(draw, sample.name, sample.colour, (cx + h * 0.35, cy), h / 3.2, sample.symbol)
        printed_number(draw, (cx - h * 0.3, cy), str(sample.level), h * 0.62, role="legend")


def hexagon_points(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.pi / 3 * i), cy + radius * math.sin(math.pi / 3 * i)) for i in range(6)
    ]


def circle_points(centre: Point, radius: float, count: int = 24) -> list[Point]:
    cx, cy = centre
    return [
        (cx + radius * math.cos(2 * math.pi * i / count), cy + radius * math.sin(2 * math.pi * i / count))
        for i in range(count)
    ]


def hill_triangle(draw: ImageDraw.ImageDraw, centre: Point, r: float) -> None:
    """The small black triangle of a Hill 2 hex (1.3)."""
    tx, ty = centre
    draw.polygon([(tx, ty - r), (tx + r, ty + r * 0.8), (tx - r, ty + r * 0.8)], fill="#111111")


def printed_number(
    draw: ImageDraw.ImageDraw, centre: Point, text: str, height: float, role: str = "printed-number"
) -> None:
    """A reminder number printed in a hex (Jerusalem!'s white 2 at Latrun and Notre Dame, 1.3):
    white on a dark disc, so it reads on any ground."""
    x, y = centre
    r = height * 0.62
    draw.ellipse((x - r, y - r, x + r, y + r), fill="#1e1e1e", outline="#ffffff", width=max(1, round(r / 7)))
    chosen = font(max(4, round(height)))
    if isinstance(draw, RecordingDraw):
        draw.role = role
    draw.text((x, y), text, font=chosen, fill="#ffffff", anchor="mm")


def draw_line(draw: ImageDraw.ImageDraw, look: LineLook, points: Sequence[Point], dpi: float) -> None:
    """A road, route or railway along ``points`` (pixels) at ``dpi``, as ``look`` says."""
    if len(points) < 2:
        return
    width = max(2, round(look.width_in * dpi))
    if look.casing is not None:
        _solid(draw, points, look.casing, width)
        _solid(draw, points, look.colour, max(1, round(width * 0.55)))
        return
    for a, b in itertools.pairwise(points):
        if look.dash == "dashed":
            dashed(draw, a, b, look.colour, width, max(3.0, 0.1 * dpi))
        elif look.dash == "dotted":
            dotted(draw, a, b, look.colour, width, max(3.0, 0.08 * dpi))
    if look.dash == "wavy":
        _solid(draw, wavy(points, max(3.0, 0.09 * dpi), max(1.0, 0.025 * dpi)), look.colour, width)
    if look.dash in ("solid", "ties"):
        _solid(draw, points, look.colour, width)
    if look.dash == "ties":
        for a, b in itertools.pairwise(points):
            ticks(draw, a, b, look.colour, max(1, width // 2), max(3.0, 0.07 * dpi))


def wavy(points: Sequence[Point], wavelength: float, amplitude: float) -> list[Point]:
    """A line through ``points`` made to meander, as water is drawn: a sine wave about each
    segment, ending where the segment ends so the segments join."""
    out: list[Point] = [points[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.dist((ax, ay), (bx, by))
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        waves = max(1, round(length / wavelength))
        steps = waves * 8
        for i in range(1, steps + 1):
            t = i / steps
            offset = amplitude * math.sin(2 * math.pi * waves * t)
            out.append((ax + (bx - ax) * t - uy * offset, ay + (by - ay) * t + ux * offset))
    return out


def _solid(draw: ImageDraw.ImageDraw, points: Sequence[Point], colour: str, width: int) -> None:
    draw.line(list(points), fill=colour, width=width, joint="curve")
    for x, y in points:
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)


def _hexagon(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: str, outline: str, width: int
) -> None:
    draw.polygon(hexagon_points(centre, radius), fill=fill, outline=outline, width=width)


def draw_point(
    draw: ImageDraw.ImageDraw,
    feature: str,
    colour: str,
    centre: Point,
    radius: float,
    symbol: str | None = None,
) -> None:
    """A feature's symbol in a hex: the data's ``symbol`` where it names one, else city (ringed
    dot), town (square), village (dot in the colour of its people), a fort (a keep with four
    towers), a cathedral or church (a cross), a monastery (a cross in a ring), a headquarters
    (a flag); anything else a diamond."""
    x, y = centre
    r = radius
    line = max(1, round(r / 4))
    if symbol in _NAMED_SYMBOLS:
        _NAMED_SYMBOLS[symbol](draw, (x, y), r, colour, line)
    elif feature == "city":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=CITY_RED, outline=INK, width=line)
        draw.ellipse((x - r / 2, y - r / 2, x + r / 2, y + r / 2), fill=PAPER)
    elif feature == "town":
        s = r * 0.65
        draw.rectangle((x - s, y - s, x + s, y + s), fill=CITY_RED, outline=INK, width=line)
    elif "village" in feature:
        s = r * 0.55
        draw.ellipse((x - s, y - s, x + s, y + s), fill=colour, outline=INK, width=max(1, line - 1))
    else:
        name = next((found for word, found in _SYMBOLS if word in feature), "diamond")
        _NAMED_SYMBOLS[name](draw, (x, y), r, colour, line)


def _diamond(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    s = r * 0.7
    draw.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=colour, outline=INK)


def _fort(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    s, t = r * 0.5, r * 0.3
    draw.rectangle((x - s, y - s, x + s, y + s), fill=colour, outline=INK, width=line)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        draw.rectangle(
            (x + dx * s - t, y + dy * s - t, x + dx * s + t, y + dy * s + t), fill=colour, outline=INK
        )


def _cross(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    w = max(2.0, r * 0.34)
    draw.rectangle((x - w / 2, y - r, x + w / 2, y + r), fill=colour, outline=INK)
    draw.rectangle(
        (x - r * 0.65, y - r * 0.45 - w / 2, x + r * 0.65, y - r * 0.45 + w / 2), fill=colour, outline=INK
    )


def _ringed_cross(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=colour, width=line + 1)
    w = max(1.0, r * 0.22)
    draw.rectangle((x - w / 2, y - r * 0.7, x + w / 2, y + r * 0.7), fill=colour)
    draw.rectangle((x - r * 0.7, y - w / 2, x + r * 0.7, y + w / 2), fill=colour)


def _flag(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    draw.line([(x - r * 0.6, y + r), (x - r * 0.6, y - r)], fill=INK, width=line + 1)
    draw.polygon(
        [(x - r * 0.6, y - r), (x + r, y - r * 0.55), (x - r * 0.6, y - r * 0.1)], fill=colour, outline=INK
    )


def _ring(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    """A village of another people: a ring in its colour round a white centre."""
    x, y = centre
    s = r * 0.62
    draw.ellipse((x - s, y - s, x + s, y + s), fill=colour, outline=INK, width=max(1, line - 1))
    draw.ellipse((x - s * 0.45, y - s * 0.45, x + s * 0.45, y + s * 0.45), fill="#ffffff")


def _dot(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    x, y = centre
    s = r * 0.55
    draw.ellipse((x - s, y - s, x + s, y + s), fill=colour, outline=INK, width=max(1, line - 1))


def _star(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    """A five-pointed star (Battle for Moscow's map marks the Soviet set-up hexes with one)."""
    x, y = centre
    points = []
    for i in range(10):
        reach = r if i % 2 == 0 else r * 0.42
        angle = math.radians(-90 + 36 * i)
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=colour, outline=INK)


def _hammer_and_sickle(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    """A hammer crossed over a sickle, in the side's colour: the sickle's blade a crescent round
    the left and top that tapers to its tip at the upper right, its handle at the lower left;
    the hammer's handle from the lower right through the crescent's open side, its head inside
    the curve."""
    x, y = centre

    def at(dx: float, dy: float) -> Point:
        return x + dx * r, y + dy * r

    def arc(cx: float, cy: float, radius: float, angles: range) -> list[Point]:
        return [
            at(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in angles
        ]

    blade = arc(0.0, 0.0, 0.8, range(115, 336, 8)) + arc(0.11, -0.064, 0.67, range(335, 114, -8))
    draw.polygon(blade, fill=colour)
    draw.line([at(-0.3, 0.68), at(-0.72, 0.98)], fill=colour, width=max(2, round(r * 0.2)))
    draw.line([at(0.78, 0.8), at(-0.12, -0.1)], fill=colour, width=max(2, round(r * 0.17)))
    ux, uy, vx, vy = 0.7071, -0.7071, -0.7071, -0.7071  # along the head; up the handle
    hx, hy, half, depth = -0.16, -0.14, 0.3, 0.13
    head = [
        at(hx + ux * a * half + vx * b * depth, hy + uy * a * half + vy * b * depth)
        for a, b in ((-1, -1), (0.75, -1), (0.75, 1), (-1, 1))
    ]
    draw.polygon(head, fill=colour)


def _iron_cross(draw: ImageDraw.ImageDraw, centre: Point, r: float, colour: str, line: int) -> None:
    """A black cross with a white border, as the German army's vehicles bore it (Battle for
    Moscow's map marks the German set-up hexes with one)."""
    x, y = centre
    arm, edge = r * 0.36, max(1.0, r * 0.16)
    for grow, fill in ((edge, "#ffffff"), (0.0, colour)):
        draw.rectangle(
            (x - arm / 2 - grow, y - r + grow / 2, x + arm / 2 + grow, y + r - grow / 2), fill=fill
        )
        draw.rectangle(
            (x - r + grow / 2, y - arm / 2 - grow, x + r - grow / 2, y + arm / 2 + grow), fill=fill
        )
    draw.rectangle((x - arm / 2 - edge, y - r, x + arm / 2 + edge, y + r), outline=INK)
    draw.rectangle((x - r, y - arm / 2 - edge, x + r, y + arm / 2 + edge), outline=INK)


FeatureSymbol = Callable[[ImageDraw.ImageDraw, Point, float, str, int], None]
# The symbol a feature gets from a word of its id, where the data names none.
_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("fort", "fort"),
    ("cathedral", "cross"),
    ("church", "cross"),
    ("monastery", "ringed-cross"),
    ("bevingrad", "flag"),
    ("headquarters", "flag"),
    ("hq", "flag"),
)
_NAMED_SYMBOLS: dict[str, FeatureSymbol] = {
    "dot": _dot,
    "ring": _ring,
    "diamond": _diamond,
    "fort": _fort,
    "cross": _cross,
    "ringed-cross": _ringed_cross,
    "flag": _flag,
    "star": _star,
    "hammer-and-sickle": _hammer_and_sickle,
    "iron-cross": _iron_cross,
}
# How much of its radius a symbol fills, as a disc: where a line running into it must stop.
_EXTENTS = {
    "dot": 0.55,
    "ring": 0.62,
    "diamond": 0.7,
    "fort": 0.8,
    "cross": 1.0,
    "ringed-cross": 1.0,
    "flag": 1.0,
    "star": 1.0,
    "hammer-and-sickle": 1.0,
    "iron-cross": 1.0,
}
# Symbols with gaps a line would show through: drawn on a disc of the ground they stand on.
_KNOCKED_OUT = (
    "diamond",
    "fort",
    "cross",
    "flag",
    "star",
    "hammer-and-sickle",
    "iron-cross",
    "hill-triangle",
)


def _symbol_name(feature: str, symbol: str | None) -> str:
    """The symbol ``draw_point`` draws for a feature, by name."""
    if symbol in _NAMED_SYMBOLS:
        return symbol
    if feature in ("city", "town", "hill-triangle") or feature.startswith(("supply:", "number:")):
        return feature.split(":")[0]
    if "village" in feature:
        return "dot"
    return next((name for word, name in _SYMBOLS if word in feature), "diamond")


def symbol_extent(feature: str, symbol: str | None) -> float:
    """The share of ``draw_point``'s radius the feature's symbol fills (a city its whole
    circle, a town the square inside it, a village its dot)."""
    name = _symbol_name(feature, symbol)
    return {"town": 0.65, "city": 1.0}.get(name, _EXTENTS.get(name, 1.0))


def needs_knockout(feature: str, symbol: str | None) -> bool:
    """Whether the symbol stands on a disc of its ground, so no line shows through its gaps."""
    return _symbol_name(feature, symbol) in _KNOCKED_OUT


def draw_mark(draw: ImageDraw.ImageDraw, kind: str, colour: str, centre: Point, size: float) -> None:
    """The sign of a point-to-point space's extra kind, drawn in a box ``size`` across."""
    x, y = centre
    s = size / 2
    line = max(1, round(size / 9))
    if kind == "arabian-port":
        _anchor(draw, (x, y), s, "#1f4f8f", line)
    elif kind == "british-port":  # an anchor in a square: told from an Arabian port without colour
        draw.rectangle((x - s, y - s, x + s, y + s), fill="#ffffff", outline="#8a1c1c", width=line + 1)
        _anchor(draw, (x, y + s * 0.05), s * 0.82, "#8a1c1c", line)
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
