"""A map on the paper a print shop stocks: the sheet, the bleed and the trim marks.

A print shop cuts large sheets from stock sizes (Letter, Tabloid, A3, A2, 22 x 34 in) and
wants a PDF whose page is the trimmed sheet plus a margin outside it: the art runs on past
the trim line by the bleed (so a cut a little off shows no white edge), and short marks in
the margin show where to cut. ``stock_sheet`` picks the smallest stock sheet that holds the
map at its own scale (a print layout never shrinks the hexes); ``sheet_page`` lays the map's
drawing on it: the ground carried out into the bleed, the map centred, crop marks at the
corners and a line in the margin that says what they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from compiler.render.canvas import Colour, Drawing, Inset, Picture, keeper
from compiler.render.fonts import font

STOCK_IN = (  # smallest first (by area)
    ("Letter", 8.5, 11.0),
    ("Tabloid", 11.0, 17.0),
    ("A3", 297 / 25.4, 420 / 25.4),
    ("A2", 420 / 25.4, 594 / 25.4),
    ("22 x 34 in", 22.0, 34.0),
)
BLEED_IN = 0.125  # the art past the trim line, as print shops ask (3 mm)
SLUG_IN = 0.5  # the margin outside the trim that holds the bleed, the marks and the note
MARK_IN = 0.25  # a crop mark's length
MARK_GAP_IN = 0.0625  # between the bleed's edge and where a crop mark starts
FIT_IN = 0.02  # a map this much larger than a sheet (pixels rounded up) still fits it


@dataclass(frozen=True)
class StockSheet:
    """A trimmed sheet: its name and size in inches, as it lies (portrait or landscape)."""

    name: str
    width: float
    height: float

    @property
    def label(self) -> str:
        return f"{self.name} ({self.width:g} x {self.height:g} in)" if "x" not in self.name else self.name


def stock_sheet(width_in: float, height_in: float) -> StockSheet:
    """The smallest stock sheet holding a map ``width_in`` by ``height_in``, turned the way the
    map lies; a map larger than every stock sheet prints on a sheet its own size, rounded up
    to the inch."""
    landscape = width_in > height_in
    for name, short, long in STOCK_IN:
        width, height = (long, short) if landscape else (short, long)
        if width_in <= width + FIT_IN and height_in <= height + FIT_IN:
            return StockSheet(name, round(width, 4), round(height, 4))
    width, height = float(-(-width_in // 1)), float(-(-height_in // 1))
    return StockSheet(f"its own size, {width:g} x {height:g} in (larger than 22 x 34 in)", width, height)


@dataclass(frozen=True)
class SheetPage:
    """The page to print: the drawing, its size in inches, and the trim and bleed boxes in
    inches from its top left corner."""

    drawing: Drawing
    size: tuple[float, float]
    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]
    sheet: StockSheet


def sheet_page(board: Drawing, pixels: Image.Image, ground: Colour, title: str) -> SheetPage:
    """The board's drawing centred on its stock sheet, the ground carried out to the bleed's
    edge: a map that fills the sheet has its edge pixels (``pixels``, the board as drawn)
    drawn on outward; a smaller one stands on its ``ground`` colour, which fills the sheet."""
    dpi = board.dpi
    width_in, height_in = board.inches
    sheet = stock_sheet(width_in, height_in)
    page_in = (sheet.width + 2 * SLUG_IN, sheet.height + 2 * SLUG_IN)
    page = Drawing((round(page_in[0] * dpi), round(page_in[1] * dpi)), dpi, (255, 255, 255))
    trim = (SLUG_IN, SLUG_IN, SLUG_IN + sheet.width, SLUG_IN + sheet.height)
    bleed = (trim[0] - BLEED_IN, trim[1] - BLEED_IN, trim[2] + BLEED_IN, trim[3] + BLEED_IN)
    left = SLUG_IN + (sheet.width - width_in) / 2
    top = SLUG_IN + (sheet.height - height_in) / 2
    pen = keeper(page)
    pen.rectangle(tuple(v * dpi for v in bleed), fill=ground)
    page.items.append(Inset(board, left * dpi, top * dpi))
    if abs(sheet.width - width_in) < FIT_IN and abs(sheet.height - height_in) < FIT_IN:
        page.items.extend(_edges(pixels, left * dpi, top * dpi, round(BLEED_IN * dpi) + 1))
    _crop_marks(page, trim)
    note = (
        f"{title} - {sheet.label}. Trim at the crop marks; the art runs {BLEED_IN:g} in past the "
        "trim line (bleed), so a cut a little off shows no white."
    )
    pen.text(
        ((trim[0] + MARK_IN + 0.1) * dpi, (bleed[1] - MARK_GAP_IN - 0.06) * dpi),
        note,
        font=font(round(7 / 72 * dpi)),
        fill="#333333",
        anchor="ls",
    )
    return SheetPage(page, page_in, trim, bleed, sheet)


def _edges(pixels: Image.Image, left: float, top: float, reach: int) -> list[Picture]:
    """The board's outermost rows and columns drawn on outward ``reach`` pixels, and its corner
    pixels into the corners: the bleed a print shop asks of art that runs to the sheet's edge."""
    width, height = pixels.size
    strip = Image.Resampling.NEAREST
    pictures = [
        Picture(
            pixels.crop((0, 0, width, 1)).resize((width, reach), strip),
            (left, top - reach, left + width, top),
        ),
        Picture(
            pixels.crop((0, height - 1, width, height)).resize((width, reach), strip),
            (left, top + height, left + width, top + height + reach),
        ),
        Picture(
            pixels.crop((0, 0, 1, height)).resize((reach, height), strip),
            (left - reach, top, left, top + height),
        ),
        Picture(
            pixels.crop((width - 1, 0, width, height)).resize((reach, height), strip),
            (left + width, top, left + width + reach, top + height),
        ),
    ]
    for x, y, px, py in (
        (left - reach, top - reach, 0, 0),
        (left + width, top - reach, width - 1, 0),
        (left - reach, top + height, 0, height - 1),
        (left + width, top + height, width - 1, height - 1),
    ):
        corner = Image.new("RGB", (reach, reach), pixels.getpixel((px, py)))
        pictures.append(Picture(corner, (x, y, x + reach, y + reach)))
    return pictures


def _crop_marks(page: Drawing, trim: tuple[float, float, float, float]) -> None:
    """At each corner of the trim, two short lines in the margin, on the trim's lines, starting
    clear of the bleed: where the knife goes."""
    dpi = page.dpi
    pen = keeper(page)
    width = max(1, round(0.25 / 72 * dpi))
    start, end = BLEED_IN + MARK_GAP_IN, BLEED_IN + MARK_GAP_IN + MARK_IN
    for x, sx in ((trim[0], -1), (trim[2], 1)):
        for y, sy in ((trim[1], -1), (trim[3], 1)):
            pen.line(
                [((x + sx * start) * dpi, y * dpi), ((x + sx * end) * dpi, y * dpi)],
                fill="black",
                width=width,
            )
            pen.line(
                [(x * dpi, (y + sy * start) * dpi), (x * dpi, (y + sy * end) * dpi)],
                fill="black",
                width=width,
            )
