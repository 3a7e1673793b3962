"""What the board painter hands on: the picture and where everything on it was drawn.

The VASSAL back end puts zones, regions, track boxes, decks and the slots of
waiting pieces exactly over the picture from these records; the tests read the
texts and the furniture rectangles to check that nothing collides or covers play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from PIL import Image

from compiler.render.canvas import Drawing
from compiler.render.fonts import DrawnText
from compiler.render.holdings import Key
from compiler.render.map_lines import DrawnLine
from rules_engine.geometry import HexGrid, HexLayout

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
    # Furniture that found no room on the sheet, in a player's words ("the track 'Pounds'").
    unplaced: list[str] = field(default_factory=list)
    play_area: list[Rect] = field(default_factory=list)
    texts: list[DrawnText] = field(default_factory=list)
    # The printed sheets the picture holds: the map's own first, then any aid sheets for the
    # furniture it had no room for (empty: the picture is one sheet).
    sheets: list[Rect] = field(default_factory=list)
    # Every line as drawn (roads, railways, streams, rivers, routes), cut where symbols stand,
    # and the circle of every city's and feature's symbol: no line may cross a label or symbol.
    lines: list[DrawnLine] = field(default_factory=list)
    marks: list[tuple[float, float, float]] = field(default_factory=list)
    drawing: Drawing | None = None  # painted with ``record``: the board as drawn, for a vector PDF
    # Painted with ``record``: each aid sheet as a board of its own (its picture and drawing),
    # printed on a page of its own; on the screen the sheets lie in ``image``, under the map.
    aid_sheets: list[BoardArt] = field(default_factory=list)


# --- the records of a cached board -------------------------------------------------------------
# Everything but the picture, as JSON, so a board taken from the cache hands the VASSAL back end
# the same positions a fresh drawing would. Floats round-trip exactly through JSON, and ints stay
# ints, so the build file written from a cached board is the same bytes.


def art_record(art: BoardArt) -> dict[str, Any]:
    layout = None
    if art.layout is not None:
        layout = {"size": art.layout.size, "origin": list(art.layout.origin), "across": art.layout.across}
    return {
        "dpi": art.dpi,
        "layout": layout,
        "space_centres": art.space_centres,
        "space_radius": art.space_radius,
        "track_boxes": [[b.track, b.label, b.rect, b.reinforcement] for b in art.track_boxes],
        "boxes": art.boxes,
        "track_names": art.track_names,
        "box_names": art.box_names,
        "deck_areas": art.deck_areas,
        "deck_names": art.deck_names,
        "slots": [[list(key), rects] for key, rects in art.slots.items()],
        "zones": art.zones,
        "oob_rows": art.oob_rows,
        "furniture": art.furniture,
        "play_area": art.play_area,
        "texts": [[t.text, t.bbox, t.size, t.fill, t.stroke, t.role, t.xy, t.anchor] for t in art.texts],
        "unplaced": art.unplaced,
        "sheets": art.sheets,
        "lines": [[line.kind, [list(p) for p in line.points], line.reach] for line in art.lines],
        "marks": [list(mark) for mark in art.marks],
    }


def art_from_record(record: dict[str, Any], image: Image.Image, grid: HexGrid | None) -> BoardArt:
    """The BoardArt a record describes; ValueError (or KeyError, TypeError) if it is not one."""
    layout = record["layout"]
    if (layout is None) != (grid is None):
        raise ValueError("the record's layout does not fit the board's grid")
    return BoardArt(
        image,
        float(record["dpi"]),
        None if grid is None else _layout(grid, layout),
        space_centres={str(k): _point(v) for k, v in record["space_centres"].items()},
        space_radius=record["space_radius"],
        track_boxes=[TrackBox(str(t), str(lb), _rect(r), bool(f)) for t, lb, r, f in record["track_boxes"]],
        boxes=_rects(record["boxes"]),
        track_names=dict(record["track_names"]),
        box_names=dict(record["box_names"]),
        deck_areas=_rects(record["deck_areas"]),
        deck_names=dict(record["deck_names"]),
        slots={_key(key): [_rect(r) for r in rects] for key, rects in record["slots"]},
        zones=[(str(name), _rect(r)) for name, r in record["zones"]],
        oob_rows=[(str(box), str(turn), _rect(r)) for box, turn, r in record["oob_rows"]],
        furniture=_rects(record["furniture"]),
        play_area=[_rect(r) for r in record["play_area"]],
        texts=[_drawn(text) for text in record["texts"]],
        unplaced=[str(what) for what in record["unplaced"]],
        sheets=[_rect(r) for r in record["sheets"]],
        lines=[
            DrawnLine(str(kind), tuple(_point(p) for p in points), _number(reach))
            for kind, points, reach in record["lines"]
        ],
        marks=[_circle(mark) for mark in record["marks"]],
    )


def _layout(grid: HexGrid, record: dict[str, Any]) -> HexLayout:
    across = record.get("across")
    size, origin = _number(record["size"]), _point(record["origin"])
    return HexLayout(grid, size, origin, None if across is None else _number(across))


def _number(value: Any) -> float:
    if type(value) not in (int, float):
        raise ValueError(f"not a number: {value!r}")
    return cast(float, value)


def _point(value: Any) -> Point:
    x, y = value
    return _number(x), _number(y)


def _circle(value: Any) -> tuple[float, float, float]:
    x, y, r = value
    return _number(x), _number(y), _number(r)


def _rect(value: Any) -> Rect:
    left, top, right, bottom = value
    return _number(left), _number(top), _number(right), _number(bottom)


def _rects(value: dict[str, Any]) -> dict[str, Rect]:
    return {str(name): _rect(rect) for name, rect in value.items()}


def _key(value: Any) -> Key:
    kind, place, label = value
    return str(kind), str(place), str(label)


def _drawn(value: Any) -> DrawnText:
    text, bbox, size, fill, stroke, role, xy, anchor = value
    return DrawnText(str(text), _rect(bbox), int(size), str(fill), int(stroke), str(role), _point(xy), anchor)
