"""Marker icons: the picture a published game prints on a marker, drawn as vector shapes.

A marker reads at arm's length by its picture (a stop sign, a bomb, a calendar), its word
small beneath (compiler/render/counters.py). Each icon is drawn in one ink on the marker's
ground, with cut-outs in the ground's colour, into a box the painter gives; only Pillow's
shapes are used (lines, polygons, ellipses, arcs, rectangles), so a drawing recorded from
them stays vector. The names are compiler/render/symbol_names.py's ``MARKER_ICONS``: a
face names one in its ``symbol`` (docs/data-model.md, "Marker icons").
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from compiler.render.symbols import star_points

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Icon = Callable[[ImageDraw.ImageDraw, Box, str, str], None]


def _frame(box: Box) -> tuple[float, float, float]:
    """The centre and half-size of the largest square in ``box``."""
    left, top, right, bottom = box
    return (left + right) / 2, (top + bottom) / 2, min(right - left, bottom - top) / 2


def _line_width(r: float, share: float = 0.11) -> int:
    return max(1, round(r * share))


def _octagon(cx: float, cy: float, r: float) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(22.5 + 45 * i)), cy + r * math.sin(math.radians(22.5 + 45 * i)))
        for i in range(8)
    ]


def _spark(draw: ImageDraw.ImageDraw, centre: Point, r: float, ink: str) -> None:
    draw.polygon(star_points(centre[0], centre[1], r, r * 0.4, points=8), fill=ink)


# --- the icons -----------------------------------------------------------------------------


def _stop(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A stop sign's octagon with a raised hand in it: units halt."""
    cx, cy, r = _frame(box)
    draw.polygon(_octagon(cx, cy, r), fill=ink)
    draw.polygon(_octagon(cx, cy, r * 0.8), fill=ground)
    s = r * 0.62  # the hand's scale
    draw.rounded_rectangle((cx - 0.42 * s, cy - 0.12 * s, cx + 0.4 * s, cy + 0.62 * s), 0.22 * s, fill=ink)
    tops = (-0.72, -0.86, -0.8, -0.6)
    for i, top in enumerate(tops):
        x0 = cx - 0.42 * s + i * 0.21 * s
        draw.rounded_rectangle((x0, cy + top * s, x0 + 0.18 * s, cy + 0.1 * s), 0.09 * s, fill=ink)
    thumb = [(-0.42, 0.42), (-0.74, -0.06), (-0.6, -0.18), (-0.3, 0.12)]
    draw.polygon([(cx + x * s, cy + y * s) for x, y in thumb], fill=ink)


