"""Counters as every player reads them: text size, contrast, colour codes under colour-vision
deficiency and greyscale, and hidden sides that give nothing away."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

from compiler.render.colours import NAMED, rgb
from compiler.render.counter_values import Numeral
from compiler.render.counters import DEFAULT_COUNTER_IN, MIN_TEXT_PT, SYMBOL_BOX_U, CounterPainter
from compiler.render.fonts import DrawnText
from compiler.render.legibility import (
    DEUTERANOPIA,
    PROTANOPIA,
    VISIONS,
    contrast,
    measured_colours,
    measured_contrast,
    relative_luminance,
    simulate,
    simulate_colour,
    text_masks,
)
from rules_engine.definitions import Counter, ValidGame

from .conftest import GAMES, shipped

SIZE = 188  # a 5/8 in counter at 300 dpi, drawn without supersampling
NUMERAL = re.compile(r"\d")


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


def printed_faces(game: str) -> list[tuple[Counter, str]]:
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    return [
        (counter, name)
        for counter in d.counters.counters.values()
        for name, face in painter.faces(counter)
        if not face.blank
    ]


@cache
def rendered(
    game: str, counter_id: str, face: str
) -> tuple[Image.Image, tuple[DrawnText, ...], tuple[Numeral, ...]]:
    painter = CounterPainter(definition(game))
    counter = definition(game).counters.get(counter_id)  # type: ignore[union-attr]
    assert counter is not None
    image = painter.render(counter, face, SIZE)
    assert painter.last_canvas == SIZE
    return image, tuple(painter.last_drawn), tuple(painter.last_numerals)


# --- simulation sanity ---------------------------------------------------------------------


def test_machado_matrices_keep_white_and_black_and_merge_red_with_green() -> None:
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        assert simulate_colour("#ffffff", matrix) == (255, 255, 255)
        assert simulate_colour("#000000", matrix) == (0, 0, 0)
    # The confusion these simulations exist for: a red and a green of similar lightness
    # become near twins for a deuteranope, though they are far apart for everyone else.
    red, green = "#c0392b", "#7a7a1c"
    far = sum(
        abs(a - b)
        for a, b in zip(
            simulate_colour(red, ((1, 0, 0), (0, 1, 0), (0, 0, 1))),
            simulate_colour(green, ((1, 0, 0), (0, 1, 0), (0, 0, 1))),
            strict=True,
        )
    )
    near = sum(
        abs(a - b)
        for a, b in zip(simulate_colour(red, DEUTERANOPIA), simulate_colour(green, DEUTERANOPIA), strict=True)
    )
    assert near < far / 3
    assert round(contrast("#ffffff", "#000000"), 1) == 21.0


# --- size and place of every text ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_counter_text_below_5_points(game: str) -> None:
    """At the default 5/8 in counter no string is set below 5 pt."""
    minimum = MIN_TEXT_PT / 72 * SIZE / DEFAULT_COUNTER_IN
    small = []
    for counter, face in printed_faces(game):
        _, drawn, _ = rendered(game, counter.id, face)
        small += [
            (counter.id, face, t.text, round(t.size * 72 * DEFAULT_COUNTER_IN / SIZE, 1))
            for t in drawn
            if t.size < minimum - 0.01
        ]
    assert not small, small


@pytest.mark.parametrize("game", GAMES)
def test_every_name_fits_its_place(game: str) -> None:
    """A name too long for its line at 5 pt needs a short printed name in the data."""
    painter = CounterPainter(definition(game))
    overflowing = []
    for counter, face in printed_faces(game):
        painter.render(counter, face, SIZE)
        overflowing += [(counter.id, face, text) for text in painter.last_overflows]
    assert not overflowing, overflowing


@pytest.mark.parametrize("game", GAMES)
def test_every_counter_text_lies_inside_the_cut_line(game: str) -> None:
    """Nothing runs off a counter or touches its edge (2 % of its width kept clear)."""
    margin = 0.02 * SIZE
    outside = []
    for counter, face in printed_faces(game):
        _, drawn, _ = rendered(game, counter.id, face)
        for t in drawn:
            left, top, right, bottom = t.bbox
            if left < margin or top < margin or right > SIZE - margin or bottom > SIZE - margin:
                outside.append((counter.id, face, t.text, t.bbox))
    assert not outside, outside


# --- contrast and colour codes ---------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_numeral_has_3_to_1_contrast_with_what_is_behind_it(game: str) -> None:
    low = []
    for counter, face in printed_faces(game):
        image, drawn, _ = rendered(game, counter.id, face)
        for t in drawn:
            if not NUMERAL.search(t.text):
                continue
            measured = measured_contrast(image, t)
            assert measured is not None, (counter.id, t.text)
            if measured < 3.0:
                low.append((counter.id, face, t.text, round(measured, 2)))
    assert not low, low


def test_red_strength_on_blue_and_green_reads() -> None:
    """The rulebook's red strength, 1.2:1 straight on the Israeli blue, now sits on a light disc."""
    image, drawn, numerals = rendered("israel1948", "yiftach", "front")
    red = next(n for n in numerals if n.colour == "red")
    assert red.cue == "disc" and red.plate is not None
    text = next(t for t in drawn if t.role == "strength")
    colours = measured_colours(image, text)
    assert colours is not None and contrast(*colours) > 4.5


