"""Textures printed over a terrain's colour, so terrain reads without colour.

Two terrains of one lightness (Israel 1948's marsh, sea and rough) print as one
grey and look alike to a colour-blind player; published maps give each a
texture of its own: tufts of reed for marsh, waves for sea, rocks for rough
ground, hachures for hills, blocks of houses for a city. ``draw_pattern`` puts a
pattern's marks on a lattice laid over the whole sheet, so a texture runs on
from hex to hex without seams, and keeps each mark inside the shape it fills.
The key and the charts draw their samples with the same function.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from compiler.presentation.colours import shade

Point = tuple[float, float]
PATTERN_IN = 0.16  # the lattice's step on the map, inches
PATTERNS = (
    "plain",
    "dots",
    "rocks",
    "hachures",
    "tufts",
    "waves",
    "blocks",
    "houses",
    "palms",
    "trees",
    "ties",
)
_BY_ID = (
    ("marsh", "tufts"),
    ("swamp", "tufts"),
    ("sea", "waves"),
    ("lake", "waves"),
    ("water", "waves"),
    ("rough", "rocks"),
    ("mountain", "rocks"),
    ("hill", "hachures"),
    ("city", "blocks"),
    ("town", "houses"),
    ("desert", "dots"),
    ("oasis", "palms"),
    ("forest", "trees"),
    ("wood", "trees"),
    ("station", "ties"),
)


def default_pattern(terrain_id: str) -> str:
    """The texture a terrain gets when its data names none: from the words of its id."""
    return next((pattern for word, pattern in _BY_ID if word in terrain_id), "plain")


def pattern_ink(fill: str) -> str:
    """The colour of a pattern's marks: the fill, much darker, so the marks read in greyscale."""
    return shade(fill, 0.5)


def draw_pattern(
    draw: ImageDraw.ImageDraw,
    pattern: str,
    shape: Sequence[Point],
    fill: str,
    step: float,
    ink: str | None = None,
    keep_clear: tuple[float, float, float, float] | None = None,
) -> None:
    """The pattern's marks inside the convex ``shape``, on a lattice ``step`` pixels apart that
    is the same for every shape of a sheet (so textures meet without seams); none in
    ``keep_clear`` (where a hex ID is printed)."""
    _lattice(draw, pattern, shape, fill, step, ink, (0.0, 0.0), keep_clear)


def _lattice(
    draw: ImageDraw.ImageDraw,
    pattern: str,
    shape: Sequence[Point],
    fill: str,
    step: float,
    ink: str | None,
    origin: Point,
    keep_clear: tuple[float, float, float, float] | None = None,
) -> None:
    """Marks at the lattice points inside ``shape``; the lattice is laid from the sheet's corner,
    ``origin`` being where the drawing's (0, 0) lies on the sheet."""
    mark = _MARKS.get(pattern)
    if mark is None or step < 4:
        return
    colour = ink or pattern_ink(fill)
    size = step * 0.34
    line = max(1, round(step / 9 + 0.4))
    ox, oy = origin
    xs, ys = [p[0] + ox for p in shape], [p[1] + oy for p in shape]
    row_step = step * 0.866
    for row in range(math.floor(min(ys) / row_step), math.ceil(max(ys) / row_step) + 1):
        offset = step / 2 if row % 2 else 0.0
        for column in range(math.floor((min(xs) - offset) / step), math.ceil((max(xs) - offset) / step) + 1):
            jx, jy = _jitter(row, column)
            x = column * step + offset + jx * step * 0.18 - ox
            y = row * row_step + jy * step * 0.18 - oy
            if _inside((x, y), shape, size * 1.15) and not _within((x, y), keep_clear, size * 1.2):
                mark(draw, (x, y), size, colour, line)


def pattern_through(
    image: Image.Image, pattern: str, mask: Image.Image, fill: str, step: float, ink: str | None = None
) -> None:
    """The pattern over the white part of ``mask`` (any shape: a sea with its bays), on the same
    lattice as ``draw_pattern``; marks that cross the mask's edge are cut there."""
    box = mask.getbbox()
    if box is None:
        return
    layer = image.crop(box)
    offset_x, offset_y = box[0], box[1]
    rect = [
        (0.0, 0.0),
        (float(layer.width), 0.0),
        (float(layer.width), float(layer.height)),
        (0.0, float(layer.height)),
    ]
    shifted = ImageDraw.Draw(layer)
    _lattice(shifted, pattern, rect, fill, step, ink, (offset_x, offset_y))
    image.paste(layer, box[:2], mask.crop(box))


