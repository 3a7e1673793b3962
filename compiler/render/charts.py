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

from compiler.render.canvas import Drawing, colour_of
from compiler.render.fonts import DrawnText, Font, RecordingDraw, font, text_length, wrap_text
from rules_engine.definitions import Counter, GameInfo, ValidGame

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
    colour: str | None = None  # its ink, where the book prints it in a colour (a red K)


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    groups: tuple[tuple[int, str], ...] = ()  # (row index, heading) spanning the table
    weights: tuple[float, ...] = ()  # relative column widths where natural widths do not fit
    compact: bool = False  # narrow columns sized to content (a CRT)
    sample_pt: float = 0.0  # how tall a cell's terrain sample is drawn (0: a line of text's height)


@dataclass(frozen=True)
class FaceItem:
    """A counter as a chart shows it: its front (and back, where it has one) and a caption."""

    front: Counter  # as its face is drawn (CounterPainter.drawn)
    back: Counter | None
    caption: str
    more: tuple[Counter, ...] = ()  # its further faces (a unit of more than two steps), each drawn as a back

    @property
    def shown(self) -> int:
        """How many faces the chart shows side by side."""
        return 1 + (self.back is not None) + len(self.more)


@dataclass(frozen=True)
class Faces:
    """Counters in rows under a heading, drawn by the counter painter: a counter key."""

    heading: str
    items: tuple[FaceItem, ...]


@dataclass(frozen=True)
class Paragraph:
    text: str
    italic_note: bool = False


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    blocks: tuple[Table | Paragraph | Faces, ...]
    source: str = ""  # the rulebook sections, printed small under the title
    game: GameInfo | None = None  # what the counter painter needs (sides, nations, classes) for Faces


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
    drawing: Drawing | None = None  # what was drawn, for print (render_chart's ``record``)


@dataclass(frozen=True)
class _Style:
    dpi: float
    body_pt: float = BODY_PT
    scale: float = 1.0  # below 1 for a table too wide for its place at the body size

    def px(self, points: float) -> int:
        return round(points * self.dpi / 72)

    def _pt(self, points: float) -> int:
        return self.px(points * self.scale)

    @property
    def body(self) -> Font:
        return font(self._pt(self.body_pt))

    @property
    def bold(self) -> Font:
        return font(self._pt(self.body_pt + 0.6))

    @property
    def title(self) -> Font:
        return font(self.px(self.body_pt + 4))

    @property
    def small(self) -> Font:
        """Notes and captions: 1.5 pt under the body, never under 6.5 pt (a chart on a map)."""
        return font(self._pt(max(self.body_pt - 1.5, 6.5)))

    @property
    def line(self) -> int:
        return self._pt(self.body_pt * 1.3)

    @property
    def pad(self) -> int:
        return self._pt(self.body_pt * 3.5 / BODY_PT)


