"""Player aids: every chart and table of a game laid out on printable pages, as PDF and PNG.

The charts are the ones VASSAL's chart window shows, drawn by the same renderer
(``compiler.render.charts``) at print resolution. Charts follow one another down
the page; one that does not fit is cut between table rows (``ChartImage.breaks``)
and continues on the next page under its title and, for a table, its header row.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import pdf_from_pngs
from compiler.presentation.units import PAPER_INCHES, to_pixels
from compiler.render.chart_content import game_charts
from compiler.render.charts import INK, PAPER, ChartImage, render_chart
from compiler.render.fonts import font
from compiler.render.images import png_bytes
from rules_engine.definitions import ValidGame

GAP_IN = 0.22  # between charts
MIN_PIECE_IN = 0.8  # a cut leaves at least this much of a chart on a page


@dataclass(frozen=True)
class AidSpec:
    paper: str = "letter"
    dpi: int = 200
    margin: float = 0.5


def render_aid_pages(definition: ValidGame, spec: AidSpec = AidSpec()) -> list[Image.Image]:
    """The player-aid pages of a game, in order. A chart that reads as well at half the page's
    width (it grows by less than half) takes a column, next to another such chart."""
    width_in, height_in = PAPER_INCHES[spec.paper]
    title = (definition.game.title) + " - player aid"
    full_in = width_in - 2 * spec.margin
    pages = _Pages(spec, (to_pixels(width_in, spec.dpi), to_pixels(height_in, spec.dpi)), title)
    for chart in game_charts(definition):
        full = render_chart(chart, full_in, spec.dpi)
        half = render_chart(chart, (full_in - GAP_IN) / 2, spec.dpi)
        if half.image.height <= full.image.height * 1.5 and half.image.height < pages.bottom / 2:
            pages.place_half(half)
        else:
            pages.place(full)
    return pages.finish()


def write_aids(definition: ValidGame, folder: Path, spec: AidSpec = AidSpec()) -> list[Path]:
    """aids.pdf and a PNG per page in ``folder``."""
    pages = [png_bytes(page) for page in render_aid_pages(definition, spec)]
    written = []
    for number, data in enumerate(pages, start=1):
        path = folder / f"aids-page{number}.png"
        write_bytes_atomic(path, data)
        written.append(path)
    title = (definition.game.title) + " - player aid"
    pdf = folder / "aids.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs(pages, spec.dpi, title))
    return [pdf, *written]


class _Pages:
    """Fills pages top to bottom, cutting a chart between rows when it does not fit."""

    def __init__(self, spec: AidSpec, size: tuple[int, int], title: str) -> None:
        self.spec = spec
        self.size = size
        self.title = title
        self.margin = to_pixels(spec.margin, spec.dpi)
        self.gap = to_pixels(GAP_IN, spec.dpi)
        self.pages: list[Image.Image] = []
        self.y = 0
        self.column_height: int | None = None  # the left half-width chart of an open row
        self._new_page()

    @property
    def bottom(self) -> int:
        return self.size[1] - self.margin

    def _new_page(self) -> None:
        self.pages.append(Image.new("RGB", self.size, PAPER))
        self.y = self.margin + to_pixels(0.25, self.spec.dpi)

    def place_half(self, chart: ChartImage) -> None:
        """A chart in the left or right column of a row of two."""
        height = chart.image.height
        if self.column_height is None:
            if self.y + height > self.bottom:
                self._new_page()
            self.pages[-1].paste(chart.image, (self.margin, self.y))
            self.column_height = height
            return
        x = self.size[0] - self.margin - chart.image.width
        if self.y + height > self.bottom:
            self._close_row()
            self.place_half(chart)
            return
        self.pages[-1].paste(chart.image, (x, self.y))
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
                self._paste(chart.image.crop((0, top, chart.image.width, height)))
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
            self._paste(chart.image.crop((0, top, chart.image.width, cut)))
            self._new_page()
            self._continued(chart.title)
            self._repeat_header(chart, cut)
            top = cut

    def _repeat_header(self, chart: ChartImage, cut: int) -> None:
        """A table cut between its rows starts again under its own header, as a printed
        table does: a player reading page 2 must know what the columns are."""
        for head in chart.heads:
            if head.bottom < cut < head.end:
                band = chart.image.crop((0, head.top, chart.image.width, head.bottom))
                self.pages[-1].paste(band, (self.margin, self.y))
                self.y += band.height

    def _continued(self, title: str) -> None:
        draw = ImageDraw.Draw(self.pages[-1])
        chosen = font(to_pixels(9 / 72, self.spec.dpi))
        draw.text((self.margin, self.y), f"{title} (continued)", font=chosen, fill=INK, anchor="la")
        self.y += to_pixels(0.22, self.spec.dpi)

    def _paste(self, piece: Image.Image) -> None:
        self.pages[-1].paste(piece, (self.margin, self.y))
        self.y += piece.height + self.gap

    def finish(self) -> list[Image.Image]:
        self._close_row()
        count = len(self.pages)
        for number, page in enumerate(self.pages, start=1):
            draw = ImageDraw.Draw(page)
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
        return self.pages


def _cuts(chart: ChartImage) -> list[int]:
    """Where the chart may be cut, but never right under a table's header: the header would
    stand alone at the foot of a page (and be repeated over the rows on the next)."""
    under_headers = {head.bottom for head in chart.heads}
    return [b for b in chart.breaks if b not in under_headers]
