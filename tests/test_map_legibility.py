"""Maps, map keys and player aids as every player reads them: every numeral and name at 4.5:1
against what is behind it (WCAG AA for text), and every terrain and key entry apart from every
other (ΔE 20 or more) for deuteranopes, protanopes and in a greyscale print, or marked by a
texture or symbol of its own. Measured on the rendered images, with the functions of
compiler/render/legibility.py."""

from __future__ import annotations

import itertools
import math
import statistics
from functools import cache

import pytest
from PIL import Image, ImageDraw

from compiler.render.art import BoardArt
from compiler.render.board import Furnisher, board_inputs, render_board
from compiler.render.chart_content import game_charts
from compiler.render.charts import render_chart
from compiler.render.fonts import DrawnText
from compiler.render.legibility import (
    APART,
    TEXT_CONTRAST,
    VISIONS,
    contrast,
    delta_e,
    measured_contrast,
    seen,
    simulate,
)
from compiler.render.map_lines import Circle, DrawnLine, line_meets_circle, line_meets_rect
from compiler.render.patterns import pattern_ink
from compiler.render.terrain_key import PAPER, Sample, area_colour, draw_sample, level_colour, terrain_pattern
from rules_engine.definitions import ValidGame

from .conftest import GAMES, shipped

DPI = 100
KEY_DPI = 150  # a key is read at print size
CAP = 3000
PATTERN_SHARE = 0.04  # a texture of its own: this share of a sample's drawn pixels differ by ΔE 20


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


@cache
def board(game: str) -> BoardArt:
    return render_board(definition(game), DPI)


def low_contrast(image: Image.Image, texts: list[DrawnText], halo: bool) -> list[tuple[str, str, float]]:
    """The strings drawn below 4.5:1 against what is behind them (their halo, for a name on one)."""
    low = []
    for text in texts:
        measured = measured_contrast(image, text, against_halo=halo)
        if measured is not None and measured < TEXT_CONTRAST:
            low.append((text.role, text.text, round(measured, 2)))
    return low


