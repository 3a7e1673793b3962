"""Counter faces that are images: the whole face as drawn, or a background under the counter's
name and values; the values stay the data; fronts and backs agree and lie behind each other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageOps

from compiler.build import BuildOptions, build
from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from compiler.render.counters import CounterPainter
from compiler.render.sheets import SheetSpec, render_counter_sheets
from rules_engine.definitions import ValidGame

from .conftest import GameCopy

ART_GAME = Path(__file__).resolve().parent / "art_game"
NO_REPLAYS = BuildOptions(run_replays=False)


@pytest.fixture
def artful(tmp_path: Path) -> GameCopy:
    target = tmp_path / "artful"
    shutil.copytree(ART_GAME, target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return GameCopy(target)


def valid(game: GameCopy) -> ValidGame:
    definition = validate_game(game.root, run_replays=False).valid
    assert definition is not None
    return definition


def test_a_whole_face_image_is_the_face_and_the_values_stay_data(artful: GameCopy) -> None:
    definition = valid(artful)
    counter = definition.counters.counters["north-1"]
    assert counter.front.image is not None and counter.front.image.mode == "whole"
    assert (counter.front.strength, counter.front.movement) == (2, 3)  # what the engine reads
    drawn = CounterPainter(definition).render(counter, "front", 100)
    assert drawn.tobytes() == Image.open(ART_GAME / "art" / "north-1-front.png").convert("RGB").tobytes()


def test_a_background_image_gets_the_name_and_values_drawn_over_it(artful: GameCopy) -> None:
    definition = valid(artful)
    painter = CounterPainter(definition)
    drawn = painter.render(definition.counters.counters["south-2"], "front", 100)
    assert "2 SOUTH" in painter.last_texts and "1" in painter.last_texts  # its strength
    background = Image.open(ART_GAME / "art" / "south.png").convert("RGB")
    assert drawn.getpixel((50, 96)) == pytest.approx(background.getpixel((50, 96)), abs=40)


def test_an_svg_face_is_drawn_at_each_size(artful: GameCopy) -> None:
    definition = valid(artful)
    painter = CounterPainter(definition)
    small = painter.render(definition.counters.counters["control"], "front", 60)
    large = painter.render(definition.counters.counters["control"], "front", 300)
    assert small.size == (60, 60) and large.size == (300, 300)
    assert large.getpixel((5, 5)) == (0x2F, 0x5F, 0xA8)  # the drawing's own blue, not a resampled edge


def test_front_and_back_images_of_other_sizes_are_an_error(artful: GameCopy) -> None:
    Image.new("RGB", (120, 120), "red").save(artful.root / "art" / "bigger.png")

    def bigger_back(data: dict) -> None:
        counter = next(c for c in data["counters"] if c["id"] == "north-1")
        counter["back"]["image"] = "art/bigger.png"

    artful.edit("counters.json", bigger_back)
    report = validate_game(artful.root, run_replays=False)
    found = [d for d in report.diagnostics if d.code == codes.ART_SIZES_DIFFER and d.is_error]
    assert len(found) == 1 and found[0].pointer.endswith("/back/image") and "100 x 100" in found[0].message


def test_a_missing_face_image_is_located(artful: GameCopy) -> None:
    def missing(data: dict) -> None:
        data["counters"][3]["front"]["image"]["file"] = "art/none.png"

    artful.edit("counters.json", missing)
    report = validate_game(artful.root, run_replays=False)
    found = [d for d in report.diagnostics if d.code == codes.ART_MISSING]
    assert found and found[0].pointer == "/counters/3/front/image/file"


def test_every_image_back_lies_behind_its_front(artful: GameCopy) -> None:
    definition = valid(artful)
    spec = SheetSpec(dpi=160)
    pages = render_counter_sheets(definition, spec)
    painter = CounterPainter(definition)
    size, inset, bleed = spec.counter_px, 2, spec.bleed_px
    for placement in pages.placements:
        x, y = pages.grid.front(placement.column, placement.row)
        cell = (x, y, x + spec.cell_px, y + spec.cell_px)
        inner = (bleed + inset, bleed + inset, bleed + size - inset, bleed + size - inset)
        front = pages.fronts[placement.sheet].crop(cell).crop(inner)
        behind = ImageOps.mirror(ImageOps.mirror(pages.backs[placement.sheet]).crop(cell)).crop(inner)
        piece = placement.item.thing
        drawn_front = painter.render(*piece.shown("front"), size, bleed).crop(inner)
        drawn_back = painter.render(*piece.shown("back"), size, bleed).crop(inner)
        assert ImageChops.difference(front, drawn_front).getbbox() is None
        assert ImageChops.difference(behind, drawn_back).getbbox() is None


def test_a_changed_face_image_redraws_that_face_only(artful: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build([artful.root], ("module",), out, NO_REPLAYS)
    picture = Image.open(artful.root / "art" / "north-tank-back.png").convert("RGB")
    picture.putpixel((50, 50), (255, 0, 0))
    picture.save(artful.root / "art" / "north-tank-back.png")
    again = build([artful.root], ("module",), out, NO_REPLAYS).games[0]
    assert again.redrawn == ["counter north-tank back", "chart units"]  # the face and the chart showing it
