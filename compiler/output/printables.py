"""Write print-and-play outputs: counter sheets and maps as PDF and PNG, atomically.

At print resolution most of the time goes into PNG encoding, and zlib releases
the GIL (``compiler.render.images``). So pages are encoded on a small thread pool
while the main thread draws the next page. Sheets go page by page: a page is
drawn, encoded, written as a PNG and into the PDF (which is streamed to disk),
then let go, so memory holds a few pages whatever the number of counters. The
bytes are the same as encoding the pages one by one.
"""

from __future__ import annotations

import io
import math
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from compiler.diagnostics import Diagnostic, codes, warning
from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import PageBoxes, PdfDocument, pdf_of_drawings
from compiler.output.stock import sheet_page
from compiler.presentation import limits
from compiler.render.art import BoardArt
from compiler.render.board import render_board
from compiler.render.canvas import Drawing, colour_of
from compiler.render.images import pixel_bytes, png_bytes
from compiler.render.sheets import SheetPages, SheetSpec, render_card_sheets, render_counter_sheets
from compiler.render.tiles import TileSpec, tile_drawings
from rules_engine.definitions import ValidGame

if TYPE_CHECKING:
    from compiler.cache.store import RenderCache

IN_FLIGHT_BYTES = 40 * 1024 * 1024  # pixels of pages handed to the encoders and not yet written


def _encoder() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1), thread_name_prefix="png")


def write_counter_sheets(definition: ValidGame, spec: SheetSpec, folder: Path) -> list[Path]:
    """counters.pdf (fronts and backs interleaved) and a PNG per page; cards.pdf too for card games."""
    return next(write_sheets([(definition, folder)], spec))


CacheOf = Callable[[ValidGame], "RenderCache | None"]


def write_sheets(
    games: Iterable[tuple[ValidGame, Path]], spec: SheetSpec, cache_of: CacheOf = lambda game: None
) -> Iterator[list[Path]]:
    """write_counter_sheets for each (game, folder), yielding each game's files once written.
    A page whose inputs are unchanged comes from the game's cache (``cache_of``), which is then
    pruned to the pages this run used."""
    with _encoder() as pool:
        for definition, folder in games:
            cache = cache_of(definition)
            written = _write_pages(pool, render_counter_sheets(definition, spec), folder, "counters", cache)
            cards = render_card_sheets(definition, spec)
            if cards is not None:
                written += _write_pages(pool, cards, folder, "cards", cache)
            if cache is not None:
                cache.prune()
            yield written


def _write_pages(
    pool: ThreadPoolExecutor, pages: SheetPages, folder: Path, stem: str, cache: RenderCache | None
) -> list[Path]:
    """Each page drawn (or taken from the cache), encoded on the pool, written as PNG and into
    the PDF, then let go: at most ``IN_FLIGHT_BYTES`` of pages wait for the encoders while the
    next is drawn; a page larger than that is finished before the next, so memory holds one
    such page at a time. The PDF's pages are the pages' drawings (vector), so the PDF comes from
    the cache only as a whole, when no page changed; else every page is drawn again (a page whose
    PNG the cache holds is not encoded again)."""
    sides = [(sheet, side) for sheet in range(pages.sheets) for side in ("front", "back")]
    keys = [
        cache.key(*pages.page_inputs(sheet, side)) if cache is not None else None for sheet, side in sides
    ]
    pdf_key = cache.key("sheets pdf", stem, pages.title, tuple(keys)) if cache is not None else None
    pdf_path = folder / f"{stem}.pdf"
    paths = [folder / f"{stem}-sheet{sheet + 1}-{side}.png" for sheet, side in sides]
    if cache is not None and pdf_key is not None and all(cache.holds(k) for k in (pdf_key, *keys) if k):
        kept = _from_cache(cache, pdf_key, keys, pdf_path, paths)
        if kept is not None:
            return kept
    written: list[Path] = []
    waiting: deque[tuple[Path, int, Future[bytes], str | None]] = deque()
    out = io.BytesIO()
    pdf = PdfDocument(out, pages.title)

    def write_oldest() -> None:
        path, _, encoded, key = waiting.popleft()
        data = encoded.result()
        if key is not None and cache is not None:
            cache.put(key, data)
        write_bytes_atomic(path, data)
        written.append(path)

    for (sheet, side), key, path in zip(sides, keys, paths, strict=True):
        found = cache.get(key) if cache is not None and key is not None else None
        image, drawing = pages.page_drawing(sheet, side)
        pdf.add_drawing_page(drawing)
        if found is None:
            waiting.append((path, *_handed_over(pool, pages, image, sheet, side, cache), key))
        else:
            waiting.append((path, 0, _finished(found), None))
        while sum(size for _, size, _, _ in waiting) > IN_FLIGHT_BYTES:
            write_oldest()
    while waiting:
        write_oldest()
    pdf.close()
    write_bytes_atomic(pdf_path, out.getvalue())
    if cache is not None and pdf_key is not None:
        cache.put(pdf_key, out.getvalue())
    return [pdf_path, *written]