# --- every numeral and name --------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_name_and_numeral_on_the_map_reads_at_4_5_to_1(game: str) -> None:
    """Hex IDs, place and country names, track numbers, the key's lines, the cartouche, the
    charts printed on the map: each against the ground, plate or halo it is printed on."""
    art = board(game)
    measured = [t for t in art.texts if measured_contrast(art.image, t, against_halo=True) is not None]
    assert len(measured) > 0.9 * len(art.texts)
    assert not low_contrast(art.image, art.texts, halo=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_name_and_numeral_of_the_aids_reads_at_4_5_to_1(game: str) -> None:
    for chart in game_charts(definition(game)):
        rendered = render_chart(chart, 7.5, 200)
        assert not low_contrast(rendered.image, rendered.texts, halo=False), chart.id


# --- every terrain and key entry apart ------------------------------------------------------------


def _pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    rgb = image.convert("RGB")
    return [_pixel(rgb, x, y) for y in range(rgb.height) for x in range(rgb.width)]


def _pixel(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    value = image.getpixel((x, y))
    assert isinstance(value, tuple)
    return int(value[0]), int(value[1]), int(value[2])


def key_entries(game: str) -> list[tuple[Sample, str, str]]:
    return Furnisher(board_inputs(definition(game))).legend().entries


def sample_image(sample: Sample) -> Image.Image:
    """A key entry's sample as the key prints it: 0.62 x 0.3 in at print resolution."""
    image = Image.new("RGB", (round(0.62 * KEY_DPI), round(0.3 * KEY_DPI)), PAPER)
    draw_sample(ImageDraw.Draw(image), sample, (0, 0, image.width, image.height), KEY_DPI)
    return image


def apart(first: Image.Image, second: Image.Image) -> tuple[float, float]:
    """How far two samples stand apart: the ΔE of their drawn colours (the median of what is
    not paper), and the share of their drawn pixels that differ by ΔE 20 or more (a texture,
    symbol or line of their own)."""
    paper = first.getpixel((0, 0))
    a, b = _pixels(first), _pixels(second)
    drawn = [i for i, (p, q) in enumerate(zip(a, b, strict=True)) if p != paper or q != paper]
    if not drawn:
        return 0.0, 0.0

    def median(pixels: list[tuple[int, int, int]], indices: list[int]) -> tuple[int, int, int]:
        own = [pixels[i] for i in indices if pixels[i] != paper] or [paper]
        r, g, bl = (round(statistics.median(channel)) for channel in zip(*own, strict=True))
        return r, g, bl

    colours = delta_e(median(a, drawn), median(b, drawn))
    differ = sum(1 for i in drawn if delta_e(a[i], b[i]) >= APART)
    return colours, differ / len(drawn)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("game", GAMES)
def test_every_key_entry_stays_apart_for_every_player(game: str, vision: str) -> None:
    """Any two lines of the map's key differ by ΔE 20 in colour, or in a texture, symbol or line
    of their own (Lawrence's Road and Desert Track, Jerusalem!'s primary and secondary roads,
    Israel 1948's marsh, sea and rough in greyscale)."""
    entries = key_entries(game)
    images = {name: sample_image(sample) for sample, name, _ in entries}
    if vision != "normal":
        images = {name: simulate(image, vision) for name, image in images.items()}
    alike = []
    for (first, a), (second, b) in itertools.combinations(images.items(), 2):
        colours, share = apart(a, b)
        if colours < APART and share < PATTERN_SHARE:
            alike.append((first, second, round(colours, 1), round(share, 2)))
    assert not alike, alike


def terrain_patches(game: str) -> dict[str, list[tuple[int, int, int]]]:
    """The pixels of each terrain as the map prints it: on a hex map the lobes left and right of
    the centre of hexes in play (clear of the ID above and the name below), from hexes no line
    crosses where the terrain has any (else less every pixel a drawn line or symbol reaches:
    Napoleon at Waterloo's Woods/Road hexes all carry their road), by level too; on a
    point-to-point map the ring a counter leaves showing."""
    d, art = definition(game), board(game)
    patches: dict[str, list[tuple[int, int, int]]] = {}
    busy = {s for road in d.board.roads for s in road.path} | {s.at for s in d.board.supply_sources}
    busy |= {
        s.id
        for s in d.board.spaces.values()
        if any(d.terrain.terrain[f].linear for f in s.features if f in d.terrain.terrain)
    }
    covered = [rect for name, rect in art.furniture.items() if name.startswith("block:")]
    skipped = {t.id for t in d.terrain.terrain.values() if t.off_map or t.id == "partly-sea"}
    crossed: dict[str, list[tuple[int, int, int]]] = {}
    for space in d.board.spaces.values():
        key = f"{space.terrain}-{space.level or 0}" if d.board.grid is not None else space.terrain
        if len(patches.get(key, ())) > CAP:
            continue
        x, y = art.space_centres[space.id]
        if d.board.grid is None:
            patches.setdefault(key, []).extend(
                ring_pixels(art.image, (x, y), 0.33 * DPI, art.space_radius - 0.06 * DPI)
            )
            continue
        if skipped & set(space.features) or any(
            r[0] - 40 <= x <= r[2] + 40 and r[1] - 40 <= y <= r[3] + 40 for r in covered
        ):
            continue
        size = art.layout.size if art.layout else 1.0
        if space.id in busy:
            crossed.setdefault(key, []).extend(
                lobe_pixels(art.image, (x, y), size, _ink_near(art, (x, y), size))
            )
        else:
            patches.setdefault(key, []).extend(
                lobe_pixels(art.image, (x, y), size, _ink_near(art, (x, y), size))
            )
    for key, pixels in crossed.items():
        patches.setdefault(key, pixels)
    return patches


def _ink_near(art: BoardArt, centre: tuple[float, float], size: float) -> list[DrawnLine | Circle]:
    """The drawn lines and symbols that come within a hex of ``centre``: their pixels are not
    the terrain's."""
    here = (centre[0] - size, centre[1] - size, centre[0] + size, centre[1] + size)
    near: list[DrawnLine | Circle] = [line for line in art.lines if line_meets_rect(line, here)]
    near += [mark for mark in art.marks if math.dist(mark[:2], centre) < size + mark[2]]
    return near


def lobe_pixels(
    image: Image.Image, centre: tuple[float, float], size: float, ink: list[DrawnLine | Circle] = ()
) -> list[tuple[int, int, int]]:
    x0, y0 = centre
    found = []
    for y in range(round(y0 - size * 0.1), round(y0 + size * 0.1)):
        for dx in range(round(size * 0.22), round(size * 0.4)):
            for x in (round(x0) - dx, round(x0) + dx):
                if not any(_inked(thing, (x, y)) for thing in ink):
                    found.append(_pixel(image, x, y))
    return found


def _inked(thing: DrawnLine | Circle, point: tuple[float, float]) -> bool:
    if isinstance(thing, DrawnLine):
        return line_meets_circle(thing, (*point, 2.0))
    return math.dist(thing[:2], point) < thing[2] * math.sqrt(2) + 2


def ring_pixels(
    image: Image.Image, centre: tuple[float, float], inner: float, outer: float
) -> list[tuple[int, int, int]]:
    x0, y0 = centre
    found = []
    for y in range(math.floor(y0 - outer), math.ceil(y0 + outer)):
        for x in range(math.floor(x0 - outer), math.ceil(x0 + outer)):
            if inner <= math.dist((x, y), centre) <= outer:
                found.append(_pixel(image, x, y))
    return found


def signature(
    pixels: list[tuple[int, int, int]], vision: str
) -> tuple[tuple[int, int, int], float, tuple[int, int, int] | None]:
    """A terrain's look on the map: its ground (the median colour), the share of its pixels that
    are texture (ΔE 20 or more from the ground) and their colour, as ``vision`` sees them."""
    viewed = [seen(p, vision) for p in pixels]
    ground = median_colour(viewed)
    marks = [p for p in viewed if delta_e(p, ground) >= APART]
    return ground, len(marks) / len(viewed), median_colour(marks) if marks else None


def median_colour(pixels: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    r, g, b = (round(statistics.median(channel)) for channel in zip(*pixels, strict=True))
    return r, g, b


def expected(game: str, key: str) -> tuple[str, str]:
    """What the key says a terrain (and level) looks like: its tint and its texture."""
    d = definition(game)
    terrain_id, level = (
        (key.rpartition("-")[0], key.rpartition("-")[2]) if d.board.grid is not None else (key, "0")
    )
    terrain = d.terrain.get(terrain_id)
    colour = level_colour(area_colour(terrain, terrain_id) or "#dddddd", int(level or 0))
    return colour, terrain_pattern(terrain, terrain_id)


@pytest.mark.parametrize("game", GAMES)
def test_every_terrain_on_the_map_prints_as_its_key_shows(game: str) -> None:
    """Each terrain's ground on the map is its key sample's tint (the light of the hill shading
    moves it a little), and it carries its texture's marks, in the texture's ink, where the key
    shows a texture, and none where it shows none."""
    wrong = []
    for key, pixels in terrain_patches(game).items():
        colour, pattern = expected(game, key)
        ground, share, marks = signature(pixels, "normal")
        textured = share >= 0.03 and marks is not None and delta_e(marks, pattern_ink(colour)) < 25
        if delta_e(ground, colour) > 8 or textured != (pattern != "plain"):
            wrong.append((key, round(delta_e(ground, colour), 1), pattern, round(share, 3)))
    assert not wrong, wrong


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("game", GAMES)
def test_terrains_of_one_texture_stay_apart_by_their_ground(game: str, vision: str) -> None:
    """Two terrains (or hill levels) printed with the same texture, or none, differ by ΔE 20 in
    their ground for every player and in greyscale: Jerusalem!'s clear, Hill 1 and Hill 2 (ΔE 11
    before). Terrains of different textures are told apart by those (the key's samples are
    compared above, where they stand side by side)."""
    looks = {
        key: (signature(pixels, vision)[0], expected(game, key)[1])
        for key, pixels in terrain_patches(game).items()
    }
    assert len(looks) >= 3
    alike = [
        (a, b, round(delta_e(ground_a, ground_b), 1))
        for (a, (ground_a, pattern_a)), (b, (ground_b, pattern_b)) in itertools.combinations(looks.items(), 2)
        if pattern_a == pattern_b and delta_e(ground_a, ground_b) < APART
    ]
    assert not alike, alike


def test_the_figures_behind_the_tests_are_real() -> None:
    """The measures tell apart what they should: a colour from itself, and two textures."""
    clear = Sample("area", "#e9e3c4", "clear")
    assert apart(sample_image(clear), sample_image(clear)) == (0.0, 0.0)
    rough = Sample("area", "#e9e3c4", "rough", pattern="rocks")
    marsh = Sample("area", "#e9e3c4", "marsh", pattern="tufts")
    assert apart(sample_image(rough), sample_image(marsh))[1] >= PATTERN_SHARE
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
