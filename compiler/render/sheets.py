"""Print sheets: counters (or cards) in rows on paper, fronts and mirrored backs.

Backs are laid out as the exact mirror image of the fronts across the page's
vertical centre line. Printed duplex and flipped on the long edge (portrait
paper), the back of every counter then lands behind its front. Each piece is drawn
with a bleed (1/16 in unless turned off): its background carried on past the cut
line, into a gutter between the pieces. Registration marks at both top corners of
the grid coincide after the flip, so a player can hold the sheet to the light and
see whether the printer kept its alignment. Where to cut is shown as a print shop shows
it: crop marks in the margins round the pieces, one at each end of every trim line, so no
line is drawn across a printed face; a note under them says how to cut along them.

Each page is a drawing as well as pixels (``compiler.render.canvas``): its PDF is vector,
the title, the crop marks, the note and the registration marks as paths and text, and the
cards' words real text. A counter face is placed as its pixels (300 ppi): it is drawn
several times its size and filtered down, which is what makes it crisp.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageOps

from compiler.presentation.units import PAPER_INCHES, to_pixels
from compiler.render.canvas import Canvas, Drawing, Inset, Picture, colour_of, keeper
from compiler.render.cards import CARD_INCHES, back_inputs, card_back_drawing, card_drawing, card_inputs
from compiler.render.counters import CounterPainter
from compiler.render.fonts import fitted_font
from compiler.render.images import pixel_bytes
from rules_engine.definitions import Counter, ValidGame
from rules_engine.definitions.counters import face_name

KIND_ORDER = {"unit": 0, "leader": 1, "dummy": 2, "gear": 3, "token": 4, "marker": 5}


PRINT_BLEED_IN = 1 / 16  # each face's ground carried past its cut line (1.6 mm), unless turned off
CARD_MARGIN_IN = 0.25  # a card sheet's margins: three poker cards across a Letter page, two down
CUT_NOTE = (
    "To cut: lay a ruler across each pair of grey marks in the margins and cut along it,"
    " one cut on each edge of every piece"
)
BLEED_NOTE = "; the colour past that line is bleed, so a cut a little off shows no white"


@dataclass(frozen=True)
class SheetSpec:
    """Paper, counter size and print settings, all lengths in inches. ``bleed``: how far each
    face's background runs on past its cut line, so a cut or a duplex print a little off
    shows the face's own colour at its edge, not a sliver of white or of the next piece."""

    paper: str = "letter"
    counter: float = 0.625
    dpi: int = 300
    bleed: float = PRINT_BLEED_IN
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
    cell_width: int
    cell_height: int
    page_width: int

    def front(self, column: int, row: int) -> tuple[int, int]:
        return self.left + column * self.cell_width, self.top + row * self.cell_height

    def back(self, column: int, row: int) -> tuple[int, int]:
        x, y = self.front(column, row)
        return self.page_width - x - self.cell_width, y