def _from_cache(
    cache: RenderCache, pdf_key: str, keys: list[str | None], pdf_path: Path, paths: list[Path]
) -> list[Path] | None:
    """The PDF and every page's PNG as the cache holds them, written; None if one is not to be
    trusted (then everything is drawn again)."""
    document = cache.get(pdf_key)
    if document is None:
        return None
    for key, path in zip(keys, paths, strict=True):
        data = cache.get(key) if key is not None else None
        if data is None:
            return None
        write_bytes_atomic(path, data)
    write_bytes_atomic(pdf_path, document)
    return [pdf_path, *paths]


def _handed_over(
    pool: ThreadPoolExecutor,
    pages: SheetPages,
    image: Image.Image,
    sheet: int,
    side: str,
    cache: RenderCache | None,
) -> tuple[int, Future[bytes]]:
    """A page just drawn, handed to the encoders: its size in memory, and its PNG to come."""
    if cache is not None:
        cache.redrawn.append(f"{pages.title}: sheet {sheet + 1} {side}")
    size = pixel_bytes(image)
    return size, _encode(pool, image, pages.spec.dpi, inline=size > IN_FLIGHT_BYTES)


def _finished(data: bytes) -> Future[bytes]:
    done: Future[bytes] = Future()
    done.set_result(data)
    return done


def _encode(pool: ThreadPoolExecutor, image: Image.Image, dpi: float, inline: bool) -> Future[bytes]:
    """The page's PNG, on the pool; a page larger than the window is encoded here and now, so
    it is let go before the next page is drawn (a worker thread might hold it a moment longer)."""
    if inline:
        return _finished(png_bytes(image, dpi=dpi))
    return pool.submit(png_bytes, image, 6, dpi)


PRINT_DPI = 300  # the printed maps' ground (tints, textures, relief) and any counter on them
FIT_MARGIN = 0.97  # a board's pixels grow with the square of its dpi, give or take rounding


def write_map(
    definition: ValidGame,
    folder: Path,
    dpi: int = 150,
    paper: str = "letter",
    unplaced: list[str] | None = None,
    one_sheet: bool = True,
    warnings: list[Diagnostic] | None = None,
) -> list[Path]:
    """map.png at ``dpi``; map.pdf, the map tiled over pages of ``paper``; and map-sheet.pdf,
    the map on the smallest stock sheet that holds it, with bleed and crop marks, for a print
    shop (``one_sheet``). Both PDFs are the map's drawing: lines and type as vectors over its
    ground at ``PRINT_DPI`` (or, for a map too large to draw there, the finest resolution that
    fits, said in ``warnings``). Furniture that found no room is added to ``unplaced``. A
    board image prints at its own resolution, whatever ``dpi`` asks."""
    art = render_board(definition, dpi, record=dpi == PRINT_DPI)
    if unplaced is not None:
        unplaced.extend(art.unplaced)
    title = (definition.game.title) + " - map"
    png = folder / "map.png"
    write_bytes_atomic(png, png_bytes(art.image, dpi=art.dpi))
    if art.drawing is not None:
        printed = art
    else:
        drawn = _map_size(art)  # aid sheets print on pages of their own: the map's ground alone
        finest = PRINT_DPI if definition.board.image is not None else print_dpi(drawn, art.dpi)
        art.image = Image.new("RGB", (1, 1))  # written: let it go before the finer board is drawn
        printed = render_board(definition, finest, record=True)
        if finest < PRINT_DPI and warnings is not None:
            warnings.append(_coarse_ground(definition, drawn, art.dpi, finest))
    written = [png, *_aid_sheet_pngs(printed, folder)]
    pdf = folder / "map.pdf"
    spec = TileSpec(paper=paper, dpi=printed.dpi)
    tiles = [
        page
        for board, name in _printed_boards(printed, title)
        for page in tile_drawings(_drawn(board), spec, name)
    ]
    write_bytes_atomic(pdf, pdf_of_drawings(tiles, title))
    if not one_sheet:
        return [*written, pdf]
    return [*written, pdf, _stock_sheet(printed, folder, title)]


