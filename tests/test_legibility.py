"""Counters as every player reads them: text size, contrast, colour codes under colour-vision
deficiency and greyscale, and hidden sides that give nothing away."""

from __future__ import annotations

import itertools
import math
import re
from collections import defaultdict
from functools import cache

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageStat

from compiler.presentation.colours import NAMED, keyline_for, rgb
from compiler.render.counter_layout import BAND_U, FaceArt
from compiler.render.counter_values import Numeral
from compiler.render.counters import (
    DAMAGED_BAR_U,
    DEFAULT_COUNTER_IN,
    MIN_CAP_PT,
    MIN_TEXT_PT,
    SYMBOL_BOX_U,
    CounterPainter,
)
from compiler.render.fonts import NAMES, SANS, DrawnText, cap_height, typeface_font
from compiler.render.legibility import (
    APART,
    DEUTERANOPIA,
    PROTANOPIA,
    TEXT_CONTRAST,
    VISIONS,
    contrast,
    delta_e,
    lab,
    measured_colours,
    measured_contrast,
    relative_luminance,
    seen,
    simulate,
    simulate_colour,
    text_masks,
)
from compiler.render.side_band import SIDE_BAND_U
from rules_engine.definitions import Counter, Face, ValidGame

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
def test_every_text_reads_at_4_5_to_1_against_what_is_behind_it(game: str) -> None:
    """WCAG AA for text, on every face: each numeral, name, word, sign and letter, measured on
    the drawing (its glyphs against the ring just around them)."""
    low = []
    for counter, face in printed_faces(game):
        image, drawn, _ = rendered(game, counter.id, face)
        for t in drawn:
            measured = measured_contrast(image, t)
            assert measured is not None, (counter.id, face, t.text)
            if measured < TEXT_CONTRAST:
                low.append((counter.id, face, t.role, t.text, round(measured, 2)))
    assert not low, low


@pytest.mark.parametrize("game", GAMES)
def test_names_and_words_stand_5_points_tall(game: str) -> None:
    """A name's size as a reader measures it, by its capitals: at least 5 pt on a 5/8 in
    counter (EGYPT TANK's were 3.6 pt, Lawrence's Garrison 3.8 pt)."""
    small = []
    for counter, face in printed_faces(game):
        _, drawn, _ = rendered(game, counter.id, face)
        for t in drawn:
            if t.role in ("name", "words"):
                cap = cap_height(typeface_font(t.typeface, t.size)) * 72 * DEFAULT_COUNTER_IN / SIZE
                if cap < MIN_CAP_PT - 0.05:
                    small.append((counter.id, face, t.text, round(cap, 2)))
    assert not small, small


def test_names_are_set_in_the_condensed_face_and_values_in_the_sans() -> None:
    """Two voices: names in Fjalla One, figures in Aileron."""
    _, drawn, _ = rendered("israel1948", "egypt-tank", "front")
    roles = {t.role: t.typeface for t in drawn}
    assert roles["name"] == NAMES
    assert roles["strength"] == roles["movement"] == SANS


def test_red_strength_on_blue_and_green_reads() -> None:
    """The rulebook's red strength, 1.2:1 straight on the Israeli blue, sits on a light disc;
    the '+' beside it (1.25:1 in red on blue) is in the counter's ink."""
    image, drawn, numerals = rendered("israel1948", "yiftach", "front")
    red = next(n for n in numerals if n.colour == "red")
    assert red.cue == "disc" and red.plate is not None
    text = next(t for t in drawn if t.role == "strength")
    colours = measured_colours(image, text)
    assert colours is not None and contrast(*colours) > 4.5
    for game, tank in (("israel1948", "7-armour"), ("israel1948", "egypt-tank")):
        image, drawn, _ = rendered(game, tank, "front")
        plus = next(t for t in drawn if t.role == "mark")
        assert plus.text == "+"
        measured = measured_contrast(image, plus)
        assert measured is not None and measured > 4.5, (tank, measured)


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
        left, top, _, bottom = numeral.plate
        # a round plate's corner shows the ground beside it; a square one's is the plate or its rim
        corner = grey.getpixel((math.floor(left) + 2, math.floor(top) + 2))
        ground = grey.getpixel((math.floor(left) - 2, round((top + bottom) / 2)))
        square = any(abs(a - b) >= 40 for a, b in zip(corner, ground, strict=False))  # type: ignore[arg-type]
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
    assert checked or game in {
        "israel1948",
        "battle-for-moscow",
        "vallon",
        "napoleon-at-waterloo",
    }  # games with no hidden counter


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


