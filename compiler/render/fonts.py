"""Fonts: the scalable font bundled with Pillow, so output is the same on every machine.

Pillow ships one font (Aileron Regular) usable at any size. A heavier look is
made with a stroke of the text's own colour, which stays deterministic.
"""

from __future__ import annotations

import functools

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont


@functools.cache
def font(size: int) -> Font:
    loaded = ImageFont.load_default(size=max(4, size))
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    return loaded


def fitted_font(
    draw: ImageDraw.ImageDraw, text: str, max_width: float, size: int, min_size: int = 5, stroke: int = 0
) -> Font:
    """The largest font not above ``size`` in which ``text`` fits ``max_width``."""
    while size > min_size:
        chosen = font(size)
        left, _, right, _ = draw.textbbox((0, 0), text, font=chosen, stroke_width=stroke)
        if right - left <= max_width:
            return chosen
        size -= 1
    return font(min_size)


def draw_centered(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    chosen: Font,
    fill: str,
    stroke: int = 0,
    stroke_fill: str | None = None,
) -> None:
    """Text centred on a point (by its ink box, so digits sit where they look centred)."""
    draw.text(
        centre,
        text,
        font=chosen,
        fill=fill,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=stroke_fill if stroke_fill is not None else fill,
    )


@functools.cache
def _notdef_signature() -> tuple[tuple[int, int], bytes]:
    """How the font draws a character it has no glyph for (its .notdef box)."""
    mask = font(20).getmask("\uffff")
    return mask.size, bytes(mask)


def missing_glyphs(text: str) -> list[str]:
    """The distinct characters of ``text`` (other than spaces) the font would draw as its empty box."""
    missing: list[str] = []
    for character in dict.fromkeys(text):
        if character.isspace() or character.isascii():
            continue
        mask = font(20).getmask(character)
        if (mask.size, bytes(mask)) == _notdef_signature():
            missing.append(character)
    return missing