def _map_size(art: BoardArt) -> tuple[int, int]:
    """The map's own pixels in the board's picture (on the screen, aid sheets lie under it)."""
    if not art.sheets:
        return art.image.size
    left, top, right, bottom = art.sheets[0]
    return math.ceil(right - left), math.ceil(bottom - top)


def _printed_boards(printed: BoardArt, title: str) -> list[tuple[BoardArt, str]]:
    """The map, then each aid sheet (a page of its own), with the title each prints under."""
    sheets = printed.aid_sheets
    return [(printed, title)] + [
        (sheet, f"{title}, aid sheet {n + 1} of {len(sheets)}") for n, sheet in enumerate(sheets)
    ]


def _drawn(board: BoardArt) -> Drawing:
    assert board.drawing is not None, "a board painted for print keeps its drawing"
    return board.drawing


def _aid_sheet_pngs(printed: BoardArt, folder: Path) -> list[Path]:
    """aid-sheet-N.png: each aid sheet as printed (map.png at the print resolution is the map alone)."""
    paths = []
    for number, sheet in enumerate(printed.aid_sheets):
        path = folder / f"aid-sheet-{number + 1}.png"
        write_bytes_atomic(path, png_bytes(sheet.image, dpi=sheet.dpi))
        paths.append(path)
    return paths


def print_dpi(size: tuple[int, int], dpi: float) -> int:
    """The resolution a board ``size`` pixels at ``dpi`` is drawn at for print: ``PRINT_DPI``,
    unless the board would be more pixels there than wgc draws (``limits.MAX_BOARD_PIXELS``);
    then the finest that stays inside (never coarser than ``dpi``, which was drawn)."""
    pixels = size[0] * size[1] * (PRINT_DPI / dpi) ** 2
    if pixels <= limits.MAX_BOARD_PIXELS * FIT_MARGIN:
        return PRINT_DPI
    fits = math.floor(dpi * math.sqrt(limits.MAX_BOARD_PIXELS * FIT_MARGIN / (size[0] * size[1])))
    return max(math.ceil(dpi), min(PRINT_DPI, fits))


def _coarse_ground(definition: ValidGame, drawn: tuple[int, int], dpi: float, finest: int) -> Diagnostic:
    """The warning that the map's ground prints coarser than ``PRINT_DPI`` (the board was ``drawn``
    pixels at ``dpi``), said where the map's size is set."""
    board = definition.board
    where = board.origin.child("grid") if board.grid is not None else board.origin.child("size")
    width, height = (round(v * PRINT_DPI / dpi) for v in drawn)
    return warning(
        codes.MAP_PRINT_RESOLUTION,
        f"the map's ground (tints, textures, hill shading) prints at {finest} ppi, not {PRINT_DPI}: "
        f"at {PRINT_DPI} the board would be {width:,} x {height:,} pixels, more than the "
        f"{limits.MAX_BOARD_PIXELS / 1e6:.0f} M wgc draws; its lines and type stay vector",
        where.file,
        where.pointer,
        hint=f"a map of at most {limits.MAX_BOARD_PIXELS / PRINT_DPI**2:,.0f} in², furniture included, "
        f"prints its ground at {PRINT_DPI} ppi",
    )


def _stock_sheet(printed: BoardArt, folder: Path, title: str) -> Path:
    """map-sheet.pdf: the map on its stock sheet, then each aid sheet on its own, each page the
    trim plus a margin for the bleed, the crop marks and a note; the trim and bleed boxes say
    where they are."""
    out = io.BytesIO()
    document = PdfDocument(out, title)
    for board, name in _printed_boards(printed, title):
        ground = colour_of(board.image.getpixel((0, 0))) or (255, 255, 255)
        page = sheet_page(_drawn(board), board.image, ground, name)
        document.add_drawing_page(page.drawing, page.size, boxes=PageBoxes(page.trim, page.bleed))
    document.close()
    path = folder / "map-sheet.pdf"
    write_bytes_atomic(path, out.getvalue())
    return path