def _jitter(row: int, column: int) -> tuple[float, float]:
    """A fixed small offset for each lattice point (-1 to 1), so marks do not stand in rows."""
    seed = (row * 73856093) ^ (column * 19349663)
    return ((seed % 1009) / 504.5) - 1, (((seed // 1009) % 997) / 498.5) - 1


def _within(point: Point, rect: tuple[float, float, float, float] | None, margin: float) -> bool:
    if rect is None:
        return False
    x, y = point
    return rect[0] - margin <= x <= rect[2] + margin and rect[1] - margin <= y <= rect[3] + margin


def _inside(point: Point, shape: Sequence[Point], inset: float) -> bool:
    """Whether ``point`` lies inside the convex polygon ``shape``, at least ``inset`` from each edge."""
    x, y = point
    count = len(shape)
    area = sum(
        shape[i][0] * shape[(i + 1) % count][1] - shape[(i + 1) % count][0] * shape[i][1]
        for i in range(count)
    )
    sign = 1 if area > 0 else -1
    for i in range(count):
        (ax, ay), (bx, by) = shape[i], shape[(i + 1) % count]
        length = math.hypot(bx - ax, by - ay) or 1
        if sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < inset:
            return False
    return True


# --- the marks ---------------------------------------------------------------------------------


def _dots(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    r = max(0.8, size * 0.16)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    draw.ellipse(
        (x + size * 0.7 - r, y + size * 0.4 - r, x + size * 0.7 + r, y + size * 0.4 + r), fill=colour
    )


def _rocks(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    s = size * 0.75
    draw.polygon([(x - s, y + s * 0.5), (x - s * 0.2, y - s * 0.6), (x + s * 0.3, y + s * 0.5)], fill=colour)
    draw.polygon([(x + s * 0.1, y + s * 0.5), (x + s * 0.6, y - s * 0.1), (x + s, y + s * 0.5)], fill=colour)


def _hachures(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    draw.arc((x - size, y - size * 0.6, x + size, y + size * 1.2), 200, 340, fill=colour, width=line + 1)
    for dx in (-0.45, 0.0, 0.45):
        draw.line(
            [(x + dx * size, y - size * 0.25), (x + dx * size * 1.25, y + size * 0.35)],
            fill=colour,
            width=line,
        )


def _tufts(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    base = y + size * 0.5
    for dx, top in ((-0.55, 0.35), (0.0, 0.75), (0.55, 0.35)):
        draw.line(
            [(x + dx * size * 0.3, base), (x + dx * size, base - top * size * 1.3)], fill=colour, width=line
        )
    draw.line([(x - size * 0.8, base), (x + size * 0.8, base)], fill=colour, width=line)


def _waves(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    for dx in (-size * 0.5, size * 0.5):
        draw.arc(
            (x + dx - size * 0.5, y - size * 0.35, x + dx + size * 0.5, y + size * 0.35),
            200,
            340,
            fill=colour,
            width=line + 1,
        )


def _blocks(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    s = size * 0.42
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        cx, cy = x + dx * s * 1.2, y + dy * s * 1.2
        draw.rectangle((cx - s * 0.6, cy - s * 0.6, cx + s * 0.6, cy + s * 0.6), fill=colour)


def _houses(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    s = size * 0.5
    draw.rectangle((x - s, y - s * 0.2, x + s, y + s), fill=colour)
    draw.polygon([(x - s * 1.2, y - s * 0.2), (x, y - s * 1.1), (x + s * 1.2, y - s * 0.2)], fill=colour)


def _palms(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    top = y - size * 0.55
    draw.line([(x, y + size * 0.8), (x + size * 0.1, top)], fill=colour, width=line + 1)
    for start, end in ((180, 300), (240, 360), (190, 250), (290, 350)):
        draw.arc(
            (x - size * 0.8, top - size * 0.2, x + size * 0.8, top + size * 0.9),
            start,
            end,
            fill=colour,
            width=line + 1,
        )


def _trees(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    r = size * 0.55
    draw.ellipse((x - r, y - r * 1.3, x + r, y + r * 0.3), fill=colour)
    draw.line([(x, y), (x, y + size * 0.7)], fill=colour, width=line + 1)


def _ties(draw: ImageDraw.ImageDraw, at: Point, size: float, colour: str, line: int) -> None:
    x, y = at
    draw.line([(x - size, y), (x + size, y)], fill=colour, width=line + 1)
    for dx in (-0.6, 0.0, 0.6):
        draw.line([(x + dx * size, y - size * 0.4), (x + dx * size, y + size * 0.4)], fill=colour, width=line)


Mark = Callable[[ImageDraw.ImageDraw, Point, float, str, int], None]
_MARKS: dict[str, Mark] = {
    "dots": _dots,
    "rocks": _rocks,
    "hachures": _hachures,
    "tufts": _tufts,
    "waves": _waves,
    "blocks": _blocks,
    "houses": _houses,
    "palms": _palms,
    "trees": _trees,
    "ties": _ties,
}
