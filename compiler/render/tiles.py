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
from compiler.render.canvas import Canvas, Drawing, Inset, keeper
from compiler.render.fonts import font


@dataclass(frozen=True)
class TileSpec:
    paper: str = "letter"
    dpi: float = 150
    margin: float = 0.4
    overlap: float = 0.5
    label_band: float = 0.3


@dataclass(frozen=True)
class Tile:
    """One page of tiles: which tile, and the part of the picture it shows (pixels)."""

    row: int
    column: int
    rows: int
    columns: int
    left: int
    top: int
    width: int
    height: int
    page: tuple[int, int]


def plan_tiles(size: tuple[int, int], spec: TileSpec) -> list[Tile]:
    """The tiles of a picture ``size`` pixels large, portrait or landscape pages, whichever
    needs fewer sheets."""
    portrait = _plan(size, spec, landscape=False)
    landscape = _plan(size, spec, landscape=True)
    columns, rows, page_w, page_h = min(portrait, landscape, key=lambda p: (p[0] * p[1], p[1]))
    margin = to_pixels(spec.margin, spec.dpi)
    band = to_pixels(spec.label_band, spec.dpi)
    overlap = to_pixels(spec.overlap, spec.dpi)
    area_w, area_h = page_w - 2 * margin, page_h - 2 * margin - band
    step_x, step_y = area_w - overlap, area_h - overlap
    tiles = []
    for row in range(rows):
        for column in range(columns):
            left, top = column * step_x, row * step_y
            width, height = min(left + area_w, size[0]) - left, min(top + area_h, size[1]) - top
            tiles.append(Tile(row, column, rows, columns, left, top, width, height, (page_w, page_h)))
    return tiles


def tile(picture: Image.Image, spec: TileSpec, title: str) -> list[Image.Image]:
    """The pages as pixels."""
    pages = []
    for part in plan_tiles(picture.size, spec):
        page = Image.new("RGB", part.page, "white")
        box = (part.left, part.top, part.left + part.width, part.top + part.height)
        page.paste(picture.crop(box), _origin(spec))
        _label(Canvas(page), spec, part, title)
        pages.append(page)
    return pages


def tile_drawings(drawing: Drawing, spec: TileSpec, title: str) -> list[Drawing]:
    """The pages as drawings: each the picture's drawing, clipped to its tile (for a vector
    PDF; ``spec.dpi`` is the drawing's)."""
    pages = []
    for part in plan_tiles(drawing.size, spec):
        page = Drawing(part.page, spec.dpi, (255, 255, 255))
        x, y = _origin(spec)
        clip = (
            float(part.left),
            float(part.top),
            float(part.left + part.width),
            float(part.top + part.height),
        )
        page.items.append(Inset(drawing, x - part.left, y - part.top, clip=clip))
        _label(keeper(page), spec, part, title)
        pages.append(page)
    return pages


def _origin(spec: TileSpec) -> tuple[int, int]:
    margin = to_pixels(spec.margin, spec.dpi)
    return margin, margin + to_pixels(spec.label_band, spec.dpi)


def _label(draw: ImageDraw.ImageDraw, spec: TileSpec, part: Tile, title: str) -> None:
    """The tile's name and neighbours over it, and where the next tiles' pictures begin."""
    margin = to_pixels(spec.margin, spec.dpi)
    band = to_pixels(spec.label_band, spec.dpi)
    name = _tile_name(part.row, part.column)
    label = (
        f"{title} - tile {name}: row {string.ascii_uppercase[part.row]} of {part.rows}, column "
        f"{part.column + 1} of {part.columns}; neighbouring tiles overlap by {spec.overlap:g} in "
        f"(dashed red line)"
    )
    draw.text(
        (margin, margin + band / 2), label, font=font(round(0.13 * spec.dpi)), fill="#333333", anchor="lm"
    )
    overlap = to_pixels(spec.overlap, spec.dpi)
    _overlap_marks(
        draw,
        spec,
        _origin(spec),
        (part.width, part.height),
        overlap,
        part.row,
        part.column,
        part.rows,
        part.columns,
    )


def _plan(size: tuple[int, int], spec: TileSpec, landscape: bool) -> tuple[int, int, int, int]:
    width_in, height_in = PAPER_INCHES[spec.paper]
    if landscape:
        width_in, height_in = height_in, width_in
    page_w, page_h = to_pixels(width_in, spec.dpi), to_pixels(height_in, spec.dpi)
    margin = to_pixels(spec.margin, spec.dpi)
    area_w = page_w - 2 * margin
    area_h = page_h - 2 * margin - to_pixels(spec.label_band, spec.dpi)
    overlap = to_pixels(spec.overlap, spec.dpi)
    columns = max(1, math.ceil((size[0] - overlap) / (area_w - overlap)))
    rows = max(1, math.ceil((size[1] - overlap) / (area_h - overlap)))
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
