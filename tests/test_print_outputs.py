"""What a print shop gets, on every game in source_data/ (issue 31, "Print like a print shop
expects"): PDFs of real text and vector art (not one picture a page), every raster in them at
300 ppi or more, pages on stock paper, the map on a stock sheet with bleed and crop marks,
six poker cards a Letter page, sheets that say where to cut, PNGs that carry their DPI, and
the same bytes from two builds. The outputs are the ones `wgc build --also sheets --also map
--also aids` writes, read back with pypdf (content streams) and pypdfium2 (text, pixels)."""

from __future__ import annotations

import collections
import functools
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from compiler.build import BuildOptions, build
from compiler.output.pdf import pdf_of_drawings
from compiler.output.stock import BLEED_IN, SLUG_IN, STOCK_IN, stock_sheet
from compiler.pipeline import validate_game
from compiler.render.board import render_board
from compiler.render.canvas import Drawing, Inset
from compiler.render.chart_content import game_charts
from compiler.render.charts import render_chart
from compiler.render.fonts import DrawnText, RecordingDraw, font
from compiler.render.images import png_dpi
from compiler.render.sheets import SheetSpec, render_card_sheets
from rules_engine.definitions import ValidGame

from .conftest import GAMES, SOURCE_DATA
from .pdf_reading import box_inches, pdf_pages

STOCK = {(round(w, 2), round(h, 2)) for _, w, h in STOCK_IN} | {
    (round(h, 2), round(w, 2)) for _, w, h in STOCK_IN
}
LETTER = {(8.5, 11.0), (11.0, 8.5)}


_BUILT: dict[str, Path] = {}


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every game's print outputs, built twice (into "a" and "b") for the tests that read them."""
    if not _BUILT:
        for run in ("a", "b"):
            out = tmp_path_factory.mktemp(f"print-{run}")
            games = [SOURCE_DATA / g for g in GAMES]
            result = build(games, ("sheets", "map", "aids"), out, BuildOptions(run_replays=False))
            assert result.ok, [
                d.message for r in result.reports for d in r.diagnostics if d.severity == "error"
            ]
            _BUILT[run] = out
    return _BUILT


def built(run: str) -> Path:
    return _BUILT[run]


@functools.cache
def game(name: str) -> ValidGame:
    valid = validate_game(SOURCE_DATA / name, run_replays=False).valid
    assert valid is not None
    return valid


def game_id(name: str) -> str:
    return game(name).game.id


def pdfs(name: str) -> list[Path]:
    folder = built("a") / game_id(name)
    return sorted(folder.rglob("*.pdf"))


def _page_inches(reader: PdfReader, number: int) -> tuple[float, float]:
    box = reader.pages[number].mediabox
    return round(float(box.width) / 72, 2), round(float(box.height) / 72, 2)


VECTOR_OUTPUTS = ("aids.pdf", "cards.pdf", "map.pdf", "map-sheet.pdf")


@pytest.mark.parametrize("name", GAMES)
def test_aids_cards_and_maps_are_text_and_vector_art(name: str, outputs: dict[str, Path]) -> None:
    """Each page of the aids, the card sheets and both maps shows text (as text, in an embedded
    face, extractable) and paths, not one flattened picture."""
    checked = [p for p in pdfs(name) if p.name in VECTOR_OUTPUTS]
    assert {"aids.pdf", "map.pdf", "map-sheet.pdf"} <= {p.name for p in checked}
    for path in checked:
        _, pages = pdf_pages(path)
        document = pdfium.PdfDocument(path)
        for number, paint in enumerate(pages):
            assert paint.texts > 3 and paint.paths >= 1, (path.name, number, paint.texts, paint.paths)
            text = document[number].get_textpage().get_text_range()
            assert len(text.split()) >= 3, (path.name, number, text[:80])
    title = game(name).game.title.split(" - ")[0].split(":")[0]
    aids = pdfium.PdfDocument(built("a") / game_id(name) / "aids" / "aids.pdf")
    assert title in aids[0].get_textpage().get_text_range()


