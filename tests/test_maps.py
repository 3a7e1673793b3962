"""Maps as a player reads them: labels that collide with nothing, a terrain key over no play
area, every terrain in its own colour, and the book's sizes."""

from __future__ import annotations

import dataclasses
import itertools
import math
from functools import cache

import pytest

from compiler.render.art import BoardArt
from compiler.render.board import render_board
from compiler.render.colours import rgb
from compiler.render.labels import overlaps
from compiler.render.terrain_key import area_colour
from rules_engine.definitions import ValidGame

from .conftest import GAMES, shipped

DPI = 100
LABELS = {"hex-id", "place", "region", "supply", "entry", "exit", "printed-number", "geography"}


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


@cache
def board(game: str) -> BoardArt:
    return render_board(definition(game), DPI)


@pytest.mark.parametrize("game", GAMES)
def test_map_labels_never_collide(game: str) -> None:
    """Hex IDs, place names, country names, supply and entry labels: no two boxes meet, and none
    covers a supply symbol or (on a point-to-point map) another space's name and marks."""
    art = board(game)
    boxes = [(t.text, t.bbox) for t in art.texts if t.role in LABELS]
    boxes += [(name, rect) for name, rect in art.furniture.items() if name.startswith("supply:")]
    assert len(boxes) > 20
    hits = [(a[0], b[0]) for a, b in itertools.combinations(boxes, 2) if overlaps(a[1], b[1])]
    assert not hits, hits[:10]


def test_a_supply_label_in_a_named_hex_finds_room_beside_the_name() -> None:
    """A labelled source in a hex whose name fills the spot under the symbol (Vallon, a
    fortress and a source) goes above it rather than over the name."""
    game = definition("vallon")
    sources = tuple(s._replace(label="FORTRESS") if s.at == "0905" else s for s in game.board.supply_sources)
    art = render_board(game._replace(board=dataclasses.replace(game.board, supply_sources=sources)), DPI)
    label = next(t for t in art.texts if t.role == "supply" and t.text == "FORTRESS")
    name = next(t for t in art.texts if t.role == "place" and t.text == "Vallon")
    assert not overlaps(label.bbox, name.bbox)
    assert label.bbox[3] <= name.bbox[1]


def test_the_terrain_key_states_classic_combat_effects_its_summaries_say() -> None:
    """The key prints no terrain summary, so a column shift or a doubling the summary states
    is still written out there, and a side by its name."""
    legend = [t.text for t in board("vallon").texts if t.role == "legend"]
    assert "Forest: to enter Foot 2 MP, Mechanised 3 MP; 1 column left" in legend
    assert "Town: defense x2" in legend
    assert "Forts: 1 column left (Valloria defenders only)" in legend


@pytest.mark.parametrize("game", ["israel1948", "jerusalem"])
def test_roads_pass_under_hex_ids(game: str) -> None:
    """No road or railway colour inside the box of any hex ID."""
    art = board(game)
    d = definition(game)
    assert d.board is not None and d.terrain is not None
    roads = {area_colour(d.terrain.get(r.terrain), r.terrain) for r in d.board.roads} - {None}
    road_rgb = [rgb(c) for c in roads if c]
    struck = []
    for text in (t for t in art.texts if t.role == "hex-id"):
        region = art.image.crop(tuple(round(v) for v in text.bbox))
        pixels = set(region.get_flattened_data())  # type: ignore[attr-defined]
        if any(p[:3] in road_rgb for p in pixels):
            struck.append(text.text)
    assert not struck, struck


@pytest.mark.parametrize("game", GAMES)
def test_every_map_text_lies_inside_the_sheet(game: str) -> None:
    art = board(game)
    width, height = art.image.size
    outside = [
        t.text for t in art.texts if t.bbox[0] < 0 or t.bbox[1] < 0 or t.bbox[2] > width or t.bbox[3] > height
    ]
    assert not outside, outside


