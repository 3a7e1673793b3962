"""Hex boards: hexes in their terrain's tint and texture, hill shading and contour lines, coasts,
rivers and roads, then every label where nothing hides it, and the furniture.

A map whose data gives its printed size (``size`` in map.json) is drawn on a sheet of that
size, the hex field centred on it, and its furniture (title cartouche, tracks, boxes, Orders
of Battle, charts, the terrain key) goes where no hex is in play: over the sea, over the
hexes the book prints its charts on (``off_map``), and in the margins. A map without a size
gets a band under the hexes for its furniture.
"""

from __future__ import annotations

import itertools
import math
from typing import cast

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from compiler.presentation.colours import shade
from compiler.presentation.limits import check_board_pixels
from compiler.render.aid_sheets import add_aid_sheets
from compiler.render.art import BoardArt, Point, Rect
from compiler.render.board import BoardInputs, Furnisher
from compiler.render.canvas import grounded
from compiler.render.fonts import RecordingDraw, fitted_font, font
from compiler.render.furniture import Block, Ink, TrackBlock
from compiler.render.hex_marks import PRIMARY_SHARE, Mark, angle_to, plan_marks
from compiler.render.labels import LabelPlacer
from compiler.render.legibility import contrast, ink_for
from compiler.render.map_lines import DrawnLine, clip_outside, line_reach, segment_meets_rect
from compiler.render.patterns import PATTERN_IN, draw_pattern
from compiler.render.placement import FreeSpace, pack_band, place_free, placing_step
from compiler.render.relief import hill_shading
from compiler.render.terrain_key import (
    DEFAULT_AREA,
    INK,
    PAPER,
    LineLook,
    area_colour,
    dotted,
    draw_line,
    draw_point,
    hill_triangle,
    level_colour,
    line_look,
    needs_knockout,
    printed_number,
    symbol_extent,
    terrain_pattern,
    ticks,
)
from rules_engine.definitions import Hexside, Space, Terrain
from rules_engine.geometry import Hex, HexLayout

MARGIN_IN = 0.4
BAND_GAP_IN = 0.25
EDGE_IN = 0.2  # furniture keeps this far (and its 0.06 in margin) from a sheet's edge
SHEET_MARGIN_IN = 0.3  # the hexes keep this far from a sheet's edge
BORDER_RED = "#c0392b"
SHORE_SLANT = 0.4  # how far a coast beyond the grid runs along the edge for each inch it runs out
ID_GREY = "#5e5e5e"  # a hex ID's ink where the ground allows it; darker (or lighter) where not
ID_CONTRAST = 7.5  # as drawn: small type prints lighter than its ink, and must still read at 4.5:1
REGION_INK = "#4e3d26"
MAP_CHART_PT = 7.5  # a chart printed on a sheet map, as published maps set them
MIN_ID_PT = 5.0  # no text on the map is smaller: an ID squeezed between lines shrinks to this
# Where a hex's ID may go, in hex sizes from its centre: the top, then beside a line that runs
# through the top, then the foot, then toward a side corner; then anywhere in the hex, nearest the
# top first (Moscow, where railways leave by all six sides: a sliver between two of them).
ID_SPOTS = (
    (0.0, -0.36),
    (-0.2, -0.32),
    (0.2, -0.32),
    (0.0, 0.37),
    (-0.2, 0.33),
    (0.2, 0.33),
    (-0.36, 0.0),
    (0.36, 0.0),
    *sorted(
        ((round(i * 0.02, 2), round(j * 0.02, 2)) for i in range(-24, 25) for j in range(-22, 23)),
        key=lambda spot: (math.dist(spot, (0.0, -0.36)), spot),
    ),
)


def sheet_inches(inputs: BoardInputs) -> tuple[float, float] | None:
    """The printed sheet's size in inches, where the map's data gives it."""
    board = inputs.board
    if board.width is None or board.height is None:
        return None
    unit = 1 / 25.4 if board.size_unit == "mm" else 1.0
    return board.width * unit, board.height * unit


