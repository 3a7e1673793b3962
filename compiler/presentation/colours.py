"""Colours that the rulebooks name, as RGB hex strings, and contrast helpers."""

from __future__ import annotations

NAMED = {
    "red": "#d0202a",
    "black": "#111111",
    "white": "#ffffff",
    "yellow": "#ffd21f",
    "green": "#1f9e3a",
    "blue": "#2f5fa8",
    "tan": "#d8bf8a",
    "brown": "#8a5a2b",
}
# The colour codes a value may have (a layout's ``colour``): each named colour, and Jerusalem!'s
# white figure on a red octagon. counter_values.py gives each its look.
COLOUR_CODES = (*NAMED, "red-octagon")


def rgb(colour: str) -> tuple[int, int, int]:
    colour = NAMED.get(colour, colour)
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def hex_colour(value: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*value)


def luminance(colour: str) -> float:
    r, g, b = rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def readable_on(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    return NAMED["black"] if luminance(background) > 0.55 else NAMED["white"]


def outline_for(colour: str) -> str:
    """A thin outline that makes coloured numbers readable on any counter."""
    return NAMED["white"] if luminance(NAMED.get(colour, colour)) < 0.5 else NAMED["black"]


def shade(colour: str, factor: float) -> str:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    r, g, b = rgb(colour)
    if factor <= 1:
        return hex_colour((int(r * factor), int(g * factor), int(b * factor)))
    mix = min(factor - 1, 1)
    return hex_colour((int(r + (255 - r) * mix), int(g + (255 - g) * mix), int(b + (255 - b) * mix)))


def keyline_for(background: str) -> str:
    """White or near-black, whichever stands further from ``background`` by WCAG contrast: the
    thin line that keeps a coloured bar or band visible on any counter, in greyscale too."""
    from compiler.render.legibility import contrast

    white, black = NAMED["white"], NAMED["black"]
    return white if contrast(white, background) >= contrast(black, background) else black
