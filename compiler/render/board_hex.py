"""Hex boards: hexes, coasts, rivers and roads, then every label where nothing hides it,
and the furniture packed in a band under the map."""

from __future__ import annotations

import itertools
import math
from typing import cast

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from compiler.render.art import BoardArt, Point, Rect
from compiler.render.board import BoardInputs, Furnisher
from compiler.render.colours import luminance, readable_on, shade
from compiler.render.fonts import RecordingDraw, fitted_font, font
from compiler.render.furniture import Block, Ink, TitleBlock
from compiler.render.labels import LabelPlacer
from compiler.render.limits import check_board_pixels
from compiler.render.placement import pack_band
from compiler.render.terrain_key import DEFAULT_AREA, INK, PAPER, area_colour, dotted, draw_point, ticks
from rules_engine.definitions import Space
from rules_engine.geometry import Hex, HexLayout

MARGIN_IN = 0.4
TITLE_IN = 0.5
BAND_GAP_IN = 0.25
BORDER_RED = "#c0392b"


class HexPainter:
    def __init__(self, inputs: BoardInputs, dpi: float) -> None:
        board = inputs.board
        assert board.grid is not None
        self.inputs = inputs
        self.board = board
        self.dpi = dpi
        self.terrain = inputs.terrain.terrain
        self.sides = {s.id: s for s in inputs.game.sides}
        size = self.inch(board.hex_size or 0.75)
        radius = size / math.sqrt(3)
        top = self.inch(MARGIN_IN + TITLE_IN)
        # Whole pixels: VASSAL's grid origin (x0, y0) is an integer, and the board must agree.
        if board.grid.orientation == "flat-top":
            origin = (float(round(self.inch(MARGIN_IN) + radius)), float(round(top + size / 2)))
        else:
            origin = (float(round(self.inch(MARGIN_IN) + size / 2)), float(round(top + radius)))
        self.layout = HexLayout(board.grid, size, origin)
        self.country_of = {s: r.id for r in board.regions if r.kind == "country" for s in r.spaces}
        self.spaces = [s for s in board.spaces.values() if s.hex is not None]
        self.labels = LabelPlacer()
        self.id_ground: dict[str, str] = {}
        self.symbols: dict[str, Rect] = {}

    def inch(self, value: float) -> float:
        return value * self.dpi

    def centre(self, space_id: str) -> Point:
        return self.layout.centre(_hex(self.board.spaces[space_id]))

    # --- the whole board ---------------------------------------------------------------------

    def paint(self) -> BoardArt:
        right, bottom = self.layout.extent()
        map_width = right + self.inch(MARGIN_IN)
        furnisher = Furnisher(self.inputs)
        blocks: list[Block] = [
            *furnisher.tracks(),
            *furnisher.boxes(),
            *furnisher.charts(self.dpi),
            *furnisher.decks(),
        ]
        band_in = map_width / self.dpi - 2 * MARGIN_IN
        blocks.append(furnisher.legend(min(3.4, band_in)))
        placed = pack_band(blocks, band_in, 0.25)
        band_height = max((y + block.size()[1] for block, _, y in placed), default=0.0)
        width = math.ceil(
            max(map_width, max((self.inch(x + b.size()[0] + 2 * MARGIN_IN) for b, x, _ in placed), default=0))
        )
        height = math.ceil(bottom + self.inch(BAND_GAP_IN + band_height + MARGIN_IN))
        check_board_pixels(width, height, self.dpi, self.board.origin.child("grid"))
        image = Image.new("RGB", (width, height), PAPER)
        draw = RecordingDraw(image)
        art = BoardArt(image, self.dpi, self.layout)
        art.play_area.append((0, self.inch(MARGIN_IN + TITLE_IN) - self.layout.size / 2, right, bottom))
        self._terrain(image, draw, art)
        self._network(draw)
        self._labels(draw)
        ink = Ink(draw, self.dpi, art)
        game = self.inputs.game
        title = (game.title) + (f" - {self.board.name}" if self.board.name else "")
        TitleBlock(title).draw(ink, self.inch(MARGIN_IN), self.inch(MARGIN_IN) - self.inch(0.05))
        band_top = bottom + self.inch(BAND_GAP_IN)
        for block, x, y in placed:
            block.draw(ink, self.inch(MARGIN_IN + x), band_top + self.inch(y))
        art.texts = draw.texts
        art.furniture.update(self.symbols)
        return art

    def _terrain(self, image: Image.Image, draw: ImageDraw.ImageDraw, art: BoardArt) -> None:
        for space in self.spaces:
            art.space_centres[space.id] = self.centre(space.id)
            draw.polygon(self.layout.corners(_hex(space)), fill=self._base_colour(space))
        self._coast(image)
        for space in self.spaces:  # what shows where the ID goes: land, or the sea of a coast
            x, y = self.centre(space.id)
            pixel = cast("tuple[int, ...]", image.getpixel((round(x), round(y - self.layout.size * 0.36))))
            self.id_ground[space.id] = "#{:02x}{:02x}{:02x}".format(*pixel[:3])
        for space in self.spaces:
            draw.polygon(
                self.layout.corners(_hex(space)),
                outline=shade(self._base_colour(space), 0.78),
                width=max(1, round(self.dpi / 90)),
            )

    def _network(self, draw: ImageDraw.ImageDraw) -> None:
        self._line_features(draw)
        self._borders(draw)
        self._hexsides(draw)
        self._roads(draw)
        for space in self.spaces:
            self._features(draw, space)
        self._supply_sources(draw)

    # --- hexes and the coast -----------------------------------------------------------------

    def _base_colour(self, space: Space) -> str:
        colour = area_colour(self.terrain.get(space.terrain), space.terrain) or "#dddddd"
        if space.level:
            colour = shade(colour, 1 - 0.13 * space.level)
        return colour

    def _is_sea(self, space_id: str) -> bool:
        space = self.board.spaces.get(space_id)
        terrain = self.terrain.get(space.terrain) if space else None
        return bool(terrain is not None and terrain.impassable and terrain.kind == "hex")

    def _sea_colour(self) -> str:
        sea = next((t for t in self.terrain.values() if t.kind == "hex" and t.impassable), None)
        return (area_colour(sea, sea.id) if sea else None) or DEFAULT_AREA["sea"]

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
        smooth = rough.filter(ImageFilter.GaussianBlur(self.layout.size * 0.16)).point(
            lambda v: 255 if v >= 128 else 0
        )
        water = ImageChops.multiply(smooth, hexes)
        image.paste(self._sea_colour(), mask=water)
        shore = ImageChops.subtract(water.filter(ImageFilter.MaxFilter(3)), water)
        shore = ImageChops.multiply(shore, hexes)
        image.paste(shade(self._sea_colour(), 0.62), mask=shore)

    # --- lines over the hexes ------------------------------------------------------------------

    def _line_features(self, draw: ImageDraw.ImageDraw) -> None:
        linear = {t.id: t for t in self.terrain.values() if t.linear}
        width = max(2, round(self.inch(0.035)))
        for space in self.spaces:
            for feature in space.features:
                if feature not in linear:
                    continue
                colour = linear[feature].colour or "#3b7dd8"
                here = self.centre(space.id)
                for neighbour in self.board.neighbours(space.id):
                    if feature in self.board.spaces[neighbour].features and neighbour > space.id:
                        draw.line([here, self.centre(neighbour)], fill=colour, width=width)
                draw.ellipse(
                    (here[0] - width / 2, here[1] - width / 2, here[0] + width / 2, here[1] + width / 2),
                    fill=colour,
                )

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

    def _hexsides(self, draw: ImageDraw.ImageDraw) -> None:
        for hexside in self.board.hexsides:
            a, b = self.board.spaces.get(hexside.a), self.board.spaces.get(hexside.b)
            if a is None or b is None or a.hex is None or b.hex is None:
                continue
            edge = self.layout.shared_edge(a.hex, b.hex)
            if edge is None:
                continue
            colour = area_colour(self.terrain.get(hexside.terrain), hexside.terrain) or "#3b7dd8"
            width = max(3, round(self.inch(0.06)))
            draw.line(edge, fill=colour, width=width)
            if "wall" in hexside.terrain:
                ticks(draw, edge[0], edge[1], colour, width, self.inch(0.05))
            if hexside.bridge:
                self._bridge(draw, edge, self.centre(a.id), self.centre(b.id))

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

    def _road_style(self, terrain_id: str) -> tuple[str, int, bool]:
        colour = area_colour(self.terrain.get(terrain_id), terrain_id) or "#8b2e16"
        railway = "rail" in terrain_id
        if "secondary" in terrain_id:
            return colour, max(2, round(self.inch(0.03))), railway
        if railway:
            return INK, max(2, round(self.inch(0.02))), True
        return colour, max(2, round(self.inch(0.05))), railway

    def _roads(self, draw: ImageDraw.ImageDraw) -> None:
        for road in self.board.roads:
            points = [self.centre(s) for s in road.path if s in self.board.spaces]
            if len(points) < 2:
                continue
            colour, width, railway = self._road_style(road.terrain)
            draw.line(points, fill=colour, width=width, joint="curve")
            for x, y in points:
                draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)
            if railway:
                for start, end in itertools.pairwise(points):
                    ticks(draw, start, end, colour, max(1, width // 2), self.inch(0.06))
            for bridge in road.bridges:
                if bridge in self.board.spaces:
                    x, y = self.centre(bridge)
                    half = self.inch(0.07)
                    draw.rectangle(
                        (x - half, y - half / 2, x + half, y + half / 2),
                        outline=INK,
                        width=max(1, round(self.inch(0.015))),
                    )
            for a, b in itertools.pairwise(points):
                self.labels.avoid_segment(a, b, width / 2 + 1)
            if road.off_map:
                self.labels.exits.append((points[-1], road.off_map))

    # --- features and symbols ------------------------------------------------------------------

    def _features(self, draw: ImageDraw.ImageDraw, space: Space) -> None:
        x, y = self.centre(space.id)
        unit = self.layout.size / 10
        for feature in space.features:
            terrain = self.terrain.get(feature)
            if feature in ("city", "town") or "village" in feature:
                draw_point(draw, feature, area_colour(terrain, feature) or "#555555", (x, y), 1.6 * unit)
            elif (
                terrain is not None
                and terrain.kind == "feature"
                and not terrain.linear
                and feature != "partly-sea"
            ):
                draw_point(draw, feature, terrain.colour or "#4a4a4a", (x, y), 1.6 * unit)
            if terrain is not None and terrain.printed_number is not None:
                self._printed_number(draw, (x - 2.9 * unit, y), str(terrain.printed_number))
            self.labels.avoid((x - 1.8 * unit, y - 1.8 * unit, x + 1.8 * unit, y + 1.8 * unit))
        if space.level is not None and space.level >= 2:
            r = 0.7 * unit
            tx, ty = x + 2.6 * unit, y - 1.9 * unit
            draw.polygon([(tx, ty - r), (tx + r, ty + r * 0.8), (tx - r, ty + r * 0.8)], fill=INK)

    def _printed_number(self, draw: ImageDraw.ImageDraw, at: Point, text: str) -> None:
        """A white reminder number, as the book prints at Latrun and Notre Dame (1.3)."""
        assert isinstance(draw, RecordingDraw)
        draw.role = "printed-number"
        draw.text(
            at,
            text,
            font=font(round(self.inch(0.2))),
            fill="#ffffff",
            anchor="mm",
            stroke_width=max(1, round(self.inch(0.01))),
            stroke_fill="#1e1e1e",
        )

    def _supply_sources(self, draw: ImageDraw.ImageDraw) -> None:
        for source in self.board.supply_sources:
            if source.at not in self.board.spaces:
                continue
            x, y = self.centre(source.at)
            r = self.inch(0.075)
            cx, cy = x - self.inch(0.2), y + self.inch(0.08)
            side = self.sides.get(source.side)
            colour = side.colour if side and side.colour else "#888888"
            bounds = (cx - r, cy - r, cx + r, cy + r)
            draw.pieslice(bounds, 90, 270, fill="#ffffff")
            draw.pieslice(bounds, 270, 90, fill=colour)
            draw.ellipse(bounds, outline=INK, width=max(1, round(self.dpi / 60)))
            self.labels.avoid(bounds, symbol=True)
            self.symbols[f"supply:{source.at}"] = bounds
            if source.label:
                self.labels.supply_labels.append(((cx, cy + r + self.inch(0.02)), source.label))

    # --- labels ----------------------------------------------------------------------------------

    def _labels(self, draw: RecordingDraw) -> None:
        """Hex IDs on a plate of their hex's colour (roads pass under them), place names with a
        halo, then supply, entry and exit labels and the country names, each where it collides
        with nothing already placed."""
        size = self.layout.size
        for space in self.spaces:
            self._hex_id(draw, space, size)
        for space in self.spaces:
            if space.name:
                self._place_name(draw, space, size)
        placer = self.labels
        for (x, y), text in placer.supply_labels:
            placer.place(
                draw,
                text,
                [
                    (x, y + self.inch(0.05)),
                    (x - self.inch(0.22), y - self.inch(0.07)),
                    # left of the symbol, then above it: where a place name fills the hex below
                    (x - self.inch(0.42), y - self.inch(0.1)),
                    (x, y - self.inch(0.25)),
                ],
                font(round(self.inch(0.09))),
                "supply",
                INK,
                PAPER,
                self.dpi,
            )
        for entry in self.board.entries:
            if entry.at in self.board.spaces:
                x, y = self.centre(entry.at)
                spots = [(x, y - size * 0.2), (x + size * 0.5, y), (x - size * 0.5, y), (x, y + size * 0.45)]
                placer.place(
                    draw, entry.name, spots, font(round(self.inch(0.1))), "entry", INK, PAPER, self.dpi
                )
        for (x, y), text in placer.exits:
            spots = [
                (x, y + self.inch(0.2)),
                (x, y - self.inch(0.2)),
                (x + self.inch(0.3), y),
                (x - self.inch(0.3), y),
            ]
            placer.place(draw, text, spots, font(round(self.inch(0.11))), "exit", INK, PAPER, self.dpi)
        self._region_names(draw)

    def _hex_id(self, draw: RecordingDraw, space: Space, size: float) -> None:
        x, y = self.centre(space.id)
        base = self.id_ground.get(space.id, self._base_colour(space))
        chosen = font(max(6, round(size * 0.13)))
        at = (x, y - size * 0.36)
        box = draw.textbbox(at, space.id, font=chosen, anchor="mm")
        pad = max(1, round(size * 0.02))
        draw.rectangle((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), fill=base)
        ink = readable_on(base)
        colour = shade(ink, 1.45) if luminance(ink) < 0.5 else "#4a4a4a"
        draw.role = "hex-id"
        draw.text(at, space.id, font=chosen, fill=colour, anchor="mm")
        self.labels.taken.append(draw.texts[-1].bbox)

    def _place_name(self, draw: RecordingDraw, space: Space, size: float) -> None:
        x, y = self.centre(space.id)
        important = "city" in space.features
        chosen = fitted_font(draw, space.name or "", size * 1.25, round(size * (0.17 if important else 0.15)))
        halo = max(1, round(self.dpi / 50))
        spots = [(x, y + size * 0.27), (x, y + size * 0.33), (x, y - size * 0.2)]
        self.labels.place(draw, space.name or "", spots, chosen, "place", INK, PAPER, self.dpi, halo=halo)

    def _region_names(self, draw: RecordingDraw) -> None:
        """Country names, faded, in free hexes near the middle of each country; long names may
        take two lines or a smaller size."""
        for region in self.board.regions:
            if region.kind != "country":
                continue
            spaces = [self.board.spaces[s] for s in region.spaces if s in self.board.spaces]
            if not spaces:
                continue
            points = [self.centre(s.id) for s in spaces]
            middle = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
            spaces.sort(key=lambda s: math.dist(self.centre(s.id), middle))
            spots = [self.centre(s.id) for s in spaces]
            spots = [(x, y + self.layout.size * 0.08) for x, y in spots]
            self.labels.place_region(draw, region.name.upper(), spots, self.dpi, "#7d6b4f")


def _hex(space: Space) -> Hex:
    """The grid position of a space on a hex board (every space of one has one)."""
    if space.hex is None:
        raise ValueError(f"space {space.id} has no hex")
    return space.hex
