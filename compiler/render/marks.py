"""Small pictures a counter prints beside its values: a nation's mark, and the symbols a
layout's ``symbol`` entries draw (Israel 1948's supply symbol is the half-disc)."""

from __future__ import annotations

import math

from PIL import ImageDraw

from compiler.presentation.colours import NAMED, shade
from compiler.render.symbols import star_points
from rules_engine.definitions import Nation

Box = tuple[float, float, float, float]


def draw_flag(
    draw: ImageDraw.ImageDraw, nation: Nation, box: Box, u: float, frame: str | None = None
) -> None:
    """A nation's mark: its field (stripes of its colours) and its emblem where it has one;
    ``frame``, a keyline around it in that colour (white on a dark counter, black on a light
    one), so the mark stands out from a counter of its own colour, in greyscale too."""
    left, top, right, bottom = box
    if frame is not None:
        width = max(1.0, 0.9 * u)
        draw.rectangle((left - width, top - width, right + width, bottom + width), fill=frame)
    emblem = nation.mark_emblem
    colours = nation.mark_colours
    if emblem in ("star-of-david", "union-jack"):
        _EMBLEMS[emblem](draw, box, colours)
    else:
        field = colours[:-1] if emblem == "hoist-triangle" and len(colours) > 1 else colours
        _stripes(draw, box, field, nation.mark_stripes)
        if emblem == "hoist-triangle" and len(colours) > 1:
            draw.polygon(
                [(left, top), (left + (right - left) * 0.42, (top + bottom) / 2), (left, bottom)],
                fill=colours[-1],
            )
        elif emblem == "crescent-star":
            _crescent_and_star(draw, box, colours[0] if colours else NAMED["red"])
    if frame is None:
        draw.rectangle(box, outline=NAMED["black"], width=max(1, round(0.6 * u)))


def _stripes(draw: ImageDraw.ImageDraw, box: Box, colours: tuple[str, ...], stripes: str | None) -> None:
    left, top, right, bottom = box
    count = max(1, len(colours))
    for index, colour in enumerate(colours):
        if stripes == "vertical":
            step = (right - left) / count
            draw.rectangle((left + index * step, top, left + (index + 1) * step, bottom), fill=colour)
        else:
            step = (bottom - top) / count
            draw.rectangle((left, top + index * step, right, top + (index + 1) * step), fill=colour)


def _star_of_david(draw: ImageDraw.ImageDraw, box: Box, colours: tuple[str, ...]) -> None:
    """A field of the first colour, a band near its top and bottom and a six-pointed star of
    two triangles between them in the second (the Zionist flag of 1948)."""
    left, top, right, bottom = box
    field, ink = colours[0], colours[1] if len(colours) > 1 else NAMED["blue"]
    height = bottom - top
    draw.rectangle(box, fill=field)
    draw.rectangle((left, top + height * 0.1, right, top + height * 0.24), fill=ink)
    draw.rectangle((left, bottom - height * 0.24, right, bottom - height * 0.1), fill=ink)
    cx, cy, r = (left + right) / 2, (top + bottom) / 2, height * 0.2
    width = max(1, round(r / 3.5))
    for turn in (-math.pi / 2, math.pi / 2):
        points = [
            (cx + r * math.cos(turn + k * 2 * math.pi / 3), cy + r * math.sin(turn + k * 2 * math.pi / 3))
            for k in range(3)
        ]
        draw.polygon(points, outline=ink, width=width)


def _union_jack(draw: ImageDraw.ImageDraw, box: Box, colours: tuple[str, ...]) -> None:
    """A field of the first colour, a saltire and a cross of the second, narrower ones of the
    third inside them (the Union Flag, drawn small)."""
    left, top, right, bottom = box
    field = colours[0]
    white = colours[1] if len(colours) > 1 else NAMED["white"]
    red = colours[2] if len(colours) > 2 else NAMED["red"]
    height = bottom - top
    draw.rectangle(box, fill=field)
    for colour, share in ((white, 0.2), (red, 0.08)):
        width = max(1, round(height * share))
        draw.line([(left, top), (right, bottom)], fill=colour, width=width)
        draw.line([(left, bottom), (right, top)], fill=colour, width=width)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    for colour, half in ((white, height * 0.17), (red, height * 0.09)):
        draw.rectangle((left, cy - half, right, cy + half), fill=colour)
        draw.rectangle((cx - half, top, cx + half, bottom), fill=colour)


_EMBLEMS = {"star-of-david": _star_of_david, "union-jack": _union_jack}


def _crescent_and_star(draw: ImageDraw.ImageDraw, box: Box, field: str) -> None:
    """A white crescent opening to the fly with a five-pointed star beside it."""
    left, top, right, bottom = box
    height = bottom - top
    cx, cy = left + (right - left) * 0.42, (top + bottom) / 2
    outer = height * 0.3
    inner = outer * 0.8
    draw.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=NAMED["white"])
    shift = outer * 0.32
    draw.ellipse((cx - inner + shift, cy - inner, cx + inner + shift, cy + inner), fill=field)
    star_x = cx + outer * 0.95
    draw.polygon(star_points(star_x, cy, height * 0.13, height * 0.055), fill=NAMED["white"])


def draw_corner_symbol(
    draw: ImageDraw.ImageDraw,
    name: str,
    centre: tuple[float, float],
    radius: float,
    ink: str,
    side_colour: str,
) -> None:
    """One of a layout's SYMBOLS (rules_engine/definitions/layout.py): the half-disc is half
    white, half a shade of the side's colour (Israel 1948's supply symbol, as on its map); the
    others are in the counter's ink."""
    cx, cy = centre
    bounds = (cx - radius, cy - radius, cx + radius, cy + radius)
    if name == "half-disc":
        draw.pieslice(bounds, 90, 270, fill=NAMED["white"])
        draw.pieslice(bounds, 270, 90, fill=shade(side_colour, 0.75))
        draw.ellipse(bounds, outline=NAMED["white"], width=max(1, round(radius / 5)))
    elif name == "disc":
        draw.ellipse(bounds, fill=ink)
    elif name == "circle":
        draw.ellipse(bounds, outline=ink, width=max(1, round(radius / 4)))
    else:
        draw.polygon(star_points(cx, cy, radius, radius * 0.42), fill=ink)