class HexPainter:
    def __init__(self, inputs: BoardInputs, dpi: float, record: bool = False) -> None:
        board = inputs.board
        self.record = record  # keep the drawing: the ground as pixels, the rest as shapes
        assert board.grid is not None
        self.inputs = inputs
        self.board = board
        self.dpi = dpi
        self.terrain = inputs.terrain.terrain
        self.sides = {s.id: s for s in inputs.game.sides}
        self.sheet = sheet_inches(inputs)
        size = self.inch(board.hex_size or 0.75)
        self.layout = HexLayout(board.grid, size, self._origin(size))
        self.country_of = {s: r.id for r in board.regions if r.kind == "country" for s in r.spaces}
        self.spaces = [s for s in board.spaces.values() if s.hex is not None]
        self.in_play = [s for s in self.spaces if not self._is_sea(s.id) and not self._off_map(s)]
        self.labels = LabelPlacer()
        self.id_ground: dict[str, str] = {}
        self.symbols: dict[str, Rect] = {}
        self.sea_margins: list[list[Point]] = []  # sea drawn out to the sheet's edge
        self.shore_lines: list[tuple[Point, Point]] = []  # where that sea meets the land beyond the grid
        self.by_position = {(s.hex.col, s.hex.row): s.id for s in self.spaces if s.hex is not None}
        self.marks: dict[str, list[Mark]] = {}
        self.id_plan: dict[str, tuple[int, Point, Rect]] = {}
        self.mark_circles: list[tuple[float, float, float]] = []
        self.art_marks: list[tuple[float, float, float]] = []
        self.drawn_lines: list[DrawnLine] = []

    def inch(self, value: float) -> float:
        return value * self.dpi

    def _origin(self, size: float) -> Point:
        """Where hex (0, 0) is centred. On a sheet the field keeps ``MARGIN_IN`` from the top and
        from the side away from the sea, so the sea and the sheet's free margin lie together
        for the furniture; without a sheet, a margin from the top (the title is the cartouche's,
        in the band under the hexes). Whole pixels: VASSAL's grid
        origin (x0, y0) is an integer, and the board must agree."""
        assert self.board.grid is not None
        probe = HexLayout(self.board.grid, size, (0.0, 0.0))
        corners = [c for position in probe.grid for c in probe.corners(position)]
        left, top = min(x for x, _ in corners), min(y for _, y in corners)
        right = max(x for x, _ in corners)
        if self.sheet is None:
            return float(round(self.inch(MARGIN_IN) - left)), float(round(self.inch(MARGIN_IN) - top))
        spare = self.inch(self.sheet[0]) - (right - left)
        x = {"west": spare - self.inch(MARGIN_IN), "east": self.inch(MARGIN_IN)}.get(
            self._sea_side(probe), spare / 2
        )
        spare_height = self._spare_height(probe)
        # A sheet the hexes nearly fill keeps its one margin of use at the foot, for a title strip.
        top_margin = self.inch(SHEET_MARGIN_IN) if spare_height < self.inch(2.0) else self.inch(MARGIN_IN)
        return float(round(x - left)), float(round(min(top_margin, spare_height / 2) - top))

    def _spare_height(self, probe: HexLayout) -> float:
        assert self.sheet is not None
        ys = [y for position in probe.grid for _, y in probe.corners(position)]
        return self.inch(self.sheet[1]) - (max(ys) - min(ys))

    def _sea_side(self, probe: HexLayout) -> str:
        """'west' or 'east' where most of the map's sea hexes lie, else ''."""
        columns = [s.hex.col for s in self.board.spaces.values() if s.hex is not None and self._is_sea(s.id)]
        if not columns or self.board.grid is None:
            return ""
        middle = (self.board.grid.columns.size - 1) / 2
        mean = sum(columns) / len(columns)
        return "west" if mean < middle - 1 else "east" if mean > middle + 1 else ""

    def _inches(self, rect: Rect) -> Rect:
        return rect[0] / self.dpi, rect[1] / self.dpi, rect[2] / self.dpi, rect[3] / self.dpi

    def centre(self, space_id: str) -> Point:
        return self.layout.centre(_hex(self.board.spaces[space_id]))

    # --- the whole board ---------------------------------------------------------------------

    def paint(self) -> BoardArt:
        right, bottom = self.layout.extent()
        if self.sheet is not None:
            width, height = math.ceil(self.inch(self.sheet[0])), math.ceil(self.inch(self.sheet[1]))
            placed: list[tuple[Block, float, float]] = []
        else:
            placed, width, height = self._band(right, bottom)
        check_board_pixels(width, height, self.dpi, self.board.origin.child("grid"))
        image = Image.new("RGB", (width, height), PAPER)
        art = BoardArt(image, self.dpi, self.layout)
        for space in self.in_play:
            art.play_area.append(_bounds(self.layout.corners(_hex(space))))
        image = self._terrain(image, art)
        art.image = image
        self.ground = image.copy()  # the land before any line: what a symbol's knockout shows
        art.drawing = grounded(image, self.dpi) if self.record else None
        draw = RecordingDraw(image, art.drawing)
        self._grid_lines(draw)
        self._network(draw)
        self._labels(draw)
        ink = Ink(draw, self.dpi, art)
        if self.sheet is not None:
            missing = self._furnish_sheet(ink, art)
            ink = add_aid_sheets(ink, art, missing, self.inputs.game.title, self.board.origin.child("size"))
        else:
            self._furnish_band(ink, placed, bottom)
        art.texts = ink.draw.texts
        art.furniture.update(self.symbols)
        art.lines = self.drawn_lines
        art.marks = self.art_marks
        return art

    def _band(self, right: float, bottom: float) -> tuple[list[tuple[Block, float, float]], int, int]:
        """The furniture packed into a band under the hexes, and the board's size with it."""
        map_width = right + self.inch(MARGIN_IN)
        band_in = map_width / self.dpi - 2 * MARGIN_IN
        placed = pack_band(self._blocks(min(3.4, band_in)), band_in, 0.25)
        band_height = max((y + block.size()[1] for block, _, y in placed), default=0.0)
        width = math.ceil(
            max(map_width, max((self.inch(x + b.size()[0] + 2 * MARGIN_IN) for b, x, _ in placed), default=0))
        )
        return placed, width, math.ceil(bottom + self.inch(BAND_GAP_IN + band_height + MARGIN_IN))

    def _blocks(self, legend_in: float) -> list[Block]:
        furnisher = Furnisher(self.inputs)
        cartouche = [furnisher.cartouche()] if self.sheet is None else []  # on a sheet: placed first
        return [
            *cartouche,
            *furnisher.tracks(per_row=30 if self.sheet is None else 8),
            *furnisher.boxes(),
            *furnisher.charts(self.dpi, 9.0 if self.sheet is None else MAP_CHART_PT),
            *furnisher.decks(),
            furnisher.legend(legend_in),
        ]

    def _furnish_band(self, ink: Ink, placed: list[tuple[Block, float, float]], bottom: float) -> None:
        """The band's blocks under the hexes; the title is the cartouche's, printed once."""
        band_top = bottom + self.inch(BAND_GAP_IN)
        for block, x, y in placed:
            block.draw(ink, self.inch(MARGIN_IN + x), band_top + self.inch(y))

    def _furnish_sheet(self, ink: Ink, art: BoardArt) -> list[Block]:
        """The cartouche, the key and every track, box and chart where no hex is in play; the
        blocks that find no room there are returned, for aid sheets of their own."""
        assert self.sheet is not None
        free = FreeSpace(*self.sheet, step=placing_step(*self.sheet))
        for rect in art.play_area:
            free.take(self._inches(rect), 0.04)
        for text in ink.draw.texts:
            free.take(self._inches(text.bbox), 0.03)
        furnisher = Furnisher(self.inputs)
        blocks: list[tuple[Block, str]] = [(furnisher.cartouche(), "top-left")]
        rest = sorted(self._blocks(2.6), key=lambda b: -b.size()[0] * b.size()[1])
        # Tracks run along the sheet's foot, as printed maps set them; the rest packs snugly.
        blocks += [(block, "bottom-left") for block in rest if isinstance(block, TrackBlock)]
        blocks += [(block, "snug") for block in rest if not isinstance(block, TrackBlock)]
        placed, missing = place_free(free, blocks, EDGE_IN)
        for block, x, y in placed:
            width, height = block.size()
            rect = (self.inch(x), self.inch(y), self.inch(x + width), self.inch(y + height))
            ink.panel(rect)
            block.draw(ink, self.inch(x), self.inch(y))
            art.furniture[f"block:{len(art.furniture)}"] = rect
        return missing

    # --- hexes, their tints and textures ------------------------------------------------------------

    def _terrain(self, image: Image.Image, art: BoardArt) -> Image.Image:
        draw = ImageDraw.Draw(image)
        if self.sheet is not None:  # the land runs on beyond the hexes, paler, to the sheet's edge
            clear = self.terrain.get("clear")
            image.paste(shade(area_colour(clear, "clear") or PAPER, 1.35), (0, 0, image.width, image.height))
        for space in self.spaces:
            art.space_centres[space.id] = self.centre(space.id)
            draw.polygon(self.layout.corners(_hex(space)), fill=self._base_colour(space))
        self._open_sea(draw)
        self._coast(image)
        self._textures(ImageDraw.Draw(image))
        image = self._relief(image)
        self._wash_off_map(image)
        for space in self.in_play:  # what shows where the ID goes: land, or the sea of a coast
            x, y = self.centre(space.id)
            pixel = cast("tuple[int, ...]", image.getpixel((round(x), round(y - self.layout.size * 0.36))))
            self.id_ground[space.id] = "#{:02x}{:02x}{:02x}".format(*pixel[:3])
        return image

    def _grid_lines(self, draw: ImageDraw.ImageDraw) -> None:
        """Each hex's outline in a darker shade of its ground, then the contours."""
        for space in self.in_play:
            draw.polygon(
                self.layout.corners(_hex(space)),
                outline=shade(self._base_colour(space), 0.72),
                width=max(1, round(self.dpi / 90)),
            )
        self._contours(draw)

    def _wash_off_map(self, image: Image.Image) -> None:
        """The hexes under the charts keep their ground, faded, as the land beyond the map does:
        the geography runs on under the charts, and nobody takes it for hexes in play."""
        off = [s for s in self.spaces if self._off_map(s)]
        if not off:
            return
        mask = Image.new("L", image.size, 0)
        draw = ImageDraw.Draw(mask)
        for space in off:
            draw.polygon(self.layout.corners(_hex(space)), fill=150, outline=150, width=2)
        clear = self.terrain.get("clear")
        image.paste(shade(area_colour(clear, "clear") or PAPER, 1.35), (0, 0, *image.size), mask)

    def _id_zone(self, space: Space) -> Rect:
        """Where a hex's ID is printed: kept clear of texture marks."""
        x, y = self.centre(space.id)
        size = self.layout.size
        return x - size * 0.24, y - size * 0.45, x + size * 0.24, y - size * 0.27

    def _open_sea(self, draw: ImageDraw.ImageDraw) -> None:
        """On a sheet, the sea on the grid's edge runs on to the sheet's edge, as a printed
        map's water does, instead of stopping at the hexes' scalloped edge."""
        if self.sheet is None:
            return
        assert self.board.grid is not None
        last_col, last_row = self.board.grid.columns.size - 1, self.board.grid.rows.size - 1
        width, height = self.inch(self.sheet[0]), self.inch(self.sheet[1])
        colour = self._sea_colour()
        for space in self.spaces:
            if not self._is_sea(space.id):
                continue
            left, top, right, bottom = _bounds(self.layout.corners(_hex(space)))
            position = _hex(space)
            reach = (
                0 if position.col == 0 else left,
                0 if position.row == 0 else top,
                width if position.col == last_col else right,
                height if position.row == last_row else bottom,
            )
            if reach != (left, top, right, bottom):
                draw.rectangle(reach, fill=colour)
                self.sea_margins.append(
                    [(reach[0], reach[1]), (reach[2], reach[1]), (reach[2], reach[3]), (reach[0], reach[3])]
                )
                for shore in self._shores(position, (left, top, right, bottom), (width, height)):
                    draw.polygon(shore, fill=colour)
                    self.sea_margins.append(shore)
                    self.shore_lines.append((shore[0], shore[2]))

    def _shores(self, position: Hex, bounds: Rect, sheet: tuple[float, float]) -> list[list[Point]]:
        """Where the sea along the grid's edge ends at a land hex, its water runs on out to the
        sheet's edge as a coast slanting away from the grid (a triangle: the corner on the grid,
        the corner on the sheet's edge, the coast's end), never in a hard rectangle (Israel
        1948's sea at Sinai and Lebanon)."""
        assert self.board.grid is not None
        last_col, last_row = self.board.grid.columns.size - 1, self.board.grid.rows.size - 1
        left, top, right, bottom = bounds
        width, height = sheet
        ends: list[list[Point]] = []

        def land(col: int, row: int) -> bool:
            found = self.by_position.get((col, row))
            return found is not None and not self._is_sea(found)

        col, row = position.col, position.row
        for at_edge, along, corner, sheet_corner, end in (
            # the left edge, ending downward and upward
            (col == 0, (col, row + 1), (left, bottom), (0.0, bottom), (0.0, bottom + SHORE_SLANT * left)),
            (col == 0, (col, row - 1), (left, top), (0.0, top), (0.0, top - SHORE_SLANT * left)),
            # the right edge
            (
                col == last_col,
                (col, row + 1),
                (right, bottom),
                (width, bottom),
                (width, bottom + SHORE_SLANT * (width - right)),
            ),
            (
                col == last_col,
                (col, row - 1),
                (right, top),
                (width, top),
                (width, top - SHORE_SLANT * (width - right)),
            ),
            # the top edge, ending rightward and leftward
            (row == 0, (col + 1, row), (right, top), (right, 0.0), (right + SHORE_SLANT * top, 0.0)),
            (row == 0, (col - 1, row), (left, top), (left, 0.0), (left - SHORE_SLANT * top, 0.0)),
            # the bottom edge
            (
                row == last_row,
                (col + 1, row),
                (right, bottom),
                (right, height),
                (right + SHORE_SLANT * (height - bottom), height),
            ),
            (
                row == last_row,
                (col - 1, row),
                (left, bottom),
                (left, height),
                (left - SHORE_SLANT * (height - bottom), height),
            ),
        ):
            if at_edge and land(*along):
                ends.append([corner, sheet_corner, end])
        return ends

    def _base_colour(self, space: Space) -> str:
        colour = area_colour(self.terrain.get(space.terrain), space.terrain) or "#dddddd"
        return level_colour(colour, space.level or 0)

    def _off_map(self, space: Space) -> bool:
        return any(self.terrain[f].off_map for f in space.features if f in self.terrain)

    def _is_sea(self, space_id: str) -> bool:
        space = self.board.spaces.get(space_id)
        return _is_water(self.terrain.get(space.terrain) if space else None)

    def _sea_colour(self) -> str:
        sea = next((t for t in self.terrain.values() if _is_water(t)), None)
        return (area_colour(sea, sea.id) if sea else None) or DEFAULT_AREA["sea"]

    def _textures(self, draw: ImageDraw.ImageDraw) -> None:
        """Each hex's texture over its tint (sea hexes carry waves, coast hexes keep their land's),
        none where a hex ID goes; the open sea beyond the grid its waves too."""
        step = self.inch(PATTERN_IN)
        in_play = {s.id for s in self.in_play}
        for space in self.spaces:
            terrain = self.terrain.get(space.terrain)
            pattern = terrain_pattern(terrain, space.terrain)
            if pattern != "plain":
                clear = self._id_zone(space) if space.id in in_play else None
                shape = self.layout.corners(_hex(space))
                draw_pattern(draw, pattern, shape, self._base_colour(space), step, keep_clear=clear)
        sea = next((t for t in self.terrain.values() if t.kind == "hex" and t.impassable), None)
        pattern = terrain_pattern(sea, sea.id) if sea is not None else "plain"
        for shape in self.sea_margins:
            draw_pattern(draw, pattern, shape, self._sea_colour(), step)
        for start, end in self.shore_lines:
            draw.line([start, end], fill=shade(self._sea_colour(), 0.62), width=max(1, round(self.dpi / 60)))

    def _relief(self, image: Image.Image) -> Image.Image:
        """Hill shading from each hex's height (its level, or 1 for rough and hilly ground), on
        the high ground only, so the plains stay clean."""
        shapes = []
        mask = Image.new("L", image.size, 0)
        high = ImageDraw.Draw(mask)
        for space in self.spaces:
            height = self._height(space)
            corners = self.layout.corners(_hex(space))
            shapes.append((corners, height))
            if height and not self._is_sea(space.id):
                high.polygon(corners, fill=255)
        return hill_shading(image, shapes, self.dpi, mask)

    def _height(self, space: Space) -> float:
        if space.level:
            return float(space.level)
        pattern = terrain_pattern(self.terrain.get(space.terrain), space.terrain)
        return 1.0 if pattern in ("rocks", "hachures") else 0.0

    def _contours(self, draw: ImageDraw.ImageDraw) -> None:
        """A brown line along every hexside where the level changes: the hill's contour."""
        width = max(1, round(self.inch(0.022)))
        for space in self.in_play:
            for neighbour in self.board.neighbours(space.id):
                other = self.board.spaces[neighbour]
                if neighbour < space.id or (other.level or 0) == (space.level or 0):
                    continue
                edge = self.layout.shared_edge(_hex(space), _hex(other))
                if edge is not None:
                    higher = space if (space.level or 0) > (other.level or 0) else other
                    draw.line(edge, fill=shade(self._base_colour(higher), 0.55), width=width)

    def _coast(self, image: Image.Image) -> None:
        """Partly-sea hexes get a smooth shore: the sea sides of each are marked, blurred across
        the coast and cut at half, and the water fills only those hexes; a darker line follows it."""
        partly = [s for s in self.spaces if "partly-sea" in s.features]
        if not partly:
            return
        rough = Image.new("L", image.size, 0)
        marks = ImageDraw.Draw(rough)
        hexes = Image.new("L", image.size, 0)
        for space in self.spaces:
            if self._is_sea(space.id):
                marks.polygon(self.layout.corners(_hex(space)), fill=255)
        for space in partly:
            ImageDraw.Draw(hexes).polygon(self.layout.corners(_hex(space)), fill=255)
            self._sea_sides(marks, space)
        smooth = rough.filter(ImageFilter.GaussianBlur(self.layout.size * 0.16)).point(
            lambda v: 255 if v >= 128 else 0
        )
        water = ImageChops.multiply(smooth, hexes)
        image.paste(self._sea_colour(), mask=water)
        shore = ImageChops.subtract(water.filter(ImageFilter.MaxFilter(3)), water)
        shore = ImageChops.multiply(shore, hexes)
        image.paste(shade(self._sea_colour(), 0.62), mask=shore)

    def _sea_sides(self, marks: ImageDraw.ImageDraw, space: Space) -> None:
        centre = self.layout.centre(_hex(space))
        for neighbour in self.board.neighbours(space.id):
            edge = (
                self.layout.shared_edge(_hex(space), _hex(self.board.spaces[neighbour]))
                if self._is_sea(neighbour)
                else None
            )
            if edge is not None:
                (ax, ay), (bx, by) = edge
                mx, my = (ax + bx) / 2, (ay + by) / 2
                marks.polygon(
                    [edge[0], edge[1], (mx + (centre[0] - mx) * 0.8, my + (centre[1] - my) * 0.8)],
                    fill=255,
                )

    # --- lines over the hexes ------------------------------------------------------------------

    def _network(self, draw: ImageDraw.ImageDraw) -> None:
        """Streams, borders, rivers and roads, each cut where a symbol stands, then the symbols
        (the place at the centre where the roads meet, every other mark beside it). Where each
        hex's ID and symbols go is planned first, from the lines the data draws through it."""
        self._plan_ids()
        self._plan_marks()
        self._line_features(draw)
        self._borders(draw)
        self._hexsides(draw)
        self._roads(draw)
        for marks in self.marks.values():
            for mark in marks:
                self._mark(draw, mark)

    # --- planning: where IDs and symbols go, clear of every line --------------------------------

    def _planned_lines(self) -> dict[str, list[tuple[Point, Point, float]]]:
        """Every segment the data draws (roads, railways, streams from centre to centre; rivers
        and walls along hexsides) with its ink's reach, under each hex it touches."""
        near: dict[str, list[tuple[Point, Point, float]]] = {}

        def add(a: str, b: str, segment: tuple[Point, Point, float]) -> None:
            for space_id in {a, b, *self.board.neighbours(a), *self.board.neighbours(b)}:
                near.setdefault(space_id, []).append(segment)

        for road in self.board.roads:
            reach = line_reach(
                line_look(self.terrain.get(road.terrain), road.terrain, self.terrain), self.dpi
            )
            path = [s for s in road.path if s in self.board.spaces]
            for a, b in itertools.pairwise(path):
                add(a, b, (self.centre(a), self.centre(b), reach))
            points = self._road_points(road.path)
            for end, point in ((path[0], points[0]), (path[-1], points[-1])) if len(path) > 1 else ():
                if point != self.centre(end):  # the stretch to the map's edge
                    add(end, end, (self.centre(end), point, reach))
        linear = {t.id: t for t in self.terrain.values() if t.linear}
        for space in self.spaces:
            for feature in linear.keys() & set(space.features):
                reach = line_reach(line_look(linear[feature], feature, self.terrain), self.dpi)
                for neighbour in self.board.neighbours(space.id):
                    if neighbour > space.id and feature in self.board.spaces[neighbour].features:
                        add(space.id, neighbour, (self.centre(space.id), self.centre(neighbour), reach))
        for hexside, edge, reach in self._hexside_edges():
            add(hexside.a, hexside.b, (edge[0], edge[1], reach))
        return near

    def _plan_ids(self) -> None:
        """Each hex's ID where no line the data draws comes: at the top, else beside the line
        through the top, at the foot, toward a corner, anywhere in the hex; smaller (down to
        5 pt, on a plate with no margin) where the hex is crossed every way."""
        near = self._planned_lines()
        probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
        size = self.layout.size
        pad = max(1, round(size * 0.02))
        smallest = math.ceil(MIN_ID_PT / 72 * self.dpi)
        sizes = sorted({max(smallest, round(size * share)) for share in (0.13, 0.105, 0.0)}, reverse=True)
        looks = [(points, pad) for points in sizes] + [(smallest, 0)]
        for space in self.in_play:
            x, y = self.centre(space.id)
            segments = near.get(space.id, [])
            corners = self.layout.corners(_hex(space))
            chosen: tuple[int, Point, Rect] | None = None
            for points, margin in looks:
                box = probe.textbbox((0, 0), space.id, font=font(points), anchor="mm")
                for dx, dy in ID_SPOTS:
                    spot = (x + dx * size, y + dy * size)
                    plate = (
                        spot[0] + box[0] - margin,
                        spot[1] + box[1] - margin,
                        spot[0] + box[2] + margin,
                        spot[1] + box[3] + margin,
                    )
                    if chosen is None:
                        chosen = (points, spot, plate)
                    if _inside_hex(plate, corners) and not any(
                        segment_meets_rect(a, b, plate, reach + 1) for a, b, reach in segments
                    ):
                        chosen = (points, spot, plate)
                        break
                else:
                    continue
                break
            assert chosen is not None
            self.id_plan[space.id] = chosen

    def _plan_marks(self) -> None:
        """Where every symbol of every hex in play stands (``hex_marks.plan_marks``), clear of
        the lines through the hex and of its ID."""
        linked = self._line_neighbours()
        sources: dict[str, list[str]] = {}
        for source in self.board.supply_sources:
            sources.setdefault(source.at, []).append(f"supply:{source.side}")
        for space in self.in_play:
            primary, secondary = self._point_features(space)
            beside = tuple(sources.get(space.id, []))
            if space.level is not None and space.level >= 2:
                beside = ("hill-triangle", *beside)
            if not primary and not secondary and not beside:
                continue
            here = self.centre(space.id)
            angles = [angle_to(here, point) for point in sorted(linked.get(space.id, ())) if point != here]
            plate = self.id_plan[space.id][2] if space.id in self.id_plan else None
            planned = plan_marks(
                here, self.layout.size, primary, secondary, angles, beside, () if plate is None else (plate,)
            )
            self.marks[space.id] = [Mark(m.what, m.centre, m.radius * self._extent(m.what)) for m in planned]
        self.mark_circles = [mark.circle for marks in self.marks.values() for mark in marks]

    def _extent(self, what: str) -> float:
        """How much of its planned circle a symbol fills: lines stop where its ink (or its knockout
        halo) begins, so a road reaches a village's dot and no further."""
        if what == "hill-triangle" or what.startswith(("supply:", "number:")):
            return symbol_extent(what, None)
        terrain = self.terrain.get(what)
        return symbol_extent(what, terrain.symbol if terrain else None)

    def _line_neighbours(self) -> dict[str, set[Point]]:
        """For each hex, the points a road, railway or stream leads to from its centre: the
        neighbours' centres, and the map's edge where a road leaves the map."""
        linked: dict[str, set[Point]] = {}
        for road in self.board.roads:
            path = [s for s in road.path if s in self.board.spaces]
            for a, b in itertools.pairwise(path):
                linked.setdefault(a, set()).add(self.centre(b))
                linked.setdefault(b, set()).add(self.centre(a))
            points = self._road_points(road.path)
            if len(path) > 1:
                for end, point in ((path[0], points[0]), (path[-1], points[-1])):
                    linked.setdefault(end, set()).add(point)
        linear = {t.id for t in self.terrain.values() if t.linear}
        for space in self.spaces:
            for feature in linear & set(space.features):
                for neighbour in self.board.neighbours(space.id):
                    if feature in self.board.spaces[neighbour].features:
                        linked.setdefault(space.id, set()).add(self.centre(neighbour))
        return linked

    def _point_features(self, space: Space) -> tuple[list[str], list[str]]:
        """A hex's place (city, town, village) and its other marks: features with a symbol, and
        the number a fort prints."""
        primary, secondary = [], []
        for feature in space.features:
            terrain = self.terrain.get(feature)
            if feature in ("city", "town") or "village" in feature:
                primary.append(feature)
            elif (
                terrain is not None
                and terrain.kind == "feature"
                and not terrain.linear
                and not terrain.off_map
                and feature != "partly-sea"
            ):
                secondary.append(feature)
            if terrain is not None and terrain.printed_number is not None:
                secondary.append(f"number:{terrain.printed_number}")
        return primary, secondary

    def _record(self, draw: ImageDraw.ImageDraw, kind: str, look: LineLook, points: list[Point]) -> None:
        """A line drawn as ``look`` says, cut where symbols stand, and kept in the art."""
        reach = line_reach(look, self.dpi)
        for piece in clip_outside(points, self.mark_circles):
            draw_line(draw, look, piece, self.dpi)
            self.drawn_lines.append(DrawnLine(kind, tuple(piece), reach))
            for a, b in itertools.pairwise(piece):
                self.labels.avoid_segment(a, b, reach + 1)

    def _line_features(self, draw: ImageDraw.ImageDraw) -> None:
        """Streams: a wavy line from hex centre to hex centre, as the key draws them."""
        linear = {t.id: t for t in self.terrain.values() if t.linear}
        for space in self.spaces:
            for feature in space.features:
                if feature not in linear:
                    continue
                look = line_look(linear[feature], feature, self.terrain)
                here = self.centre(space.id)
                for neighbour in self.board.neighbours(space.id):
                    if feature in self.board.spaces[neighbour].features and neighbour > space.id:
                        self._record(draw, "stream", look, [here, self.centre(neighbour)])

    def _borders(self, draw: ImageDraw.ImageDraw) -> None:
        """Red dotted lines between hexes of different countries."""
        for space in self.spaces:
            mine = self.country_of.get(space.id)
            for neighbour in self.board.neighbours(space.id):
                theirs = self.country_of.get(neighbour)
                if neighbour < space.id or mine is None or theirs is None or mine == theirs:
                    continue
                edge = self.layout.shared_edge(_hex(space), _hex(self.board.spaces[neighbour]))
                if edge:
                    dotted(
                        draw, edge[0], edge[1], BORDER_RED, max(2, round(self.inch(0.03))), self.inch(0.05)
                    )

    def _hexside_edges(self) -> list[tuple[Hexside, tuple[Point, Point], float]]:
        """Each hexside feature's edge on the board and its ink's reach."""
        edges = []
        for hexside in self.board.hexsides:
            a, b = self.board.spaces.get(hexside.a), self.board.spaces.get(hexside.b)
            if a is None or b is None or a.hex is None or b.hex is None:
                continue
            edge = self.layout.shared_edge(a.hex, b.hex)
            if edge is None:
                continue
            width = max(3, round(self.inch(0.06)))
            reach = width / 2 + (self.inch(0.05) * 0.6 if "wall" in hexside.terrain else 0)
            edges.append((hexside, edge, reach))
        return edges

    def _hexsides(self, draw: ImageDraw.ImageDraw) -> None:
        for hexside, edge, reach in self._hexside_edges():
            colour = area_colour(self.terrain.get(hexside.terrain), hexside.terrain) or "#3b7dd8"
            width = max(3, round(self.inch(0.06)))
            draw.line(edge, fill=colour, width=width)
            self.drawn_lines.append(DrawnLine("hexside", edge, reach))
            self.labels.avoid_segment(edge[0], edge[1], reach + 1)
            if "wall" in hexside.terrain:
                ticks(draw, edge[0], edge[1], colour, width, self.inch(0.05))
            if hexside.bridge:
                self._bridge(draw, edge, self.centre(hexside.a), self.centre(hexside.b))

    def _bridge(self, draw: ImageDraw.ImageDraw, edge: tuple[Point, Point], a: Point, b: Point) -> None:
        mx, my = (edge[0][0] + edge[1][0]) / 2, (edge[0][1] + edge[1][1]) / 2
        length = self.inch(0.09)
        ux, uy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(ux, uy) or 1
        ux, uy = ux / norm * length, uy / norm * length
        px, py = -uy * 0.6, ux * 0.6
        for side in (1, -1):
            draw.line(
                [(mx - ux + side * px, my - uy + side * py), (mx + ux + side * px, my + uy + side * py)],
                fill=INK,
                width=max(2, round(self.inch(0.02))),
            )

    def _roads(self, draw: ImageDraw.ImageDraw) -> None:
        """Railways first, then lesser roads, then major ones, each drawn as the key shows it."""
        order = sorted(
            self.board.roads,
            key=lambda r: (
                "rail" not in r.terrain,
                line_look(self.terrain.get(r.terrain), r.terrain, self.terrain).casing is not None,
            ),
        )
        for road in order:
            points = self._road_points(road.path)
            if len(points) < 2:
                continue
            look = line_look(self.terrain.get(road.terrain), road.terrain, self.terrain)
            self._record(draw, "rail" if "rail" in road.terrain else "road", look, points)
            for bridge in road.bridges:
                if bridge in road.path:
                    self._road_bridge(draw, road.path, bridge, line_reach(look, self.dpi))
            if road.off_map:
                self.labels.exits.append((points[-1], road.off_map))

    def _road_points(self, path: tuple[str, ...]) -> list[Point]:
        """A road's line: from hex centre to hex centre, and on to the map's edge at an end in an
        edge hex that heads off the map (a road that leaves the map runs to its edge)."""
        points = [self.centre(s) for s in path if s in self.board.spaces]
        if len(points) < 2:
            return points
        head = self._edge_beyond(points[1], points[0])
        tail = self._edge_beyond(points[-2], points[-1])
        return [*([head] if head else []), *points, *([tail] if tail else [])]

    def _edge_beyond(self, before: Point, last: Point) -> Point | None:
        """Where a line from ``before`` through ``last`` crosses the edge of ``last``'s hex, when
        the hex beyond it is off the map; None when the line's next hex is on it."""
        beyond = (2 * last[0] - before[0], 2 * last[1] - before[1])
        found = self.layout.hex_at(*beyond)
        if (
            found is not None
            and self.board.grid is not None
            and self.board.grid.hex_id(found) in self.board.spaces
        ):
            return None
        return (last[0] + beyond[0]) / 2, (last[1] + beyond[1]) / 2

    def _road_bridge(self, draw: ImageDraw.ImageDraw, path: tuple[str, ...], at: str, reach: float) -> None:
        """A road's bridge over a stream: two short rails either side of the road where it
        crosses, as maps print them, never across the road itself."""
        index = path.index(at)
        ends = [
            path[i] for i in (index - 1, index + 1) if 0 <= i < len(path) and path[i] in self.board.spaces
        ]
        if not ends:
            return
        x, y = self.centre(at)
        first, last = self.centre(ends[0]), self.centre(ends[-1])
        ux, uy = (last[0] - first[0], last[1] - first[1]) if len(ends) == 2 else (first[0] - x, first[1] - y)
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        half, gap = self.inch(0.08), reach + max(2.0, self.inch(0.025))
        width = max(1, round(self.inch(0.015)))
        for side in (1, -1):
            ox, oy = -uy * gap * side, ux * gap * side
            start, end = (x - ux * half + ox, y - uy * half + oy), (x + ux * half + ox, y + uy * half + oy)
            draw.line([start, end], fill=INK, width=width)

    # --- features and symbols ------------------------------------------------------------------

    def _mark(self, draw: ImageDraw.ImageDraw, mark: Mark) -> None:
        """One symbol where ``_plan_marks`` put it; labels keep clear of it."""
        x, y = mark.centre
        r = mark.radius
        if needs_knockout(mark.what, self._symbol_of(mark.what)):
            ground = self.ground_colour(mark.centre)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=ground)
        if mark.what == "hill-triangle":  # a Hill 2 hex's small black triangle (Jerusalem!, 1.3)
            hill_triangle(draw, (x, y + r * 0.1), r * 0.8)
        elif mark.what.startswith("number:"):
            printed_number(draw, (x, y), mark.what.split(":", 1)[1], r / 0.62)
        elif mark.what.startswith("supply:"):
            self._supply_mark(draw, mark)
        else:
            terrain = self.terrain.get(mark.what)
            colour = area_colour(terrain, mark.what) or (terrain.colour if terrain else None) or "#4a4a4a"
            symbol = terrain.symbol if terrain else None
            draw_point(draw, mark.what, colour, (x, y), r / symbol_extent(mark.what, symbol), symbol)
        self.labels.avoid((x - r, y - r, x + r, y + r), symbol=True)
        self.art_marks.append(mark.circle)

    def _symbol_of(self, what: str) -> str | None:
        terrain = self.terrain.get(what)
        return terrain.symbol if terrain else None

    def ground_colour(self, point: Point) -> str:
        """The ground under a point of the map, for a symbol's knockout halo."""
        pixel = cast("tuple[int, ...]", self.ground.getpixel((round(point[0]), round(point[1]))))
        return "#{:02x}{:02x}{:02x}".format(*pixel[:3])

    def _supply_mark(self, draw: ImageDraw.ImageDraw, mark: Mark) -> None:
        """A supply source: a disc half white, half in its side's colour."""
        side = self.sides.get(mark.what.split(":", 1)[1])
        colour = side.colour if side and side.colour else "#888888"
        (cx, cy), r = mark.centre, mark.radius
        bounds = (cx - r, cy - r, cx + r, cy + r)
        draw.pieslice(bounds, 90, 270, fill="#ffffff")
        draw.pieslice(bounds, 270, 90, fill=colour)
        draw.ellipse(bounds, outline=INK, width=max(1, round(self.dpi / 60)))
        self.symbols[f"supply:{len(self.symbols)}"] = bounds
        for source in self.board.supply_sources:
            if source.label and f"supply:{source.side}" == mark.what and self._is_at(source.at, mark.centre):
                self.labels.supply_labels.append(((cx, cy + r + self.inch(0.02)), source.label))

    def _is_at(self, space_id: str, point: Point) -> bool:
        if space_id not in self.board.spaces:
            return False
        return math.dist(self.centre(space_id), point) < self.layout.size / 2

    # --- labels ----------------------------------------------------------------------------------

    def _labels(self, draw: RecordingDraw) -> None:
        """Hex IDs on a plate of their hex's colour (roads pass under them), place names with a
        halo, then supply, entry and exit labels and the country names, each where it collides
        with nothing already placed."""
        size = self.layout.size
        for space in self.in_play:
            self._hex_id(draw, space, size)
        for space in self.in_play:
            if space.name:
                self._place_name(draw, space, size)
        for (x, y), text in self.labels.supply_labels:
            spots = [
                (x, y + self.inch(0.05)),
                (x - self.inch(0.22), y - self.inch(0.07)),
                # left of the symbol, then above it: where a place name fills the hex below
                (x - self.inch(0.42), y - self.inch(0.1)),
                (x, y - self.inch(0.25)),
            ]
            self._side_label(draw, text, (x, y), spots, (0.09, size * 0.6), "supply")
        for entry in self.board.entries:
            if entry.at in self.board.spaces:
                x, y = self.centre(entry.at)
                spots = [(x, y - size * 0.2), (x + size * 0.5, y), (x - size * 0.5, y), (x, y + size * 0.45)]
                self._side_label(draw, entry.name, (x, y), spots, (0.1, size), "entry")
        for (x, y), text in self.labels.exits:
            spots = [
                (x, y + self.inch(0.2)),
                (x, y - self.inch(0.2)),
                (x + self.inch(0.3), y),
                (x - self.inch(0.3), y),
            ]
            self._side_label(draw, text, (x, y), spots, (0.11, size), "exit")
        self._region_names(draw)

    def _side_label(
        self,
        draw: RecordingDraw,
        text: str,
        centre: Point,
        spots: list[Point],
        sizes: tuple[float, float],
        role: str,
    ) -> None:
        """A supply, entry or exit label at the first of ``spots`` (then round a ring of
        ``sizes[1]`` pixels) where it collides with nothing, set ``sizes[0]`` inches high."""
        chosen = font(round(self.inch(sizes[0])))
        spots = [*spots, *_ring_spots(centre, sizes[1], draw.textlength(text, font=chosen))]
        self.labels.place(draw, text, spots, chosen, role, INK, PAPER, self.dpi, strict=True)

    def _hex_id(self, draw: RecordingDraw, space: Space, size: float) -> None:
        """The hex's ID on a plate of its hex's colour where ``_plan_ids`` put it: no line is cut
        by an ID."""
        points, at, plate = self.id_plan[space.id]
        base = self._ground_at(at, space)
        draw.rectangle(plate, fill=base)
        draw.role = "hex-id"
        draw.text(at, space.id, font=font(points), fill=ink_for(base, ID_GREY, ID_CONTRAST), anchor="mm")
        self.labels.taken.append(plate)

    def _ground_at(self, at: Point, space: Space) -> str:
        """The plate's colour: the ground where the ID goes (land, or a coast's sea), paler where
        no ink reads on it well."""
        base = self.id_ground.get(space.id, self._base_colour(space))
        if (
            abs(at[1] - (self.centre(space.id)[1] - self.layout.size * 0.36)) > 1
            or abs(at[0] - self.centre(space.id)[0]) > 1
        ):
            base = self._base_colour(space)
        if contrast(ink_for(base, ID_GREY, ID_CONTRAST), base) < ID_CONTRAST:
            base = shade(base, 1.6)
        return base

    def _place_name(self, draw: RecordingDraw, space: Space, size: float) -> None:
        """The place's name with a halo, under its symbol, else over it or beside it: wherever no
        line, symbol or other label is."""
        x, y = self.centre(space.id)
        important = "city" in space.features
        wanted = round(size * (0.17 if important else 0.15))
        name = space.name or ""
        chosen = fitted_font(draw, name, size * 1.25, wanted)
        halo = max(1, round(self.dpi / 50))
        words = name.split()
        if chosen.size < wanted * 0.85 and len(words) > 1:  # too long for one line: two
            half = math.ceil(len(words) / 2)
            lines = [" ".join(words[:half]), " ".join(words[half:])]
            two = fitted_font(draw, max(lines, key=len), size * 1.25, round(wanted * 0.9))
            spots = [(x, y + size * 0.24), (x, y + size * 0.3), (x, y + size * 0.36), (x, y - size * 0.25)]
            spots += [(x + size * dx, y + size * dy) for dy in (0.33, 0.38) for dx in (-0.1, 0.1, -0.2, 0.2)]
            spots += _ring_spots((x, y), size, max(draw.textlength(line, font=two) for line in lines))
            if self.labels.place_lines(draw, lines, spots, two, "place", (INK, PAPER), halo):
                return
        width = draw.textlength(name, font=chosen) + 2 * halo
        beside = size * (PRIMARY_SHARE + 0.06) + width / 2
        spots = [
            (x, y + size * 0.27),
            (x, y + size * 0.33),
            (x, y - size * 0.2),
            (x + beside, y),
            (x - beside, y),
            (x + beside, y + size * 0.2),
            (x - beside, y + size * 0.2),
            (x + beside, y - size * 0.2),
            (x - beside, y - size * 0.2),
            (x, y + size * 0.42),
            *_ring_spots((x, y), size, width),
        ]
        self.labels.place(draw, name, spots, chosen, "place", INK, PAPER, self.dpi, halo=halo, strict=True)

    def _region_names(self, draw: RecordingDraw) -> None:
        """Country names in dark brown on a thin halo, in free hexes near the middle of each
        country but never on the grid's edge rows and columns; long names may take two lines
        or a smaller size."""
        assert self.board.grid is not None
        last_col, last_row = self.board.grid.columns.size - 1, self.board.grid.rows.size - 1
        in_play = {s.id for s in self.in_play}
        for region in self.board.regions:
            if region.kind != "country":
                continue
            spaces = [self.board.spaces[s] for s in region.spaces if s in self.board.spaces and s in in_play]
            inner = [s for s in spaces if 0 < _hex(s).col < last_col and 0 < _hex(s).row < last_row]
            spaces = inner or spaces
            if not spaces:
                continue
            points = [self.centre(s.id) for s in spaces]
            middle = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
            spaces.sort(key=lambda s: math.dist(self.centre(s.id), middle))
            spots = [(x, y + self.layout.size * 0.08) for x, y in (self.centre(s.id) for s in spaces)]
            self.labels.place_region(draw, region.name.upper(), spots, self.dpi, REGION_INK, halo=PAPER)


