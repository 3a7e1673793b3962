"""Point-to-point boards: sea and land with their textures, routes, spaces with a counter's
room and a ring of terrain around it, each name on a banner fixed to its space, and the
furniture in the free parts of the sheet.

The sheet is the book's map size (``size`` in map.json); nothing is added around
it. A space is a circle wide enough that a 5/8 in counter on it leaves a ring of
its terrain (colour and texture) and its stop mark showing. Its name and the marks
of its extra kinds (port, airfield, rail, coastal, critical city ...) stand on a
banner that touches the circle, as published point-to-point maps print them, where
the banner meets no other space, route or banner.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from PIL import Image, ImageDraw

from compiler.presentation.colours import shade
from compiler.presentation.limits import check_board_pixels
from compiler.render.art import BoardArt, Point, Rect
from compiler.render.board import BoardInputs, Furnisher
from compiler.render.canvas import grounded
from compiler.render.fonts import RecordingDraw, font
from compiler.render.furniture import Block, Ink, describe_block
from compiler.render.labels import overlaps
from compiler.render.map_lines import DrawnLine, line_reach
from compiler.render.patterns import PATTERN_IN, draw_pattern, pattern_through
from compiler.render.placement import FreeSpace, place_free, placing_step
from compiler.render.terrain_key import (
    INK,
    MARK_KINDS,
    area_colour,
    circle_points,
    draw_line,
    draw_mark,
    line_look,
    terrain_pattern,
)
from rules_engine.definitions import Space

COUNTER_IN = 0.625
SPACE_IN = 0.86  # across: a 5/8 in counter on it leaves a ring of terrain and stop mark showing
MARK_IN = 0.17
LAND = "#f1e9d2"
SEA = "#a9cde6"
COAST = "#5f8fb5"
SEA_INK = "#1d466b"  # a sea's name: 4.5:1 on the water, waves and all
EDGE_IN = 0.1  # furniture keeps this far (and its 0.06 in margin) from the sheet's edge
STOP_RED = "#b3261e"
BANNER = "#fffaf0"
BANNER_EDGE = "#5b5140"
NAME_IN = (0.135, 0.12, 0.11)  # a name's type (9.7, 8.6 and 7.9 pt), tried in turn
# Where on the rim a banner is tried: below, above, right, left, the diagonals, then every 5 degrees.
_FIRST_ANGLES = (90, 270, 0, 180, 60, 120, 300, 240, 30, 150, 330, 210)
BANNER_ANGLES = (*_FIRST_ANGLES, *(a for a in range(0, 360, 5) if a not in _FIRST_ANGLES))


class Banner(NamedTuple):
    """A banner's shape: its size in pixels, its type, and whether its marks sit under the name."""

    width: float
    height: float
    size_in: float
    stacked: bool


