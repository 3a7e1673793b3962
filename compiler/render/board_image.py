"""Boards that are an image someone else drew: the image is the map, at its own resolution.

Nothing is painted over the image: its hexes, terrain and names are the art's. The
grid registered on it (``map.json``'s ``image``) says where each hex is, so the
VASSAL grid, the set-ups and the checks place everything on the art's own hexes;
point-to-point spaces sit at their pixels. Tracks and boxes the data declares that
the art may not show get a band under the image, drawn as on any board, so every
place a piece can stand has its zone.
"""

from __future__ import annotations

import math

from PIL import Image

from compiler.art.files import artwork_image
from compiler.errors import BackEndError
from compiler.loading.art_errors import ArtError
from compiler.mapgeometry.registration import image_dpi, image_layout
from compiler.presentation.limits import check_board_pixels
from compiler.render.art import BoardArt
from compiler.render.board import BoardInputs, Furnisher
from compiler.render.canvas import Drawing, colour_of
from compiler.render.fonts import RecordingDraw
from compiler.render.furniture import Block, Ink
from compiler.render.placement import pack_band
from compiler.render.terrain_key import PAPER
from rules_engine.definitions.art import BoardImage

MARGIN_IN = 0.3
SPACE_IN = 0.68  # a point-to-point space's footprint, as on a drawn board


class ImagePainter:
    """The board image, and a band under it for the furniture the data declares."""

    def __init__(self, inputs: BoardInputs, record: bool = False) -> None:
        board = inputs.board
        assert board.image is not None
        self.record = record  # keep the drawing: the image as pixels, the furniture as shapes
        self.inputs = inputs
        self.board = board
        self.image: BoardImage = board.image
        self.dpi = image_dpi(board) or 100.0
        self.layout = image_layout(board)

    def inch(self, value: float) -> float:
        return value * self.dpi

    def paint(self) -> BoardArt:
        picture = self._picture()
        blocks = self._blocks()
        band_in = max(picture.width / self.dpi - 2 * MARGIN_IN, 3.0)
        placed = pack_band(blocks, band_in, 0.25)
        band_height = max((y + block.size()[1] for block, _, y in placed), default=0.0)
        band_width = max((x + block.size()[0] for block, x, _ in placed), default=0.0)
        width = max(picture.width, math.ceil(self.inch(band_width + 2 * MARGIN_IN)) if placed else 0)
        height = picture.height + (math.ceil(self.inch(band_height + 2 * MARGIN_IN)) if placed else 0)
        check_board_pixels(width, height, self.dpi, self.image.origin)
        canvas = picture if (width, height) == picture.size else self._canvas(picture, width, height)
        art = BoardArt(canvas, self.dpi, self.layout, space_radius=self.inch(SPACE_IN / 2))
        art.play_area.append((0, 0, picture.width, picture.height))
        self._spaces(art)
        if self.record:
            art.drawing = Drawing(canvas.size, self.dpi, colour_of(PAPER))
            art.drawing.picture(picture, (0.0, 0.0, float(picture.width), float(picture.height)))
        if placed:
            draw = RecordingDraw(canvas, art.drawing)
            ink = Ink(draw, self.dpi, art)
            for block, x, y in placed:
                block.draw(ink, self.inch(MARGIN_IN + x), picture.height + self.inch(MARGIN_IN + y))
            art.texts = draw.texts
        return art

    def _picture(self) -> Image.Image:
        try:
            picture = artwork_image(self.image.art)
        except ArtError as exc:
            raise BackEndError(exc.code, exc.message, self.image.origin, hint=exc.hint) from None
        if picture.mode == "RGB":
            return picture
        flat = Image.new("RGB", picture.size, PAPER)
        flat.paste(picture, mask=picture.getchannel("A"))
        return flat

    def _canvas(self, picture: Image.Image, width: int, height: int) -> Image.Image:
        canvas = Image.new("RGB", (width, height), PAPER)
        canvas.paste(picture, (0, 0))
        return canvas

    def _blocks(self) -> list[Block]:
        furnisher = Furnisher(self.inputs)
        return [*furnisher.tracks(), *furnisher.boxes(), *furnisher.charts(self.dpi), *furnisher.decks()]

    def _spaces(self, art: BoardArt) -> None:
        for space in self.board.spaces.values():
            if space.hex is not None and self.layout is not None:
                art.space_centres[space.id] = self.layout.centre(space.hex)
            elif space.x is not None and space.y is not None:
                art.space_centres[space.id] = (float(space.x), float(space.y))