def render_chart(
    chart: Chart,
    width_in: float = 7.5,
    dpi: float = SCREEN_DPI,
    body_pt: float = BODY_PT,
    record: bool = False,
) -> ChartImage:
    """The chart set ``width_in`` inches wide at ``dpi`` with body text of ``body_pt`` points (a
    map prints its charts smaller than a player aid); as tall as its content. With ``record``
    the chart's drawing is kept too, for a vector PDF."""
    style = _Style(dpi, body_pt)
    width = round(width_in * dpi)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    plans = [_plan(block, probe, style, width - 2 * style.pad, chart.game) for block in chart.blocks]
    title_lines = wrap_text(probe, chart.title, style.title, width - 2 * style.pad)
    height = (
        2 * style.pad
        + len(title_lines) * style.px(style.body_pt * 1.75)
        + (style.line if chart.source else 0)
    )
    height += sum(plan.height + style.px(6) for plan in plans) + style.pad
    image = Image.new("RGB", (width, height), PAPER)
    drawing = Drawing(image.size, dpi, colour_of(PAPER)) if record else None
    draw = RecordingDraw(image, drawing)
    y = 2 * style.pad
    draw.role = "title"
    for line in title_lines:
        draw.text((style.pad, y), line, font=style.title, fill=INK, anchor="la")
        y += style.px(style.body_pt * 1.75)
    if chart.source:
        draw.role = "source"
        draw.text((style.pad, y - style.px(2)), chart.source, font=style.small, fill="#5a5547", anchor="la")
        y += style.line
    result = ChartImage(image, chart.title, breaks=[], drawing=drawing)
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
            else:  # a group's heading is never left at the foot of a page without its first row
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
                size = style.px(self.table.sample_pt or style.body_pt * 1.25)
                draw_sample(
                    draw,
                    cell.sample,
                    (left, y + style.pad, left + size * 1.4, y + style.pad + size),
                    style.dpi,
                )
                left += round(size * 1.4) + style.pad
            chosen = style.bold if header or cell.bold else style.body
            fill = HEADER_INK if header else (cell.colour or INK)
            for number, line in enumerate(cell_lines):
                top = y + style.pad + number * style.line
                centred = cell.centre if not header else any(row[column].centre for row in self.table.rows)
                if centred:
                    centre = x + sum(self.widths[:column]) + self.widths[column] / 2
                    draw.text((centre, top), line, font=chosen, fill=fill, anchor="ma")
                else:
                    draw.text((left, top), line, font=chosen, fill=fill, anchor="la")


def _plan(
    block: Table | Paragraph | Faces,
    draw: ImageDraw.ImageDraw,
    style: _Style,
    width: int,
    game: GameInfo | None = None,
) -> _ParagraphPlan | _TablePlan | _FacesPlan:
    if isinstance(block, Faces):
        return _plan_faces(block, draw, style, width, game)
    if isinstance(block, Paragraph):
        chosen = style.small if block.italic_note else style.body
        lines = wrap_text(draw, block.text, chosen, width)
        return _ParagraphPlan(lines, block.italic_note, len(lines) * style.line)
    return _plan_table(block, draw, style, width)


