"""Maps as a player reads them: labels that collide with nothing, a terrain key over no play
area, every terrain in its own colour, and the book's sizes."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from compiler.presentation.colours import rgb
from compiler.render.art import BoardArt
from compiler.render.board import render_board
from compiler.render.cards import deck_colour
from compiler.render.charts import PAPER as CHART_PAPER
from compiler.render.furniture import TrackBlock
from compiler.render.holdings import COUNTER_IN, losses_room
from compiler.render.labels import overlaps
from compiler.render.terrain_key import area_colour, terrain_pattern
from rules_engine.definitions import ValidGame

from .conftest import GAMES, SOURCE_DATA, shipped

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
    legend = " ".join(t.text for t in board("vallon").texts if t.role == "legend")  # lines wrap
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
        r = round(art.space_radius * 0.6)
        disc = art.image.crop((round(x) - r, round(y) - r, round(x) + r, round(y) + r))
        ground = tuple(round(v) for v in ImageStat.Stat(disc).median[:3])  # the ground under its texture
        expected = rgb(area_colour(d.terrain.get(space.terrain), space.terrain) or "")
        assert ground == expected, space.id


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


@pytest.mark.parametrize("game", GAMES)
def test_key_chart_and_place_text_is_at_least_7_points(game: str) -> None:
    """The terrain key, the charts printed on the map and the place names are read at arm's
    length over the table: none is set below 7 pt (a long name such as Notre Dame Cathedral
    takes two lines rather than shrinking)."""
    art = board(game)
    roles = {"legend", "cell", "header", "furniture-label", "place"}
    texts = [t for t in art.texts if t.role in roles]
    assert any(t.role == "legend" for t in texts)
    small = [(t.role, t.text, round(t.size * 72 / DPI, 1)) for t in texts if t.size * 72 / DPI < 7.0]
    assert not small, small


@pytest.mark.parametrize("game", GAMES)
def test_track_and_order_of_battle_notes_are_at_least_6_5_points_and_stay_in_their_boxes(game: str) -> None:
    """The small print of tracks, Orders of Battle and charts (scenario marks, arrivals, entries,
    a table's footnote) is no smaller than 6.5 pt, and each arrival line stays inside its turn's reinforcement box."""
    art = board(game)
    notes = [t for t in art.texts if t.role in ("track-note", "oob-note", "note", "source")]
    small = [(t.text, round(t.size * 72 / DPI, 1)) for t in notes if t.size * 72 / DPI < 6.4]
    assert not small, small
    boxes = [b.rect for b in art.track_boxes if b.reinforcement]
    for text in notes:
        holder = [r for r in boxes if r[0] <= text.bbox[0] < r[2] and r[1] <= text.bbox[1] < r[3]]
        assert all(text.bbox[2] <= r[2] and text.bbox[3] <= r[3] for r in holder), text.text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("columns", [1, 2])
def test_key_samples_keep_clear_of_each_other(game: str, columns: int) -> None:
    """No two samples of a key column meet (Lawrence's Holy City once sat on its Critical City),
    and a sample shrinks from its 0.3 in only where a neighbour leaves it no room."""
    from compiler.render.board import Furnisher, board_inputs

    legend = dataclasses.replace(Furnisher(board_inputs(definition(game))).legend(), columns=columns)
    lines = legend._lines(DPI)
    for column in legend._split():
        rows = [legend._row(i, lines[i]) for i in column]
        halves = legend._sample_halves(column, rows)
        extent = [
            0.03 if legend.entries[i][0].kind in ("line", "border") else h
            for i, h in zip(column, halves, strict=True)
        ]
        for n in range(len(column) - 1):
            gap = (rows[n] + rows[n + 1]) / 2 - extent[n] - extent[n + 1]
            assert gap >= 0.029, (legend.entries[column[n]][1], legend.entries[column[n + 1]][1])
        for n, half in enumerate(halves):
            full = [0.03 if legend.entries[i][0].kind in ("line", "border") else 0.15 for i in column]
            crowded = [
                m
                for m in (n - 1, n + 1)
                if 0 <= m < len(column) and 0.15 + full[m] > (rows[n] + rows[m]) / 2 - 0.03
            ]
            assert half == 0.15 or crowded, legend.entries[column[n]][1]
            assert half >= 0.1


# --- maps a player would print (issue 25) ------------------------------------------------------


def _rim_segment(art: BoardArt, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """A route as drawn: from one circle's rim to the other's."""
    (ax, ay), (bx, by) = art.space_centres[a], art.space_centres[b]
    length = math.dist((ax, ay), (bx, by))
    ux, uy = (bx - ax) / length, (by - ay) / length
    r = art.space_radius
    return (ax + ux * r, ay + uy * r), (bx - ux * r, by - uy * r)


def _crosses(box: tuple[float, float, float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    steps = max(1, int(math.dist(a, b)))
    return any(
        box[0] <= a[0] + (b[0] - a[0]) * i / steps <= box[2]
        and box[1] <= a[1] + (b[1] - a[1]) * i / steps <= box[3]
        for i in range(steps + 1)
    )


def test_lawrence_names_stand_on_banners_fixed_to_their_own_space() -> None:
    """Each name lies inside its banner; each banner touches its own circle and no other, so
    'Deraa' can no longer be read as Mafraq's, nor 'Yarmuk Bridges' as Es Salt's."""
    art = board("lawrence")
    d = definition("lawrence")
    places = {t.text: t.bbox for t in art.texts if t.role == "place"}
    for space in d.board.spaces.values():
        banner = art.furniture[f"label:{space.id}"]
        name = places[space.name or space.id]
        assert (
            banner[0] <= name[0] and name[2] <= banner[2] and banner[1] <= name[1] and name[3] <= banner[3]
        ), space.id
        x, y = art.space_centres[space.id]
        nearest = (min(max(x, banner[0]), banner[2]), min(max(y, banner[1]), banner[3]))
        assert math.dist(nearest, (x, y)) <= art.space_radius, space.id
        for other, centre in art.space_centres.items():
            if other != space.id:
                closest = (
                    min(max(centre[0], banner[0]), banner[2]),
                    min(max(centre[1], banner[1]), banner[3]),
                )
                assert math.dist(closest, centre) > art.space_radius, (space.id, other)


def test_no_route_runs_through_a_name() -> None:
    """The railway no longer runs through 'Qatrana' or 'Jurf ed Derwish': no route, as drawn
    from rim to rim, crosses any banner."""
    art = board("lawrence")
    d = definition("lawrence")
    banners = {name: rect for name, rect in art.furniture.items() if name.startswith("label:")}
    crossed = [
        (name, route.a, route.b)
        for route in d.board.routes
        for name, rect in banners.items()
        if _crosses(rect, *_rim_segment(art, route.a, route.b))
    ]
    assert not crossed, crossed


def test_lawrence_spaces_leave_terrain_and_stop_ring_showing_round_a_counter() -> None:
    art = board("lawrence")
    assert 2 * art.space_radius - 0.625 * DPI >= 0.2 * DPI  # a ring at least 0.1 in wide each side


@pytest.mark.parametrize(
    ("game", "inches"),
    [("israel1948", (11, 17)), ("jerusalem", (34, 22)), ("lawrence", (11, 17)), ("vallon", (11, 17))],
)
def test_every_map_is_its_sheet(game: str, inches: tuple[float, float]) -> None:
    """Israel 1948 on a tabloid sheet (its tracks and key over the sea), Jerusalem! on the book's
    22 x 34 in (1.1) with its title in the margin and its charts on an aid sheet (its hexes fill
    the sheet, and none leaves play for them), Lawrence on the book's 11 x 17 in, Vallon on a
    tabloid sheet with its tracks and key under the valley."""
    art = board(game)
    sheet = art.sheets[0] if art.sheets else (0, 0, *art.image.size)
    assert sheet == (0, 0, inches[0] * DPI, inches[1] * DPI)
    assert art.unplaced == []


@pytest.mark.parametrize("game", GAMES)
def test_the_print_layout_takes_no_hex_out_of_play(game: str) -> None:
    """A print layout never changes the game: every land hex of the data is drawn in play (none
    goes under a chart unless the data cites a source that leaves it out of play, which
    map.off-map-uncited enforces), and no track, box, chart, key or title is printed over a hex
    in play or a space."""
    d, art = definition(game), board(game)
    furniture = [
        (name, rect)
        for name, rect in art.furniture.items()
        if name.startswith(("block:", "chart:", "legend", "title"))
    ]
    assert furniture
    if d.board.grid is None:
        over = [
            (name, space.id)
            for space in d.board.spaces.values()
            for name, rect in furniture
            if _rect_meets_circle(rect, art.space_centres[space.id], art.space_radius)
        ]
        assert not over, over[:10]
        return
    off_map = {t.id for t in d.terrain.terrain.values() if t.off_map}
    water = {
        t.id
        for t in d.terrain.terrain.values()
        if t.kind == "hex" and t.impassable and terrain_pattern(t, t.id) == "waves"
    }
    land = [s for s in d.board.spaces.values() if s.terrain not in water and not off_map & set(s.features)]
    assert len(art.play_area) == len(land)
    assert not [s.id for s in d.board.spaces.values() if off_map & set(s.features)]  # no game cites one yet
    size = art.layout.size if art.layout is not None else 0.0
    over = [
        (name, space.id)
        for space in land
        for name, rect in furniture
        if _rect_meets_circle(rect, art.space_centres[space.id], size * 0.4)
    ]
    assert not over, over[:10]


def _rect_meets_circle(
    rect: tuple[float, float, float, float], centre: tuple[float, float], r: float
) -> bool:
    dx = max(rect[0] - centre[0], 0.0, centre[0] - rect[2])
    dy = max(rect[1] - centre[1], 0.0, centre[1] - rect[3])
    return math.hypot(dx, dy) < r


def test_jerusalem_prints_what_its_sheet_has_no_room_for_on_one_tabloid_aid_sheet() -> None:
    art = board("jerusalem")
    assert len(art.sheets) == 2
    left, top, right, bottom = art.sheets[1]
    assert (right - left, bottom - top) == (17 * DPI, 11 * DPI)
    assert top >= 22 * DPI
    on_aid = [name for name, rect in art.furniture.items() if name.startswith("chart:") and rect[1] >= top]
    assert sorted(on_aid) == ["chart:crt", "chart:leaders"]
    title = art.furniture["title"]
    assert title[3] <= 22 * DPI  # the title strip stays on the map sheet


def test_israel_sea_is_open_water_without_ids() -> None:
    art = board("israel1948")
    d = definition("israel1948")
    sea = {s.id for s in d.board.spaces.values() if s.terrain == "sea"}
    assert not [t.text for t in art.texts if t.role == "hex-id" and t.text in sea]
    assert [t.text for t in art.texts if t.role == "hex-id" and t.text == "G13"]


def test_israel_turn_track_marks_the_scenarios() -> None:
    """Each scenario's dates and turns over the track, where it ends, and what it brings on each
    turn in the reinforcement boxes."""
    art = board("israel1948")
    notes = [t.text for t in art.texts if t.role == "track-note"]
    joined = " ".join(notes)
    assert {"starts: 1, 2, 3", "ends: 1", "ends: 2", "ends: 3"} <= set(notes)
    assert "15 May - 11 June 1948" in joined and "turns 1-3" in joined
    assert "7 ARMOUR" in joined and "EGT. SUDAN" in joined


def test_a_single_scenario_is_not_named_in_every_track_box() -> None:
    """Vallon has one scenario: its track says 'starts' and 'ends' and lists arrivals bare,
    rather than squeezing 'The Road to Vallon' into a box an inch wide."""
    art = board("vallon")
    notes = [t.text for t in art.texts if t.role == "track-note"]
    assert {"starts", "ends"} <= set(notes)
    assert not [n for n in notes if n.startswith(("starts:", "ends:"))], notes
    named = [n for n in notes if n.startswith("The Road to Vallon:")]
    assert named == ["The Road to Vallon: turns 1-7; Ostland first"], named  # the caption alone
    assert "7 DI 3-4-3" in notes  # turn 3's arrival, bare


@pytest.mark.parametrize("game", GAMES)
def test_no_track_wraps_a_lone_value_onto_a_row_of_its_own(game: str) -> None:
    """A track that takes more than one row splits its values evenly (Israel 1948's Air Points
    and Vallon's Replacement Points printed their last value, 5, alone on a second row)."""
    rows: dict[str, dict[float, int]] = {}
    for box in board(game).track_boxes:
        if not box.reinforcement:
            row = rows.setdefault(box.track, {})
            row[box.rect[1]] = row.get(box.rect[1], 0) + 1
    uneven = {
        track: list(row.values()) for track, row in rows.items() if max(row.values()) - min(row.values()) > 1
    }
    lone = {
        track: list(row.values()) for track, row in rows.items() if len(row) > 1 and min(row.values()) < 2
    }
    assert rows and not uneven and not lone, (uneven, lone)


def test_a_track_splits_its_values_into_even_rows() -> None:
    """Six values in rows of at most five are two rows of three; eleven in rows of at most seven, six and five."""
    six = TrackBlock("points", "Points", [str(n) for n in range(6)], 5, {})
    assert [len(row) for row in six._rows()] == [3, 3]
    eleven = TrackBlock("turn", "Turn", [str(n) for n in range(11)], 7, {})
    assert [len(row) for row in eleven._rows()] == [6, 5]
    assert [len(row) for row in TrackBlock("t", "T", ["1", "2", "3"], 7, {})._rows()] == [3]


@pytest.mark.parametrize("game", GAMES)
def test_every_chart_on_a_map_fills_its_frame(game: str) -> None:
    """A chart's frame is as wide as what it prints, its right margin no wider than its left
    (Jerusalem!'s CRT filled two-thirds of its frame)."""
    art = board(game)
    charts = {name: rect for name, rect in art.furniture.items() if name.startswith("chart:")}
    loose = {}
    for name, rect in charts.items():
        inside = art.image.crop(
            (round(rect[0]) + 2, round(rect[1]) + 2, round(rect[2]) - 2, round(rect[3]) - 2)
        )
        ink = ImageChops.difference(
            inside.convert("RGB"), Image.new("RGB", inside.size, CHART_PAPER)
        ).getbbox()
        assert ink is not None, name
        left, right = ink[0], inside.width - ink[2]
        if right > left + 0.1 * DPI:
            loose[name] = (left, right)
    assert not loose, loose


@pytest.mark.parametrize("game", GAMES)
def test_an_eliminated_units_box_has_room_for_the_losses(game: str) -> None:
    """Each eliminated-units box prints room for several stacks, in even rows (Battle for
    Moscow's German box and Israel 1948's held one placeholder square)."""
    d, art = definition(game), board(game)
    boxes = [b for b in d.board.boxes if b.kind == "eliminated"]
    for box in boxes:
        slots = art.slots[("box", box.id, "")]
        rows: dict[float, int] = {}
        for slot in slots:
            rows[slot[1]] = rows.get(slot[1], 0) + 1
        assert len(slots) >= 4, box.id
        assert max(rows.values()) - min(rows.values()) <= 1, (box.id, rows)


def test_the_eliminated_units_room_is_a_quarter_of_the_side() -> None:
    d = definition("battle-for-moscow")
    assert losses_room(d, "german") == 6 and losses_room(d, "soviet") == 5
    assert losses_room(definition("israel1948"), None) == 12  # one box for both sides: capped


@pytest.mark.parametrize("game", GAMES)
def test_the_sequence_of_play_box_says_what_happens_in_each_phase(game: str) -> None:
    """Each cell of a Sequence of Play box prints its phase's summary beside the marker's slot,
    clear of it (Jerusalem!'s box was four rectangles with a name each)."""
    d, art = definition(game), board(game)
    phases = {p.id: p for p in d.game.phases if p.order == "player-choice"}
    cells = dict(art.zones)
    for key, slots in art.slots.items():
        if key[:2] != ("box", "sequence-of-play"):
            continue
        (slot,) = slots
        phase = phases[key[2]]
        cell = cells[f"Sequence of Play: {phase.name}"]
        inside = [t for t in art.texts if t.role == "note" and overlaps(t.bbox, cell)]
        assert " ".join(t.text for t in inside) == phase.summary, phase.id
        assert all(t.bbox[2] <= cell[2] and t.bbox[3] <= cell[3] for t in inside), phase.id
        assert not [t.text for t in art.texts if overlaps(t.bbox, slot)], phase.id
        assert slot[0] >= cell[0] and slot[2] <= cell[2] and slot[3] <= cell[3]


@pytest.mark.parametrize("game", GAMES)
def test_a_deck_space_is_printed_as_its_deck(game: str) -> None:
    """Where a deck is kept the map prints a card in the deck's colour with its name and count,
    on paper, not an empty dashed frame over the sea (Lawrence's two decks)."""
    d, art = definition(game), board(game)
    for deck in d.decks:
        rect = art.deck_areas[deck.id]
        inside = {t.text for t in art.texts if overlaps(t.bbox, rect)}
        assert {deck.name, f"{deck.size} cards"} <= inside, (deck.id, inside)
        outline = rgb(deck_colour(deck))
        middle = round((rect[1] + rect[3]) / 2)
        row = [art.image.getpixel((x, middle)) for x in range(round(rect[0]), round(rect[2]))]
        assert sum(1 for p in row if isinstance(p, tuple) and tuple(p[:3]) == outline) >= 4, deck.id


def _hard_sea_edges(art: BoardArt) -> list[tuple[str, int, int, int]]:
    """Straight runs (0.3 in or longer) where water meets land, level or upright, in the margins
    beyond the hexes and outside every panel: a sea cut off by a rectangle."""
    assert art.layout is not None
    size = art.layout.size
    xs = [x for x, _ in art.space_centres.values()]
    ys = [y for _, y in art.space_centres.values()]
    grid = (min(xs) - size, min(ys) - size, max(xs) + size, max(ys) + size)
    sheet = art.sheets[0] if art.sheets else (0.0, 0.0, float(art.image.width), float(art.image.height))
    width, height = round(sheet[2]), round(sheet[3])
    pad = 0.12 * DPI
    panels = [(r[0] - pad, r[1] - pad, r[2] + pad, r[3] + pad) for r in art.furniture.values()]
    pixels = art.image.convert("RGB").load()
    assert pixels is not None

    def water(x: int, y: int) -> bool:
        red, _, blue = pixels[x, y]
        return blue - red >= 40

    def margin(x: int, y: int) -> bool:
        inside = grid[0] <= x <= grid[2] and grid[1] <= y <= grid[3]
        return not inside and not any(p[0] <= x <= p[2] and p[1] <= y <= p[3] for p in panels)

    found, longest = [], round(0.3 * DPI)
    for along, across, line in (("level", width, height), ("upright", height, width)):
        for at in range(2, line - 2):
            run = 0
            for step in range(across):
                x, y = (step, at) if along == "level" else (at, step)
                nx, ny = (x, y + 1) if along == "level" else (x + 1, y)
                edge = margin(x, y) and margin(nx, ny) and water(x, y) != water(nx, ny)
                run = run + 1 if edge else 0
                if run == longest:
                    found.append((along, at, x, y))
    return found


@pytest.mark.parametrize("game", [g for g in GAMES if definition(g).board.grid is not None])
def test_the_sea_beyond_the_hexes_ends_in_a_coast_not_a_rectangle(game: str) -> None:
    """Where the sea along the grid's edge meets land, the water beyond the hexes runs out to
    the sheet's edge as a slanting coast (Israel 1948's sea stopped in a hard rectangle where
    Sinai should be)."""
    assert not _hard_sea_edges(board(game))


def test_country_names_keep_off_the_grid_edge() -> None:
    """'MANDATORY PALESTINE' no longer sits on the bottom hex row."""
    art = board("israel1948")
    assert art.layout is not None
    bottom = max(art.space_centres.values(), key=lambda c: c[1])[1]
    for text in (t for t in art.texts if t.role == "region"):
        assert text.bbox[3] < bottom - art.layout.size * 0.5, text.text


def test_jerusalem_orders_of_battle_show_their_units_and_entries() -> None:
    art = board("jerusalem")
    notes = [t.text for t in art.texts if t.role == "oob-note"]
    assert any(n.startswith("enter: to Tel Aviv (0103)") for n in notes)
    assert "x3" in notes and "to Nablus (3901)" in notes  # May III's Legion: by Jericho and Nablus
    slot = art.slots[("oob", "jewish-order-of-battle", "May III")][0]
    inside = art.image.crop(tuple(round(v) for v in slot))
    assert len(inside.getcolors(1 << 16) or []) > 20  # a counter's picture, not an empty slot


def test_order_of_battle_tabs_cover_no_counter() -> None:
    """The 'x3' copies tabs and scenario notes stand above the faint counters: they used to sit
    on the top right corner and cut names to 'Halftra' and 'Bulldoz'."""
    art = board("jerusalem")
    size, inset = round(COUNTER_IN * art.dpi), 0.05 * art.dpi
    counters = [
        (slot[0] + inset, slot[3] - inset - size, slot[0] + inset + size, slot[3] - inset)
        for key, slots in art.slots.items()
        if key[0] == "oob"
        for slot in slots
    ]
    tabs = [t for t in art.texts if t.role == "oob-note" and re.match(r"x\d|scen\.", t.text)]
    assert len(tabs) >= 8
    for tab in tabs:
        assert not [c for c in counters if overlaps(tab.bbox, c)], tab.text


def test_no_order_of_battle_slot_is_printed_empty() -> None:
    """Every slot of a printed Order of Battle shows a counter; a slot only scenario 2 fills
    (the Jerusalem convoy on May IV) shows it, tagged with its scenario."""
    art = board("jerusalem")
    for (kind, box, turn), slots in art.slots.items():
        if kind != "oob":
            continue
        for index, slot in enumerate(slots):
            inside = art.image.crop(tuple(round(v) for v in slot))
            assert len(inside.getcolors(1 << 16) or []) > 20, (box, turn, index)
    notes = [t.text for t in art.texts if t.role == "oob-note"]
    assert notes.count("scen. 2 only") == 1


def test_jerusalem_key_explains_the_printed_two() -> None:
    art = board("jerusalem")
    key = " ".join(t.text for t in art.texts if t.role == "legend")
    assert key.count("how many units") >= 2  # Latrun and Notre Dame (1.3)


def test_jerusalem_crt_prints_k_in_red() -> None:
    """9.4.5: 'A red K means that the enemy unit(s) attacked are eliminated.'"""
    art = board("jerusalem")
    ks = [t for t in art.texts if t.text == "K" and t.role == "cell"]
    assert ks and all(t.fill == "#b8202a" for t in ks)


@pytest.mark.parametrize("game", GAMES)
def test_every_map_has_its_cartouche_compass_and_scale(game: str) -> None:
    """Every map, on a sheet or with its furniture in a band under the hexes (Battle for
    Moscow), has its cartouche; the scale bar where the data gives a scale."""
    art = board(game)
    roles = {t.role for t in art.texts}
    assert {"title", "compass", "credits"} <= roles
    assert ("scale" in roles) == (definition(game).board.scale is not None)
    assert "title" in art.furniture


def test_the_map_sheet_is_its_tabloid_sheet_with_the_ground_at_300_ppi(tmp_path: Path) -> None:
    """`wgc map` writes, beside the tiled letter pages, map-sheet.pdf: Israel 1948's tabloid
    sheet trimmed (TrimBox 11 x 17 in, the page a margin larger for bleed and crop marks),
    its ground one picture of 3300 x 5100 pixels, 300 ppi."""
    from pypdf import PdfReader

    from compiler.build import BuildOptions, build

    from .pdf_reading import box_inches, pdf_pages

    result = build([SOURCE_DATA / "israel1948"], ("map",), tmp_path, BuildOptions(run_replays=False))
    assert result.ok
    folder = tmp_path / "israel1948" / "map"
    sheet = PdfReader(folder / "map-sheet.pdf").pages[0]
    left, bottom, right, top = box_inches(sheet.trimbox)
    assert (right - left, top - bottom) == pytest.approx((11.0, 17.0))
    _, pages = pdf_pages(folder / "map-sheet.pdf")
    ground = [i for i in pages[0].images if (i.width_px, i.height_px) == (3300, 5100)]
    assert len(ground) == 1 and ground[0].ppi == pytest.approx(300)
    tiled = PdfReader(folder / "map.pdf")
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in tiled.pages} <= {
        (612.0, 792.0),
        (792.0, 612.0),
    }
