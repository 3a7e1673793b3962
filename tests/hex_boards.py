"""Hex boards drawn with Pillow the way printed maps are laid out, for `wgc grid fit`'s numbering:
a margin round the hexes, a title band above them, an image cut through its edge hexes.

``draw_board`` returns the image and the centre of every hex it draws, by (column, row) as a
map numbers them from 0101 at its first drawn hex, so a test knows the answer.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

FILLS = ("#e6dfb8", "#b8c890", "#d8c8a0")


@dataclass(frozen=True)
class Board:
    image: Image.Image
    centres: dict[tuple[int, int], tuple[float, float]]  # (column, row) from (1, 1)


def draw_board(
    columns: int = 10,
    rows: int = 8,
    hex_size: float = 60.0,
    margin: tuple[int, int, int, int] = (60, 140, 60, 60),
    title: str | None = "OPERATION TEST",
    flat: bool = True,
    cut: tuple[int, int, int, int] = (0, 0, 0, 0),
    seed: int = 1,
) -> Board:
    """``margin`` (left, top, right, bottom) lies round the hexes' bounding box; the title is
    written in the top margin; ``cut`` then trims that much off each side of the image."""
    left, top, right, bottom = margin
    step = hex_size * math.sqrt(3) / 2  # between neighbouring columns (rows)
    radius = hex_size / math.sqrt(3)
    lines, along = (columns, rows) if flat else (rows, columns)
    extent_across = 2 * radius + (lines - 1) * step
    extent_along = (along + 0.5) * hex_size
    width, height = (extent_across, extent_along) if flat else (extent_along, extent_across)
    size = (round(left + width + right), round(top + height + bottom))
    image = Image.new("RGB", size, "#f3efe2")
    draw = ImageDraw.Draw(image)
    fills = random.Random(seed)
    centres: dict[tuple[int, int], tuple[float, float]] = {}
    for line in range(lines):
        for place in range(along):
            a = radius + line * step
            b = hex_size / 2 + place * hex_size + (hex_size / 2 if line % 2 else 0.0)
            x, y = (left + a, top + b) if flat else (left + b, top + a)
            centres[(line + 1, place + 1) if flat else (place + 1, line + 1)] = (x, y)
            turn = 0 if flat else 30
            corners = [
                (
                    x + radius * math.cos(math.radians(60 * i + turn)),
                    y + radius * math.sin(math.radians(60 * i + turn)),
                )
                for i in range(6)
            ]
            draw.polygon(corners, fill=fills.choice(FILLS), outline="#333333", width=2)
            name = f"{line + 1:02d}{place + 1:02d}" if flat else f"{place + 1:02d}{line + 1:02d}"
            draw.text((x - 10, y - hex_size * 0.4), name, fill="#333333")
    if title:
        draw.text((left, 20), title, fill="#202020", font=ImageFont.load_default(size=48))
    cut_left, cut_top, cut_right, cut_bottom = cut
    image = image.crop((cut_left, cut_top, size[0] - cut_right, size[1] - cut_bottom))
    return Board(image, {key: (x - cut_left, y - cut_top) for key, (x, y) in centres.items()})