def _plan_table(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> _TablePlan:
    style = _table_style(table, draw, style, width)
    widths = _column_widths(table, draw, style, width)
    sample_h = style.px(table.sample_pt or style.body_pt * 1.25)
    sample_space = [
        round(sample_h * 1.4) + style.pad if any(row[c].sample is not None for row in table.rows) else 0
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
    heights = [
        max(
            max(len(lines) for lines in row) * style.line,
            sample_h if any(cell.sample is not None for cell in table.rows[index]) else 0,
        )
        + 2 * style.pad
        for index, row in enumerate(cells)
    ]
    header_height = max(len(lines) for lines in header) * style.line + 2 * style.pad
    group_height = style.line + 2 * style.pad
    total = header_height + sum(heights) + group_height * len(table.groups)
    return _TablePlan(table, widths, header, cells, heights, header_height, group_height, total, style)


def _table_style(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> _Style:
    """The chart's style, or the largest smaller one at which every column keeps its longest
    word: a table is never drawn wider than its place."""
    scale = 1.0
    while scale > SMALLEST_TABLE_SCALE:
        sized = _Style(style.dpi, style.body_pt, scale)
        if sum(_minimum_widths(table, draw, sized)) <= width:
            return sized
        scale = round(scale - 0.05, 2)
    return _Style(style.dpi, style.body_pt, SMALLEST_TABLE_SCALE)


def _minimum_widths(table: Table, draw: ImageDraw.ImageDraw, style: _Style) -> list[float]:
    """Each column's longest word (and terrain sample), with its padding."""
    minimum = [0.0] * len(table.columns)
    sample = round(style.px(table.sample_pt or style.body_pt * 1.25) * 1.4) + style.pad
    for row in [tuple(Cell(c, bold=True) for c in table.columns), *table.rows]:
        for column, cell in enumerate(row):
            chosen = style.bold if cell.bold else style.body
            extra = sample if cell.sample is not None else 0
            longest = max((text_length(draw, word, chosen) for word in cell.text.split()), default=0.0)
            minimum[column] = max(minimum[column], longest + extra)
    return [m + 2 * style.pad + 2 for m in minimum]


def _column_widths(table: Table, draw: ImageDraw.ImageDraw, style: _Style, width: int) -> list[int]:
    """Natural widths when they fit; otherwise each column keeps its longest word and shares
    the rest by its weight (or by how much it would like)."""
    columns = len(table.columns)
    natural = [0.0] * columns
    sample = round(style.px(table.sample_pt or style.body_pt * 1.25) * 1.4) + style.pad
    for row in [tuple(Cell(c, bold=True) for c in table.columns), *table.rows]:
        for column, cell in enumerate(row):
            chosen = style.bold if cell.bold else style.body
            extra = sample if cell.sample is not None else 0
            natural[column] = max(natural[column], text_length(draw, cell.text, chosen) + extra)
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


# --- counters -----------------------------------------------------------------------------------

COUNTER_PT = 36.0  # a counter in a chart: half an inch


@dataclass
class _FacesPlan:
    faces: Faces
    game: GameInfo | None
    per_row: int
    tile: int
    captions: list[list[str]]
    row_height: int
    height: int

    def draw(self, draw: RecordingDraw, style: _Style, x: int, y: int, result: ChartImage) -> None:
        from compiler.render.counters import CounterPainter  # the counter painter's own faces

        draw.role = "group"
        draw.text((x, y), self.faces.heading, font=style.bold, fill=INK, anchor="la")
        top = y + style.line + style.pad
        view = _painting_view(self.game)
        painter = CounterPainter(view) if view is not None else None
        size = style.px(COUNTER_PT)
        for index, (item, caption) in enumerate(zip(self.faces.items, self.captions, strict=True)):
            row, column = divmod(index, self.per_row)
            if column == 0:
                result.breaks.append(top + row * self.row_height)
            left, upper = x + column * self.tile, top + row * self.row_height
            if painter is not None:
                draw.paste(painter.render(item.front, "front", size), (left, upper))
                behind = [b for b in (item.back, *item.more) if b is not None]
                for number, face in enumerate(behind, start=1):
                    draw.paste(
                        painter.render(face, "back", size), (left + number * (size + style.pad), upper)
                    )
            draw.role = "caption"
            for number, line in enumerate(caption):
                draw.text(
                    (left, upper + size + style.pad + number * style.line),
                    line,
                    font=style.small,
                    fill=INK,
                    anchor="la",
                )


def _painting_view(game: GameInfo | None) -> ValidGame | None:
    """A game with only what drawing a face reads (its sides, nations and unit classes)."""
    if game is None:
        return None
    from rules_engine.definitions import Charts, CounterMix, MapDefinition, Origin, TerrainChart

    empty = Origin("")
    board = MapDefinition(
        "point-to-point", None, None, None, None, None, None, {}, (), (), (), (), (), (), (), (), empty
    )
    return ValidGame(
        game, board, TerrainChart((), {}, empty), CounterMix({}, empty), Charts(None, {}, empty), (), ()
    )


def _plan_faces(
    faces: Faces, draw: ImageDraw.ImageDraw, style: _Style, width: int, game: GameInfo | None
) -> _FacesPlan:
    size = style.px(COUNTER_PT)
    shown = max((item.shown for item in faces.items), default=1)
    tile = shown * size + (shown - 1) * style.pad + 3 * style.pad
    per_row = max(1, width // tile)
    captions = [wrap_text(draw, item.caption, style.small, tile - style.pad)[:2] for item in faces.items]
    lines = max((len(c) for c in captions), default=1)
    row_height = size + style.pad + lines * style.line + style.pad
    rows = -(-len(faces.items) // per_row)
    return _FacesPlan(
        faces, game, per_row, tile, captions, row_height, style.line + style.pad + rows * row_height
    )
