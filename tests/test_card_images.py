"""Cards that are images: the face and the back are the designer's pictures, the sections and
effects stay what the engine reads; sizes are checked and sheets warn when art is too small."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from compiler.build import BuildOptions, build
from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from compiler.render.cards import render_card, render_card_back
from compiler.render.sheets import SheetSpec

from .conftest import GameCopy

ART_GAME = Path(__file__).resolve().parent / "art_game"


@pytest.fixture
def artful(tmp_path: Path) -> GameCopy:
    target = tmp_path / "artful"
    shutil.copytree(ART_GAME, target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return GameCopy(target)


def test_a_card_image_is_its_face_and_the_deck_back_image_its_back(artful: GameCopy) -> None:
    definition = validate_game(artful.root, run_replays=False).valid
    assert definition is not None
    deck = definition.decks[0]
    card = deck.cards[0]
    assert card.image is not None and card.sections[0].heading == "Event"  # the data stays
    drawn = render_card(deck, card, 375, 525)
    art = Image.open(ART_GAME / "art" / "card-ambush.png").convert("RGB")
    assert drawn.tobytes() == art.tobytes()
    back = render_card_back(deck, 375, 525, card)
    assert back.tobytes() == Image.open(ART_GAME / "art" / "card-back.png").convert("RGB").tobytes()


def test_a_card_own_back_goes_into_the_module(artful: GameCopy, tmp_path: Path) -> None:
    artful.edit("cards.json", lambda d: d["decks"][0]["cards"][2].update(back_image="art/card-storm.png"))
    assert build([artful.root], ("module",), tmp_path / "out", BuildOptions(run_replays=False)).ok
    with zipfile.ZipFile(tmp_path / "out" / "artful.vmod") as archive:
        names = set(archive.namelist())
        own = Image.open(io.BytesIO(archive.read("images/card-events-storm-back.png")))
        build_file = archive.read("buildFile.xml").decode()
    assert {"images/card-events-back.png", "images/card-events-ambush.png"} <= names
    assert own.size == (300, 420)  # 2.5 x 3.5 in at the board image's 120 dpi
    assert "card-events-storm-back.png" in build_file


def test_front_and_back_of_other_sizes_are_an_error(artful: GameCopy) -> None:
    Image.new("RGB", (300, 420), "red").save(artful.root / "art" / "small-back.png")
    artful.edit("cards.json", lambda d: d["decks"][0].update(back_image="art/small-back.png"))
    report = validate_game(artful.root, run_replays=False)
    found = [d for d in report.diagnostics if d.code == codes.ART_SIZES_DIFFER and d.is_error]
    assert len(found) == 3 and "375 x 525" in found[0].message and found[0].pointer == "/decks/0/back_image"


def test_an_image_of_another_shape_is_warned_about(artful: GameCopy) -> None:
    Image.new("RGB", (400, 400), "red").save(artful.root / "art" / "square.png")
    artful.edit("cards.json", lambda d: d["decks"][0]["cards"][0].update(image="art/square.png"))
    report = validate_game(artful.root, run_replays=False)
    shapes = [d for d in report.diagnostics if d.code == codes.ART_SIZES_DIFFER and not d.is_error]
    assert shapes and shapes[0].pointer == "/decks/0/cards/0/image"


def test_sheets_warn_when_a_card_image_is_too_small_for_the_print(artful: GameCopy, tmp_path: Path) -> None:
    low = BuildOptions(run_replays=False, sheet_spec=SheetSpec(dpi=150))
    quiet = build([artful.root], ("sheets",), tmp_path / "low", low).games[0]
    assert not any(d.code == codes.ART_LOW_RESOLUTION for d in quiet.report.diagnostics)  # faces too
    high = BuildOptions(run_replays=False, sheet_spec=SheetSpec(dpi=300))
    loud = build([artful.root], ("sheets",), tmp_path / "high", high).games[0]
    found = [
        d for d in loud.report.diagnostics if d.code == codes.ART_LOW_RESOLUTION and "2.5 x 3.5" in d.message
    ]
    assert len(found) == 4  # three cards and the back, each once
    faces = [
        d for d in loud.report.diagnostics if d.code == codes.ART_LOW_RESOLUTION and "0.625" in d.message
    ]
    assert len(faces) == 6 and not any(".svg" in d.message for d in faces)  # an SVG is drawn at any size
    assert "150 dpi at 2.5 x 3.5 in" in found[0].message and "needs 750 x 1050 px" in found[0].message


def test_each_card_back_lies_behind_its_front_on_the_sheets(artful: GameCopy) -> None:
    """Turned over on the long edge, each back image covers exactly its card's front: aligned to
    the pixel (a pixel is 0.17 mm at 150 dpi), well within half a millimetre."""
    from PIL import ImageChops, ImageOps

    from compiler.render.sheets import render_card_sheets

    definition = validate_game(artful.root, run_replays=False).valid
    assert definition is not None
    spec = SheetSpec(dpi=150)
    pages = render_card_sheets(definition, spec)
    assert pages is not None
    width, height = 375, 525
    inset = 2  # the cut lines are drawn over the outermost pixels of every cell
    for placement in pages.placements:
        deck, card = placement.item.thing
        x, y = pages.grid.front(placement.column, placement.row)
        x, y = x + spec.bleed_px, y + spec.bleed_px  # the card inside its bleed
        cell = (x, y, x + width, y + height)
        front = pages.fronts[placement.sheet].crop(cell)
        behind = ImageOps.mirror(ImageOps.mirror(pages.backs[placement.sheet]).crop(cell))
        inner = (inset, inset, width - inset, height - inset)
        expected_front = render_card(deck, card, width, height).crop(inner)
        expected_back = render_card_back(deck, width, height, card).crop(inner)
        assert ImageChops.difference(front.crop(inner), expected_front).getbbox() is None, card.id
        assert ImageChops.difference(behind.crop(inner), expected_back).getbbox() is None, card.id
