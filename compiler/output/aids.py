"""Player aids: every chart and table of a game laid out on printable pages, as PDF and PNG.

The charts are the ones VASSAL's chart window shows, drawn by the same renderer
(``compiler.render.charts``) at print resolution. Charts follow one another down
the page; one that does not fit is cut between table rows (``ChartImage.breaks``)
and continues on the next page under its title and, for a table, its header row. The
kit's notes (``compiler.render.kit_notes``: the sources, and what is reconstructed and why)
follow on a page of their own.
Each page is kept twice from one drawing: pixels for its PNG, and the drawing itself
for the PDF, where the charts are vector rules and real text (a chart cut across
pages is the same drawing, clipped).

A page's header says "page 3 of 10", so no page is finished until the last is laid out.
Meanwhile each page left behind is held packed (zlib, fast): a 300 ppi Letter page is
25 MB of pixels and half a megabyte packed, so a game with many pages of aids costs
about one page of memory, not one per page. Pages are finished, written and let go one
at a time.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import pdf_of_drawings
from compiler.presentation.units import PAPER_INCHES, to_pixels
from compiler.render.canvas import Canvas, Drawing, Inset, colour_of
from compiler.render.chart_content import game_charts
from compiler.render.charts import INK, PAPER, Chart, ChartImage, render_chart
from compiler.render.fonts import font
from compiler.render.images import png_bytes
from compiler.render.kit_notes import kit_notes_chart
from rules_engine.definitions import ValidGame

GAP_IN = 0.22  # between charts
MIN_PIECE_IN = 0.8  # a cut leaves at least this much of a chart on a page
NOTES_PT = (9.0, 8.0, 7.0, 6.5, 6.0)  # the notes page's body type, tried largest first
PACKING = 1  # zlib's fastest level: pages are held packed a moment, not stored


@dataclass(frozen=True)
class AidSpec:
    paper: str = "letter"
    dpi: int = 300  # the PNG pages, and the counter faces the PDF's charts show
    margin: float = 0.5


@dataclass(frozen=True)
class AidPage:
    """One page: its pixels and its drawing."""

    image: Image.Image
    drawing: Drawing


@dataclass(frozen=True)
class _Packed:
    """A page laid out and left behind: its RGB pixels, compressed until it is finished."""

    size: tuple[int, int]
    data: bytes


def _pack(image: Image.Image) -> _Packed:
    return _Packed(image.size, zlib.compress(image.tobytes(), PACKING))


def _unpack(packed: _Packed) -> Image.Image:
    return Image.frombytes("RGB", packed.size, zlib.decompress(packed.data))


def render_aid_pages(definition: ValidGame, spec: AidSpec = AidSpec()) -> list[Image.Image]:
    """The player-aid pages of a game, in order, as pixels (all at once: for tests and the gallery)."""
    return [page.image for page in aid_pages(definition, spec)]


def aid_pages(definition: ValidGame, spec: AidSpec = AidSpec()) -> Iterator[AidPage]:
    """The player-aid pages of a game, in order, each finished when asked for. A chart that
    reads as well at half the page's width (it grows by less than half) takes a column, next
    to another such chart."""
    width_in, height_in = PAPER_INCHES[spec.paper]
    title = (definition.game.title) + " - player aid"
    full_in = width_in - 2 * spec.margin
    pages = _Pages(spec, (to_pixels(width_in, spec.dpi), to_pixels(height_in, spec.dpi)), title)
    for chart in game_charts(definition):
        full = render_chart(chart, full_in, spec.dpi, record=True)
        half = render_chart(chart, (full_in - GAP_IN) / 2, spec.dpi, record=True)
        if half.image.height <= full.image.height * 1.5 and half.image.height < pages.bottom / 2:
            pages.place_half(half)
        else:
            pages.place(full)
    notes = kit_notes_chart(definition)
    if notes is not None:  # the kit's notes: a page of their own, after the aids
        pages.start_page()
        pages.place(_on_one_page(notes, full_in, spec.dpi, pages.bottom - pages.y))
    yield from pages.finish()


def _on_one_page(chart: Chart, width_in: float, dpi: int, room: int) -> ChartImage:
    """The chart in the largest body type, down to the last of ``NOTES_PT``, at which it fits
    ``room`` pixels: the kit's notes are one page where they can be (else they run on)."""
    for body_pt in NOTES_PT:
        drawn = render_chart(chart, width_in, dpi, body_pt, record=True)
        if drawn.image.height <= room:
            break
    return drawn


def write_aids(definition: ValidGame, folder: Path, spec: AidSpec = AidSpec()) -> list[Path]:
    """aids.pdf (vector) and a PNG per page in ``folder``, each page's pixels let go once
    written (the PDF needs only the drawings)."""
    written, drawings = [], []
    for number, page in enumerate(aid_pages(definition, spec), start=1):
        path = folder / f"aids-page{number}.png"
        write_bytes_atomic(path, png_bytes(page.image, dpi=spec.dpi))
        written.append(path)
        drawings.append(page.drawing)
    title = (definition.game.title) + " - player aid"
    pdf = folder / "aids.pdf"
    write_bytes_atomic(pdf, pdf_of_drawings(drawings, title))
    return [pdf, *written]


