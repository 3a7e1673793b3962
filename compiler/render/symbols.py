"""Unit-type symbols drawn as vectors, NATO style where NATO has one.

Each painter draws into a box (left, top, right, bottom) with one ink colour;
the frame of the symbol is drawn by ``draw_symbol`` so that every symbol sits
in the same kind of box. Symbols are looked up by the names game.json uses in
``unit_classes[].symbol`` (and counters' ``front.symbol``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw, Box, str, int], None]


def _infantry(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    draw.line([(left, top), (right, bottom)], fill=ink, width=width)
    draw.line([(left, bottom), (right, top)], fill=ink, width=width)


def _oval(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.rounded_rectangle(
        (left + w * 0.18, top + h * 0.28, right - w * 0.18, bottom - h * 0.28),
        radius=h * 0.22,
        outline=ink,
        width=width,
    )


def _armour(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    _oval(draw, box, ink, width)


def _armoured_car(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    draw.line([(left, bottom), (right, top)], fill=ink, width=width)
    _oval(draw, box, ink, width)


def _mechanised(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    _infantry(draw, box, ink, width)
    _oval(draw, box, ink, width)


def _militia(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    """Irregulars: the infantry cross with a 'G' for guerrilla beneath its centre."""
    left, top, right, bottom = box
    _infantry(draw, box, ink, max(1, width * 2 // 3))
    h = bottom - top
    r = h * 0.2
    cx, cy = (left + right) / 2, (top + bottom) / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=None, outline=ink, width=width)


def _fortified(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    """A tower with battlements."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    base = (left + w * 0.3, top + h * 0.35, right - w * 0.3, bottom - h * 0.12)
    draw.rectangle(base, outline=ink, width=width)
    step = (base[2] - base[0]) / 5
    for i in (0, 2, 4):
        x = base[0] + i * step
        draw.rectangle((x, top + h * 0.15, x + step, base[1]), fill=ink)


