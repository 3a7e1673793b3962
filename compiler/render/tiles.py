"""Cut a large picture into printable pages that overlap, with labels to assemble them.

Each page shows one tile at full scale inside the paper's margins. Tiles
overlap by a set amount; the overlap is marked with thin corner lines so the
pages can be trimmed and taped, and each page names its tile ("row B, column 2
of 2 x 3") and its neighbours.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from PIL import Image, ImageDraw

from compiler.presentation.units import PAPER_INCHES, to_pixels
from compiler.render.fonts import font


@dataclass(frozen=True)
class TileSpec:
    paper: str = "letter"
    dpi: float = 150
    margin: float = 0.4
    overlap: float = 0.5
    label_band: float = 0.3


def tile(picture: Image.Image, spec: TileSpec, title: str) -> list[Image.Image]:
    """The pages, portrait or landscape, whichever needs fewer sheets."""
    portrait = _plan(picture, spec, landscape=False)
    landscape = _plan(picture, spec, landscape=True)
    columns, rows, page_w, page_h = min(portrait, landscape, key=lambda p: (p[0] * p[1], p[1]))
    margin = to_pixels(spec.margin, spec.dpi)
    band = to_pixels(spec.label_band, spec.dpi)
    overlap = to_pixels(spec.overlap, spec.dpi)
    area_w, area_h = page_w - 2 * margin, page_h - 2 * margin - band
    step_x, step_y = area_w - overlap, area_h - overlap
    pages = []
    for row in range(rows):
        for column in range(columns):
            page = Image.new("RGB", (page_w, page_h), "white")
            left, top = column * step_x, row * step_y
            piece = picture.crop(
                (left, top, min(left + area_w, picture.width), min(top + area_h, picture.height))
            )
            page.paste(piece, (margin, margin + band))
            draw = ImageDraw.Draw(page)
            name = _tile_name(row, column)
            label = (
                f"{title} - tile {name}: row {string.ascii_uppercase[row]} of {rows}, column "
                f"{column + 1} of {columns}; neighbouring tiles overlap by {spec.overlap:g} in "
                f"(dashed red line)"
            )
            draw.text(
                (margin, margin + band / 2),
                label,
                font=font(round(0.13 * spec.dpi)),
                fill="#333333",
                anchor="lm",
            )
            _overlap_marks(
                draw, spec, (margin, margin + band), piece.size, overlap, row, column, rows, columns
            )
            pages.append(page)
    return pages


def _plan(picture: Image.Image, spec: TileSpec, landscape: bool) -> tuple[int, int, int, int]:
    width_in, height_in = PAPER_INCHES[spec.paper]
    if landscape:
        width_in, height_in = height_in, width_in
    page_w, page_h = to_pixels(width_in, spec.dpi), to_pixels(height_in, spec.dpi)
    margin = to_pixels(spec.margin, spec.dpi)
    area_w = page_w - 2 * margin
    area_h = page_h - 2 * margin - to_pixels(spec.label_band, spec.dpi)
    overlap = to_pixels(spec.overlap, spec.dpi)
    columns = max(1, math.ceil((picture.width - overlap) / (area_w - overlap)))
    rows = max(1, math.ceil((picture.height - overlap) / (area_h - overlap)))
    return columns, rows, page_w, page_h


def _tile_name(row: int, column: int) -> str:
    return f"{string.ascii_uppercase[row % 26]}{column + 1}"


def _overlap_marks(
    draw: ImageDraw.ImageDraw,
    spec: TileSpec,
    origin: tuple[int, int],
    size: tuple[int, int],
    overlap: int,
    row: int,
    column: int,
    rows: int,
    columns: int,
) -> None:
    """Dashed lines where the next tile's picture begins (right and bottom overlaps)."""
    x0, y0 = origin
    width, height = size
    colour = "#d04040"
    dash = to_pixels(0.1, spec.dpi)
    if column < columns - 1:
        x = x0 + width - overlap
        for y in range(y0, y0 + height, 2 * dash):
            draw.line([(x, y), (x, min(y + dash, y0 + height))], fill=colour, width=1)
    if row < rows - 1:
        y = y0 + height - overlap
        for x in range(x0, x0 + width, 2 * dash):
            draw.line([(x, y), (min(x + dash, x0 + width), y)], fill=colour, width=1)
    draw.rectangle((x0 - 1, y0 - 1, x0 + width, y0 + height), outline="#999999", width=1)  # just outside
