"""Charts and tables laid out as a printed player aid: one renderer for print and VASSAL.

A ``Chart`` is a title and a list of blocks (tables, paragraphs, notes) built from
the data by ``compiler.render.chart_content``; ``render_chart`` sets it at a
width and resolution: type sizes are in points, so the same chart prints on the
player-aid pages (``compiler.output.aids``) and opens in VASSAL's chart window at
screen resolution. Every string drawn is recorded (``ChartImage.texts``), and
``ChartImage.breaks`` lists the heights where a page may cut the chart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from PIL import Image, ImageDraw

from compiler.render.fonts import DrawnText, Font, RecordingDraw, font, wrap_text

INK = "#1e1e1e"
PAPER = "#fdfbf5"
HEADER = "#3b3a36"
HEADER_INK = "#ffffff"
STRIPE = "#f1ece0"
GROUP = "#ddd5c2"
RULE = "#b5ad9a"
SCREEN_DPI = 120  # VASSAL's chart windows: 9 pt body text is 15 px
BODY_PT = 9.0
# A table whose words do not fit side by side at the body size (a differential CRT of
# many columns in a half-page box) is set smaller, down to this fraction of it.
SMALLEST_TABLE_SCALE = 0.7


@dataclass(frozen=True)
class Cell:
    """One table cell: text, and optionally a sample of a terrain drawn before it."""

    text: str
    sample: object | None = None  # a terrain.Sample; drawn by compiler.render.terrain_key
    bold: bool = False
    centre: bool = False


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    groups: tuple[tuple[int, str], ...] = ()  # (row index, heading) spanning the table
    weights: tuple[float, ...] = ()  # relative column widths where natural widths do not fit
    compact: bool = False  # narrow columns sized to content (a CRT)


@dataclass(frozen=True)
class Paragraph:
    text: str
    italic_note: bool = False


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    blocks: tuple[Table | Paragraph, ...]
    source: str = ""  # the rulebook sections, printed small under the title


class Head(NamedTuple):
    """A table's header row, from ``top`` to ``bottom``, and where the table ends: a printed
    aid that cuts the table between ``bottom`` and ``end`` repeats the header on the next page."""

    top: int
    bottom: int
    end: int


@dataclass
class ChartImage:
    image: Image.Image
    title: str = ""
    texts: list[DrawnText] = field(default_factory=list)
    # Where the chart may be cut across (between blocks, table rows and groups).
    breaks: list[int] = field(default_factory=list)
    heads: list[Head] = field(default_factory=list)


@dataclass(frozen=True)
class _Style:
    dpi: float
    scale: float = 1.0  # below 1 for a table too wide for its place at the body size

    def px(self, points: float) -> int:
        return round(points * self.dpi / 72)

    def _pt(self, points: float) -> int:
        return self.px(points * self.scale)

    @property
    def body(self) -> Font:
        return font(self._pt(BODY_PT))

    @property
    def bold(self) -> Font:
        return font(self._pt(BODY_PT + 0.6))

    @property
    def title(self) -> Font:
        return font(self.px(BODY_PT + 4))

    @property
    def small(self) -> Font:
        return font(self._pt(BODY_PT - 1.5))

    @property
    def line(self) -> int:
        return self._pt(BODY_PT * 1.3)

    @property
    def pad(self) -> int:
        return self._pt(3.5)


def render_chart(chart: Chart, width_in: float = 7.5, dpi: float = SCREEN_DPI) -> ChartImage:
    """The chart set ``width_in`` inches wide at ``dpi``; as tall as its content."""
    style = _Style(dpi)
    width = round(width_in * dpi)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    plans = [_plan(block, probe, style, width - 2 * style.pad) for block in chart.blocks]
    title_lines = wrap_text(probe, chart.title, style.title, width - 2 * style.pad)
    height = 2 * style.pad + len(title_lines) * style.px(BODY_PT * 1.75) + (style.line if chart.source else 0)
    height += sum(plan.height + style.px(6) for plan in plans) + style.pad
    image = Image.new("RGB", (width, height), PAPER)
    draw = RecordingDraw(image)
    y = 2 * style.pad
    draw.role = "title"
    for line in title_lines:
        draw.text((style.pad, y), line, font=style.title, fill=INK, anchor="la")
        y += style.px(BODY_PT * 1.75)
    if chart.source:
        draw.role = "source"
        draw.text((style.pad, y - style.px(2)), chart.source, font=style.small, fill="#5a5547", anchor="la")
        y += style.line
    result = ChartImage(image, chart.title, breaks=[])
    for plan in plans:
        result.breaks.append(y)
        plan.draw(draw, style, style.pad, y, result)
        y += plan.height + style.px(6)
    result.breaks.append(height)
    result.texts = draw.texts
    return result


# --- planning and drawing blocks ------------------------------------------------------------


@dataclass
class _ParagraphPlan:
    lines: list[str]
    note: bool
    height: int

    def draw(self, draw: RecordingDraw, style: _Style, x: int, y: int, result: ChartImage) -> None:
        chosen = style.small if self.note else style.body
        draw.role = "note" if self.note else "text"
        for line in self.lines:
            draw.text((x, y), line, font=chosen, fill=INK, anchor="la")
            y += style.line


@dataclass
class _TablePlan:
    table: Table
    widths: list[int]
    header: list[list[str]]
    cells: list[list[list[str]]]
    row_heights: list[int]
    header_height: int
    group_height: int
    height: int
    style: _Style  # the chart's, or a smaller one where the table would not fit

    def draw(self, draw: RecordingDraw, style: _Style, x: int, y: int, result: ChartImage) -> None:
        style = self.style
        total = sum(self.widths)
        breaks = result.breaks
        result.heads.append(Head(y, y + self.header_height, y + self.height))
        draw.rectangle((x, y, x + total, y + self.header_height), fill=HEADER)
        self._row(draw, style, x, y, self.header, header=True)
        y += self.header_height
        groups = dict(self.table.groups)
        for index, lines in enumerate(self.cells):
            if index in groups:
                breaks.append(y)
                draw.rectangle((x, y, x + total, y + self.group_height), fill=GROUP)
                draw.role = "group"
                draw.text(
                    (x + style.pad, y + style.pad), groups[index], font=style.bold, fill=INK, anchor="la"
                )
                y += self.group_height
            breaks.append(y)
            if index % 2 == 1:
                draw.rectangle((x, y, x + total, y + self.row_heights[index]), fill=STRIPE)
            self._row(draw, style, x, y, lines, header=False, cells=self.table.rows[index])
            y += self.row_heights[index]
            draw.line([(x, y), (x + total, y)], fill=RULE, width=1)

    def _row(
        self,
        draw: RecordingDraw,
        style: _Style,
        x: int,
        y: int,
        lines: list[list[str]],
        header: bool,
        cells: tuple[Cell, ...] = (),
    ) -> None:
        from compiler.render.terrain_key import draw_sample  # a chart draws terrain samples too

        draw.role = "header" if header else "cell"
        for column, cell_lines in enumerate(lines):
            cell = cells[column] if column < len(cells) else Cell("")
            left = x + sum(self.widths[:column]) + style.pad
            if cell.sample is not None:
                size = style.px(BODY_PT * 1.25)
                draw_sample(draw, cell.sample, (left, y + style.pad, left + size * 1.4, y + style.pad + size))
                left += round(size * 1.4) + style.pad
            chosen = style.bold if header or cell.bold else style.body
            fill = HEADER_INK if header else INK
            for number, line in enumerate(cell_lines):
                top = y + style.pad + number * style.line
                centred = cell.centre if not header else any(row[column].centre for row in self.table.rows)
                if centred:
                    centre = x + sum(self.widths[:column]) + self.widths[column] / 2
                    draw.text((centre, top), line, font=chosen, fill=fill, anchor="ma")
                else:
                    draw.text((left, top), line, font=chosen, fill=fill, anchor="la")


def _plan(
    block: Table | Paragraph, draw: ImageDraw.ImageDraw, style: _Style, width: int
) -> _ParagraphPlan | _TablePlan:
    if isinstance(block, Paragraph):
        chosen = style.small if block.italic_note else style.body
        lines = wrap_text(draw, block.text, chosen, width)
        return _ParagraphPlan(lines, block.italic_note, len(lines) * style.line)
    return _plan_table(block, draw, style, width)


def _plan_table(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> _TablePlan:
    style = _table_style(table, draw, style, width)
    widths = _column_widths(table, draw, style, width)
    sample_space = [
        round(style.px(BODY_PT * 1.25) * 1.4) + style.pad
        if any(row[c].sample is not None for row in table.rows)
        else 0
        for c in range(len(table.columns))
    ]
    inner = [w - 2 * style.pad for w in widths]
    header = [wrap_text(draw, name, style.bold, inner[c]) for c, name in enumerate(table.columns)]
    cells = [
        [
            wrap_text(draw, cell.text, style.bold if cell.bold else style.body, inner[c] - sample_space[c])
            or [""]
            for c, cell in enumerate(row)
        ]
        for row in table.rows
    ]
    heights = [max(len(lines) for lines in row) * style.line + 2 * style.pad for row in cells]
    header_height = max(len(lines) for lines in header) * style.line + 2 * style.pad
    group_height = style.line + 2 * style.pad
    total = header_height + sum(heights) + group_height * len(table.groups)
    return _TablePlan(table, widths, header, cells, heights, header_height, group_height, total, style)


def _table_style(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> _Style:
    """The chart's style, or the largest smaller one at which every column keeps its longest
    word: a table is never drawn wider than its place."""
    scale = 1.0
    while scale > SMALLEST_TABLE_SCALE:
        sized = _Style(style.dpi, scale)
        if sum(_minimum_widths(table, draw, sized)) <= width:
            return sized
        scale = round(scale - 0.05, 2)
    return _Style(style.dpi, SMALLEST_TABLE_SCALE)


def _minimum_widths(table: Table, draw: ImageDraw.ImageDraw, style: _Style) -> list[float]:
    """Each column's longest word (and terrain sample), with its padding."""
    minimum = [0.0] * len(table.columns)
    sample = round(style.px(BODY_PT * 1.25) * 1.4) + style.pad
    for row in [tuple(Cell(c, bold=True) for c in table.columns), *table.rows]:
        for column, cell in enumerate(row):
            chosen = style.bold if cell.bold else style.body
            extra = sample if cell.sample is not None else 0
            longest = max((draw.textlength(word, font=chosen) for word in cell.text.split()), default=0.0)
            minimum[column] = max(minimum[column], longest + extra)
    return [m + 2 * style.pad + 2 for m in minimum]


