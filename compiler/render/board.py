"""Draw the game board from the map data: one renderer for the printed map and VASSAL.

A hex board is drawn hex by hex with the same HexLayout the VASSAL grid is
derived from; a point-to-point board places each space at its printed
position. Both get the tracks and off-map boxes the rules use in a band
below the map. ``BoardArt`` keeps where everything was drawn, so the VASSAL
back end can put zones, regions and track boxes exactly over the picture.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from compiler.render.colours import NAMED, luminance, readable_on, shade
from compiler.render.fonts import draw_centered, fitted_font, font
from rules_engine.definitions import GameDefinition, MapDefinition, Space, Terrain
from rules_engine.geometry import Hex, HexLayout

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

PAPER = "#f4efe1"
INK = "#2b2b2b"
DEFAULT_TERRAIN_COLOURS = {
    "clear": "#e9e3c4",
    "rough": "#c9b48a",
    "hills": "#c2a574",
    "marsh": "#a9c7a1",
    "sea": "#9cc3e6",
    "desert": "#ead9a7",
    "forest": "#8fb37a",
}
BORDER_RED = "#c0392b"
MARGIN_IN = 0.4
TITLE_IN = 0.45
TRACK_BOX_IN = 0.75
DECK_IN = (2.0, 2.8)  # the space a deck of cards takes on the board


@dataclass
class TrackBox:
    track: str
    label: str
    rect: Rect
    reinforcement: bool = False


@dataclass
class BoardArt:
    """The board picture and where its parts were drawn (pixels)."""

    image: Image.Image
    dpi: float
    layout: HexLayout | None
    space_centres: dict[str, Point] = field(default_factory=dict)
    track_boxes: list[TrackBox] = field(default_factory=list)
    boxes: dict[str, Rect] = field(default_factory=dict)
    track_names: dict[str, str] = field(default_factory=dict)
    box_names: dict[str, str] = field(default_factory=dict)
    deck_areas: dict[str, Rect] = field(default_factory=dict)
    deck_names: dict[str, str] = field(default_factory=dict)


def render_board(definition: GameDefinition, dpi: float = 100) -> BoardArt:
    board = definition.board
    if board is None:
        raise ValueError("the game has no valid map")
    if board.grid is not None:
        return _HexPainter(definition, board, dpi).paint()
    return _PointToPointPainter(definition, board, dpi).paint()


# --------------------------------------------------------------------------------------------
# shared: title, tracks and boxes


class _Painter:
    def __init__(self, definition: GameDefinition, board: MapDefinition, dpi: float) -> None:
        self.definition = definition
        self.board = board
        self.dpi = dpi
        self.terrain = definition.terrain.terrain if definition.terrain else {}
        self.sides = {s.id: s for s in definition.game.sides} if definition.game else {}

    def inch(self, value: float) -> float:
        return value * self.dpi

    def terrain_colour(self, terrain_id: str) -> str:
        terrain: Terrain | None = self.terrain.get(terrain_id)
        if terrain is not None and terrain.colour:
            return terrain.colour
        return DEFAULT_TERRAIN_COLOURS.get(terrain_id, "#dddddd")

    def band_height(self) -> float:
        rows = sum(2 if t.reinforcement_boxes else 1 for t in self.board.tracks)
        rows += 1 if self.board.boxes else 0
        decks = self.inch(DECK_IN[1] + 0.5) if self.definition.decks else 0
        return self.inch(rows * (TRACK_BOX_IN + 0.3) + (0.2 if rows else 0)) + decks

    def band_width(self) -> float:
        longest = 0
        for track in self.board.tracks:
            longest = max(longest, len(self.track_labels(track.id)))
        longest = max(longest, len(self.board.boxes) * 2)
        return self.inch(2 * MARGIN_IN + 1.3 + longest * TRACK_BOX_IN)

    def track_labels(self, track_id: str) -> list[str]:
        track = next(t for t in self.board.tracks if t.id == track_id)
        if track.kind == "turns":
            return list(self.definition.game.turn_labels) if self.definition.game else []
        first = track.first if track.first is not None else 0
        last = track.last if track.last is not None else first + 9
        return [str(n) for n in range(first, last + 1)]

    def draw_title(self, draw: ImageDraw.ImageDraw, width: float) -> None:
        game = self.definition.game
        title = game.title if game else "Map"
        if self.board.name:
            title = f"{title} - {self.board.name}"
        chosen = fitted_font(draw, title, width - 2 * self.inch(MARGIN_IN), round(self.inch(0.28)))
        draw.text(
            (self.inch(MARGIN_IN), self.inch(MARGIN_IN) + self.inch(TITLE_IN) / 2 - self.inch(0.1)),
            title,
            font=chosen,
            fill=INK,
            anchor="lm",
        )

    def draw_band(self, draw: ImageDraw.ImageDraw, top: float, art: BoardArt) -> None:
        """Tracks (with reinforcement boxes under turn boxes) and the off-map boxes."""
        box = self.inch(TRACK_BOX_IN)
        label_font = font(round(self.inch(0.13)))
        y = top + self.inch(0.2)
        x0 = self.inch(MARGIN_IN)
        for track in self.board.tracks:
            art.track_names[track.id] = track.name
            draw.text((x0, y + box / 2), track.name, font=font(round(self.inch(0.16))), fill=INK, anchor="lm")
            start = x0 + self.inch(1.3)
            for index, label in enumerate(self.track_labels(track.id)):
                rect = (start + index * box, y, start + (index + 1) * box, y + box)
                draw.rectangle(rect, fill="#ffffff", outline=INK, width=max(1, round(self.dpi / 60)))
                draw.text(
                    (rect[0] + self.inch(0.05), rect[1] + self.inch(0.04)),
                    label,
                    font=label_font,
                    fill=INK,
                    anchor="lt",
                )
                art.track_boxes.append(TrackBox(track.id, label, rect))
                if track.reinforcement_boxes:
                    below = (rect[0], rect[3] + self.inch(0.1), rect[2], rect[3] + self.inch(0.1) + box)
                    draw.rectangle(below, fill="#eef2f7", outline=INK, width=max(1, round(self.dpi / 80)))
                    draw.text(
                        (below[0] + self.inch(0.04), below[1] + self.inch(0.04)),
                        "Reinf.",
                        font=font(round(self.inch(0.1))),
                        fill=INK,
                        anchor="lt",
                    )
                    art.track_boxes.append(TrackBox(track.id, label, below, reinforcement=True))
            y += box + self.inch(0.3) + (box + self.inch(0.1) if track.reinforcement_boxes else 0)
        if self.board.boxes:
            x = x0
            for item in self.board.boxes:
                rect = (x, y, x + 2 * box, y + box)
                draw.rectangle(rect, fill="#ffffff", outline=INK, width=max(1, round(self.dpi / 60)))
                chosen = fitted_font(draw, item.name, 2 * box - self.inch(0.1), round(self.inch(0.13)))
                draw.text(
                    (rect[0] + self.inch(0.05), rect[1] + self.inch(0.04)),
                    item.name,
                    font=chosen,
                    fill=INK,
                    anchor="lt",
                )
                art.boxes[item.id] = rect
                art.box_names[item.id] = item.name
                x += 2 * box + self.inch(0.15)
            y += box + self.inch(0.3)
        self._deck_areas(draw, x0, y, art)

    def _deck_areas(self, draw: ImageDraw.ImageDraw, x: float, y: float, art: BoardArt) -> None:
        """A labelled, card-sized place for each deck, where the VASSAL module keeps it."""
        for deck in self.definition.decks or ():
            width, height = self.inch(DECK_IN[0]), self.inch(DECK_IN[1])
            rect = (x, y + self.inch(0.25), x + width, y + self.inch(0.25) + height)
            draw.text(
                (x, y + self.inch(0.1)), deck.name, font=font(round(self.inch(0.14))), fill=INK, anchor="lm"
            )
            _dashed_rectangle(draw, rect, INK, max(1, round(self.dpi / 60)), self.inch(0.1))
            art.deck_areas[deck.id] = rect
            art.deck_names[deck.id] = deck.name
            x += width + self.inch(0.4)


# --------------------------------------------------------------------------------------------
# hex boards


class _HexPainter(_Painter):
    def __init__(self, definition: GameDefinition, board: MapDefinition, dpi: float) -> None:
        super().__init__(definition, board, dpi)
        assert board.grid is not None
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

    def centre(self, space_id: str) -> Point:
        space = self.board.spaces[space_id]
        assert space.hex is not None
        return self.layout.centre(space.hex)

    def paint(self) -> BoardArt:
        right, bottom = self.layout.extent()
        width = math.ceil(max(right + self.inch(MARGIN_IN), self.band_width()))
        height = math.ceil(bottom + self.band_height() + self.inch(MARGIN_IN))
        image = Image.new("RGB", (width, height), PAPER)
        draw = ImageDraw.Draw(image)
        art = BoardArt(image, self.dpi, self.layout)
        spaces = [s for s in self.board.spaces.values() if s.hex is not None]
        for space in spaces:
            art.space_centres[space.id] = self.centre(space.id)
            self._fill(draw, space)
        for space in spaces:
            self._coast(draw, space)
        for space in spaces:
            draw.polygon(
                self.layout.corners(_hex(space)),
                outline=shade(self._base_colour(space), 0.78),
                width=max(1, round(self.dpi / 90)),
            )
        self._line_features(draw, spaces)
        self._borders(draw, spaces)
        self._hexsides(draw)
        self._roads(draw)
        for space in spaces:
            self._features(draw, space)
        self._supply_sources(draw)
        self._entries(draw)
        for space in spaces:
            self._labels(draw, space)
        self._region_names(draw)
        self.draw_title(draw, width)
        self.draw_band(draw, bottom + self.inch(0.1), art)
        return art

    # --- hexes ---------------------------------------------------------------------------

    def _base_colour(self, space: Space) -> str:
        colour = self.terrain_colour(space.terrain)
        if space.level:
            colour = shade(colour, 1 - 0.13 * space.level)
        return colour

    def _fill(self, draw: ImageDraw.ImageDraw, space: Space) -> None:
        assert space.hex is not None
        draw.polygon(self.layout.corners(space.hex), fill=self._base_colour(space))

    def _is_sea(self, space_id: str) -> bool:
        space = self.board.spaces.get(space_id)
        terrain = self.terrain.get(space.terrain) if space else None
        return bool(terrain is not None and terrain.impassable and terrain.kind == "hex")

    def _coast(self, draw: ImageDraw.ImageDraw, space: Space) -> None:
        """A partly-sea hex shows water on the sides that face all-sea hexes."""
        if "partly-sea" not in space.features or space.hex is None:
            return
        sea_colour = next(
            (self.terrain_colour(t.id) for t in self.terrain.values() if t.kind == "hex" and t.impassable),
            DEFAULT_TERRAIN_COLOURS["sea"],
        )
        centre = self.layout.centre(space.hex)
        for neighbour in self.board.neighbours(space.id):
            if not self._is_sea(neighbour):
                continue
            edge = self.layout.shared_edge(_hex(space), _hex(self.board.spaces[neighbour]))
            if edge is None:
                continue
            (ax, ay), (bx, by) = edge
            mx, my = (ax + bx) / 2, (ay + by) / 2
            inner = (mx + (centre[0] - mx) * 0.55, my + (centre[1] - my) * 0.55)
            draw.polygon([edge[0], edge[1], inner], fill=sea_colour)

    def _line_features(self, draw: ImageDraw.ImageDraw, spaces: list[Space]) -> None:
        linear = {t.id: t for t in self.terrain.values() if t.linear}
        width = max(2, round(self.inch(0.035)))
        for space in spaces:
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

    def _borders(self, draw: ImageDraw.ImageDraw, spaces: list[Space]) -> None:
        """Red dotted lines between hexes of different countries."""
        for space in spaces:
            mine = self.country_of.get(space.id)
            for neighbour in self.board.neighbours(space.id):
                theirs = self.country_of.get(neighbour)
                if neighbour < space.id or mine is None or theirs is None or mine == theirs:
                    continue
                edge = self.layout.shared_edge(_hex(space), _hex(self.board.spaces[neighbour]))
                if edge:
                    _dotted(
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
            colour = self.terrain_colour(hexside.terrain)
            width = max(3, round(self.inch(0.06)))
            draw.line(edge, fill=colour, width=width)
            if "wall" in hexside.terrain:
                _ticks(draw, edge[0], edge[1], colour, width, self.inch(0.05))
            if hexside.bridge:
                mx, my = (edge[0][0] + edge[1][0]) / 2, (edge[0][1] + edge[1][1]) / 2
                ax, ay = self.centre(a.id)
                bx, by = self.centre(b.id)
                length = self.inch(0.09)
                ux, uy = (bx - ax), (by - ay)
                norm = math.hypot(ux, uy) or 1
                ux, uy = ux / norm * length, uy / norm * length
                px, py = -uy * 0.6, ux * 0.6
                for side in (1, -1):
                    draw.line(
                        [
                            (mx - ux + side * px, my - uy + side * py),
                            (mx + ux + side * px, my + uy + side * py),
                        ],
                        fill=INK,
                        width=max(2, round(self.inch(0.02))),
                    )

    def _road_style(self, terrain_id: str) -> tuple[str, int, bool]:
        colour = self.terrain_colour(terrain_id) if terrain_id in self.terrain else "#8b2e16"
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
            for point in points:
                draw.ellipse(
                    (point[0] - width / 2, point[1] - width / 2, point[0] + width / 2, point[1] + width / 2),
                    fill=colour,
                )
            if railway:
                for start, end in itertools.pairwise(points):
                    _ticks(draw, start, end, colour, max(1, width // 2), self.inch(0.06))
            for bridge in road.bridges:
                if bridge in self.board.spaces:
                    x, y = self.centre(bridge)
                    half = self.inch(0.07)
                    draw.rectangle(
                        (x - half, y - half / 2, x + half, y + half / 2),
                        outline=INK,
                        width=max(1, round(self.inch(0.015))),
                    )
            if road.off_map:
                self._exit_label(draw, points[-1], road.off_map)

    def _exit_label(self, draw: ImageDraw.ImageDraw, point: Point, text: str) -> None:
        chosen = font(round(self.inch(0.11)))
        draw.text(
            (point[0], point[1] + self.inch(0.2)),
            text,
            font=chosen,
            fill=INK,
            anchor="mm",
            stroke_width=max(1, round(self.dpi / 60)),
            stroke_fill=PAPER,
        )

    def _features(self, draw: ImageDraw.ImageDraw, space: Space) -> None:
        x, y = self.centre(space.id)
        unit = self.inch(0.75) / 10
        for feature in space.features:
            if feature == "city":
                r = 1.6 * unit
                draw.ellipse(
                    (x - r, y - r, x + r, y + r), fill="#7a1f1f", outline=INK, width=max(1, round(unit / 3))
                )
                draw.ellipse((x - r / 2, y - r / 2, x + r / 2, y + r / 2), fill=PAPER)
            elif feature == "town":
                r = 1.0 * unit
                draw.rectangle(
                    (x - r, y - r, x + r, y + r), fill="#7a1f1f", outline=INK, width=max(1, round(unit / 4))
                )
            elif "village" in feature:
                r = 0.8 * unit
                colour = (
                    "#2f5fa8"
                    if feature.startswith("jewish")
                    else "#7a1f1f"
                    if feature.startswith("arab")
                    else "#555555"
                )
                draw.ellipse(
                    (x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=max(1, round(unit / 5))
                )
            elif (
                feature in self.terrain
                and self.terrain[feature].kind == "feature"
                and not self.terrain[feature].linear
                and feature != "partly-sea"
            ):
                colour = self.terrain_colour(feature) if self.terrain[feature].colour else "#4a4a4a"
                r = 1.1 * unit
                draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour, outline=INK)
        if space.level is not None and space.level >= 2:
            r = 0.7 * unit
            tx, ty = x + 2.6 * unit, y - 2.2 * unit
            draw.polygon([(tx, ty - r), (tx + r, ty + r * 0.8), (tx - r, ty + r * 0.8)], fill=INK)

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
            if source.label:
                draw.text(
                    (cx, cy + r + self.inch(0.02)),
                    source.label,
                    font=font(round(self.inch(0.09))),
                    fill=INK,
                    anchor="mt",
                )

    def _entries(self, draw: ImageDraw.ImageDraw) -> None:
        for entry in self.board.entries:
            if entry.at in self.board.spaces:
                x, y = self.centre(entry.at)
                draw.text(
                    (x, y - self.inch(0.2)),
                    entry.name,
                    font=font(round(self.inch(0.1))),
                    fill=INK,
                    anchor="mm",
                    stroke_width=max(1, round(self.dpi / 60)),
                    stroke_fill=PAPER,
                )

    def _labels(self, draw: ImageDraw.ImageDraw, space: Space) -> None:
        assert space.hex is not None
        x, y = self.centre(space.id)
        size = self.layout.size
        colour = readable_on(self._base_colour(space))
        id_colour = shade(colour, 1.5) if luminance(colour) < 0.5 else "#5a5a5a"
        draw.text(
            (x, y - size * 0.36), space.id, font=font(max(6, round(size * 0.13))), fill=id_colour, anchor="mm"
        )
        if space.name:
            important = "city" in space.features
            chosen = fitted_font(draw, space.name, size * 1.25, round(size * (0.17 if important else 0.15)))
            draw.text(
                (x, y + size * 0.27),
                space.name,
                font=chosen,
                fill=INK,
                anchor="mm",
                stroke_width=max(1, round(self.dpi / 50)),
                stroke_fill=PAPER,
            )

    def _region_names(self, draw: ImageDraw.ImageDraw) -> None:
        """Country names, faded, on the empty hex nearest the middle of each country."""
        for region in self.board.regions:
            if region.kind != "country":
                continue
            spaces = [self.board.spaces[s] for s in region.spaces if s in self.board.spaces]
            points = [self.centre(s.id) for s in spaces]
            if not points:
                continue
            mx = sum(p[0] for p in points) / len(points)
            my = sum(p[1] for p in points) / len(points)
            empty = [s for s in spaces if not s.name and not s.features] or spaces
            spot = min(empty, key=lambda s: math.dist(self.centre(s.id), (mx, my)))
            x, y = self.centre(spot.id)
            chosen = fitted_font(draw, region.name.upper(), self.layout.size * 2.2, round(self.inch(0.2)))
            draw.text(
                (x, y + self.layout.size * 0.05),
                region.name.upper(),
                font=chosen,
                fill="#7d6b4f",
                anchor="mm",
            )


# --------------------------------------------------------------------------------------------
# point-to-point boards


class _PointToPointPainter(_Painter):
    def paint(self) -> BoardArt:
        unit = 1.0 if self.board.size_unit != "mm" else 1 / 25.4
        map_width = self.inch((self.board.width or 17) * unit)
        map_height = self.inch((self.board.height or 11) * unit)
        top = self.inch(TITLE_IN)
        width = math.ceil(max(map_width, self.band_width()))
        height = math.ceil(top + map_height + self.band_height())
        image = Image.new("RGB", (width, height), PAPER)
        draw = ImageDraw.Draw(image)
        art = BoardArt(image, self.dpi, None)
        for space in self.board.spaces.values():
            art.space_centres[space.id] = (
                self.inch((space.x or 0) * unit),
                top + self.inch((space.y or 0) * unit),
            )
        for route in self.board.routes:
            if route.a in art.space_centres and route.b in art.space_centres:
                self._route(draw, art.space_centres[route.a], art.space_centres[route.b], route.terrain)
        for space in self.board.spaces.values():
            self._space(draw, space, art.space_centres[space.id])
        self.draw_title(draw, width)
        self.draw_band(draw, top + map_height, art)
        return art

    def _route(self, draw: ImageDraw.ImageDraw, a: Point, b: Point, terrain: str | None) -> None:
        colour = self.terrain_colour(terrain) if terrain else "#8b6b3d"
        width = max(2, round(self.inch(0.04)))
        if terrain and "rail" in terrain:
            draw.line([a, b], fill=INK, width=width)
            _ticks(draw, a, b, INK, max(1, width // 2), self.inch(0.08))
        elif terrain and ("water" in terrain or "sea" in terrain):
            _dotted(draw, a, b, colour, width, self.inch(0.08))
        else:
            _dashed(draw, a, b, colour, width, self.inch(0.12))

    def _space(self, draw: ImageDraw.ImageDraw, space: Space, centre: Point) -> None:
        x, y = centre
        r = self.inch(0.2)
        kind = space.kinds[0] if space.kinds else space.terrain
        colour = self.terrain_colour(kind) if kind else "#ffffff"
        draw.ellipse(
            (x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=max(2, round(self.dpi / 40))
        )
        terrain = self.terrain.get(kind) if kind else None
        if any(
            self.terrain.get(k) is not None and self.terrain[k].stop for k in (*space.kinds, space.terrain)
        ):
            draw_centered(draw, (x, y), "STOP", font(round(self.inch(0.09))), readable_on(colour))
        elif terrain is not None and terrain.name:
            pass
        draw.text(
            (x, y + r + self.inch(0.03)),
            space.name or space.id,
            font=font(round(self.inch(0.13))),
            fill=INK,
            anchor="mt",
            stroke_width=max(1, round(self.dpi / 50)),
            stroke_fill=PAPER,
        )


def _hex(space: Space) -> Hex:
    """The grid position of a space on a hex board (every space of one has one)."""
    if space.hex is None:
        raise ValueError(f"space {space.id} has no hex")
    return space.hex


# --------------------------------------------------------------------------------------------
# line styles


def _dotted(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    length = math.dist(a, b)
    count = max(1, int(length / step))
    for i in range(count + 1):
        t = i / count
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)


def _dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    length = math.dist(a, b)
    count = max(1, int(length / step))
    for i in range(0, count, 2):
        t0, t1 = i / count, min(1.0, (i + 1) / count)
        draw.line(
            [
                (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            ],
            fill=colour,
            width=width,
        )


def _dashed_rectangle(draw: ImageDraw.ImageDraw, rect: Rect, colour: str, width: int, step: float) -> None:
    left, top, right, bottom = rect
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    for a, b in itertools.pairwise([*corners, corners[0]]):
        _dashed(draw, a, b, colour, width, step)


def _ticks(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: str, width: int, step: float) -> None:
    """Short cross-strokes along a line (railways, walls)."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    px, py = -uy * step * 0.6, ux * step * 0.6
    count = max(1, int(length / step))
    for i in range(1, count):
        x, y = a[0] + ux * i * step, a[1] + uy * i * step
        draw.line([(x - px, y - py), (x + px, y + py)], fill=colour, width=width)


__all__ = ["NAMED", "BoardArt", "Hex", "TrackBox", "render_board"]
