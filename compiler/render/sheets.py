"""Print sheets: counters in rows on paper, fronts and mirrored backs.

Backs are laid out as the exact mirror image of the fronts across the page's
vertical centre line. Printed duplex and flipped on the long edge (portrait
paper), the back of every counter then lands behind its front. Registration
marks at both top corners of the grid coincide after the flip, so a player can
hold the sheet to the light and see whether the printer kept its alignment.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageOps

from compiler.render.counters import CounterPainter
from compiler.render.fonts import fitted_font
from compiler.render.units import PAPER_INCHES, to_pixels
from rules_engine.definitions import Counter, GameDefinition

KIND_ORDER = {"unit": 0, "leader": 1, "dummy": 2, "gear": 3, "token": 4, "marker": 5}


@dataclass(frozen=True)
class SheetSpec:
    """Paper, counter size and print settings, all lengths in inches."""

    paper: str = "letter"
    counter: float = 0.625
    dpi: int = 300
    bleed: float = 0.0
    cut_lines: bool = True
    margin: float = 0.4
    title_band: float = 0.35

    @property
    def page_px(self) -> tuple[int, int]:
        width, height = PAPER_INCHES[self.paper]
        return to_pixels(width, self.dpi), to_pixels(height, self.dpi)

    @property
    def counter_px(self) -> int:
        return to_pixels(self.counter, self.dpi)

    @property
    def bleed_px(self) -> int:
        return to_pixels(self.bleed, self.dpi)

    @property
    def cell_px(self) -> int:
        return self.counter_px + 2 * self.bleed_px


@dataclass(frozen=True)
class Grid:
    """Where cells sit on a front page; backs mirror it."""

    columns: int
    rows: int
    left: int
    top: int
    cell: int
    page_width: int

    def front(self, column: int, row: int) -> tuple[int, int]:
        return self.left + column * self.cell, self.top + row * self.cell

    def back(self, column: int, row: int) -> tuple[int, int]:
        x, y = self.front(column, row)
        return self.page_width - x - self.cell, y


def grid_for(spec: SheetSpec) -> Grid:
    width, height = spec.page_px
    margin = to_pixels(spec.margin, spec.dpi)
    title = to_pixels(spec.title_band, spec.dpi)
    cell = spec.cell_px
    columns = (width - 2 * margin) // cell
    rows = (height - 2 * margin - title) // cell
    if columns < 1 or rows < 1:
        raise ValueError(f"a {spec.counter:g} in counter does not fit on {spec.paper} paper")
    return Grid(columns, rows, (width - columns * cell) // 2, margin + title, cell, width)


def print_order(definition: GameDefinition) -> list[Counter]:
    """Every physical counter, copies included, grouped by side, nation and kind."""
    counters = definition.counters
    game = definition.game
    if counters is None:
        return []
    sides = {s.id: i for i, s in enumerate(game.sides)} if game else {}
    nations = {n.id: i for i, n in enumerate(game.nations)} if game else {}
    position = {counter_id: index for index, counter_id in enumerate(counters.counters)}
    entries = sorted(
        counters.counters.values(),
        key=lambda c: (
            not c.is_unit,
            sides.get(c.side or "", len(sides)),
            nations.get(c.nation or "", len(nations)),
            KIND_ORDER.get(c.kind, 9),
            position[c.id],
        ),
    )
    return [counter for counter in entries for _ in range(counter.copies)]


@dataclass(frozen=True)
class Placement:
    """One physical counter on one sheet: which counter, and its cell."""

    counter: Counter
    sheet: int
    column: int
    row: int


def lay_out(counters: list[Counter], grid: Grid) -> list[Placement]:
    """Fill rows left to right; each side starts on a fresh row."""
    placed: list[Placement] = []
    sheet = column = row = 0
    previous_side: str | None = None
    for counter in counters:
        group = counter.side if counter.is_unit else "~markers"
        if previous_side is not None and group != previous_side and column:
            column, row = 0, row + 1
        if row >= grid.rows:
            sheet, row, column = sheet + 1, 0, 0
        placed.append(Placement(counter, sheet, column, row))
        previous_side = group
        column += 1
        if column >= grid.columns:
            column, row = 0, row + 1
    return placed


@dataclass
class SheetPages:
    """The rendered pages: fronts[i] and backs[i] are the two sides of sheet i."""

    fronts: list[Image.Image]
    backs: list[Image.Image]
    placements: list[Placement]
    grid: Grid

    def interleaved(self) -> Iterator[Image.Image]:
        for front, back in zip(self.fronts, self.backs, strict=True):
            yield front
            yield back


def render_counter_sheets(definition: GameDefinition, spec: SheetSpec) -> SheetPages:
    painter = CounterPainter(definition)
    grid = grid_for(spec)
    placements = lay_out(print_order(definition), grid)
    sheets = max((p.sheet for p in placements), default=0) + 1
    fronts = [_blank_page(spec) for _ in range(sheets)]
    backs = [_blank_page(spec) for _ in range(sheets)]
    cache: dict[tuple[str, str], Image.Image] = {}
    for placement in placements:
        for face, pages, where in (("front", fronts, grid.front), ("back", backs, grid.back)):
            key = (placement.counter.id, face)
            if key not in cache:
                cache[key] = painter.render(placement.counter, face, spec.counter_px, spec.bleed_px)
            pages[placement.sheet].paste(cache[key], where(placement.column, placement.row))
    title = definition.game.title if definition.game else "counters"
    for index in range(sheets):
        used = [p for p in placements if p.sheet == index]
        for page, side in ((fronts[index], "front"), (backs[index], "back")):
            _decorate(page, spec, grid, used, side, f"{title} - counters - sheet {index + 1} of {sheets}")
    return SheetPages(fronts, backs, placements, grid)


def _blank_page(spec: SheetSpec) -> Image.Image:
    return Image.new("RGB", spec.page_px, "white")


def _decorate(
    page: Image.Image, spec: SheetSpec, grid: Grid, used: list[Placement], side: str, title: str
) -> None:
    draw = ImageDraw.Draw(page)
    width, _ = spec.page_px
    dpi = spec.dpi
    words = "front" if side == "front" else "back - print on the reverse, flip on the long edge"
    text = f"{title} - {words}"
    chosen = fitted_font(draw, text, grid.columns * grid.cell - to_pixels(0.5, dpi), round(0.14 * dpi))
    draw.text(
        (width / 2, to_pixels(spec.margin, dpi) + to_pixels(spec.title_band, dpi) * 0.45),
        text,
        font=chosen,
        fill="#333333",
        anchor="mm",
    )
    if spec.cut_lines:
        _cut_lines(draw, spec, grid, used, side)
    _registration_marks(page, spec, grid)


def _cut_lines(
    draw: ImageDraw.ImageDraw, spec: SheetSpec, grid: Grid, used: list[Placement], side: str
) -> None:
    """Thin lines along every counter edge, ending a little beyond the filled rows."""
    if not used:
        return
    rows = max(p.row for p in used) + 1
    bleed, size = spec.bleed_px, spec.counter_px
    extend = to_pixels(0.12, spec.dpi)
    left, _ = grid.front(0, 0)
    right = left + grid.columns * grid.cell
    top, bottom = grid.top, grid.top + rows * grid.cell
    line = max(1, spec.dpi // 200)
    xs = sorted(
        {left + c * grid.cell + offset for c in range(grid.columns) for offset in (bleed, bleed + size)}
    )
    ys = sorted({top + r * grid.cell + offset for r in range(rows) for offset in (bleed, bleed + size)})
    for x in xs:
        draw.line([(x, top - extend), (x, bottom + extend)], fill="#9a9a9a", width=line)
    for y in ys:
        draw.line([(left - extend, y), (right + extend, y)], fill="#9a9a9a", width=line)


def registration_points(spec: SheetSpec, grid: Grid) -> list[tuple[int, int]]:
    """Centres of the two cross-hairs beside the top corners of the grid. The right one is
    the pixel mirror image of the left one, so after a long-edge flip each lies on the other."""
    gap = to_pixels(0.15, spec.dpi)
    left, top = grid.front(0, 0)
    x = left - gap
    return [(x, top - gap), (grid.page_width - 1 - x, top - gap)]


def _registration_marks(page: Image.Image, spec: SheetSpec, grid: Grid) -> None:
    radius = to_pixels(0.08, spec.dpi)
    reach = round(1.6 * radius)
    line = max(1, spec.dpi // 150)
    mark = Image.new("RGB", (2 * reach + 1, 2 * reach + 1), "white")
    pen = ImageDraw.Draw(mark)
    c = reach
    pen.ellipse((c - radius, c - radius, c + radius, c + radius), outline="black", width=line)
    pen.line([(0, c), (2 * reach, c)], fill="black", width=line)
    pen.line([(c, 0), (c, 2 * reach)], fill="black", width=line)
    (lx, ly), (rx, ry) = registration_points(spec, grid)
    page.paste(mark, (lx - reach, ly - reach))
    page.paste(ImageOps.mirror(mark), (rx - reach, ry - reach))
