"""Counters, sheets and maps as a player checks them: sizes, colours, backs behind fronts."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageDraw, ImageOps, ImageStat
from pypdf import PdfReader

from compiler.cli.main import cli
from compiler.output.pdf import pdf_of_drawings
from compiler.presentation.colours import rgb
from compiler.presentation.units import parse_length
from compiler.render.board import render_board
from compiler.render.canvas import Drawing
from compiler.render.counters import CounterPainter
from compiler.render.fonts import font
from compiler.render.fonts import wrap_text as _wrap
from compiler.render.fonts import wrap_text_measuring_lines as _wrap_measuring_lines
from compiler.render.sheets import (
    PRINT_BLEED_IN,
    SheetSpec,
    print_order,
    registration_points,
    render_counter_sheets,
)
from compiler.render.tiles import TileSpec, tile
from rules_engine.definitions import ValidGame

from .conftest import GAMES, SOURCE_DATA, shipped

GOLDEN = Path(__file__).parent / "golden"
UPDATE_GOLDEN = os.environ.get("WGC_UPDATE_GOLDEN") == "1"


def definition(game: str) -> ValidGame:
    return shipped(game)


@pytest.fixture(scope="module")
def israel() -> ValidGame:
    return definition("israel1948")


def near(colour: tuple[int, ...], target: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], rgb(target), strict=True))


def count_near(image: Image.Image, target: str, box: tuple[int, int, int, int]) -> int:
    region = image.crop(box)
    return sum(1 for pixel in region.get_flattened_data() if near(pixel, target, 45))


# --- sizes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper, size", [("letter", (2550, 3300)), ("a4", (2480, 3508))])
def test_page_size_in_pixels(paper: str, size: tuple[int, int]) -> None:
    assert SheetSpec(paper=paper, dpi=300).page_px == size


def test_counter_and_cell_size() -> None:
    assert SheetSpec(counter=parse_length("5/8in"), dpi=300).counter_px == 188
    assert SheetSpec(counter=parse_length("16mm"), dpi=300).counter_px == 189
    with_bleed = SheetSpec(counter=0.625, dpi=300, bleed=parse_length("1/16in"))
    assert with_bleed.cell_px == 188 + 2 * 19


def test_rendered_counter_has_the_requested_size(israel: ValidGame) -> None:
    painter = CounterPainter(israel)
    counter = israel.counters.get("7-armour")  # type: ignore[union-attr]
    assert painter.render(counter, "front", 188).size == (188, 188)  # type: ignore[arg-type]
    assert painter.render(counter, "back", 60, bleed=5).size == (70, 70)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_sheets_hold_every_counter_of_the_mix(game: str) -> None:
    d = definition(game)
    assert d.counters is not None
    pages = render_counter_sheets(d, SheetSpec(dpi=100))
    assert len(pages.placements) == d.counters.physical_total()
    kibbutz = [p for p in pages.placements if p.item.key == "kibbutz"]
    if game == "israel1948":
        assert len(kibbutz) == 7


# --- backs behind fronts ----------------------------------------------------------------------


@pytest.mark.parametrize("bleed", [PRINT_BLEED_IN, 0.0])
def test_every_back_lies_behind_its_front(israel: ValidGame, bleed: float) -> None:
    """Flip the back page on the long edge (mirror it left to right): each back face must
    then cover exactly the cell of its front, with the bleed and without."""
    spec = SheetSpec(dpi=100, bleed=bleed)
    pages = render_counter_sheets(israel, spec)
    painter = CounterPainter(israel)
    flipped = [ImageOps.mirror(back) for back in pages.backs]
    inset = 2  # the cut lines are drawn over the outermost pixels of every face
    size, margin = spec.counter_px, spec.bleed_px

    def inner(image: Image.Image) -> Image.Image:
        return image.crop((margin + inset, margin + inset, margin + size - inset, margin + size - inset))

    for placement in pages.placements:
        x, y = pages.grid.front(placement.column, placement.row)
        cell = (x, y, x + spec.cell_px, y + spec.cell_px)
        front = inner(pages.fronts[placement.sheet].crop(cell))
        behind = inner(ImageOps.mirror(flipped[placement.sheet].crop(cell)))
        piece = placement.item.thing
        expected_front = inner(painter.render(*piece.shown("front"), size, margin))
        expected_back = inner(painter.render(*piece.shown("back"), size, margin))
        assert ImageChops.difference(front, expected_front).getbbox() is None, piece
        assert ImageChops.difference(behind, expected_back).getbbox() is None, piece


def test_registration_marks_coincide_after_the_flip(israel: ValidGame) -> None:
    spec = SheetSpec(dpi=100)
    pages = render_counter_sheets(israel, spec)
    front, back = pages.fronts[0], ImageOps.mirror(pages.backs[0])
    for x, y in registration_points(spec, pages.grid):
        square = (x - 12, y - 12, x + 13, y + 13)
        mark = front.crop(square)
        assert count_near(mark, "black", (0, 0, 25, 25)) > 20  # a mark is printed there
        assert ImageChops.difference(mark, back.crop(square)).getbbox() is None


# --- colours and texts ----------------------------------------------------------------------


def test_side_and_strength_colours(israel: ValidGame) -> None:
    painter = CounterPainter(israel)
    iraq = israel.counters.get("iraq-1-armoured-car")  # type: ignore[union-attr]
    front = painter.render(iraq, "front", 200)  # type: ignore[arg-type]
    back = painter.render(iraq, "back", 200)  # type: ignore[arg-type]
    assert near(front.getpixel((6, 100)), "#357a35")  # type: ignore[arg-type]
    lower_left = (0, 130, 80, 200)
    assert count_near(front, "red", lower_left) > 150  # a red '1' on the full side (1.2)
    assert count_near(back, "red", lower_left) < 20  # white on the damaged side
    assert count_near(back, "white", lower_left) > 150
    armour = painter.render(israel.counters.get("7-armour"), "front", 200)  # type: ignore[arg-type,union-attr]
    assert near(armour.getpixel((6, 100)), "#2f5fa8")  # type: ignore[arg-type]


def test_damaged_side_has_a_red_line(israel: ValidGame) -> None:
    painter = CounterPainter(israel)
    armour = israel.counters.get("7-armour")  # type: ignore[union-attr]
    middle = (0, 40, 200, 130)
    assert count_near(painter.render(armour, "back", 200), "#d0202a", middle) > 400  # type: ignore[arg-type]
    assert count_near(painter.render(armour, "front", 200), "#d0202a", middle) < 50  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_every_unit_shows_its_name(game: str) -> None:
    d = definition(game)
    painter = CounterPainter(d)
    assert d.counters is not None
    for counter in d.counters.counters.values():
        if counter.kind not in ("unit", "leader") or (counter.hidden and counter.front.text):
            continue
        painter.render(counter, "front", 120)
        expected = (counter.front.label,) if counter.front.label else counter.printed_names
        assert set(expected) & set(painter.last_texts), (counter.id, painter.last_texts)


GOLDEN_FACES = [
    ("israel1948", "7-armour", "front"),
    ("israel1948", "7-armour", "back"),
    ("israel1948", "iraq-1-armoured-car", "front"),
    ("israel1948", "kibbutz", "front"),
    ("israel1948", "kibbutz", "back"),
    ("israel1948", "control", "back"),
    ("israel1948", "out-of-supply", "front"),
    ("jerusalem", "abdul-khader", "front"),  # leader: multiplier, jeep 'j', yellow no-ZOC band
    ("jerusalem", "legion-25lb", "front"),  # artillery: brown on white, with range
    ("jerusalem", "jewish-halftrack-2-10", "front"),  # transport: capacity in the upper right
    ("jerusalem", "jewish-garrison-6-0", "front"),  # garrison: MP white in a red octagon
    ("jerusalem", "bus-3-12", "front"),  # white no-ZOC band
    ("lawrence", "lawrence", "front"),
    ("lawrence", "bedouin-2", "front"),
    ("lawrence", "bedouin-2", "back"),  # face down: type and movement only
    ("lawrence", "machinegun", "front"),  # gear
    ("lawrence", "garrison-1", "back"),  # face down Ottoman garrison
    ("israel1948", "yiftach", "front"),  # red strength on its light disc
    ("jerusalem", "flamethrower", "front"),  # flame symbol, targeted strength clear of the edge
    ("jerusalem", "jerusalem-convoy", "front"),  # unlimited movement as an infinity sign
    ("jerusalem", "abdullah-tell", "front"),  # short printed name, 'x1' readable on the band
    ("lawrence", "asien-korps", "back"),  # the Ottoman flag, not the German one
    ("israel1948", "egypt-tank", "front"),  # '+' in the ink beside the red disc, condensed name
    ("israel1948", "golani-1", "back"),  # black strength on its light tile, the damaged bar's keylines
    ("jerusalem", "legion-truck-1-24-3", "front"),  # black MP on a tile on Legion brown, Jordan's flag
    ("jerusalem", "mufti-2-8", "front"),  # the Arab Revolt flag, the 'L' beside the MP
    ("jerusalem", "legion-6lb", "front"),  # range as R2, targeted strength in its ring
    ("lawrence", "oef-inf-3", "front"),  # an Ottoman unit: the crescent flag on the dark red
]


@pytest.mark.parametrize("game, counter_id, face", GOLDEN_FACES)
def test_faces_match_reviewed_images(game: str, counter_id: str, face: str) -> None:
    """Reviewed renders (tests/golden, looked at by a person) with a small tolerance for
    font rasterising differences. WGC_UPDATE_GOLDEN=1 rewrites them after a deliberate change."""
    d = definition(game)
    counter = d.counters.get(counter_id)  # type: ignore[union-attr]
    image = CounterPainter(d).render(counter, face, 94)  # type: ignore[arg-type]
    path = GOLDEN / f"{game}-{counter_id}-{face}.png"
    if UPDATE_GOLDEN or not path.exists():
        image.save(path)
        pytest.skip("golden image written; review it and commit")
    golden = Image.open(path).convert("RGB")
    difference = ImageChops.difference(image, golden)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    assert mean < 1.5, f"{path.name} differs by {mean:.2f} on average"


# --- maps -------------------------------------------------------------------------------------


def test_map_has_every_hex_where_the_layout_says(israel: ValidGame) -> None:
    art = render_board(israel, dpi=60)
    assert art.layout is not None and israel.board is not None
    assert len(art.space_centres) == len(israel.board.spaces) == 13 * 18
    furniture = list(art.furniture.values())
    open_sea = next(
        centre
        for space, centre in art.space_centres.items()
        if israel.board.spaces[space].terrain == "sea"
        and not any(
            r[0] - 5 <= centre[0] <= r[2] + 5 and r[1] - 5 <= centre[1] <= r[3] + 5 for r in furniture
        )
    )
    x, y = (round(v) for v in open_sea)
    sea = tuple(round(v) for v in ImageStat.Stat(art.image.crop((x - 6, y - 6, x + 6, y + 6))).median)
    assert near(sea, "#9cc3e6", 40)
    rough = art.image.getpixel(tuple(round(v) + 3 for v in art.space_centres["G13"]))
    assert not near(rough, "#9cc3e6", 25)  # type: ignore[arg-type]
    hebron = art.layout.hex_at(*art.space_centres["G13"])
    assert hebron is not None and art.layout.grid.hex_id(hebron) == "G13"
    turns = [box for box in art.track_boxes if box.track == "turn" and not box.reinforcement]
    assert [box.label for box in turns] == [str(n) for n in range(1, 9)]


def test_large_picture_is_tiled_with_overlap() -> None:
    """3000 x 2000 px at 100 dpi on letter: landscape needs 4 x 3 pages, portrait 5 x 3."""
    picture = Image.new("RGB", (3000, 2000), "white")
    picture.paste((200, 0, 0), (2990, 1990, 3000, 2000))  # the far corner
    pages = tile(picture, TileSpec(paper="letter", dpi=100, overlap=0.5), "Test")
    assert len(pages) == 12
    assert all(page.size == (1100, 850) for page in pages)
    assert count_near(pages[-1], "#c80000", (0, 0, 1100, 850)) == 100  # the corner is on the last tile
    assert all(count_near(page, "#c80000", (0, 0, 1100, 850)) == 0 for page in pages[:-1])


def test_pdf_pages_and_sizes() -> None:
    pages = []
    for size, colour in (((850, 1100), (255, 255, 255)), ((1100, 850), (0, 0, 0))):
        page = Drawing(size, 100)
        page.picture(Image.new("RGB", size, colour))
        pages.append(page)
    data = pdf_of_drawings(pages, "t")
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    reader = PdfReader(io.BytesIO(data))
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    assert sizes == [(612.0, 792.0), (792.0, 612.0)]


def test_sheets_command_is_deterministic(tmp_path: Path) -> None:
    runner = CliRunner()
    game = str(SOURCE_DATA / "israel1948")
    for out in ("a", "b"):
        result = runner.invoke(cli, ["sheets", game, "-o", str(tmp_path / out), "--dpi", "100"])
        assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (tmp_path / "a" / "israel1948" / "sheets").iterdir())
    assert files == ["counters-sheet1-back.png", "counters-sheet1-front.png", "counters.pdf"]
    for name in files:
        assert (tmp_path / "a" / "israel1948" / "sheets" / name).read_bytes() == (
            tmp_path / "b" / "israel1948" / "sheets" / name
        ).read_bytes()


def test_several_games_give_the_same_files_as_one_at_a_time(tmp_path: Path) -> None:
    """`wgc sheets` encodes one game's pages while it renders the next; the files must not change."""
    runner = CliRunner()
    games = [str(SOURCE_DATA / "israel1948"), str(SOURCE_DATA / "lawrence")]
    result = runner.invoke(cli, ["sheets", *games, "-o", str(tmp_path / "together"), "--dpi", "72"])
    assert result.exit_code == 0, result.output
    for game in games:
        result = runner.invoke(cli, ["sheets", game, "-o", str(tmp_path / "alone"), "--dpi", "72"])
        assert result.exit_code == 0, result.output

    def outputs(folder: Path) -> list[Path]:  # the drawings cache (.cache) is not an output
        return sorted(p.relative_to(folder) for p in folder.rglob("*.*") if ".cache" not in p.parts)

    together, alone = outputs(tmp_path / "together"), outputs(tmp_path / "alone")
    assert together == alone and any(p.name == "cards.pdf" for p in together)
    for path in together:
        assert (tmp_path / "together" / path).read_bytes() == (tmp_path / "alone" / path).read_bytes(), path


