"""What the board painter hands on: the picture and where everything on it was drawn.

The VASSAL back end puts zones, regions, track boxes, decks and the slots of
waiting pieces exactly over the picture from these records; the tests read the
texts and the furniture rectangles to check that nothing collides or covers play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from compiler.render.fonts import DrawnText
from compiler.render.holdings import Key
from rules_engine.geometry import HexLayout

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


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
    space_radius: float = 0.0  # point-to-point spaces: the radius of their circles
    track_boxes: list[TrackBox] = field(default_factory=list)
    boxes: dict[str, Rect] = field(default_factory=dict)
    track_names: dict[str, str] = field(default_factory=dict)
    box_names: dict[str, str] = field(default_factory=dict)
    deck_areas: dict[str, Rect] = field(default_factory=dict)
    deck_names: dict[str, str] = field(default_factory=dict)
    slots: dict[Key, list[Rect]] = field(default_factory=dict)
    zones: list[tuple[str, Rect]] = field(default_factory=list)
    oob_rows: list[tuple[str, str, Rect]] = field(default_factory=list)
    furniture: dict[str, Rect] = field(default_factory=dict)
    play_area: list[Rect] = field(default_factory=list)
    texts: list[DrawnText] = field(default_factory=list)
