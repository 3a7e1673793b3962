"""The small pictures of the module's automation: battle and result markers, and the marks
drawn over a unit (moved, out of supply, halted, all in).

A mark over a unit is a band of text across its top or bottom edge, drawn on a transparent
image the size of a counter, so the unit's own values stay readable beside it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from compiler.render.fonts import draw_centered, fitted_font
from compiler.render.images import png_bytes

CLEAR = (0, 0, 0, 0)


def battle_marker(size: int) -> Image.Image:
    """A round red marker with two crossed swords drawn as lines (its text is the module's label)."""
    side = max(16, size // 2)
    image = Image.new("RGBA", (side, side), CLEAR)
    draw = ImageDraw.Draw(image)
    draw.ellipse((1, 1, side - 2, side - 2), fill=(190, 30, 30, 255), outline=(255, 255, 255, 255), width=2)
    inset = side // 4
    width = max(2, side // 10)
    draw.line((inset, inset, side - inset, side - inset), fill=(255, 255, 255, 255), width=width)
    draw.line((inset, side - inset, side - inset, inset), fill=(255, 255, 255, 255), width=width)
    return image


def result_marker(size: int) -> Image.Image:
    """A square yellow marker with a black border: the text label beside it says the result."""
    side = max(16, size // 2)
    image = Image.new("RGBA", (side, side), CLEAR)
    draw = ImageDraw.Draw(image)
    draw.rectangle((1, 1, side - 2, side - 2), fill=(250, 220, 60, 255), outline=(0, 0, 0, 255), width=2)
    font = fitted_font(draw, "!", side * 0.6, side)
    draw_centered(draw, (side / 2, side / 2), "!", font, fill="#000000")
    return image


def band(size: int, text: str, colour: tuple[int, int, int], top: bool) -> Image.Image:
    """A counter-sized transparent image with ``text`` on a coloured band at the top or bottom."""
    image = Image.new("RGBA", (size, size), CLEAR)
    draw = ImageDraw.Draw(image)
    height = max(8, size // 4)
    y0 = 0 if top else size - height
    draw.rectangle((0, y0, size - 1, y0 + height - 1), fill=(*colour, 230))
    font = fitted_font(draw, text, size * 0.9, height - 2)
    draw_centered(draw, (size / 2, y0 + height / 2), text, font, fill="#ffffff")
    return image


def moved_flag(size: int) -> Image.Image:
    """A small blue flag: the unit has moved this phase."""
    side = max(10, size // 4)
    image = Image.new("RGBA", (side, side), CLEAR)
    draw = ImageDraw.Draw(image)
    draw.line((1, 0, 1, side - 1), fill=(0, 0, 0, 255), width=2)
    draw.polygon([(2, 0), (side - 1, side // 4), (2, side // 2)], fill=(30, 90, 200, 255))
    return image


def mark_images(size: int, marks: dict[str, tuple[str, tuple[int, int, int], bool]]) -> dict[str, bytes]:
    """Each mark's band as PNG bytes, by image name."""
    return {name: png_bytes(band(size, text, colour, top)) for name, (text, colour, top) in marks.items()}