def _bomb(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A round bomb with its fuse alight."""
    cx, cy, r = _frame(box)
    bx, by, br = cx - 0.14 * r, cy + 0.2 * r, 0.66 * r
    draw.ellipse((bx - br, by - br, bx + br, by + br), fill=ink)
    draw.arc(
        (bx - br * 0.7, by - br * 0.7, bx + br * 0.7, by + br * 0.7),
        200,
        250,
        fill=ground,
        width=_line_width(r),
    )
    neck = [(0.28, -0.42), (0.5, -0.64), (0.66, -0.48), (0.44, -0.26)]
    draw.polygon([(cx + x * r, cy + y * r) for x, y in neck], fill=ink)
    draw.arc(
        (cx + 0.5 * r, cy - 0.98 * r, cx + 1.0 * r, cy - 0.38 * r), 180, 290, fill=ink, width=_line_width(r)
    )
    _spark(draw, (cx + 0.8 * r, cy - 0.9 * r), 0.2 * r, ink)


def _no_entry(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """The road sign: a disc with a bar across it."""
    cx, cy, r = _frame(box)
    draw.ellipse((cx - r * 0.94, cy - r * 0.94, cx + r * 0.94, cy + r * 0.94), fill=ink)
    draw.rectangle((cx - r * 0.64, cy - r * 0.17, cx + r * 0.64, cy + r * 0.17), fill=ground)


def _no_stopping(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """The clearway sign: a ring crossed by an X (pass through, never stay)."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.17)
    draw.ellipse((cx - r * 0.94, cy - r * 0.94, cx + r * 0.94, cy + r * 0.94), outline=ink, width=width)
    d = r * 0.94 * math.sqrt(0.5) - width / 2
    draw.line([(cx - d, cy - d), (cx + d, cy + d)], fill=ink, width=width)
    draw.line([(cx - d, cy + d), (cx + d, cy - d)], fill=ink, width=width)


def _road(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A road running away into the distance, its centre line dashed."""
    cx, cy, r = _frame(box)
    top, bottom = cy - r * 0.9, cy + r * 0.9
    draw.polygon([(cx - r * 0.18, top), (cx + r * 0.18, top), (cx + r, bottom), (cx - r, bottom)], fill=ink)
    for start, end in ((0.02, 0.2), (0.34, 0.55), (0.7, 0.97)):
        y0, y1 = top + (bottom - top) * start, top + (bottom - top) * end
        half0, half1 = r * (0.03 + 0.05 * start), r * (0.03 + 0.05 * end)
        draw.polygon([(cx - half0, y0), (cx + half0, y0), (cx + half1, y1), (cx - half1, y1)], fill=ground)


def _arrow(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A bold arrow: the way a convoy or a move goes."""
    cx, cy, r = _frame(box)
    shaft = r * 0.22
    head = r * 0.62
    draw.rectangle((cx - r, cy - shaft, cx + r - head * 0.9, cy + shaft), fill=ink)
    draw.polygon([(cx + r, cy), (cx + r - head * 1.1, cy - head), (cx + r - head * 1.1, cy + head)], fill=ink)


def _turn(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A clock face: the marker that counts the turns."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.12)
    draw.ellipse((cx - r * 0.92, cy - r * 0.92, cx + r * 0.92, cy + r * 0.92), outline=ink, width=width)
    for i in range(12):
        angle = math.radians(30 * i)
        inner = 0.62 if i % 3 == 0 else 0.72
        start = (cx + r * inner * math.cos(angle), cy + r * inner * math.sin(angle))
        end = (cx + r * 0.8 * math.cos(angle), cy + r * 0.8 * math.sin(angle))
        draw.line([start, end], fill=ink, width=max(1, width // (1 if i % 3 == 0 else 2)))
    draw.line([(cx, cy), (cx, cy - r * 0.55)], fill=ink, width=width)
    draw.line([(cx, cy), (cx + r * 0.4, cy)], fill=ink, width=width)
    dot = r * 0.1
    draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=ink)


def _control(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A star: whose the place is."""
    cx, cy, r = _frame(box)
    draw.polygon(star_points(cx, cy + r * 0.05, r, r * 0.42), fill=ink)


def _out_of_supply(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A supply crate struck through."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.13)
    crate = (cx - r * 0.5, cy - r * 0.36, cx + r * 0.5, cy + r * 0.44)
    draw.rectangle(crate, outline=ink, width=width)
    draw.line([(crate[0], crate[1]), (crate[2], crate[3])], fill=ink, width=max(1, width // 2))
    draw.line([(crate[0], crate[3]), (crate[2], crate[1])], fill=ink, width=max(1, width // 2))
    draw.ellipse((cx - r * 0.95, cy - r * 0.95, cx + r * 0.95, cy + r * 0.95), outline=ink, width=width)
    d = r * 0.95 * math.sqrt(0.5)
    draw.line([(cx - d, cy + d), (cx + d, cy - d)], fill=ink, width=width)


def _phase(first: bool) -> Icon:
    def paint(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
        """Two cards of the turn overlapping, the one played first up and to the left: the
        front fills the first card, the back the second (on top), the other card an outline."""
        cx, cy, r = _frame(box)
        width = _line_width(r, 0.12)
        earlier = (cx - 0.95 * r, cy - 0.95 * r, cx + 0.3 * r, cy + 0.3 * r)
        later = (cx - 0.3 * r, cy - 0.3 * r, cx + 0.95 * r, cy + 0.95 * r)
        under, over = (later, earlier) if first else (earlier, later)
        draw.rectangle(under, fill=ground, outline=ink, width=width)
        gap = width * 1.5  # the ground's colour round the card on top keeps the two apart
        draw.rectangle((over[0] - gap, over[1] - gap, over[2] + gap, over[3] + gap), fill=ground)
        draw.rectangle(over, fill=ink)

    return paint


def _calendar(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A calendar page: its binding rings, a header band and the days, one marked."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.09)
    page = (cx - r * 0.86, cy - r * 0.66, cx + r * 0.86, cy + r * 0.9)
    draw.rectangle(page, outline=ink, width=width)
    draw.rectangle((page[0], page[1], page[2], cy - r * 0.3), fill=ink)
    for x in (cx - r * 0.45, cx + r * 0.45):
        draw.rounded_rectangle((x - r * 0.08, cy - r * 0.92, x + r * 0.08, cy - r * 0.5), r * 0.06, fill=ink)
        draw.rounded_rectangle(
            (x - r * 0.04, cy - r * 0.62, x + r * 0.04, cy - r * 0.44), r * 0.03, fill=ground
        )
    cell = r * 0.34
    for row in range(3):
        for column in range(4):
            x = page[0] + r * 0.16 + column * (cell + r * 0.04)
            y = cy - r * 0.18 + row * (cell * 0.82 + r * 0.04)
            marked = (row, column) == (1, 2)
            draw.rectangle(
                (x, y, x + cell * 0.82, y + cell * 0.66),
                fill=ink if marked else None,
                outline=ink,
                width=max(1, width // 2),
            )


def _dynamite(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """Three sticks of explosive bound together, the fuse lit: a demolition charge."""
    cx, cy, r = _frame(box)
    stick = r * 0.36
    gap = r * 0.05
    top, bottom = cy - r * 0.35, cy + r * 0.95
    for i in (-1, 0, 1):
        x = cx + i * (stick + gap)
        draw.rounded_rectangle((x - stick / 2, top, x + stick / 2, bottom), stick * 0.25, fill=ink)
    for band in (0.2, 0.72):
        y = top + (bottom - top) * band
        draw.rectangle((cx - r * 0.62, y, cx + r * 0.62, y + r * 0.08), fill=ground)
    draw.arc(
        (cx - r * 0.02, cy - r * 0.95, cx + r * 0.62, cy - r * 0.2), 180, 300, fill=ink, width=_line_width(r)
    )
    _spark(draw, (cx + r * 0.5, cy - r * 0.82), r * 0.2, ink)


def _broken_rail(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A railway cut: rails on their ties, broken and bent apart where the charge went off."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.12)
    gap = r * 0.2
    for sign in (-1, 1):
        near, far, bend = cx + sign * gap, cx + sign * r, sign * r * 0.16
        for rail in (-0.3, 0.3):
            draw.line([(far, cy + rail * r), (near, cy + rail * r + bend)], fill=ink, width=width)
        for k in range(3):
            x = near + sign * (r * 0.14 + k * r * 0.26)
            lift = bend * (1 - (k * 0.26 + 0.14) / (1 - 0.2))
            draw.line(
                [(x, cy - r * 0.5 + lift), (x, cy + r * 0.5 + lift)], fill=ink, width=max(1, width * 3 // 4)
            )
    _spark(draw, (cx, cy), r * 0.24, ink)


def _coins(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A stack of coins and one beside it: money to spend."""
    cx, cy, r = _frame(box)
    line = _line_width(r, 0.06)
    w, h, step, count = r * 0.56, r * 0.3, r * 0.24, 5
    x, base = cx - r * 0.36, cy + r * 0.75
    top = base - count * step
    draw.ellipse((x - w, base - h / 2, x + w, base + h / 2), fill=ink)
    draw.rectangle((x - w, top, x + w, base), fill=ink)
    for i in range(1, count):  # the edge of each coin on the one below
        y = base - i * step
        draw.arc((x - w, y - h / 2, x + w, y + h / 2), 15, 165, fill=ground, width=line)
    draw.ellipse((x - w, top - h / 2, x + w, top + h / 2), fill=ink, outline=ground, width=line)
    coin = r * 0.38
    ox, oy = cx + r * 0.56, cy + r * 0.56
    draw.ellipse((ox - coin, oy - coin, ox + coin, oy + coin), fill=ink)
    rim = coin * 0.68
    draw.ellipse((ox - rim, oy - rim, ox + rim, oy + rim), outline=ground, width=line)


def _banner(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A standard on its staff: the leader's command."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.1)
    staff = cx - r * 0.6
    draw.line([(staff, cy - r * 0.8), (staff, cy + r * 0.98)], fill=ink, width=width)
    knob = r * 0.12
    draw.ellipse((staff - knob, cy - r * 0.98, staff + knob, cy - r * 0.98 + 2 * knob), fill=ink)
    cloth = [
        (staff, cy - r * 0.72),
        (cx + r * 0.95, cy - r * 0.6),
        (cx + r * 0.55, cy - r * 0.2),
        (cx + r * 0.95, cy + r * 0.2),
        (staff, cy + r * 0.12),
    ]
    draw.polygon(cloth, fill=ink)
    draw.polygon(star_points(cx + r * 0.02, cy - r * 0.28, r * 0.2, r * 0.08), fill=ground)


def _letter(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A sealed letter: the appeal sent."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.1)
    left, top, right, bottom = cx - r * 0.95, cy - r * 0.58, cx + r * 0.95, cy + r * 0.62
    draw.rectangle((left, top, right, bottom), outline=ink, width=width)
    draw.line([(left, top), (cx, cy + r * 0.12), (right, top)], fill=ink, width=width)
    seal = r * 0.2
    draw.ellipse((cx - seal, cy + r * 0.02 - seal, cx + seal, cy + r * 0.02 + seal), fill=ink)


def _machinegun(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A machine gun on its tripod."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.1)
    draw.rectangle((cx - r * 0.95, cy - r * 0.42, cx + r * 0.3, cy - r * 0.08), fill=ink)
    draw.rectangle((cx + r * 0.3, cy - r * 0.32, cx + r * 0.98, cy - r * 0.2), fill=ink)
    draw.rectangle((cx - r * 0.55, cy - r * 0.5, cx - r * 0.05, cy - r * 0.42), fill=ink)
    draw.polygon(
        [(cx - r * 0.95, cy - r * 0.08), (cx - r * 0.7, cy - r * 0.08), (cx - r * 0.85, cy + r * 0.25)],
        fill=ink,
    )
    hinge = (cx - r * 0.15, cy - r * 0.08)
    for foot in ((cx - r * 0.7, cy + r * 0.9), (cx + r * 0.45, cy + r * 0.9), (cx - r * 0.1, cy + r * 0.75)):
        draw.line([hinge, foot], fill=ink, width=width)


def _plus(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """A bold plus in a ring: units come back (replacements)."""
    cx, cy, r = _frame(box)
    width = _line_width(r, 0.12)
    draw.ellipse((cx - r * 0.94, cy - r * 0.94, cx + r * 0.94, cy + r * 0.94), outline=ink, width=width)
    arm, half = r * 0.58, r * 0.17
    draw.rectangle((cx - arm, cy - half, cx + arm, cy + half), fill=ink)
    draw.rectangle((cx - half, cy - arm, cx + half, cy + arm), fill=ink)


def _aircraft(draw: ImageDraw.ImageDraw, box: Box, ink: str, ground: str) -> None:
    """An aeroplane seen from above, nose up: air points to spend."""
    cx, cy, r = _frame(box)
    outline = [
        (0.0, -0.98),
        (0.1, -0.86),
        (0.12, -0.28),
        (0.98, 0.1),
        (0.98, 0.26),
        (0.12, 0.1),
        (0.09, 0.64),
        (0.42, 0.84),
        (0.42, 0.96),
        (0.0, 0.88),
    ]
    mirrored = outline + [(-x, y) for x, y in reversed(outline[1:-1])]
    draw.polygon([(cx + x * r, cy + y * r) for x, y in mirrored], fill=ink)


ICONS: dict[str, Icon] = {
    "aircraft": _aircraft,
    "arrow": _arrow,
    "banner": _banner,
    "bomb": _bomb,
    "broken-rail": _broken_rail,
    "calendar": _calendar,
    "coins": _coins,
    "control": _control,
    "dynamite": _dynamite,
    "letter": _letter,
    "machinegun": _machinegun,
    "no-entry": _no_entry,
    "no-stopping": _no_stopping,
    "out-of-supply": _out_of_supply,
    "phase-first": _phase(True),
    "phase-second": _phase(False),
    "plus": _plus,
    "road": _road,
    "stop": _stop,
    "turn": _turn,
}


def draw_icon(draw: ImageDraw.ImageDraw, name: str, box: Box, ink: str, ground: str) -> None:
    """The marker icon ``name`` in ``box``, in ``ink`` on ``ground``."""
    ICONS[name](draw, box, ink, ground)