@pytest.mark.parametrize("name", GAMES)
def test_every_raster_in_a_pdf_prints_at_300_ppi_or_more(name: str, outputs: dict[str, Path]) -> None:
    """Grounds, counter faces on charts and maps, counter sheets: no picture prints coarser
    than 300 ppi (a designer's own board image excepted: it is what it is, and warned of)."""
    for path in pdfs(name):
        _, pages = pdf_pages(path)
        for number, paint in enumerate(pages):
            for image in paint.images:
                if image.width_px <= 2 or image.height_px <= 2:
                    continue  # a flat colour stretched (an edge's bleed corner)
                assert image.ppi >= 299.5, (path.name, number, image)


@pytest.mark.parametrize("name", GAMES)
def test_pages_are_stock_paper_and_the_map_sheet_is_trimmed_from_stock(
    name: str, outputs: dict[str, Path]
) -> None:
    """Aids, sheets and map tiles are Letter; map-sheet.pdf is a stock sheet (its TrimBox) with
    a bleed of 1/8 in and room outside for the crop marks, the map on it at its own scale."""
    folder = built("a") / game_id(name)
    for path in pdfs(name):
        reader = PdfReader(path)
        for number in range(len(reader.pages)):
            if path.name != "map-sheet.pdf":
                assert _page_inches(reader, number) in LETTER, (path.name, number)
    sheet = PdfReader(folder / "map" / "map-sheet.pdf").pages[0]
    left, bottom, right, top = box_inches(sheet.trimbox)
    trim = (round(right - left, 2), round(top - bottom, 2))
    assert trim in STOCK, trim
    bleed = box_inches(sheet.bleedbox)
    assert bleed == pytest.approx((left - BLEED_IN, bottom - BLEED_IN, right + BLEED_IN, top + BLEED_IN))
    media = box_inches(sheet.mediabox)
    assert media == pytest.approx((0, 0, trim[0] + 2 * SLUG_IN, trim[1] + 2 * SLUG_IN))
    board = Image.open(folder / "map" / "map.png")
    dpi = png_dpi((folder / "map" / "map.png").read_bytes())
    assert dpi is not None
    assert stock_sheet(board.width / dpi, board.height / dpi).width in trim
    words = pdfium.PdfDocument(folder / "map" / "map-sheet.pdf")[0].get_textpage().get_text_range()
    assert "Trim at the crop marks" in words


def test_stock_sheets_are_the_smallest_that_hold_the_map() -> None:
    """Battle for Moscow's one-sheet (10.11 x 15.55 in) goes on Tabloid, Waterloo's (18.56 x
    20.7 in) on 22 x 34 in, a tabloid map stays tabloid, Jerusalem! stays 34 x 22 in."""
    assert (stock_sheet(10.11, 15.55).name, stock_sheet(18.56, 20.7).name) == ("Tabloid", "22 x 34 in")
    assert (stock_sheet(11.0, 17.0).width, stock_sheet(34.0, 22.0).width) == (11.0, 34.0)
    assert stock_sheet(8.0, 10.0).name == "Letter" and stock_sheet(16.3, 11.5).name == "A3"
    assert stock_sheet(16.0, 12.0).name == "A2"  # A3 is 11.69 in short
    assert stock_sheet(40.0, 30.0).width == 40.0  # larger than any stock: its own size


