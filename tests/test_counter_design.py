"""Counters that look designed (issue 31): markers read by an icon, the word secondary;
unit sizes printed large enough to read; the symbol vocabulary one list, held to the
schemas and the painters. Every check runs on the rendered faces of every shipped game."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageChops

from compiler.presentation.colours import rgb
from compiler.render.counter_layout import SIZE_MARK_PT, SMALL_SYMBOL_BOX_U
from compiler.render.counters import DAMAGED_BAR_U, DEFAULT_COUNTER_IN, SYMBOL_BOX_U, CounterPainter
from compiler.render.fonts import DrawnText, cap_height, typeface_font
from compiler.render.icons import ICONS
from compiler.render.legibility import APART, VISIONS, delta_e, seen
from compiler.render.symbol_names import FACE_SYMBOLS, MARKER_ICONS, UNIT_SYMBOLS
from compiler.render.symbols import SYMBOLS
from rules_engine.definitions import Counter, ValidGame

from .conftest import GAMES, shipped

SIZE = 188  # a 5/8 in counter at 300 dpi
SCHEMAS = Path(__file__).resolve().parents[1] / "compiler" / "schemas"


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


def _points(pixels: float) -> float:
    return pixels * 72 * DEFAULT_COUNTER_IN / SIZE


def _cap_points(drawn: DrawnText) -> float:
    return _points(cap_height(typeface_font(drawn.typeface, drawn.size)))


def _marker_faces(game: str) -> list[tuple[Counter, str]]:
    """Every printed face of a marker, token or piece of gear that carries words."""
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    found = []
    for counter in d.counters.counters.values():
        if counter.is_unit:
            continue
        for name, face in painter.faces(counter):
            if not face.blank and (face.text or (face.label and len(face.label) > 4)):
                found.append((counter, name))
    return found


# --- one vocabulary ---------------------------------------------------------------------------


def test_symbol_vocabulary_is_what_the_painters_draw() -> None:
    """A name the schema accepts is one a painter draws, and the other way round."""
    assert set(SYMBOLS) == set(UNIT_SYMBOLS)
    assert set(ICONS) == set(MARKER_ICONS)
    assert not set(UNIT_SYMBOLS) & set(MARKER_ICONS)


def test_schemas_accept_exactly_the_vocabulary() -> None:
    counters = json.loads((SCHEMAS / "counters.schema.json").read_text())
    game = json.loads((SCHEMAS / "game.schema.json").read_text())
    face_symbol = counters["$defs"]["face"]["properties"]["symbol"]["enum"]
    class_symbol = game["properties"]["unit_classes"]["items"]["properties"]["symbol"]["enum"]
    assert list(face_symbol) == list(FACE_SYMBOLS)
    assert list(class_symbol) == [*UNIT_SYMBOLS, *MARKER_ICONS]


# --- markers ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_marker_with_words_shows_a_picture_above_them(game: str) -> None:
    """No marker is words on flat colour: above its words (below a heading, where one stands
    at the top) the face carries a picture, an icon or a unit-type symbol, at least a third of
    the counter tall."""
    painter = CounterPainter(definition(game))
    bare = []
    for counter, face in _marker_faces(game):
        image = painter.render(counter, face, SIZE)
        texts = [t for t in painter.last_drawn if t.role in ("words", "heading", "name")]
        art = painter._art(counter, dict(painter.faces(counter))[face], face)
        ground = Image.new("RGB", image.size, rgb(art.background))
        ink = ImageChops.difference(image, ground).convert("L").point(lambda v: 255 if v > 60 else 0)
        for drawn in [*texts, *painter.last_marks]:  # the words and the nation's mark are no picture
            box = drawn.bbox if isinstance(drawn, DrawnText) else drawn[1]
            ink.paste(0, tuple(round(v) for v in box))
        ink.paste(0, (0, 0, SIZE, 8))
        ink.paste(0, (0, SIZE - 8, SIZE, SIZE))
        picture = ink.crop((8, 0, SIZE - 8, SIZE)).getbbox()
        tall = 0 if picture is None else picture[3] - picture[1]
        if tall < SIZE / 3:
            bare.append((counter.id, face, tall))
    assert not bare, bare


@pytest.mark.parametrize("game", GAMES)
def test_a_markers_word_is_secondary_to_its_icon(game: str) -> None:
    """Under an icon the word's capitals stand lower than the icon by three times or more."""
    painter = CounterPainter(definition(game))
    loud = []
    for counter, face in _marker_faces(game):
        painter.render(counter, face, SIZE)
        words = [t for t in painter.last_drawn if t.role == "words"]
        if not words:
            continue
        top = min(t.bbox[1] for t in words)
        icon_room = _points(top)  # the icon stands between the top edge and the words
        if max(_cap_points(t) for t in words) * 3 > icon_room:
            loud.append((counter.id, face, [t.text for t in words]))
    assert not loud, loud


# --- unit sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_unit_size_marks_stand_6_points_tall(game: str) -> None:
    """Where the data gives a unit's size (XX, III), its capitals are 6 pt or more."""
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    small = []
    for counter in d.counters.counters.values():
        for name, face in painter.faces(counter):
            size = face.values.get("size") or face.values.get("unit_size")
            if face.blank or not isinstance(size, str):
                continue
            painter.render(counter, name, SIZE)
            marks = [t for t in painter.last_drawn if t.text == size]
            assert marks, (counter.id, name, size)
            small += [
                (counter.id, name, round(_cap_points(t), 2))
                for t in marks
                if _cap_points(t) < SIZE_MARK_PT - 0.05
            ]
    assert not small, small