def grid_for(spec: SheetSpec, cell_width: int | None = None, cell_height: int | None = None) -> Grid:
    width, height = spec.page_px
    margin = to_pixels(spec.margin, spec.dpi)
    title = to_pixels(spec.title_band, spec.dpi)
    cell_w = cell_width or spec.cell_px
    cell_h = cell_height or spec.cell_px
    columns = (width - 2 * margin) // cell_w
    rows = (height - 2 * margin - title) // cell_h
    if columns < 1 or rows < 1:
        raise ValueError(
            f"a {cell_w / spec.dpi:g} x {cell_h / spec.dpi:g} in piece does not fit on {spec.paper} paper"
        )
    return Grid(columns, rows, (width - columns * cell_w) // 2, margin + title, cell_w, cell_h, width)


def print_order(definition: ValidGame) -> list[Counter]:
    """Every physical counter, copies included: units grouped by side and nation, then markers."""
    counters = definition.counters
    game = definition.game
    sides = {s.id: i for i, s in enumerate(game.sides)}
    nations = {n.id: i for i, n in enumerate(game.nations)}
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
class Item:
    """One physical piece to print: what it is, how to key its images, which group it starts."""

    key: str
    group: str
    thing: Any


@dataclass(frozen=True)
class Placement:
    """One physical piece on one sheet: the piece, and its cell."""

    item: Item
    sheet: int
    column: int
    row: int


def lay_out(items: list[Item], grid: Grid) -> list[Placement]:
    """Fill rows left to right; each group (a side, the markers, a deck) starts on a fresh row."""
    placed: list[Placement] = []
    sheet = column = row = 0
    previous: str | None = None
    for item in items:
        if previous is not None and item.group != previous and column:
            column, row = 0, row + 1
        if row >= grid.rows:
            sheet, row, column = sheet + 1, 0, 0
        placed.append(Placement(item, sheet, column, row))
        previous = item.group
        column += 1
        if column >= grid.columns:
            column, row = 0, row + 1
    return placed


@dataclass(frozen=True)
class Face:
    """One face as a sheet places it: its pixels, and its drawing where it has one."""

    image: Image.Image
    drawing: Drawing | None = None


Painter = Callable[[Item, str], Face]
Inputs = Callable[[Item, str], object]  # everything ``Painter`` reads for one face
FACES_KEPT_BYTES = 8 * 1024 * 1024  # pixels of recently drawn faces kept for the next copies


class SheetPages:
    """The pages of a set of sheets, each drawn only when asked for and then let go, so that
    memory holds a page or two whatever the number of pieces. Sheet ``i`` has a front and a
    back; ``pages()`` yields them in file order: sheet 1 front, sheet 1 back, sheet 2 front ..."""

    def __init__(
        self,
        placements: list[Placement],
        grid: Grid,
        spec: SheetSpec,
        paint: Painter,
        inputs: Inputs,
        title: str,
    ) -> None:
        self.placements = placements
        self._inputs = inputs
        self.grid = grid
        self.spec = spec
        self.title = title
        self.sheets = max((p.sheet for p in placements), default=0) + 1
        self._faces = _RecentFaces(paint)
        self._on_sheet: list[list[Placement]] = [[] for _ in range(self.sheets)]
        for placement in placements:
            self._on_sheet[placement.sheet].append(placement)

    def page(self, sheet: int, side: str) -> Image.Image:
        return self.page_drawing(sheet, side)[0]

    def page_drawing(self, sheet: int, side: str) -> tuple[Image.Image, Drawing]:
        """The page's pixels and its drawing."""
        page = Image.new("RGB", self.spec.page_px, "white")
        drawing = Drawing(page.size, self.spec.dpi, (255, 255, 255))
        where = self.grid.front if side == "front" else self.grid.back
        used = self._on_sheet[sheet]
        for placement in used:
            face = self._faces.get(placement.item, side)
            x, y = where(placement.column, placement.row)
            page.paste(face.image, (x, y))
            drawing.items.append(_placed(face, x, y))
        title = f"{self.title} - sheet {sheet + 1} of {self.sheets}"
        _decorate(page, drawing, self.spec, self.grid, used, side, title)
        return page, drawing

    def page_inputs(self, sheet: int, side: str) -> tuple[object, ...]:
        """Everything ``page`` reads (the key of a cached page): the layout, the title, and
        each piece's cell and what its face's drawing reads."""
        used = tuple((p.column, p.row, self._inputs(p.item, side)) for p in self._on_sheet[sheet])
        return ("sheet page", self.spec, self.grid, self.title, self.sheets, sheet, side, used)

    def pages(self) -> Iterator[tuple[int, str, Image.Image]]:
        """(sheet, side, page) in file order, each page drawn when asked for."""
        for sheet in range(self.sheets):
            for side in ("front", "back"):
                yield sheet, side, self.page(sheet, side)

    @property
    def fronts(self) -> list[Image.Image]:
        """Every front page at once (for tests and small games: this holds them all)."""
        return [self.page(sheet, "front") for sheet in range(self.sheets)]

    @property
    def backs(self) -> list[Image.Image]:
        return [self.page(sheet, "back") for sheet in range(self.sheets)]


class _RecentFaces:
    """Faces drawn lately, so the copies of a piece (which follow one another) are drawn once;
    the oldest are let go past ``FACES_KEPT_BYTES`` of pixels, however large each face is."""

    def __init__(self, paint: Painter) -> None:
        self.paint = paint
        self.kept: OrderedDict[tuple[str, str], Face] = OrderedDict()
        self.size = 0

    def get(self, item: Item, face: str) -> Face:
        key = (item.key, face)
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
            return found
        found = self.paint(item, face)
        self.kept[key] = found
        self.size += pixel_bytes(found.image)
        while self.size > FACES_KEPT_BYTES and len(self.kept) > 1:
            _, old = self.kept.popitem(last=False)
            self.size -= pixel_bytes(old.image)
        return found


def _placed(face: Face, x: int, y: int) -> Inset | Picture:
    if face.drawing is not None:
        return Inset(face.drawing, float(x), float(y))
    return Picture(
        face.image, (float(x), float(y), float(x + face.image.width), float(y + face.image.height))
    )


def render_sheets(
    items: list[Item],
    spec: SheetSpec,
    grid: Grid,
    paint: Painter,
    inputs: Inputs,
    title: str,
) -> SheetPages:
    """Pages of ``items``: ``paint(item, 'front'|'back')`` draws one face at the cell size,
    reading what ``inputs(item, face)`` returns."""
    return SheetPages(lay_out(items, grid), grid, spec, paint, inputs, title)


class CounterPiece(NamedTuple):
    """One physical counter to print: the counter, the face on its front and the one behind it
    (None: a blank back)."""

    counter: Counter
    front: str = "front"
    back: str | None = "back"

    def shown(self, side: str) -> tuple[Counter, str]:
        """The counter and the name of the face the piece shows on its ``side`` ("front" or
        "back"), as CounterPainter draws it."""
        if side == "front":
            return self.counter, self.front
        if self.back is None:  # a step counter with an odd face last: a blank back
            return self.counter._replace(back=None, hidden=False, more_faces=()), "back"
        return self.counter, self.back


def physical_faces(counter: Counter) -> list[tuple[str, str | None]]:
    """The faces each physical piece of one copy of ``counter`` prints, front and back: the
    counter itself (front, back), then for a unit of more than two steps its step counters, two
    further faces each ("face3" behind which "face4", or nothing: a blank back). A player swaps
    the counter for its step counter when its steps go past the back, as published games with
    replacement (cadre) counters do."""
    pieces: list[tuple[str, str | None]] = [("front", "back")]
    further = [face_name(index) for index in range(2, 2 + len(counter.more_faces))]
    for first in range(0, len(further), 2):
        pieces.append((further[first], further[first + 1] if first + 1 < len(further) else None))
    return pieces


def counter_items(definition: ValidGame) -> list[Item]:
    """Every physical piece to print: each copy of each counter, and after a counter's copies
    their step counters (one per copy)."""
    items: list[Item] = []
    order = print_order(definition)
    for index, counter in enumerate(order):
        group = counter.side or "" if counter.is_unit else "~markers"
        items.append(Item(counter.id, group, CounterPiece(counter)))
        last_copy = index + 1 == len(order) or order[index + 1] is not counter
        if last_copy:
            for front, back in physical_faces(counter)[1:]:
                piece = CounterPiece(counter, front, back)
                items.extend(Item(f"{counter.id}/{front}", group, piece) for _ in range(counter.copies))
    return items


def render_counter_sheets(definition: ValidGame, spec: SheetSpec) -> SheetPages:
    painter = CounterPainter(definition)
    items = counter_items(definition)

    def paint(item: Item, face: str) -> Face:
        piece: CounterPiece = item.thing
        counter, name = piece.shown(face)
        return Face(painter.render(counter, name, spec.counter_px, spec.bleed_px))

    def inputs(item: Item, face: str) -> object:
        piece: CounterPiece = item.thing
        return painter.inputs(*piece.shown(face))

    title = (definition.game.title) + " - counters"
    return render_sheets(items, spec, grid_for(spec), paint, inputs, title)


def render_card_sheets(definition: ValidGame, spec: SheetSpec) -> SheetPages | None:
    """The game's cards (copies included), a deck per group; None for games without cards."""
    if not definition.decks:
        return None
    spec = replace(spec, margin=min(spec.margin, CARD_MARGIN_IN))
    width, height = (to_pixels(v, spec.dpi) for v in CARD_INCHES)
    bleed = spec.bleed_px
    items = [
        Item(f"{deck.id}/{card.id}", deck.id, (deck, card))
        for deck in definition.decks
        for card in deck.cards
        for _ in range(card.copies)
    ]

    def paint(item: Item, face: str) -> Face:
        deck, card = item.thing
        drawn = (
            card_drawing(deck, card, width, height, record=True)
            if face == "front"
            else card_back_drawing(deck, width, height, card, record=True)
        )
        picture = drawn.image
        if not bleed:
            return Face(picture, drawn.drawing)
        ground = picture.getpixel((1, 1))
        framed = Image.new("RGB", (width + 2 * bleed, height + 2 * bleed), ground)
        framed.paste(picture, (bleed, bleed))
        drawing = Drawing(framed.size, spec.dpi, colour_of(ground))
        inner = drawn.drawing
        drawing.items.append(
            Inset(inner, bleed, bleed)
            if inner is not None
            else Picture(picture, (bleed, bleed, bleed + width, bleed + height))
        )
        return Face(framed, drawing)

    def inputs(item: Item, face: str) -> object:
        deck, card = item.thing
        return card_inputs(deck, card) if face == "front" else back_inputs(deck, card)

    title = (definition.game.title) + " - cards"
    grid = grid_for(spec, width + 2 * bleed, height + 2 * bleed)
    return render_sheets(items, spec, grid, paint, inputs, title)


def _decorate(
    page: Image.Image,
    drawing: Drawing,
    spec: SheetSpec,
    grid: Grid,
    used: list[Placement],
    side: str,
    title: str,
) -> None:
    draw = Canvas(page, drawing)
    width, _ = spec.page_px
    dpi = spec.dpi
    words = "front" if side == "front" else "back - print on the reverse, flip on the long edge"
    text = f"{title} - {words}"
    chosen = fitted_font(draw, text, grid.columns * grid.cell_width - to_pixels(0.5, dpi), round(0.14 * dpi))
    draw.text(
        (width / 2, to_pixels(spec.margin, dpi) + to_pixels(spec.title_band, dpi) * 0.4),
        text,
        font=chosen,
        fill="#333333",
        anchor="mm",
    )
    if spec.cut_lines:
        _cut_lines(draw, spec, grid, used, side)
        _cut_note(draw, spec, grid, used)
    _registration_marks(page, spec, grid)
    _registration_marks_kept(keeper(drawing), spec, grid)


CROP_GREY = "#9a9a9a"
CROP_GAP_IN = 1 / 32  # between a piece's cell (its bleed's outer edge) and where a crop mark starts
CROP_LENGTH_IN = 0.08  # a crop mark's length, out into the margin


def trim_edges(spec: SheetSpec, grid: Grid, side: str) -> tuple[list[int], list[int]]:
    """Where the pieces' edges lie across and down the page (the trim lines, in pixels), from
    the cells as that side places them: a back's are the mirror of its front's."""
    bleed = spec.bleed_px
    place = grid.front if side == "front" else grid.back
    xs: set[int] = set()
    for column in range(grid.columns):
        x, _ = place(column, 0)
        xs |= {x + bleed, x + grid.cell_width - bleed}
    ys: set[int] = set()
    for row in range(grid.rows):
        _, y = place(0, row)
        ys |= {y + bleed, y + grid.cell_height - bleed}
    return sorted(xs), sorted(ys)


def crop_marks(
    spec: SheetSpec, grid: Grid, used: list[Placement], side: str
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The crop marks: for every trim line, a short line in the margin at each of its ends,
    pointing along it. They stay outside the pieces' cells, so no mark crosses a printed face
    or its bleed; a ruler laid across a pair of them is the line to cut."""
    if not used:
        return []
    rows = max(p.row for p in used) + 1
    xs, ys = trim_edges(spec, grid, side)
    ys = [y for y in ys if y <= grid.top + rows * grid.cell_height]
    gap, length = to_pixels(CROP_GAP_IN, spec.dpi), to_pixels(CROP_LENGTH_IN, spec.dpi)
    left = min(x for x in xs) - spec.bleed_px
    right = max(x for x in xs) + spec.bleed_px
    top, bottom = grid.top, grid.top + rows * grid.cell_height
    marks = []
    for x in xs:
        marks.append(((x, top - gap - length), (x, top - gap)))
        marks.append(((x, bottom + gap), (x, bottom + gap + length)))
    for y in ys:
        marks.append(((left - gap - length, y), (left - gap, y)))
        marks.append(((right + gap, y), (right + gap + length, y)))
    return marks


def _cut_lines(
    draw: ImageDraw.ImageDraw, spec: SheetSpec, grid: Grid, used: list[Placement], side: str
) -> None:
    """The crop marks, thin and grey, in the margins round the pieces."""
    line = max(1, spec.dpi // 200)
    for start, end in crop_marks(spec, grid, used, side):
        draw.line([start, end], fill=CROP_GREY, width=line)


def cut_note_top(spec: SheetSpec, grid: Grid, used: list[Placement]) -> int:
    """Where the note that says how to cut starts: under the crop marks below the pieces."""
    rows = max(p.row for p in used) + 1
    dpi = spec.dpi
    y = grid.top + rows * grid.cell_height + to_pixels(CROP_GAP_IN + CROP_LENGTH_IN + 0.05, dpi)
    return min(y, spec.page_px[1] - to_pixels(0.25, dpi))


def _cut_note(draw: ImageDraw.ImageDraw, spec: SheetSpec, grid: Grid, used: list[Placement]) -> None:
    """Under the pieces and their crop marks: which lines to cut on, and what the colour past
    them is."""
    if not used:
        return
    dpi = spec.dpi
    text = CUT_NOTE + (BLEED_NOTE if spec.bleed_px else "") + "."
    room = grid.columns * grid.cell_width
    chosen = fitted_font(draw, text, room, round(0.11 * dpi), min_size=max(5, round(6 / 72 * dpi)))
    left, _ = grid.front(0, 0)
    draw.text((left, cut_note_top(spec, grid, used)), text, font=chosen, fill="#333333", anchor="lt")


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


def _registration_marks_kept(draw: Canvas, spec: SheetSpec, grid: Grid) -> None:
    """The same cross-hairs in the page's drawing: a circle and two lines at each point."""
    radius = to_pixels(0.08, spec.dpi)
    reach = round(1.6 * radius)
    line = max(1, spec.dpi // 150)
    for x, y in registration_points(spec, grid):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline="black", width=line)
        draw.line([(x - reach, y), (x + reach, y)], fill="black", width=line)
        draw.line([(x, y - reach), (x, y + reach)], fill="black", width=line)