class PointToPointPainter:
    def __init__(self, inputs: BoardInputs, dpi: float, record: bool = False) -> None:
        board = inputs.board
        self.record = record  # keep the drawing: the geography as pixels, the rest as shapes
        self.inputs = inputs
        self.board = board
        self.dpi = dpi
        self.unit = 1.0 if board.size_unit != "mm" else 1 / 25.4
        self.width_in = (board.width or 11) * self.unit
        self.height_in = (board.height or 17) * self.unit
        self.terrain = inputs.terrain.terrain
        self.free = FreeSpace(self.width_in, self.height_in, step=placing_step(self.width_in, self.height_in))
        self.label_boxes: list[Rect] = []
        self.segments: list[tuple[Point, Point]] = []
        self.play: list[Rect] = []

    def inch(self, value: float) -> float:
        return value * self.dpi

    def at(self, space: Space) -> Point:
        return self.inch((space.x or 0) * self.unit), self.inch((space.y or 0) * self.unit)

    def paint(self) -> BoardArt:
        size = (math.ceil(self.inch(self.width_in)), math.ceil(self.inch(self.height_in)))
        check_board_pixels(*size, self.dpi, self.board.origin.child("size"))
        image = Image.new("RGB", size, LAND)
        self.image = image
        draw = RecordingDraw(image)
        art = BoardArt(image, self.dpi, None, space_radius=self.inch(SPACE_IN / 2))
        self._geography(draw)
        if self.record:
            art.drawing = draw.drawing = grounded(image, self.dpi)
        for space in self.board.spaces.values():
            art.space_centres[space.id] = self.at(space)
            r = self.inch(SPACE_IN / 2)
            x, y = art.space_centres[space.id]
            art.play_area.append((x - r, y - r, x + r, y + r))
            self.free.take(self._inches((x - r, y - r, x + r, y + r)), 0.08)
        self._routes(draw, art)
        for space in self.board.spaces.values():
            self._space(draw, space, art.space_centres[space.id])
        self.play = art.play_area
        for space in self._crowded_first(art):
            self._banner(draw, space, art)
        self._sea_names(draw)
        self._furniture(draw, art)
        draw.rectangle(
            (0, 0, image.width - 1, image.height - 1), outline=INK, width=max(1, round(self.inch(0.02)))
        )
        art.texts = draw.texts
        return art

    def _inches(self, rect: Rect) -> Rect:
        return (rect[0] / self.dpi, rect[1] / self.dpi, rect[2] / self.dpi, rect[3] / self.dpi)

    # --- geography and network ----------------------------------------------------------------

    def _geography(self, draw: ImageDraw.ImageDraw) -> None:
        """A sand texture over the land, then seas and lakes with waves and a darker shore."""
        width, height = self.inch(self.width_in), self.inch(self.height_in)
        sheet = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        step = self.inch(PATTERN_IN) * 1.6
        draw_pattern(draw, "dots", sheet, LAND, step, ink=shade(LAND, 0.86))
        water = Image.new("L", self.image.size, 0)
        for area in self.board.geography:
            points = [(self.inch(x * self.unit), self.inch(y * self.unit)) for x, y in area.points]
            draw.polygon(points, fill=SEA)
            ImageDraw.Draw(water).polygon(points, fill=255)
        pattern_through(self.image, "waves", water, SEA, step, ink=shade(SEA, 0.8))
        for area in self.board.geography:
            points = [(self.inch(x * self.unit), self.inch(y * self.unit)) for x, y in area.points]
            draw.line([*points, points[0]], fill=COAST, width=max(2, round(self.inch(0.025))), joint="curve")

    def _sea_names(self, draw: RecordingDraw) -> None:
        for area in self.board.geography:
            if area.label is None:
                continue
            x, y = self.inch(area.label[0] * self.unit), self.inch(area.label[1] * self.unit)
            chosen = font(round(self.inch(0.19)))
            for dy in (0, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75):  # nudged clear of spaces and names
                box = draw.textbbox((x, y + self.inch(dy)), area.name, font=chosen, anchor="mm")
                if not any(overlaps(box, other) for other in (*self.play, *self.label_boxes)):
                    y += self.inch(dy)
                    break
            draw.role = "geography"
            draw.text((x, y), area.name, font=chosen, fill=SEA_INK, anchor="mm")
            self.free.take(self._inches(draw.texts[-1].bbox), 0.05)

    def _routes(self, draw: ImageDraw.ImageDraw, art: BoardArt) -> None:
        r = self.inch(SPACE_IN / 2)
        for route in self.board.routes:
            a, b = art.space_centres.get(route.a), art.space_centres.get(route.b)
            if a is None or b is None:
                continue
            length = math.dist(a, b) or 1
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            start, end = (a[0] + ux * r, a[1] + uy * r), (b[0] - ux * r, b[1] - uy * r)
            terrain = route.terrain or ""
            look = line_look(self.terrain.get(terrain), terrain, self.terrain)
            draw_line(draw, look, [start, end], self.dpi)
            art.lines.append(DrawnLine("route", (start, end), line_reach(look, self.dpi)))
            self.segments.append((start, end))
            self.free.take_segment(
                (a[0] / self.dpi, a[1] / self.dpi), (b[0] / self.dpi, b[1] / self.dpi), 0.1
            )

    # --- spaces --------------------------------------------------------------------------------

    def _kinds(self, space: Space) -> list[str]:
        return [k for k in space.kinds if k in MARK_KINDS and k in self.terrain]

    def _space(self, draw: ImageDraw.ImageDraw, space: Space, centre: Point) -> None:
        """A circle in the space's terrain colour and texture (terrain decides tied battles),
        ringed red where a force must stop."""
        x, y = centre
        r = self.inch(SPACE_IN / 2)
        terrain = self.terrain.get(space.terrain)
        colour = area_colour(terrain, space.terrain) or "#ffffff"
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        pattern = terrain_pattern(terrain, space.terrain)
        draw_pattern(draw, pattern, circle_points(centre, r), colour, self.inch(PATTERN_IN) * 0.8)
        stop = self._stops(space)
        width = max(2, round(self.inch(0.06 if stop else 0.03)))
        draw.ellipse((x - r, y - r, x + r, y + r), outline=STOP_RED if stop else INK, width=width)
        inner = r - width - self.inch(0.01)
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=shade(colour, 0.72), width=1)

    def _stops(self, space: Space) -> bool:
        return any(
            self.terrain.get(k) is not None and self.terrain[k].stop for k in (*space.kinds, space.terrain)
        )

    # --- names on banners ------------------------------------------------------------------------

    def _crowded_first(self, art: BoardArt) -> list[Space]:
        """The spaces with the most neighbours near them first: they have the fewest places for a
        banner, so they choose before the spaces with room to spare."""
        near = self.inch(1.6)

        def crowd(space: Space) -> int:
            centre = art.space_centres[space.id]
            return sum(1 for other in art.space_centres.values() if math.dist(centre, other) < near)

        return sorted(self.board.spaces.values(), key=lambda s: -crowd(s))

    def _banner(self, draw: RecordingDraw, space: Space, art: BoardArt) -> None:
        """The name and marks on a banner touching the circle: below it where that is free, else
        at another point of its rim, in a smaller type, or with the marks on a second line,
        where it meets no other space, banner, route or edge (else where it meets fewest)."""
        name = space.name or space.id
        kinds = self._kinds(space) + (["stop"] if self._stops(space) else [])
        centre = art.space_centres[space.id]
        best: tuple[int, Rect, Banner] | None = None
        for banner in self._banner_shapes(draw, name, len(kinds)):
            for box in self._banner_spots(banner, centre):
                crossings = self._conflicts(box, centre, art)
                if best is None or crossings < best[0]:
                    best = (crossings, box, banner)
                if crossings == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        _, box, banner = best
        self._draw_banner(draw, box, name, kinds, banner)
        self.label_boxes.append(box)
        art.furniture[f"label:{space.id}"] = box
        self.free.take(self._inches(box), 0.04)

    def _banner_shapes(self, draw: RecordingDraw, name: str, marks: int) -> Iterator[Banner]:
        """A banner's shapes, in the order tried: one line in the full type, one line smaller,
        then (with marks) the marks under the name. Sizes are measured as set at 100 dpi and
        scaled, the same in inches at every resolution, so the module's board and the printed
        map place every banner alike."""
        shapes = [
            (NAME_IN[0], False),
            (NAME_IN[1], False),
            (NAME_IN[1], True),
            (NAME_IN[2], False),
            (NAME_IN[2], True),
        ]
        for size_in, stacked in shapes:
            if stacked and not marks:
                continue
            text_in = draw.textlength(name, font=font(round(100 * size_in))) / 100
            marks_in = marks * (MARK_IN + 0.03) - 0.03 if marks else 0.0
            line_in = max(MARK_IN, size_in * 1.2)
            if stacked:
                width_in, height_in = max(text_in, marks_in), size_in * 1.2 + MARK_IN + 0.03
            else:
                width_in, height_in = text_in + marks_in + (0.03 if marks else 0.0), line_in
            yield Banner(self.inch(width_in + 0.12), self.inch(height_in + 0.06), size_in, stacked)

    def _banner_spots(self, banner: Banner, centre: Point) -> Iterator[Rect]:
        """Banners touching the circle's rim: below, above, right, left, then around it, each
        overlapping the rim a little so it reads as fixed to its space."""
        w, h = banner.width, banner.height
        x, y = centre
        r = self.inch(SPACE_IN / 2) - self.inch(0.04)
        for angle in BANNER_ANGLES:
            ax, ay = x + r * math.cos(math.radians(angle)), y + r * math.sin(math.radians(angle))
            # the banner's point nearest the circle's centre sits on the rim
            left = ax - w / 2 * (1 - math.cos(math.radians(angle)))
            top = ay - h / 2 * (1 - math.sin(math.radians(angle)))
            yield (left, top, left + w, top + h)

    def _conflicts(self, box: Rect, own: Point, art: BoardArt) -> int:
        """How many things a banner would cover: the sheet's edge, other spaces, banners, routes."""
        if (
            box[0] < 0
            or box[1] < 0
            or box[2] > self.inch(self.width_in)
            or box[3] > self.inch(self.height_in)
        ):
            return 99
        count = sum(1 for other in self.label_boxes if overlaps(box, other))
        r = self.inch(SPACE_IN / 2)
        count += sum(
            1 for centre in art.space_centres.values() if centre != own and _circle_meets(box, centre, r + 2)
        )
        count += sum(1 for a, b in self.segments if _segment_meets(box, a, b, self.inch(0.03)))
        half = self.inch(COUNTER_IN / 2)  # a counter on the space hides nothing of the banner
        return count + overlaps(box, (own[0] - half, own[1] - half, own[0] + half, own[1] + half))

    def _draw_banner(
        self, draw: RecordingDraw, box: Rect, name: str, kinds: list[str], banner: Banner
    ) -> None:
        left, top, right, bottom = box
        radius = min(self.inch(0.12), (bottom - top) / 2)
        draw.rounded_rectangle(
            box, radius=radius, fill=BANNER, outline=BANNER_EDGE, width=max(1, round(self.inch(0.012)))
        )
        mark = self.inch(MARK_IN)
        chosen = font(round(self.inch(banner.size_in)))
        draw.role = "place"
        if banner.stacked:
            name_y = top + self.inch(0.03 + banner.size_in * 0.6)
            draw.text(((left + right) / 2, name_y), name, font=chosen, fill=INK, anchor="mm")
            marks_w = len(kinds) * (mark + self.inch(0.03)) - self.inch(0.03)
            x, y = (left + right - marks_w) / 2, bottom - self.inch(0.03) - mark / 2
        else:
            x, y = left + self.inch(0.06), (top + bottom) / 2
        for kind in kinds:
            self._mark(draw, kind, (x + mark / 2, y), mark)
            x += mark + self.inch(0.03)
        if not banner.stacked:
            draw.role = "place"
            draw.text((x if kinds else left + self.inch(0.06), y), name, font=chosen, fill=INK, anchor="lm")

    def _mark(self, draw: ImageDraw.ImageDraw, kind: str, centre: Point, size: float) -> None:
        if kind == "stop":
            r = size / 2
            points = [
                (
                    centre[0] + r * math.cos(math.pi / 8 + math.pi / 4 * i),
                    centre[1] + r * math.sin(math.pi / 8 + math.pi / 4 * i),
                )
                for i in range(8)
            ]
            draw.polygon(points, fill=STOP_RED, outline="#ffffff")
            return
        terrain = self.terrain.get(kind)
        colour = area_colour(terrain, kind) or "#555555"
        draw_mark(draw, kind, colour, centre, size * 0.9)

    # --- furniture ------------------------------------------------------------------------------

    def _furniture(self, draw: RecordingDraw, art: BoardArt) -> None:
        """The title cartouche, card spaces, tracks, the terrain key and boxes, each on its panel
        where nothing a player moves on lies; a block that finds no place is recorded in
        ``art.unplaced`` (the build warns of it; the tests fail on it)."""
        furnisher = Furnisher(self.inputs)
        blocks: list[tuple[Block, str]] = [(furnisher.cartouche(), "top-left")]
        rest: list[Block] = [
            furnisher.legend(2.6),
            *furnisher.decks(),
            *furnisher.tracks(per_row=7),
            *furnisher.boxes(),
        ]
        blocks += [(b, "snug") for b in sorted(rest, key=lambda b: -b.size()[0] * b.size()[1])]
        ink = Ink(draw, self.dpi, art)
        placed, missing = place_free(self.free, blocks, EDGE_IN)
        for shape, x, y in placed:
            width, height = shape.size()
            rect = (self.inch(x), self.inch(y), self.inch(x + width), self.inch(y + height))
            ink.panel(rect)
            shape.draw(ink, self.inch(x), self.inch(y))
            art.furniture[f"block:{len(art.furniture)}"] = rect
        art.unplaced += [describe_block(block) for block in missing]


def _circle_meets(box: Rect, centre: Point, radius: float) -> bool:
    x = min(max(centre[0], box[0]), box[2])
    y = min(max(centre[1], box[1]), box[3])
    return math.dist((x, y), centre) < radius


def _segment_meets(box: Rect, a: Point, b: Point, margin: float) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``box`` grown by ``margin``."""
    left, top, right, bottom = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    if max(a[0], b[0]) < left or min(a[0], b[0]) > right or max(a[1], b[1]) < top or min(a[1], b[1]) > bottom:
        return False
    steps = max(1, int(math.dist(a, b) / 2))
    for i in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
        if left <= x <= right and top <= y <= bottom:
            return True
    return False
