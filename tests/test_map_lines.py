"""Nothing crosses a label or a symbol, and no road or railway shows a gap: on every map, on
what was drawn.

Every road, railway, stream, river and route is kept as drawn (``BoardArt.lines``: the pieces,
cut where a symbol stands, and how far their ink reaches), every city's and feature's symbol
as its circle (``BoardArt.marks``), every label as its box. No piece may touch a label's box,
and no piece may run into a symbol. And along every road and railway of the data, from hex
centre to hex centre, the picture shows the line's own colour everywhere outside the symbols
it runs into: nothing (a hex ID's plate, a name's halo, a symbol) was painted over it.
"""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image

from compiler.render.art import BoardArt
from compiler.render.legibility import delta_e
from compiler.render.map_lines import DrawnLine, clip_outside, line_meets_circle, line_meets_rect
from compiler.render.terrain_key import line_look
from rules_engine.definitions import ValidGame

from .conftest import GAMES, HEX_GAMES, shipped, shipped_board

DPI = 100
LABEL_ROLES = ("hex-id", "place", "entry", "exit", "supply", "region", "geography")


def definition(game: str) -> ValidGame:
    game_definition: ValidGame = shipped(game)
    return game_definition


def board(game: str) -> BoardArt:
    art: BoardArt = shipped_board(game, DPI)
    return art


def labels(art: BoardArt) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every label on the map (not the furniture's own text): hex IDs, names, entry and exit
    labels, countries, seas; and a point-to-point map's banners."""
    pad = art.layout.size * 0.02 if art.layout is not None else 0.0  # a hex ID's plate
    boxes = [
        (f"{t.role} {t.text}", _grown(t.bbox, pad if t.role == "hex-id" else 0.0))
        for t in art.texts
        if t.role in LABEL_ROLES
    ]
    boxes += [(name, rect) for name, rect in art.furniture.items() if name.startswith("label:")]
    return boxes


@pytest.mark.parametrize("game", GAMES)
def test_every_map_records_its_lines(game: str) -> None:
    art = board(game)
    d = definition(game)
    drawn = art.lines
    if d.board.roads or d.board.routes:
        assert drawn, "the map has roads or routes and none was recorded"


@pytest.mark.parametrize("game", GAMES)
def test_no_line_crosses_a_label(game: str) -> None:
    art = board(game)
    crossed = [
        (line.kind, name)
        for line in art.lines
        for name, box in labels(art)
        if line_meets_rect(line, box, shrink=1.0)
    ]
    assert not crossed, crossed[:20]


@pytest.mark.parametrize("game", GAMES)
def test_no_line_crosses_a_symbol(game: str) -> None:
    """A line runs into a city's symbol and out again; it is never drawn across it."""
    art = board(game)
    crossed = [
        (line.kind, [round(c) for c in mark])
        for line in art.lines
        for mark in art.marks
        if any(_centre_line_enters(a, b, mark) for a, b in itertools.pairwise(line.points))
    ]
    assert not crossed, crossed[:20]


def _grown(box: tuple[float, float, float, float], pad: float) -> tuple[float, float, float, float]:
    return box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad


def _centre_line_enters(
    a: tuple[float, float], b: tuple[float, float], mark: tuple[float, float, float]
) -> bool:
    """Whether the segment's centre line comes more than a pixel inside the circle."""
    return line_meets_circle(DrawnLine("", (a, b), 0.0), mark, shrink=1.5)


@pytest.mark.parametrize("game", HEX_GAMES)  # a point-to-point map's routes run rim to rim
def test_no_road_or_railway_shows_a_gap(game: str) -> None:
    """Along each road and railway of a hex map, outside the symbols it runs into and the
    places another road or railway crosses it, the centre line shows the line's own colour (or
    the colour of another road drawn along the same stretch)."""
    d = definition(game)
    assert d.board.grid is not None
    art = board(game)
    image = art.image.convert("RGB")
    colours: dict[frozenset[str], set[str]] = {}
    for road in d.board.roads:
        look = line_look(d.terrain.terrain.get(road.terrain), road.terrain, d.terrain.terrain)
        for a, b in itertools.pairwise(road.path):
            colours.setdefault(frozenset((a, b)), set()).add(look.colour)
    # a symbol's ink reaches past the circle a line is cut at (a town's square to its corners)
    covered = [(x, y, r * SQUARE_CORNER + 1.5) for x, y, r in art.marks]
    gaps: list[tuple[str, str, str]] = []
    for road in d.board.roads:
        look = line_look(d.terrain.terrain.get(road.terrain), road.terrain, d.terrain.terrain)
        if look.dash not in ("solid", "ties"):
            continue
        path = [s for s in road.path if s in art.space_centres]
        for a, b in itertools.pairwise(path):
            segment = [art.space_centres[a], art.space_centres[b]]
            crossing = [
                line for line in art.lines if line.kind in ("road", "rail") and not _carries(line, segment)
            ]
            wanted = [_hex(colour) for colour in colours[frozenset((a, b))]]
            for piece in clip_outside(segment, covered):
                if _gap(image, piece, wanted, crossing):
                    gaps.append((road.terrain, a, b))
                    break
    assert not gaps, gaps[:20]


SQUARE_CORNER = math.sqrt(2)


def _carries(line: DrawnLine, segment: list[tuple[float, float]]) -> bool:
    """Whether a drawn piece runs along this segment of a road (it is that road, drawn)."""
    middle = ((segment[0][0] + segment[1][0]) / 2, (segment[0][1] + segment[1][1]) / 2)
    return line_meets_circle(DrawnLine("", line.points, 0.0), (*middle, 1.0))


def _gap(
    image: Image.Image,
    piece: list[tuple[float, float]],
    wanted: list[tuple[int, int, int]],
    crossing: list[DrawnLine],
) -> bool:
    """Whether some point of the centre line, away from any other road or railway crossing it,
    has no pixel of a wanted colour within a pixel of it."""
    (ax, ay), (bx, by) = piece[0], piece[-1]
    steps = max(1, int(math.dist((ax, ay), (bx, by))))
    for i in range(steps + 1):
        x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
        if any(line_meets_circle(line, (x, y, 1.0)) for line in crossing):
            continue  # a level crossing or a junction: the other line is drawn over this one
        near = [image.getpixel((round(x) + dx, round(y) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if all(delta_e(_rgb(p), colour) > 12 for p in near if isinstance(p, tuple) for colour in wanted):
            return True
    return False


def _rgb(pixel: tuple[float, ...]) -> tuple[int, int, int]:
    return int(pixel[0]), int(pixel[1]), int(pixel[2])


def _hex(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def test_a_line_through_a_symbol_is_cut_at_its_rim() -> None:
    pieces = clip_outside([(0.0, 0.0), (100.0, 0.0)], [(50.0, 0.0, 10.0)])
    assert [[round(x) for x, _ in piece] for piece in pieces] == [[0, 40], [60, 100]]
    assert clip_outside([(0.0, 0.0), (100.0, 0.0)], [(50.0, 30.0, 10.0)]) == [[(0.0, 0.0), (100.0, 0.0)]]