def _edge_to_edge_rows(art: FaceArt, u: float) -> tuple[set[tuple[int, int, int]], set[int]]:
    """The colours a bar or band printed edge to edge brings to the cut line (with its keylines),
    and the rows it covers."""
    colours: set[tuple[int, int, int]] = set()
    rows: set[int] = set()
    spans = []
    if art.face.damaged:
        spans.append(DAMAGED_BAR_U)
        colours |= {rgb("#d0202a"), rgb(keyline_for(art.background))}
    band = art.face.no_zoc_band
    if band:
        spans.append(BAND_U)
        colours |= {rgb(NAMED[band]), rgb(keyline_for(NAMED[band]))}
    if art.side_band:
        spans.append((-2.0, SIDE_BAND_U))
        colours.add(rgb(art.side_band))
    for top, bottom in spans:
        rows |= set(range(math.floor((top - 2) * u), math.ceil((bottom + 2) * u) + 1))
    return colours, rows


@pytest.mark.parametrize("game", GAMES)
def test_nothing_but_the_ground_touches_the_cut_edge(game: str) -> None:
    """A ring just inside the cut line (2 % to 3.5 % of the width) shows only the counter's
    colour, its outline, or a band or bar printed edge to edge (on its own rows): no symbol,
    mark, ring or figure runs into the cut (the flamethrower's target circle used to)."""
    painter = CounterPainter(definition(game))
    u = SIZE / 100
    for counter, face_name in printed_faces(game):
        image = painter.render(counter, face_name, SIZE)
        art = painter._art(counter, dict(painter.faces(counter))[face_name], face_name)
        ground = {rgb(art.background)}
        across, rows = _edge_to_edge_rows(art, u)
        inner, outer = round(0.02 * SIZE), round(0.035 * SIZE)
        stray = set()
        for x in range(SIZE):
            for y in range(SIZE):
                depth = min(x, y, SIZE - 1 - x, SIZE - 1 - y)
                if inner <= depth <= outer:
                    pixel = image.getpixel((x, y))[:3]  # type: ignore[index]
                    allowed = ground | across if y in rows else ground
                    if all(sum(abs(a - b) for a, b in zip(pixel, c, strict=True)) > 40 for c in allowed):
                        stray.add((pixel, x, y))
        assert not stray, (counter.id, face_name, sorted(stray)[:3])


def test_no_zoc_band_runs_through_the_bleed() -> None:
    d = definition("jerusalem")
    bus = d.counters.get("bus-3-12")  # type: ignore[union-attr]
    assert bus is not None
    image = CounterPainter(d).render(bus, "front", SIZE, bleed=19)
    middle = 19 + SIZE // 2
    assert image.getpixel((0, middle))[:3] == rgb(NAMED["white"])  # type: ignore[index]
    assert image.getpixel((SIZE + 37, middle))[:3] == rgb(NAMED["white"])  # type: ignore[index]


# --- what the rules read from a counter's look, for every player ------------------------------

SIMULATED = ("deuteranopia", "protanopia", "greyscale")


def _apart(first: Image.Image, second: Image.Image) -> float:
    """The share of pixels where two images of one size differ by ΔE 20 or more."""
    a = np.asarray(first.convert("RGB"), dtype=np.float64)
    b = np.asarray(second.convert("RGB"), dtype=np.float64)
    return float((np.linalg.norm(_lab(a) - _lab(b), axis=2) >= APART).mean())