@pytest.mark.parametrize("game", GAMES)
def test_terrain_key_covers_no_play_area(game: str) -> None:
    art = board(game)
    furniture = {
        name: rect for name, rect in art.furniture.items() if not name.startswith(("label:", "supply:"))
    }
    assert "legend" in furniture
    assert art.unplaced == []
    labels = [rect for name, rect in art.furniture.items() if name.startswith("label:")]
    for name, rect in furniture.items():
        if name == "title" and art.layout is not None:
            continue
        for play in [*art.play_area, *labels]:
            assert not overlaps(rect, play), (name, rect, play)


@pytest.mark.parametrize("game", GAMES)
def test_no_terrain_falls_back_to_a_default_colour(game: str) -> None:
    d = definition(game)
    assert d.terrain is not None and d.board is not None
    used = {s.terrain for s in d.board.spaces.values()}
    assert all(area_colour(d.terrain.get(t), t) is not None for t in used)


def test_lawrence_spaces_show_their_own_terrain() -> None:
    """Every space is drawn in its terrain's colour, whatever extra kinds it has (25 used to be grey)."""
    d = definition("lawrence")
    art = board("lawrence")
    assert d.board is not None and d.terrain is not None
    for space in d.board.spaces.values():
        x, y = art.space_centres[space.id]
        pixel = art.image.getpixel((round(x), round(y)))
        expected = rgb(area_colour(d.terrain.get(space.terrain), space.terrain) or "")
        assert pixel[:3] == expected, space.id  # type: ignore[index]


def test_lawrence_map_is_the_books_size_with_room_for_counters_and_cards() -> None:
    art = board("lawrence")
    assert art.image.size == (11 * DPI, 17 * DPI)  # 1.0: an 11 x 17 in map
    counter = 0.625 * DPI
    assert 2 * art.space_radius >= counter
    for name, label in art.furniture.items():
        if not name.startswith("label:"):
            continue
        x, y = art.space_centres[name.removeprefix("label:")]
        footprint = (x - counter / 2, y - counter / 2, x + counter / 2, y + counter / 2)
        assert not overlaps(label, footprint), name
    for rect in art.deck_areas.values():
        assert rect[2] - rect[0] >= 2.5 * DPI and rect[3] - rect[1] >= 3.5 * DPI


def test_lawrence_routes_and_names_stay_clear_of_other_spaces() -> None:
    art = board("lawrence")
    d = definition("lawrence")
    assert d.board is not None
    r = art.space_radius
    for route in d.board.routes:
        a, b = art.space_centres[route.a], art.space_centres[route.b]
        for other, centre in art.space_centres.items():
            if other in (route.a, route.b):
                continue
            assert _distance_to_segment(centre, a, b) > r, (route.a, route.b, other)


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length)) if length else 0.0
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def test_lawrence_draws_sea_coasts_and_marks() -> None:
    art = board("lawrence")
    pixels = art.image.getcolors(maxcolors=1 << 20) or []
    sea = sum(count for count, colour in pixels if colour[:3] == rgb("#a9cde6"))  # type: ignore[index]
    assert sea > 0.1 * art.image.width * art.image.height
    texts = {t.text for t in art.texts}
    assert {"Red Sea", "Mediterranean Sea", "Terrain Key", "Pounds", "Leadership", "Recruit Box"} <= texts


def test_jerusalem_prints_its_map_charts_and_orders_of_battle() -> None:
    art = board("jerusalem")
    numbers = [t for t in art.texts if t.role == "printed-number"]
    assert [t.text for t in numbers] == ["2", "2"]  # Latrun and Notre Dame (1.3)
    assert "chart:crt" in art.furniture and "chart:leaders" in art.furniture
    texts = {t.text for t in art.texts}
    assert {
        "Turn Record Track",
        "Jewish Order of Battle",
        "Arab Order of Battle",
        "Sequence of Play",
    } <= texts
    turns = {key[2] for key in art.slots if key[0] == "oob"}
    assert {"May III", "May IV", "June I"} <= turns
    phases = [key for key in art.slots if key[1] == "sequence-of-play"]
    assert len(phases) == 4


@pytest.mark.parametrize("game", GAMES)
def test_no_map_text_below_5_points(game: str) -> None:
    art = board(game)
    small = [(t.role, t.text, round(t.size * 72 / DPI, 1)) for t in art.texts if t.size * 72 / DPI < 5.0]
    assert not small, small
