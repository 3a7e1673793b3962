"""Image files a game names: a counter face, a card, the board.

Art is presentation only: the rules engine never reads it. The model keeps what
identifies the file (its name in the game folder and the SHA-256 of its bytes, so
a drawing cached from it is redrawn when the file changes), its size in pixels and
the game folder it lives in (left out of comparisons: a game folder that moved draws
the same).
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from rules_engine.definitions.origin import Origin


@dataclass(frozen=True)
class Artwork:
    """One image file: ``kind`` is png, jpeg or svg; an SVG's size is at 96 px per inch."""

    file: str
    kind: str
    width: int
    height: int
    digest: str
    root: str = field(default="", compare=False)  # the game folder the file is read from

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def path(self) -> str:
        return f"{self.root}/{self.file}"


class FaceImage(NamedTuple):
    """A counter face's picture: the whole face (``mode`` "whole"), or its ground with the
    counter's name and values drawn over it (``mode`` "background")."""

    art: Artwork
    mode: str


class BoardImage(NamedTuple):
    """A board drawn by someone else, with the hex grid registered on its pixels.

    ``hex_size`` is the distance across a hex's flats and ``column_step`` the distance
    between neighbouring columns (flat-top) or rows (pointy-top), in image pixels;
    ``first_centre`` is the centre of the grid's first hex (first column, first row)
    as drawn. ``dpi`` is the pixels per printed inch the data states, if it does.
    """

    art: Artwork
    dpi: float | None
    hex_size: float | None
    column_step: float | None
    first_centre: tuple[float, float] | None
    origin: Origin