def _lab(pixels: np.ndarray) -> np.ndarray:  # type: ignore[type-arg]
    """CIELAB of an RGB array, as legibility.lab computes it for one colour."""
    srgb = pixels / 255
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    xyz = linear @ np.array([[0.4124, 0.2126, 0.0193], [0.3576, 0.7152, 0.1192], [0.1805, 0.0722, 0.9505]])
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=2
    )


def test_apart_agrees_with_the_legibility_module() -> None:
    for first, second in (("#2e6b30", "#a3262a"), ("#ffd21f", "#d8bf8a"), ("#2f5fa8", "#8a5a2b")):
        one, two = Image.new("RGB", (1, 1), first), Image.new("RGB", (1, 1), second)
        assert _apart(one, two) == (1.0 if delta_e(first, second) >= APART else 0.0)
        assert np.allclose(_lab(np.array([[rgb(first)]], dtype=np.float64))[0, 0], lab(first), atol=1e-6)


def _unit_faces(game: str) -> list[tuple[Counter, str]]:
    """The faces a unit shows on the map, face down ones with a '?' left out (they hide who
    is under them on purpose, and are alike within a side)."""
    return [
        (counter, name)
        for counter, name in printed_faces(game)
        if counter.is_unit and dict(CounterPainter(definition(game)).faces(counter))[name].text != "?"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_unit_shows_its_nations_mark(game: str) -> None:
    """Jerusalem! and Lawrence counters carry a nationality emblem as Israel 1948's do: every
    unit face shows its nation's mark (a face-down Ottoman unit the Ottoman flag, whole)."""
    painter = CounterPainter(definition(game))
    missing = []
    for counter, face in _unit_faces(game):
        painter.render(counter, face, SIZE)
        nations = {nation for nation, _ in painter.last_marks}
        shown = dict(painter.faces(counter))[face].flag or counter.nation
        if nations != {shown}:
            missing.append((counter.id, face, nations))
    assert not missing, missing


def _side_grounds(game: str) -> dict[str, set[str]]:
    painter = CounterPainter(definition(game))
    grounds: dict[str, set[str]] = defaultdict(set)
    for counter, face in _unit_faces(game):
        art = painter._art(counter, dict(painter.faces(counter))[face], face)
        grounds[counter.side or ""].add(art.background)
    return grounds


def _marks_seen(game: str, vision: str) -> dict[str, list[Image.Image]]:
    """Each side's nation marks as drawn on its units, seen with ``vision``, at one size."""
    painter = CounterPainter(definition(game))
    marks: dict[str, list[Image.Image]] = defaultdict(list)
    for counter, face in _unit_faces(game):
        image = painter.render(counter, face, SIZE)
        for _, box in painter.last_marks:
            crop = image.crop(tuple(round(v) for v in box)).resize((32, 22), Image.Resampling.BOX)
            marks[counter.side or ""].append(crop if vision == "normal" else simulate(crop, vision))
    return marks


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("vision", SIMULATED)
def test_sides_stay_apart_for_every_player(game: str, vision: str) -> None:
    """Two sides whose counters' colours come within ΔE 20 of each other for a player (Lawrence's
    green and red were ΔE 10 for a deuteranope, 3.5 in greyscale) must tell themselves apart by
    their nation marks: every mark of one side differs from every mark of the other on at least
    a fifth of its pixels, as that player sees them."""
    grounds = _side_grounds(game)
    sides = sorted(grounds)
    assert len(sides) == 2
    first, second = sides
    closest = min(delta_e(seen(a, vision), seen(b, vision)) for a in grounds[first] for b in grounds[second])
    if closest >= APART:
        return
    marks = _marks_seen(game, vision)
    assert marks[first] and marks[second]
    alike = [
        (i, j, round(share, 2))
        for i, one in enumerate(marks[first])
        for j, other in enumerate(marks[second])
        if (share := _apart(one, other)) < 0.2
    ]
    assert not alike, alike[:5]


def test_lawrence_sides_differ_in_lightness_as_well() -> None:
    grounds = _side_grounds("lawrence")
    for vision in SIMULATED:
        for a in grounds["arab-revolt"]:
            for b in grounds["ottoman"]:
                assert delta_e(seen(a, vision), seen(b, vision)) >= APART, (vision, a, b)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("vision", SIMULATED)
def test_faces_with_the_same_words_stay_apart_for_every_player(game: str, vision: str) -> None:
    """Faces that print the same words and figures but differ in print (Israel 1948's AIR tokens
    of the two sides used to differ by colour alone) must still differ, somewhere, for a player
    who sees them with ``vision``."""
    groups: dict[tuple[str, ...], list[tuple[str, Image.Image]]] = defaultdict(list)
    for counter, face in printed_faces(game):
        image, drawn, _ = rendered(game, counter.id, face)
        groups[tuple(sorted(t.text for t in drawn))].append((f"{counter.id}/{face}", image))
    merged = []
    for faces in groups.values():
        for (one, first), (two, second) in itertools.combinations(faces, 2):
            if _apart(first, second) < 0.003:
                continue  # alike in print (copies, a side's hidden backs)
            if _apart(simulate(first, vision), simulate(second, vision)) < 0.003:
                merged.append((one, two))
    assert not merged, merged


def _without(face: Face, value: str) -> Face:
    values = {k: v for k, v in face.values.items() if k != value}
    return face._replace(values=values)


def _rows_apart(image: Image.Image, other: Image.Image, vision: str) -> float:
    """The largest median ΔE along a row between two drawings (the cut edges left out)."""
    one, two = (i if vision == "normal" else simulate(i, vision) for i in (image, other))
    a, b = (np.asarray(i.convert("RGB"), dtype=np.float64) for i in (one, two))
    margin = round(0.05 * SIZE)
    rows = np.linalg.norm(_lab(a) - _lab(b), axis=2)[:, margin:-margin]
    return float(np.median(rows, axis=1).max())


@pytest.mark.parametrize("vision", VISIONS)
def test_damaged_bars_and_no_zoc_bands_show_for_every_player(vision: str) -> None:
    """What the rules read from a bar or band (a damaged side, 1.2; no ZOC, 1.2.1) shows to every
    player: somewhere across the counter a row differs by ΔE 20 from the same face without it
    (Israel 1948's red bar was 1.23:1 on green and vanished in greyscale, Jerusalem!'s yellow band
    merged with the tan counter)."""
    faint = []
    for game in ("israel1948", "jerusalem"):
        painter = CounterPainter(definition(game))
        for counter, name in printed_faces(game):
            face = dict(painter.faces(counter))[name]
            variants = []
            if face.damaged:
                variants.append(face._replace(damaged=False))
            if face.values.get("no_zoc_band"):
                variants.append(_without(face, "no_zoc_band"))
            for variant in variants:
                shown = painter.render(counter, name, SIZE)
                plain = counter._replace(front=variant) if name == "front" else counter._replace(back=variant)
                bare = painter.render(plain, name, SIZE)
                if _rows_apart(shown, bare, vision) < APART:
                    faint.append((game, counter.id, name))
    assert faint == []


def test_parentheses_only_mark_strengths_that_cannot_attack() -> None:
    """Jerusalem! 1.2.1: a strength in parentheses cannot attack or fire first. Nothing else is
    printed in parentheses: the range reads 'R3' (it was '(3)')."""
    d = definition("jerusalem")
    assert d.charts is not None and d.charts.combat is not None
    combat = d.charts.combat
    painter = CounterPainter(d)
    ranges = 0
    for counter, name in printed_faces("jerusalem"):
        face = dict(painter.faces(counter))[name]
        _, drawn, _ = rendered("jerusalem", counter.id, name)
        for t in drawn:
            if "(" in t.text:
                colour = combat.colour(str(face.values.get("strength_colour", "white")))
                assert t.role == "strength" and colour is not None, (counter.id, t.text)
                assert not colour.can_attack and not colour.can_first_fire, (counter.id, t.text)
        if "range" in face.values:
            ranges += 1
            texts = [t.text for t in drawn]
            assert "R" in texts and str(face.values["range"]) in texts, (counter.id, texts)
    assert ranges >= 10