def test_a_map_too_large_to_print_at_300_ppi_prints_at_the_finest_that_fits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map that validates builds its print outputs: where its ground at 300 ppi would pass the
    pixels wgc draws (here a limit lowered to 8 M, so Vallon's 4.2 M pixels at 150 dpi would
    be 16.8 M), the ground prints at the finest resolution inside it, and a warning says so."""
    from compiler.diagnostics import codes
    from compiler.presentation import limits

    monkeypatch.setattr(limits, "MAX_BOARD_PIXELS", 8_000_000)
    result = build([SOURCE_DATA / "vallon"], ("map",), tmp_path, BuildOptions(run_replays=False))
    report = result.reports[0]
    assert result.ok, [d.message for d in report.diagnostics if d.severity == "error"]
    (coarse,) = [d for d in report.diagnostics if d.code == codes.MAP_PRINT_RESOLUTION]
    assert "prints at 203 ppi, not 300" in coarse.message and coarse.file == "map.json"
    for pdf in ("map.pdf", "map-sheet.pdf"):
        _, pages = pdf_pages(tmp_path / "vallon" / "map" / pdf)
        ground = max((i for page in pages for i in page.images), key=lambda i: i.width_px * i.height_px)
        assert ground.ppi == pytest.approx(203, abs=0.5), pdf


@pytest.mark.parametrize("name", [g for g in GAMES if game(g).decks])
def test_card_sheets_hold_six_poker_cards_a_letter_page(name: str) -> None:
    """Each cell is a poker card (2.5 x 3.5 in) plus its bleed, three across and two down inside
    a Letter page, and a deck of six or more fills a page with six."""
    spec = SheetSpec()
    pages = render_card_sheets(game(name), spec)
    assert pages is not None
    grid = pages.grid
    assert (grid.columns, grid.rows) == (3, 2)
    bleed_in = 2 * spec.bleed
    assert (grid.cell_width / spec.dpi, grid.cell_height / spec.dpi) == pytest.approx(
        (2.5 + bleed_in, 3.5 + bleed_in), abs=1 / spec.dpi
    )
    width, height = (round(v * spec.dpi) for v in (8.5, 11.0))
    assert pages.spec.page_px == (width, height)
    assert grid.left > 0 and grid.left + 3 * grid.cell_width < width
    assert grid.top + 2 * grid.cell_height < height
    per_page = collections.Counter(p.sheet for p in pages.placements)
    decks = collections.Counter(p.item.group for p in pages.placements)
    assert max(per_page.values()) == 6 or max(decks.values()) < 6, per_page


@pytest.mark.parametrize("name", GAMES)
def test_sheets_say_which_lines_to_cut(name: str, outputs: dict[str, Path]) -> None:
    folder = built("a") / game_id(name) / "sheets"
    for path in sorted(folder.glob("*.pdf")):
        document = pdfium.PdfDocument(path)
        for number in range(len(document)):
            text = " ".join(document[number].get_textpage().get_text_range().split())
            assert "Cut on the thin grey lines" in text and "bleed" in text, (path.name, number)


@pytest.mark.parametrize("name", GAMES)
def test_the_pdfs_backs_lie_behind_their_fronts(name: str, outputs: dict[str, Path]) -> None:
    """In counters.pdf each back page's faces are the front's mirrored across the page's centre
    line, within a pixel at 300 ppi, so a long-edge duplex print registers (card sheets: below);
    and each face is placed with its bleed, the counter plus 1/16 in a side."""
    spec = SheetSpec()
    cell_in = spec.counter + 2 * spec.bleed
    for path in [built("a") / game_id(name) / "sheets" / "counters.pdf"]:
        reader, pages = pdf_pages(path)
        width = float(reader.pages[0].mediabox.width) / 72
        for front, back in zip(pages[0::2], pages[1::2], strict=True):
            for face in front.images + back.images:
                assert abs(face.width_in - cell_in) <= 1 / 300, (path.name, face)
                assert abs(face.height_in - cell_in) <= 1 / 300, (path.name, face)
            fronts = sorted(
                (round(width - i.left_in - i.width_in, 3), round(i.top_in, 3)) for i in front.images
            )
            backs = sorted((round(i.left_in, 3), round(i.top_in, 3)) for i in back.images)
            assert fronts and len(fronts) == len(backs), path.name
            for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
                assert abs(fx - bx) <= 1 / 300 and abs(fy - by) <= 1 / 300, (path.name, fx, bx)


@pytest.mark.parametrize("name", [g for g in GAMES if game(g).decks])
def test_card_backs_lie_behind_their_fronts(name: str) -> None:
    """A card sheet's back page places each card where the front's mirror image puts it."""
    pages = render_card_sheets(game(name), SheetSpec())
    assert pages is not None
    width = pages.spec.page_px[0]
    for sheet in range(pages.sheets):
        fronts, backs = (
            sorted(
                (i.x, i.y, i.drawing.size[0])
                for i in pages.page_drawing(sheet, side)[1].items
                if isinstance(i, Inset)
            )
            for side in ("front", "back")
        )
        assert fronts and sorted((width - x - w, y, w) for x, y, w in fronts) == backs


@pytest.mark.parametrize("name", GAMES)
def test_pngs_carry_their_dpi(name: str, outputs: dict[str, Path]) -> None:
    folder = built("a") / game_id(name)
    pngs = sorted(folder.rglob("*.png"))
    assert pngs
    for path in pngs:
        dpi = png_dpi(path.read_bytes())
        expected = 150 if path.name == "map.png" else 300
        assert dpi == pytest.approx(expected, abs=0.05), path.name  # pixels a metre: whole numbers
        assert Image.open(path).info["dpi"][0] == pytest.approx(expected, abs=0.05)


@pytest.mark.parametrize("name", GAMES)
def test_two_builds_write_the_same_bytes(name: str, outputs: dict[str, Path]) -> None:
    first, second = built("a") / game_id(name), built("b") / game_id(name)
    files = sorted(
        p.relative_to(first) for p in first.rglob("*") if p.is_file() and p.suffix in (".pdf", ".png")
    )
    assert files and files == sorted(
        p.relative_to(second) for p in second.rglob("*") if p.is_file() and p.suffix in (".pdf", ".png")
    )
    for relative in files:
        assert (first / relative).read_bytes() == (second / relative).read_bytes(), relative


# --- the vector form shows what the pixels show -------------------------------------------------


def _pdf_of(drawing: Drawing) -> pdfium.PdfPage:
    return pdfium.PdfDocument(pdf_of_drawings([drawing], "t"))[0]


def _rendered(drawing: Drawing) -> Image.Image:
    image = _pdf_of(drawing).render(scale=drawing.dpi / 72).to_pil().convert("RGB")
    return image.resize(drawing.size) if image.size != drawing.size else image


def _difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """How two images differ, cell by cell (8 x 8 pixels, each its average colour): the mean and
    the largest difference, 0 to 255. Pillow and PDFium set type and smooth edges a little
    differently (Pillow hints glyphs to the pixel grid), which stays under 3 and about 55; a
    shape, a picture or a ground left out does not."""
    size = (max(1, a.width // 8), max(1, a.height // 8))
    cells = ImageChops.difference(a.resize(size, Image.Resampling.BOX), b.resize(size, Image.Resampling.BOX))
    return max(ImageStat.Stat(cells).mean), max(high for _, high in cells.getextrema())


def _looks_alike(drawing: Drawing, image: Image.Image) -> None:
    mean, cell = _difference(_rendered(drawing), image)
    assert mean < 4 and cell < 90, (mean, cell)


def _squeezed(text: str) -> str:
    return "".join(text.split())


def _every_string_is_text(drawing: Drawing, texts: list[DrawnText]) -> None:
    """Every string the painter drew is text in the PDF, in the order of its letters."""
    found = _squeezed(_pdf_of(drawing).get_textpage().get_text_range())
    missing = [t.text for t in texts if _squeezed(t.text) not in found]
    assert not missing, missing[:5]


@pytest.mark.parametrize("name", GAMES)
def test_the_maps_drawing_is_its_pixels_and_its_words_text(name: str) -> None:
    """The board's drawing, played back as PDF and rendered, is its pixels: nothing the painter
    draws is missing from the vector form; and each of its strings is text."""
    art = render_board(game(name), 60, record=True)
    for board in [art, *art.aid_sheets]:
        assert board.drawing is not None
        assert board.drawing.size == board.image.size
        _looks_alike(board.drawing, board.image)
        _every_string_is_text(board.drawing, board.texts)


def test_jerusalems_aid_sheet_prints_on_a_page_of_its_own(outputs: dict[str, Path]) -> None:
    """Jerusalem!'s hexes fill its 22 x 34 in sheet (issue 30, item 7), so its CRT and leaders
    go on an aid sheet: in print a tabloid page of its own after the map's, the map's ground
    still 34 x 22 in at 300 ppi (the two in one picture would pass the pixels wgc draws, and
    printed at 291 ppi)."""
    art = render_board(game("jerusalem"), 60, record=True)
    assert (art.image.width / 60, art.image.height / 60) == pytest.approx((34.0, 22.0), abs=0.02)
    assert len(art.aid_sheets) == 1
    sheet = art.aid_sheets[0]
    assert (sheet.image.width / 60, sheet.image.height / 60) == (17.0, 11.0)
    folder = built("a") / game_id("jerusalem") / "map"
    reader = PdfReader(folder / "map-sheet.pdf")
    assert len(reader.pages) == 2
    trims = [box_inches(page.trimbox) for page in reader.pages]
    assert [(round(r - lt, 2), round(t - b, 2)) for lt, b, r, t in trims] == [(34.0, 22.0), (17.0, 11.0)]
    words = pdfium.PdfDocument(folder / "map-sheet.pdf")[1].get_textpage().get_text_range()
    assert "aid sheet 1 of 1" in words
    assert (folder / "aid-sheet-1.png").exists()


@pytest.mark.parametrize("name", GAMES)
def test_each_charts_drawing_is_its_pixels_and_its_words_text(name: str) -> None:
    for chart in game_charts(game(name)):
        rendered = render_chart(chart, 7.5, 100, record=True)
        assert rendered.drawing is not None
        _looks_alike(rendered.drawing, rendered.image)
        _every_string_is_text(rendered.drawing, rendered.texts)


@pytest.mark.parametrize("name", [g for g in GAMES if game(g).decks])
def test_card_pages_drawings_are_their_pixels(name: str) -> None:
    pages = render_card_sheets(game(name), SheetSpec(dpi=100))
    assert pages is not None
    for sheet in range(pages.sheets):
        for side in ("front", "back"):
            image, drawing = pages.page_drawing(sheet, side)
            assert drawing is not None
            _looks_alike(drawing, image)


def test_a_missing_shape_or_string_is_seen() -> None:
    """The checks above can fail: a drawing that lost a filled box differs from its pixels, and
    one that lost a string lacks its text."""
    image = Image.new("RGB", (300, 200), "white")
    drawing = Drawing(image.size, 100, (255, 255, 255))
    canvas = RecordingDraw(image, drawing)
    canvas.rectangle((20, 20, 120, 120), fill="#2d4f6b")
    canvas.text((150, 60), "G13", font=font(40), fill="black")
    _looks_alike(drawing, image)
    _every_string_is_text(drawing, canvas.texts)
    box = drawing.items[0]
    drawing.items.remove(box)
    with pytest.raises(AssertionError):
        _looks_alike(drawing, image)
    drawing.items[:] = [box]
    with pytest.raises(AssertionError):
        _every_string_is_text(drawing, canvas.texts)


def test_a_module_build_never_loads_the_pdf_library(tmp_path: Path) -> None:
    """ReportLab is the print back ends' own: `wgc build` of a module does not import it."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from compiler.build import BuildOptions, build\n"
        f"build([Path({str(SOURCE_DATA / 'israel1948')!r})], ('module',), Path({str(tmp_path)!r}),"
        " BuildOptions(run_replays=False))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'rl_accel')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    assert (tmp_path / "israel1948.vmod").exists()
