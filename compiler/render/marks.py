"""Small pictures a counter prints beside its values: a nation's mark, and the symbols a
layout's ``symbol`` entries draw (Israel 1948's supply symbol is the half-disc)."""

from __future__ import annotations

from PIL import ImageDraw

from compiler.render.colours import NAMED, shade
from compiler.render.symbols import star_points
from rules_engine.definitions import Nation

Box = tuple[float, float, float, float]


def draw_flag(draw: ImageDraw.ImageDraw, nation: Nation, box: Box, u: float) -> None:
    """A nation's mark: its stripes, and its emblem where it has one (the Ottoman crescent and star)."""
    left, top, right, bottom = box
    colours = nation.mark_colours
    count = len(colours)
    for index, colour in enumerate(colours):
        if nation.mark_stripes == "vertical":
            step = (right - left) / count
            draw.rectangle((left + index * step, top, left + (index + 1) * step, bottom), fill=colour)
        else:
            step = (bottom - top) / count
            draw.rectangle((left, top + index * step, right, top + (index + 1) * step), fill=colour)
    if nation.mark_emblem == "crescent-star":
        _crescent_and_star(draw, box, colours[0] if colours else NAMED["red"])
    draw.rectangle(box, outline=NAMED["black"], width=max(1, round(0.6 * u)))


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