def _signature(image: Image.Image, numeral: Numeral, drawn: DrawnText) -> tuple[str, str, bool]:
    """What tells a coded figure apart without colour: its plate (none, light or dark, round or
    square) and whether the figure is light or dark, read from the (simulated) image."""
    core, around = text_masks(image.size, drawn, 3)
    grey = image.convert("RGB")
    digit = ImageStat.Stat(grey, core).median
    lightness = "light" if relative_luminance(tuple(round(v) for v in digit)) > 0.35 else "dark"
    plate = "none"
    if numeral.plate is not None:
        ring = ImageStat.Stat(grey, around).median
        luminance = relative_luminance(tuple(round(v) for v in ring))
        tone = "light" if luminance > 0.5 else "mid" if luminance > 0.06 else "dark"
        left, top, _, _ = numeral.plate
        corner = grey.getpixel((round(left) + 2, round(top) + 2))
        square = all(abs(a - b) < 40 for a, b in zip(corner, ring, strict=False))  # type: ignore[arg-type]
        plate = f"{tone}-{'square' if square else 'round'}"
    return plate, lightness, "(" in numeral.text


@pytest.mark.parametrize("game", ["israel1948", "jerusalem"])
@pytest.mark.parametrize("vision", VISIONS)
def test_colour_classes_stay_distinct_for_every_player(game: str, vision: str) -> None:
    """Each strength (and movement) colour keeps a look of its own under deuteranopia,
    protanopia and greyscale: no two colour classes share a plate-and-lightness signature."""
    signatures: dict[tuple[str, str], set[tuple[str, str, bool]]] = defaultdict(set)
    for counter, face in printed_faces(game):
        image, drawn, numerals = rendered(game, counter.id, face)
        seen = image if vision == "normal" else simulate(image, vision)
        for numeral in numerals:
            text = next((t for t in drawn if t.role == numeral.role and t.text == numeral.text), None)
            if text is None:  # the convoy's unlimited movement, drawn as an infinity sign
                assert numeral.text == "U"
                continue
            signatures[(numeral.role, numeral.colour)].add(_signature(seen, numeral, text))
    roles = {role for role, _ in signatures}
    assert len({colour for _, colour in signatures}) >= 3
    for role in roles:
        classes = {colour: sigs for (r, colour), sigs in signatures.items() if r == role}
        for first in classes:
            for second in classes:
                if first < second:
                    shared = classes[first] & classes[second]
                    assert not shared, (role, first, second, shared)


# --- hidden sides ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_hidden_sides_are_identical_within_a_side(game: str) -> None:
    """A face-down counter tells the other player nothing: every hidden counter of a side shows
    the same back, and so does every counter of a bin drawn at random."""
    d = definition(game)
    assert d.counters is not None and d.board is not None
    painter = CounterPainter(d)
    groups: dict[str, list[Counter]] = defaultdict(list)
    for counter in d.counters.counters.values():
        if counter.hidden:
            groups[f"hidden {counter.side}"].append(counter)
    for box in d.board.boxes:
        if box.draw == "random":
            groups[f"bin {box.id}"] += [c for c in (d.counters.get(i) for i in box.counters) if c is not None]
    checked = 0
    for name, counters in groups.items():
        backs = [painter.render(c, "back", 120) for c in counters]
        for counter, back in zip(counters[1:], backs[1:], strict=True):
            assert ImageChops.difference(backs[0], back).getbbox() is None, (name, counters[0].id, counter.id)
            checked += 1
    assert checked or game in {"israel1948", "battle-for-moscow"}  # games with no hidden counter