def _column_widths(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> list[int]:
    """Natural widths when they fit; otherwise each column keeps its longest word and shares
    the rest by its weight (or by how much it would like)."""
    columns = len(table.columns)
    natural = [0.0] * columns
    sample = round(style.px(BODY_PT * 1.25) * 1.4) + style.pad
    for row in [tuple(Cell(c, bold=True) for c in table.columns), *table.rows]:
        for column, cell in enumerate(row):
            chosen = style.bold if cell.bold else style.body
            extra = sample if cell.sample is not None else 0
            natural[column] = max(natural[column], draw.textlength(cell.text, font=chosen) + extra)
    natural = [n + 2 * style.pad + 2 for n in natural]
    minimum = _minimum_widths(table, draw, style)
    if sum(natural) <= width:
        text_columns = [c for c in range(columns) if not any(row[c].centre for row in table.rows)]
        if table.compact or not text_columns or sum(natural) < width * 0.5:
            return [round(n) for n in natural]
        spare = width - sum(natural)
        widest = max(text_columns, key=lambda c: natural[c])
        return [round(n + (spare if c == widest else 0)) for c, n in enumerate(natural)]
    weights = (
        list(table.weights)
        if len(table.weights) == columns
        else [n - m + 1 for n, m in zip(natural, minimum, strict=True)]
    )
    spare = max(0.0, width - sum(minimum))
    share = sum(weights) or 1.0
    widths = [m + spare * w / share for m, w in zip(minimum, weights, strict=True)]
    widths = [min(w, n) for w, n in zip(widths, natural, strict=True)]
    leftover = width - sum(widths)
    wanting = [c for c in range(columns) if widths[c] < natural[c]] or [columns - 1]
    for c in wanting:
        widths[c] += leftover / len(wanting)
    return [round(w) for w in widths]
