"""Point-to-point boards: the sea and coasts behind, routes, spaces a counter wide, names
and marks outside the counter's footprint, and the furniture in the free parts of the sheet.

The sheet is the book's map size (``size`` in map.json); nothing is added around
it. A space is a circle at least a counter wide in its terrain's colour; its name
and the marks of its extra kinds (port, airfield, rail, coastal, critical city ...)
sit together beside it, where they meet no other space, route or label.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from compiler.render.art import BoardArt, Point, Rect
from compiler.render.board import BoardInputs, Furnisher
from compiler.render.colours import shade
from compiler.render.fonts import RecordingDraw, font
from compiler.render.furniture import Block, Ink, LegendBlock, TitleBlock, describe_block
from compiler.render.labels import overlaps
from compiler.render.limits import check_board_pixels
from compiler.render.placement import FreeSpace
from compiler.render.terrain_key import INK, MARK_KINDS, area_colour, dashed, dotted, draw_mark, ticks
from rules_engine.definitions import Space

SPACE_IN = 0.68  # across: wider than a 5/8 in counter
MARK_IN = 0.17
LAND = "#f1e9d2"
SEA = "#a9cde6"
COAST = "#5f8fb5"
EDGE_IN = 0.15  # furniture keeps this far from the sheet's edge
STOP_RED = "#b3261e"


class PointToPointPainter:
    def __init__(self, inputs: BoardInputs, dpi: float) -> None:
        board = inputs.board
        self.inputs = inputs
        self.board = board
        self.dpi = dpi
        self.unit = 1.0 if board.size_unit != "mm" else 1 / 25.4
        self.width_in = (board.width or 11) * self.unit
        self.height_in = (board.height or 17) * self.unit
        self.terrain = inputs.terrain.terrain
        self.free = FreeSpace(self.width_in, self.height_in)
        self.label_boxes: list[Rect] = []
        self.play: list[Rect] = []

    def inch(self, value: float) -> float:
        return value * self.dpi

    def at(self, space: Space) -> Point:
        return self.inch((space.x or 0) * self.unit), self.inch((space.y or 0) * self.unit)

    def paint(self) -> BoardArt:
        size = (math.ceil(self.inch(self.width_in)), math.ceil(self.inch(self.height_in)))
        check_board_pixels(*size, self.dpi, self.board.origin.child("size"))
        image = Image.new("RGB", size, LAND)
        draw = RecordingDraw(image)
        art = BoardArt(image, self.dpi, None, space_radius=self.inch(SPACE_IN / 2))
        self._geography(draw)
        for space in self.board.spaces.values():
            art.space_centres[space.id] = self.at(space)
            r = self.inch(SPACE_IN / 2)
            x, y = art.space_centres[space.id]
            art.play_area.append((x - r, y - r, x + r, y + r))
            self.free.take(self._inches((x - r, y - r, x + r, y + r)), 0.08)
        self._routes(draw, art)
        for space in self.board.spaces.values():
            self._space(draw, space, art.space_centres[space.id])
        for space in self.board.spaces.values():
            self._label(draw, space, art)
        self.play = art.play_area
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
        """Seas and lakes behind everything, with a darker shore line."""
        for area in self.board.geography:
            points = [(self.inch(x * self.unit), self.inch(y * self.unit)) for x, y in area.points]
            draw.polygon(points, fill=SEA)
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
            draw.text((x, y), area.name, font=chosen, fill="#3f6f96", anchor="mm")
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
            self._route(draw, start, end, route.terrain)
            self.free.take_segment(
                (a[0] / self.dpi, a[1] / self.dpi), (b[0] / self.dpi, b[1] / self.dpi), 0.1
            )

    def _route(self, draw: ImageDraw.ImageDraw, a: Point, b: Point, terrain: str | None) -> None:
        colour = area_colour(self.terrain.get(terrain or ""), terrain or "") or "#8b6b3d"
        width = max(2, round(self.inch(0.04)))
        if terrain and "rail" in terrain:
            draw.line([a, b], fill=INK, width=width)
            ticks(draw, a, b, INK, max(1, width // 2), self.inch(0.08))
        elif terrain and ("water" in terrain or "sea" in terrain):
            dotted(draw, a, b, colour, width, self.inch(0.08))
        else:
            dashed(draw, a, b, colour, width, self.inch(0.1))

    # --- spaces --------------------------------------------------------------------------------

    def _kinds(self, space: Space) -> list[str]:
        return [k for k in space.kinds if k in MARK_KINDS and k in self.terrain]

    def _space(self, draw: ImageDraw.ImageDraw, space: Space, centre: Point) -> None:
        """A circle in the space's own terrain colour (terrain decides tied battles)."""
        x, y = centre
        r = self.inch(SPACE_IN / 2)
        colour = area_colour(self.terrain.get(space.terrain), space.terrain) or "#ffffff"
        outline = STOP_RED if self._stops(space) else INK
        draw.ellipse(
            (x - r, y - r, x + r, y + r), fill=colour, outline=outline, width=max(2, round(self.inch(0.035)))
        )
        inner = r - self.inch(0.05)
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=shade(colour, 0.82), width=1)

    def _stops(self, space: Space) -> bool:
        return any(
            self.terrain.get(k) is not None and self.terrain[k].stop for k in (*space.kinds, space.terrain)
        )

    def _label(self, draw: RecordingDraw, space: Space, art: BoardArt) -> None:
        """Name and marks in a row beside the circle: below it if free, else above, right or left."""
        x, y = art.space_centres[space.id]
        r = self.inch(SPACE_IN / 2)
        name = space.name or space.id
        chosen = font(round(self.inch(0.135)))
        kinds = self._kinds(space) + (["stop"] if self._stops(space) else [])
        mark = self.inch(MARK_IN)
        text_w = draw.textlength(name, font=chosen)
        width = text_w + len(kinds) * (mark + self.inch(0.03))
        height = max(mark, self.inch(0.16))
        gap = self.inch(0.04)
        spots = [
            (x - width / 2, y + r + gap),
            (x - width / 2, y - r - gap - height),
            (x + r + gap, y - height / 2),
            (x - r - gap - width, y - height / 2),
            (x + r * 0.6, y + r * 0.75 + gap),
            (x - r * 0.6 - width, y + r * 0.75 + gap),
            (x + r * 0.6, y - r * 0.75 - gap - height),
            (x - r * 0.6 - width, y - r * 0.75 - gap - height),
        ]
        left, top = next(
            (s for s in spots if self._label_free((s[0], s[1], s[0] + width, s[1] + height), art)), spots[0]
        )
        for index, kind in enumerate(kinds):
            cx = left + index * (mark + self.inch(0.03)) + mark / 2
            self._mark(draw, kind, (cx, top + height / 2), mark)
        draw.role = "place"
        draw.text(
            (left + width - text_w, top + height / 2),
            name,
            font=chosen,
            fill=INK,
            anchor="lm",
            stroke_width=max(1, round(self.inch(0.02))),
            stroke_fill=LAND,
        )
        box = (left, top, left + width, top + height)
        self.label_boxes.append(box)
        art.furniture[f"label:{space.id}"] = box
        self.free.take(self._inches(box), 0.04)

    def _label_free(self, box: Rect, art: BoardArt) -> bool:
        if (
            box[0] < 0
            or box[1] < 0
            or box[2] > self.inch(self.width_in)
            or box[3] > self.inch(self.height_in)
        ):
            return False
        if any(overlaps(box, other) for other in (*art.play_area, *self.label_boxes)):
            return False
        return self._clear_of_routes(box, art)

    def _clear_of_routes(self, box: Rect, art: BoardArt) -> bool:
        for route in self.board.routes:
            a, b = art.space_centres.get(route.a), art.space_centres.get(route.b)
            if a is None or b is None or not _near(box, a, b, 2):
                continue
            steps = max(1, int(math.dist(a, b) / 3))
            for i in range(steps + 1):
                px, py = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
                if box[0] - 2 <= px <= box[2] + 2 and box[1] - 2 <= py <= box[3] + 2:
                    return False
        return True

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
        x, y = centre
        draw.rectangle(
            (x - size / 2, y - size / 2, x + size / 2, y + size / 2), fill="#ffffff", outline="#9a917c"
        )
        draw_mark(draw, kind, colour, centre, size * 0.8)

    # --- furniture ------------------------------------------------------------------------------

    def _furniture(self, draw: RecordingDraw, art: BoardArt) -> None:
        """Title, card spaces, tracks, the terrain key and boxes, each in the first free place
        scanning from its corner, in the first of its shapes that fits; a block that finds no
        place is recorded in ``art.unplaced`` (the build warns of it; the tests fail on it)."""
        furnisher = Furnisher(self.inputs)
        game = self.inputs.game
        blocks: list[tuple[Block, str]] = [(TitleBlock(game.title, self.board.name or ""), "top-left")]
        blocks += [(b, "bottom-left") for b in furnisher.decks()]
        tracks = sorted(furnisher.tracks(per_row=7), key=lambda b: -b.size()[0] * b.size()[1])
        blocks += [(b, "bottom-right") for b in tracks]
        legend: LegendBlock = furnisher.legend(2.4)
        blocks.append((legend, "top-right"))
        blocks += [(b, "bottom-left") for b in furnisher.boxes()]
        ink = Ink(draw, self.dpi, art)
        inner = self._inner_space()
        for block, order in blocks:
            placed = self._place(inner, block, order)
            if placed is None:
                art.unplaced.append(describe_block(block))
                continue
            shape, x, y = placed
            width, height = shape.size()
            shape.draw(ink, self.inch(x), self.inch(y))
            art.furniture[f"block:{len(art.furniture)}"] = (
                self.inch(x),
                self.inch(y),
                self.inch(x + width),
                self.inch(y + height),
            )

    def _inner_space(self) -> FreeSpace:
        """The free space less a strip along the sheet's edge."""
        skip = round(EDGE_IN / self.free.step)
        inner = FreeSpace(self.width_in - 2 * EDGE_IN, self.height_in - 2 * EDGE_IN, self.free.step)
        inner.taken = [row[skip : skip + inner.columns] for row in self.free.taken[skip : skip + inner.rows]]
        return inner

    def _place(self, inner: FreeSpace, block: Block, order: str) -> tuple[Block, float, float] | None:
        for shape in block.variants():
            size = shape.size()
            spot = inner.find(size, order, 0.06)
            if spot is not None:
                inner.take((spot[0], spot[1], spot[0] + size[0], spot[1] + size[1]), 0.06)
                return shape, spot[0] + EDGE_IN, spot[1] + EDGE_IN
        return None


def _near(box: Rect, a: Point, b: Point, margin: float) -> bool:
    """Whether the segment's bounding box meets ``box`` grown by ``margin``: a segment that
    does not cannot cross the box, and most are far from any one label."""
    return not (
        max(a[0], b[0]) < box[0] - margin
        or min(a[0], b[0]) > box[2] + margin
        or max(a[1], b[1]) < box[1] - margin
        or min(a[1], b[1]) > box[3] + margin
    )