# --- dummies ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_dummys_face_shows_the_hollow_star_in_its_band(game: str) -> None:
    """A dummy's face up is more than a name over an empty band: the symbol's place holds
    the hollow star (ink, and the ground showing inside it)."""
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    dummies = [c for c in d.counters.counters.values() if c.kind == "dummy"]
    for counter in dummies:
        image = painter.render(counter, "front", SIZE)
        art = painter._art(counter, counter.front, "front")
        assert art.symbol == "dummy", counter.id
        u = SIZE / 100
        middle = image.crop((round(40 * u), round(30 * u), round(60 * u), round(58 * u)))
        ink = rgb(art.ink)
        distance = np.abs(np.asarray(middle, dtype=int) - np.array(ink)).sum(axis=2)
        inked = int((distance < 90).sum())
        assert inked > 0.1 * middle.width * middle.height, (counter.id, inked)
        centre = image.getpixel((SIZE // 2, round(45 * u)))
        assert centre != ink, counter.id  # hollow: the star is not a leader's filled one


# --- names as the original prints them --------------------------------------------------------


def test_battle_for_moscow_prints_every_army_by_its_name_in_words() -> None:
    """The 1996 counter sheet (SOURCES.md, K) names every Soviet army in words ("TWENTY
    FOURTH", never "24TH") and every German corps by its numeral; the nation's mark stands
    left of the symbol, as K prints "SU" and "DE", so the longest name has the whole line."""
    d = definition("battle-for-moscow")
    assert d.counters is not None
    painter = CounterPainter(d)
    wrong = []
    for counter in d.counters.counters.values():
        if not counter.is_unit:
            continue
        for face in ("front", "back"):
            painter.render(counter, face, SIZE)
            names = [t.text for t in painter.last_drawn if t.role == "name"]
            if names != [counter.name]:
                wrong.append((counter.id, face, names))
            assert painter.last_overflows == [], (counter.id, painter.last_overflows)
            (mark,) = painter.last_marks
            assert mark[1][1] > SIZE * 0.3, counter.id  # beside the symbol, not on the name's line
    assert not wrong, wrong


# --- sides apart for every player -------------------------------------------------------------


def _side_looks(game: str) -> dict[str, set[tuple[str, tuple[int, int, int]]]]:
    """Each side's unit faces as (ground, colour just below the top edge): the second is the
    side band's where the face has one, else the ground again."""
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    looks: dict[str, set[tuple[str, tuple[int, int, int]]]] = {}
    for counter in d.counters.counters.values():
        if not counter.is_unit:
            continue
        for name, face in painter.faces(counter):
            if face.blank or face.text == "?" or face.symbol == "flag" or face.image is not None:
                continue
            image = painter.render(counter, name, SIZE)
            top = image.getpixel((SIZE // 2, round(0.03 * SIZE)))
            art = painter._art(counter, face, name)
            looks.setdefault(counter.side or "", set()).add((art.background, top[:3]))  # type: ignore[index]
    return looks


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_the_two_sides_stay_apart_at_arms_length(game: str, vision: str) -> None:
    """Any unit of one side and any of the other differ by ΔE 20 as this player sees them,
    in their ground or in the band across their top (Battle for Moscow's green and orange were
    ΔE 3 in greyscale, Vallon's 0.4): not by a flag alone."""
    looks = _side_looks(game)
    if len(looks) != 2:
        return
    first, second = looks.values()
    alike = [
        (a, b)
        for a in first
        for b in second
        if delta_e(seen(a[0], vision), seen(b[0], vision)) < APART
        and delta_e(seen(a[1], vision), seen(b[1], vision)) < APART
    ]
    assert not alike, alike[:3]


def test_a_side_band_goes_only_where_the_sides_merge() -> None:
    """Lawrence's light green and dark red stay apart for every player: no band there."""
    painter = CounterPainter(definition("lawrence"))
    assert painter._banded is None
    assert CounterPainter(definition("jerusalem"))._banded == "jewish"


def test_waterloo_prints_designations_and_sizes_as_the_1971_counters() -> None:
    """The 1971 counter set (SOURCES.md) prints a designation ("2", "Chas Gd") and a size over
    every infantry and cavalry symbol, none over artillery; the faces print the same."""
    d = definition("napoleon-at-waterloo")
    assert d.counters is not None
    painter = CounterPainter(d)
    for counter in d.counters.counters.values():
        if not counter.is_unit:
            continue
        painter.render(counter, "front", SIZE)
        texts = {t.role: t.text for t in painter.last_drawn}
        size = counter.front.values.get("size")
        assert (size is None) == (counter.unit_class == "artillery"), counter.id
        assert size is None or size in painter.last_texts, counter.id
        if counter.front.label:
            assert texts.get("name") == counter.front.label, counter.id


@pytest.mark.parametrize("game", GAMES)
def test_the_damaged_bar_leaves_the_symbol_clear(game: str) -> None:
    """On every damaged face the red bar runs below the symbol's box, whichever box the face
    uses (the smaller one under a unit size): it crosses no symbol."""
    d = definition(game)
    assert d.counters is not None
    painter = CounterPainter(d)
    crossed = []
    for counter in d.counters.counters.values():
        for name, face in painter.faces(counter):
            if face.blank or not face.damaged or face.image is not None:
                continue
            painter.render(counter, name, SIZE)
            small = any(t.text == face.values.get("size") for t in painter.last_drawn)
            box = SMALL_SYMBOL_BOX_U if small else SYMBOL_BOX_U
            if box[3] >= DAMAGED_BAR_U[0]:
                crossed.append((counter.id, name, box))
    assert not crossed, crossed[:3]