def test_ottoman_backs_show_the_crescent_and_star() -> None:
    """31.0: expeditionary units have the Ottoman flag on their reverse, the Asien Korps too."""
    image, _, _ = rendered("lawrence", "asien-korps", "back")
    middle = image.crop((SIZE // 3, SIZE // 3, 2 * SIZE // 3, 2 * SIZE // 3))
    colours = {pixel for pixel in middle.get_flattened_data()}  # type: ignore[attr-defined]
    assert any(p[0] > 240 and p[1] > 240 and p[2] > 240 for p in colours)  # white crescent
    assert not any(p[0] < 40 and p[1] < 40 and p[2] < 40 for p in colours)  # no black German stripe


def test_face_down_bedouin_show_no_lone_combat_figure() -> None:
    _, drawn, _ = rendered("lawrence", "bedouin-2", "back")
    values = [t.text for t in drawn if t.role == "values"]
    assert values == ["?-3"]


# --- the damaged side ---------------------------------------------------------------------------


def test_damaged_bar_leaves_the_symbol_clear() -> None:
    d = definition("israel1948")
    painter = CounterPainter(d)
    armour = d.counters.get("7-armour")  # type: ignore[union-attr]
    assert armour is not None and armour.back is not None and armour.back.damaged
    damaged = painter.render(armour, "back", SIZE)
    undamaged = CounterPainter(d)
    plain = undamaged.render(armour._replace(back=armour.back._replace(damaged=False)), "back", SIZE)
    changed = ImageChops.difference(damaged, plain).getbbox()
    assert changed is not None
    u = SIZE / 100
    symbol_top, symbol_bottom = SYMBOL_BOX_U[1] * u, SYMBOL_BOX_U[3] * u
    assert changed[1] > symbol_bottom or changed[3] < symbol_top


@pytest.mark.parametrize("game", GAMES)
def test_nothing_but_the_ground_touches_the_cut_edge(game: str) -> None:
    """A ring just inside the cut line (2 % to 3.5 % of the width) shows only the counter's
    colour, a band or bar printed edge to edge, or its outline: no symbol, ring or figure
    runs into the cut (the flamethrower's target circle used to)."""
    painter = CounterPainter(definition(game))
    for counter, face_name in printed_faces(game):
        image = painter.render(counter, face_name, SIZE)
        art = painter._art(counter, dict(painter.faces(counter))[face_name], face_name)
        allowed = {rgb(art.background), rgb("#d0202a")}
        if art.face.no_zoc_band:
            allowed.add(rgb(NAMED[art.face.no_zoc_band]))
        inner, outer = round(0.02 * SIZE), round(0.035 * SIZE)
        stray = set()
        for x in range(SIZE):
            for y in range(SIZE):
                depth = min(x, y, SIZE - 1 - x, SIZE - 1 - y)
                if inner <= depth <= outer:
                    pixel = image.getpixel((x, y))[:3]  # type: ignore[index]
                    if all(sum(abs(a - b) for a, b in zip(pixel, c, strict=True)) > 40 for c in allowed):
                        stray.add(pixel)
        assert not stray, (counter.id, face_name, sorted(stray)[:3])


def test_no_zoc_band_runs_through_the_bleed() -> None:
    d = definition("jerusalem")
    bus = d.counters.get("bus-3-12")  # type: ignore[union-attr]
    assert bus is not None
    image = CounterPainter(d).render(bus, "front", SIZE, bleed=19)
    middle = 19 + SIZE // 2
    assert image.getpixel((0, middle))[:3] == rgb(NAMED["white"])  # type: ignore[index]
    assert image.getpixel((SIZE + 37, middle))[:3] == rgb(NAMED["white"])  # type: ignore[index]