def test_card_wrap_by_words_equals_wrap_by_whole_lines() -> None:
    """The fast wrap sums word lengths; it must break every card text where measuring the whole
    candidate line does."""
    d = definition("lawrence")
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    texts = [section.text for deck in d.decks for card in deck.cards for section in card.sections]
    assert texts
    for size in range(6, 60, 3):
        chosen = font(size)
        for text in texts:
            for width in (size * 8.0, size * 15.0, size * 23.5):
                assert _wrap(draw, text, chosen, width) == _wrap_measuring_lines(draw, text, chosen, width)


def test_sheet_options_are_checked(tmp_path: Path) -> None:
    runner = CliRunner()
    game = str(SOURCE_DATA / "israel1948")
    assert runner.invoke(cli, ["sheets", game, "--size", "big"]).exit_code == 2
    assert runner.invoke(cli, ["sheets", game, "--paper", "a9"]).exit_code == 2
    assert runner.invoke(cli, ["sheets", game, "--size", "12in", "-o", str(tmp_path)]).exit_code == 2


def test_map_command_writes_png_and_pdf(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["map", str(SOURCE_DATA / "israel1948"), "-o", str(tmp_path), "--dpi", "60"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "israel1948" / "map" / "map.png").exists()
    assert (tmp_path / "israel1948" / "map" / "map.pdf").read_bytes().startswith(b"%PDF")


def test_print_order_groups_sides_then_markers(israel: ValidGame) -> None:
    order = print_order(israel)
    sides = [c.side for c in order if c.is_unit]
    assert sides == sorted(sides, key=["israeli", "arab"].index)
    first_token = next(i for i, c in enumerate(order) if not c.is_unit)
    assert all(not c.is_unit for c in order[first_token:])