class _Pages:
    """Fills pages top to bottom, cutting a chart between rows when it does not fit."""

    def __init__(self, spec: AidSpec, size: tuple[int, int], title: str) -> None:
        self.spec = spec
        self.size = size
        self.title = title
        self.margin = to_pixels(spec.margin, spec.dpi)
        self.gap = to_pixels(GAP_IN, spec.dpi)
        self.packed: list[_Packed] = []  # the pages before the one being laid out
        self.page = Image.new("RGB", size, PAPER)  # the one being laid out
        self.drawings: list[Drawing] = [Drawing(size, spec.dpi, colour_of(PAPER))]
        self.y = 0
        self.column_height: int | None = None  # the left half-width chart of an open row
        self.y = self._first_line()

    @property
    def bottom(self) -> int:
        return self.size[1] - self.margin

    def _first_line(self) -> int:
        return self.margin + to_pixels(0.25, self.spec.dpi)

    def _new_page(self) -> None:
        self.packed.append(_pack(self.page))
        self.page = Image.new("RGB", self.size, PAPER)
        self.drawings.append(Drawing(self.size, self.spec.dpi, colour_of(PAPER)))
        self.y = self._first_line()

    def start_page(self) -> None:
        """What comes next starts on a page of its own (a new one unless this one is empty)."""
        self._close_row()
        if self.y > self._first_line():
            self._new_page()

    def _canvas(self) -> Canvas:
        return Canvas(self.page, self.drawings[-1])

    def _put(self, chart: ChartImage, x: int, top: int = 0, bottom: int | None = None) -> int:
        """The chart's rows ``top`` to ``bottom`` at (x, self.y) on the page: its pixels, and
        its drawing clipped to them. Returns the height put."""
        bottom = chart.image.height if bottom is None else bottom
        piece = (
            chart.image
            if (top, bottom) == (0, chart.image.height)
            else chart.image.crop((0, top, chart.image.width, bottom))
        )
        self.page.paste(piece, (x, self.y))
        if chart.drawing is not None:
            clip = (0.0, float(top), float(chart.image.width), float(bottom))
            self.drawings[-1].items.append(Inset(chart.drawing, x, self.y - top, clip=clip))
        return bottom - top

    def place_half(self, chart: ChartImage) -> None:
        """A chart in the left or right column of a row of two."""
        height = chart.image.height
        if self.column_height is None:
            if self.y + height > self.bottom:
                self._new_page()
            self._put(chart, self.margin)
            self.column_height = height
            return
        x = self.size[0] - self.margin - chart.image.width
        if self.y + height > self.bottom:
            self._close_row()
            self.place_half(chart)
            return
        self._put(chart, x)
        self.y += max(height, self.column_height) + self.gap
        self.column_height = None

    def _close_row(self) -> None:
        if self.column_height is not None:
            self.y += self.column_height + self.gap
            self.column_height = None

    def place(self, chart: ChartImage) -> None:
        self._close_row()
        top, minimum = 0, to_pixels(MIN_PIECE_IN, self.spec.dpi)
        height = chart.image.height
        while top < height:
            room = self.bottom - self.y
            if height - top <= room:
                self._paste(chart, top, height)
                return
            cut = max(
                (b for b in _cuts(chart) if top + minimum <= b <= min(top + room, height - minimum)),
                default=None,
            )
            if cut is None:
                if self.y > self.margin + to_pixels(0.3, self.spec.dpi):
                    self._new_page()
                    continue
                cut = top + room  # taller than a page between two breaks: cut where the page ends
            self._paste(chart, top, cut)
            self._new_page()
            self._continued(chart.title)
            self._repeat_header(chart, cut)
            top = cut

    def _repeat_header(self, chart: ChartImage, cut: int) -> None:
        """A table cut between its rows starts again under its own header, as a printed
        table does: a player reading page 2 must know what the columns are."""
        for head in chart.heads:
            if head.bottom < cut < head.end:
                self.y += self._put(chart, self.margin, head.top, head.bottom)

    def _continued(self, title: str) -> None:
        draw = self._canvas()
        chosen = font(to_pixels(9 / 72, self.spec.dpi))
        draw.text((self.margin, self.y), f"{title} (continued)", font=chosen, fill=INK, anchor="la")
        self.y += to_pixels(0.22, self.spec.dpi)

    def _paste(self, chart: ChartImage, top: int, bottom: int) -> None:
        self.y += self._put(chart, self.margin, top, bottom) + self.gap

    def finish(self) -> Iterator[AidPage]:
        """Each page with its header, in order, unpacked only when its turn comes."""
        self._close_row()
        count = len(self.packed) + 1
        for number, drawing in enumerate(self.drawings, start=1):
            page = _unpack(self.packed[number - 1]) if number < count else self.page
            if number < count:
                self.packed[number - 1] = _Packed((0, 0), b"")  # unpacked: let the bytes go
            self._header(page, drawing, number, count)
            yield AidPage(page, drawing)

    def _header(self, page: Image.Image, drawing: Drawing, number: int, count: int) -> None:
        draw = Canvas(page, drawing)
        chosen = font(to_pixels(8 / 72, self.spec.dpi))
        y = self.margin
        draw.text((self.margin, y), self.title, font=chosen, fill=INK, anchor="ls")
        draw.text(
            (self.size[0] - self.margin, y),
            f"page {number} of {count}",
            font=chosen,
            fill=INK,
            anchor="rs",
        )
        draw.line([(self.margin, y + 6), (self.size[0] - self.margin, y + 6)], fill=INK, width=2)


def _cuts(chart: ChartImage) -> list[int]:
    """Where the chart may be cut, but never right under a table's header: the header would
    stand alone at the foot of a page (and be repeated over the rows on the next)."""
    under_headers = {head.bottom for head in chart.heads}
    return [b for b in chart.breaks if b not in under_headers]