def _ring_spots(centre: Point, size: float, width: float) -> list[Point]:
    """Farther spots for a name whose own hex has no room (Moscow, where railways leave every
    way): around it, a little farther out each time, so it stays beside its place."""
    x, y = centre
    spots = []
    for reach in (0.45, 0.6, 0.75, 0.9, 1.1):
        for angle in range(0, 360, 15):
            dx = math.cos(math.radians(angle)) * (reach * size + width / 2)
            dy = math.sin(math.radians(angle)) * reach * size
            spots.append((x + dx, y + dy))
    return spots


def _inside_hex(rect: Rect, corners: list[Point]) -> bool:
    """Whether a box lies inside the hex of ``corners`` (a convex polygon), so an ID never reads
    as its neighbour's."""
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    for x, y in itertools.product((rect[0], rect[2]), (rect[1], rect[3])):
        for (ax, ay), (bx, by) in itertools.pairwise([*corners, corners[0]]):
            inward = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            if ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) * inward < 0:
                return False
    return True


def _is_water(terrain: Terrain | None) -> bool:
    """A sea or lake: hex terrain no unit enters, printed as water. Land no unit enters
    (Napoleon at Waterloo's woods) is land: its hexes are drawn, numbered and kept clear."""
    return bool(
        terrain is not None
        and terrain.impassable
        and terrain.kind == "hex"
        and terrain_pattern(terrain, terrain.id) == "waves"
    )


def _bounds(points: list[Point]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _hex(space: Space) -> Hex:
    """The grid position of a space on a hex board (every space of one has one)."""
    if space.hex is None:
        raise ValueError(f"space {space.id} has no hex")
    return space.hex
