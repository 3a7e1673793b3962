"""A board that is an image: registration, checks, the module's board and grid, the printed map,
and a build cache that follows the image's bytes.

The game is tests/art_game: its map (art/map.png) was drawn by tests/art_game/make_art.py
with the grid it states there, so every hex centre is known.
"""

from __future__ import annotations

import io
import math
import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from compiler.build import BuildOptions, build
from compiler.diagnostics import codes
from compiler.mapgeometry.registration import image_dpi, image_layout
from compiler.pipeline import validate_game
from compiler.render.art import art_from_record, art_record
from compiler.render.board import render_board
from compiler.vassal.grid import location_name, vassal_grid
from compiler.vassal.inspect import inspect_module
from compiler.watch import _is_source

from .conftest import GameCopy
from .pdf_reading import pdf_pages

ART_GAME = Path(__file__).resolve().parent / "art_game"
sys.path.insert(0, str(ART_GAME))
import make_art  # noqa: E402

NO_REPLAYS = BuildOptions(run_replays=False)


def codes_of(game: GameCopy) -> list[str]:
    return [d.code for d in validate_game(game.root, run_replays=False).diagnostics]


def test_the_example_validates_with_its_board_image(artful: GameCopy) -> None:
    report = validate_game(artful.root, run_replays=False)
    assert report.diagnostics == []
    board = report.definition.board
    assert board is not None and board.image is not None
    assert board.image.art.size == make_art.MAP_SIZE
    assert image_dpi(board) == make_art.MAP_DPI


def test_every_hex_of_the_registered_grid_is_on_the_art_own_hex(artful: GameCopy) -> None:
    board = validate_game(artful.root, run_replays=False).definition.board
    assert board is not None
    layout = image_layout(board)
    assert layout is not None
    for hex_id in make_art.hex_ids():
        space = board.spaces[hex_id]
        assert space.hex is not None
        assert math.dist(layout.centre(space.hex), make_art.centre(hex_id)) < 1e-6


def test_a_registration_in_inches_is_the_same_grid(artful: GameCopy) -> None:
    dpi = make_art.MAP_DPI

    def inches(data: dict) -> None:
        data["image"].update(
            unit="in",
            hex_size=make_art.HEX / dpi,
            first_hex=[make_art.FIRST[0] / dpi, make_art.FIRST[1] / dpi],
        )

    artful.edit("map.json", inches)
    board = validate_game(artful.root, run_replays=False).definition.board
    assert board is not None and board.image is not None
    assert board.image.first_centre == pytest.approx(make_art.FIRST)
    assert board.image.hex_size == pytest.approx(make_art.HEX)


def test_a_grid_off_the_image_names_the_hexes(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].update(first_hex=[500, 118]))
    report = validate_game(artful.root, run_replays=False)
    off = [d for d in report.diagnostics if d.code == codes.MAP_IMAGE_GRID_OFF_IMAGE]
    assert off and any(d.pointer.startswith("/hexes/") for d in off)  # a listed hex, by name
    assert any(d.pointer == "/image" and "hexes of the grid" in d.message for d in off)


def test_a_registration_without_its_grid_is_an_error(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].pop("first_hex"))
    assert codes.MAP_IMAGE_REGISTRATION in codes_of(artful)


def test_inches_without_a_dpi_are_an_error(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].update(unit="in", hex_size=0.75, dpi=None))
    artful.edit("map.json", lambda data: data["image"].pop("dpi"))
    assert codes.MAP_IMAGE_REGISTRATION in codes_of(artful)


def test_a_dpi_that_disagrees_with_the_hex_size_is_a_warning(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].update(dpi=150))
    report = validate_game(artful.root, run_replays=False)
    found = [d for d in report.diagnostics if d.code == codes.MAP_IMAGE_SCALE and d.pointer == "/image/dpi"]
    assert found and not found[0].is_error and "120 dpi" in (found[0].hint or "")
    assert not any(d.is_error for d in report.diagnostics)


def test_a_column_step_far_from_a_hex_is_an_error(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].update(column_step=30))
    assert codes.MAP_IMAGE_REGISTRATION in codes_of(artful)


def test_a_missing_or_hostile_board_image_is_a_located_diagnostic(artful: GameCopy) -> None:
    artful.edit("map.json", lambda data: data["image"].update(file="art/nothing.png"))
    report = validate_game(artful.root, run_replays=False)
    missing = [d for d in report.diagnostics if d.code == codes.ART_MISSING]
    assert missing and missing[0].pointer == "/image/file" and missing[0].line is not None
    artful.write_text("art/nothing.png", "<svg")
    assert codes.ART_UNREADABLE in codes_of(artful)