def _artillery(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    cx, cy, r = (left + right) / 2, (top + bottom) / 2, (bottom - top) * 0.16
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _mortar(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    cx, cy, r = (left + right) / 2, (top + bottom) * 0.5 + (bottom - top) * 0.12, (bottom - top) * 0.13
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=width)
    tip = top + (bottom - top) * 0.12
    draw.line([(cx, cy - r), (cx, tip)], fill=ink, width=width)
    draw.line([(cx - r, tip + r), (cx, tip), (cx + r, tip + r)], fill=ink, width=width)


def _anti_tank(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    draw.line([(left, bottom), ((left + right) / 2, top), (right, bottom)], fill=ink, width=width)


def _wheels(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    r = h * 0.12
    for cx in (left + w * 0.3, left + w * 0.7):
        draw.ellipse((cx - r, bottom - h * 0.3 - r, cx + r, bottom - h * 0.3 + r), outline=ink, width=width)


def _transport(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.line([(left + w * 0.15, top + h * 0.45), (right - w * 0.15, top + h * 0.45)], fill=ink, width=width)
    _wheels(draw, box, ink, width)


def _bus(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.rectangle(
        (left + w * 0.15, top + h * 0.2, right - w * 0.15, top + h * 0.55), outline=ink, width=width
    )
    for i in range(3):
        x = left + w * (0.22 + 0.2 * i)
        draw.rectangle((x, top + h * 0.27, x + w * 0.12, top + h * 0.4), fill=ink)
    _wheels(draw, box, ink, width)


def _halftrack(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    r = h * 0.12
    cx = left + w * 0.28
    draw.ellipse((cx - r, bottom - h * 0.3 - r, cx + r, bottom - h * 0.3 + r), outline=ink, width=width)
    draw.rounded_rectangle(
        (left + w * 0.48, bottom - h * 0.42, right - w * 0.12, bottom - h * 0.18),
        radius=h * 0.1,
        outline=ink,
        width=width,
    )
    draw.line([(left + w * 0.15, top + h * 0.4), (right - w * 0.12, top + h * 0.4)], fill=ink, width=width)


def _bulldozer(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    _oval(draw, (left + w * 0.15, top, right, bottom), ink, width)
    draw.line(
        [(left + w * 0.15, top + h * 0.25), (left + w * 0.15, bottom - h * 0.25)], fill=ink, width=width * 2
    )


FLAME = (
    (0.0, -2.7),
    (0.38, -1.75),
    (0.8, -2.05),
    (0.98, -1.0),
    (1.0, -0.25),
    *((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 181, 15)),
    (-1.0, -0.25),
    (-0.92, -1.05),
    (-0.62, -1.6),
    (-0.4, -1.05),
    (-0.22, -1.9),
)  # a flame with two side tongues, base radius 1, pointing up


def _flamethrower(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    """A flame-armed halftrack: its tracks at the left, a flame at the right."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    body = (left + w * 0.1, top + h * 0.55, left + w * 0.55, bottom - h * 0.15)
    draw.rounded_rectangle(body, radius=(body[3] - body[1]) / 2, outline=ink, width=width)
    radius = h * 0.2
    fx, fy = right - w * 0.22, bottom - h * 0.1 - radius
    draw.polygon([(fx + x * radius, fy + y * radius) for x, y in FLAME], fill=ink)


def _convoy(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    for i in range(3):
        x = left + w * (0.12 + 0.27 * i)
        draw.rectangle((x, top + h * 0.35, x + w * 0.2, top + h * 0.6), fill=ink)
        draw.ellipse((x + w * 0.02, top + h * 0.62, x + w * 0.08, top + h * 0.72), fill=ink)
        draw.ellipse((x + w * 0.12, top + h * 0.62, x + w * 0.18, top + h * 0.72), fill=ink)


def _garrison(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.rectangle(
        (left + w * 0.25, top + h * 0.3, right - w * 0.25, bottom - h * 0.15), outline=ink, width=width
    )
    draw.polygon(
        [
            (left + w * 0.18, top + h * 0.32),
            ((left + right) / 2, top + h * 0.1),
            (right - w * 0.18, top + h * 0.32),
        ],
        outline=ink,
        width=width,
    )


def star_points(
    cx: float, cy: float, outer: float, inner: float, points: int = 5
) -> list[tuple[float, float]]:
    found = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        found.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return found


def _leader(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    outer = min(right - left, bottom - top) * 0.42
    draw.polygon(star_points(cx, cy, outer, outer * 0.45), fill=ink)


def _dummy(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    """A leader's star drawn hollow: the place of a leader with no one in it (a dummy)."""
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    outer = min(right - left, bottom - top) * 0.46
    ground = draw.im.getpixel((round(cx), round(cy)))  # what the star stands on shows through it
    draw.polygon(star_points(cx, cy, outer, outer * 0.45), fill=ink)
    hollow = outer - 2.6 * width
    if hollow > 0:
        draw.polygon(star_points(cx, cy + width * 0.3, hollow, hollow * 0.45), fill=ground)


def _cavalry(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    draw.line([(left, bottom), (right, top)], fill=ink, width=width)


def _camel(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    _cavalry(draw, box, ink, width)
    draw.arc(
        (left + w * 0.1, top + h * 0.15, left + w * 0.45, top + h * 0.55), 200, 340, fill=ink, width=width
    )


def _aeroplane(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx, cy = (left + right) / 2, (top + bottom) / 2
    draw.line([(left + w * 0.1, cy), (right - w * 0.1, cy)], fill=ink, width=width * 2)
    draw.line([(cx, top + h * 0.15), (cx, bottom - h * 0.12)], fill=ink, width=width * 2)
    draw.line(
        [(cx - w * 0.15, bottom - h * 0.15), (cx + w * 0.15, bottom - h * 0.15)], fill=ink, width=width * 2
    )


def _train(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.rectangle(
        (left + w * 0.12, top + h * 0.3, right - w * 0.12, top + h * 0.62), outline=ink, width=width
    )
    for i in range(4):
        cx = left + w * (0.22 + 0.19 * i)
        r = h * 0.07
        draw.ellipse((cx - r, top + h * 0.7 - r, cx + r, top + h * 0.7 + r), fill=ink)


def _camp(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.polygon(
        [
            (left + w * 0.15, bottom - h * 0.15),
            ((left + right) / 2, top + h * 0.15),
            (right - w * 0.15, bottom - h * 0.15),
        ],
        outline=ink,
        width=width,
    )
    draw.line(
        [((left + right) / 2, top + h * 0.15), ((left + right) / 2, bottom - h * 0.15)], fill=ink, width=width
    )


def _engineer(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    y0, y1 = top + h * 0.35, bottom - h * 0.35
    draw.line(
        [(left + w * 0.25, y1), (left + w * 0.25, y0), (right - w * 0.25, y0), (right - w * 0.25, y1)],
        fill=ink,
        width=width,
    )
    draw.line([((left + right) / 2, y0), ((left + right) / 2, y1)], fill=ink, width=width)


def _nothing(draw: ImageDraw.ImageDraw, box: Box, ink: str, width: int) -> None:
    return None


SYMBOLS: dict[str, Painter] = {
    "infantry": _infantry,
    "armour": _armour,
    "armoured-car": _armoured_car,
    "mechanised": _mechanised,
    "militia": _militia,
    "fortified": _fortified,
    "artillery": _artillery,
    "mortar": _mortar,
    "anti-tank": _anti_tank,
    "transport": _transport,
    "bus": _bus,
    "halftrack": _halftrack,
    "bulldozer": _bulldozer,
    "flamethrower": _flamethrower,
    "convoy": _convoy,
    "garrison": _garrison,
    "leader": _leader,
    "dummy": _dummy,
    "cavalry": _cavalry,
    "camel": _camel,
    "aeroplane": _aeroplane,
    "train": _train,
    "camp": _camp,
    "engineer": _engineer,
    "none": _nothing,
}
FRAMELESS = {"leader", "dummy", "aeroplane", "none", "camp", "fortified", "garrison"}


def draw_symbol(
    draw: ImageDraw.ImageDraw, name: str, box: Box, ink: str, fill: str | None, width: int
) -> None:
    """The symbol ``name`` in ``box``: a filled frame (for NATO types) and its sign."""
    painter = SYMBOLS.get(name, _nothing)
    if name not in FRAMELESS:
        draw.rectangle(box, fill=fill, outline=ink, width=width)
    left, top, right, bottom = box
    inset = width
    painter(draw, (left + inset, top + inset, right - inset, bottom - inset), ink, width)