def test_the_module_board_is_the_image_with_the_grid_on_its_hexes(artful: GameCopy, tmp_path: Path) -> None:
    result = build([artful.root], ("module",), tmp_path / "out", NO_REPLAYS)
    assert result.ok
    module = tmp_path / "out" / "artful.vmod"
    with zipfile.ZipFile(module) as archive:
        board = Image.open(io.BytesIO(archive.read("images/board.png"))).convert("RGB")
        root = etree.fromstring(archive.read("buildFile.xml"))
    art = Image.open(ART_GAME / "art" / "map.png").convert("RGB")
    assert board.crop((0, 0, *art.size)).tobytes() == art.tobytes()  # the image, untouched
    assert board.height > art.height  # and the turn track's band under it
    grid = root.find(".//VASSAL.build.module.map.boardPicker.board.HexGrid")
    assert grid is not None
    assert (float(grid.get("dy", "")), int(grid.get("x0", "")), int(grid.get("y0", ""))) == (90.0, 72, 118)
    assert float(grid.get("dx", "")) == pytest.approx(make_art.STEP)
    report = inspect_module(module)
    placed = {p.location: p.name for s in report.setups for p in s.pieces}
    assert placed["A1"] == "NORTH TANK" and placed["H5"] == "2 SOUTH"


def test_vassal_names_every_hex_centre_of_the_image_with_its_id(artful: GameCopy) -> None:
    definition = validate_game(artful.root, run_replays=False).valid
    assert definition is not None
    art = render_board(definition)
    assert art.layout is not None
    grid = vassal_grid(art.layout)
    for hex_id in make_art.hex_ids():
        assert location_name(grid, *make_art.centre(hex_id)) == hex_id


def test_the_board_record_keeps_the_registration(artful: GameCopy) -> None:
    definition = validate_game(artful.root, run_replays=False).valid
    assert definition is not None
    art = render_board(definition)
    again = art_from_record(art_record(art), art.image, definition.board.grid)
    assert again.layout == art.layout and again.dpi == art.dpi


def test_the_printed_map_is_the_image_at_its_own_resolution(artful: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    options = BuildOptions(run_replays=False, map_dpi=300, map_one_sheet=True)
    assert build([artful.root], ("map",), out, options).ok
    printed = Image.open(out / "artful" / "map" / "map.png").convert("RGB")
    art = Image.open(ART_GAME / "art" / "map.png").convert("RGB")
    assert printed.crop((0, 0, *art.size)).tobytes() == art.tobytes()  # not resampled to 300 dpi
    _, pages = pdf_pages(out / "artful" / "map" / "map-sheet.pdf")
    pictures = [i for i in pages[0].images if (i.width_px, i.height_px) == art.size]
    assert len(pictures) == 1  # the image itself, at its own resolution, not resampled
    assert pictures[0].width_in == pytest.approx(art.width / make_art.MAP_DPI)


def test_a_changed_board_image_redraws_the_board_and_only_then(artful: GameCopy, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build([artful.root], ("module",), out, NO_REPLAYS).games[0]
    assert "board" in first.redrawn
    assert "board" not in build([artful.root], ("module",), out, NO_REPLAYS).games[0].redrawn
    picture = Image.open(artful.root / "art" / "map.png").convert("RGB")
    picture.putpixel((5, 5), (0, 0, 0))
    picture.save(artful.root / "art" / "map.png")
    assert "board" in build([artful.root], ("module",), out, NO_REPLAYS).games[0].redrawn


def test_watch_follows_the_art_files() -> None:
    for name in ("map.png", "face.jpg", "face.jpeg", "token.svg", "counters.json"):
        assert _is_source(Path("game") / "art" / name)
    assert not _is_source(Path("game") / "art" / "notes.txt")


def test_point_to_point_spaces_stand_on_the_image_pixels(tmp_path: Path) -> None:
    lawrence = tmp_path / "lawrence"
    shutil.copytree(Path(__file__).resolve().parent.parent / "source_data" / "lawrence", lawrence)
    game = GameCopy(lawrence)
    Image.new("RGB", (1100, 1700), "#f0e8d0").save(lawrence / "board.png")

    def on_image(data: dict) -> None:
        data["image"] = {"file": "board.png", "dpi": 100}
        for space in data["spaces"]:
            space["x"], space["y"] = round(space["x"] * 100), round(space["y"] * 100)

    game.edit("map.json", on_image)
    report = validate_game(lawrence, run_replays=False)
    assert [d for d in report.diagnostics if d.is_error] == []
    definition = report.valid
    assert definition is not None
    art = render_board(definition)
    aqaba = definition.board.spaces["aqaba"]
    assert art.space_centres["aqaba"] == (aqaba.x, aqaba.y)
    game.edit("map.json", lambda data: data["spaces"][0].update(x=5000))
    assert codes.MAP_IMAGE_SPACE_OFF_IMAGE in codes_of(game)
