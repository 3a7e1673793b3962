"""Write print-and-play outputs: counter sheets and maps as PDF and PNG, atomically.

At print resolution most of the time goes into PNG encoding, and zlib releases
the GIL (``compiler.render.images``). So pages are encoded on a small thread pool
while the main thread draws the next page. Sheets go page by page: a page is
drawn, encoded, written as a PNG and into the PDF (which is streamed to disk),
then let go, so memory holds a few pages whatever the number of counters. The
bytes are the same as encoding the pages one by one.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from compiler.output.atomic import open_atomic, write_bytes_atomic
from compiler.output.pdf import PdfWriter, pdf_from_pngs
from compiler.render.art import BoardArt
from compiler.render.board import render_board
from compiler.render.images import pixel_bytes, png_bytes
from compiler.render.sheets import SheetPages, SheetSpec, render_card_sheets, render_counter_sheets
from compiler.render.tiles import TileSpec, tile
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
    such page at a time."""
    written: list[Path] = []
    waiting: deque[tuple[Path, int, Future[bytes], str | None]] = deque()
    pdf_path = folder / f"{stem}.pdf"
    with open_atomic(pdf_path) as stream:
        pdf = PdfWriter(stream, pages.spec.dpi, pages.title)

        def write_oldest() -> None:
            path, _, encoded, key = waiting.popleft()
            data = encoded.result()
            if key is not None and cache is not None:
                cache.put(key, data)
            write_bytes_atomic(path, data)
            pdf.add_png(data)
            written.append(path)

        for sheet in range(pages.sheets):
            for side in ("front", "back"):
                path = folder / f"{stem}-sheet{sheet + 1}-{side}.png"
                key = cache.key(*pages.page_inputs(sheet, side)) if cache is not None else None
                found = cache.get(key) if cache is not None and key is not None else None
                if found is not None:
                    waiting.append((path, 0, _finished(found), None))
                else:
                    waiting.append((path, *_drawn(pool, pages, sheet, side, cache), key))
                while sum(size for _, size, _, _ in waiting) > IN_FLIGHT_BYTES:
                    write_oldest()
        while waiting:
            write_oldest()
        pdf.close()
    return [pdf_path, *written]


def _drawn(
    pool: ThreadPoolExecutor, pages: SheetPages, sheet: int, side: str, cache: RenderCache | None
) -> tuple[int, Future[bytes]]:
    """A page drawn now and handed to the encoders: its size in memory, and its PNG to come."""
    image = pages.page(sheet, side)
    if cache is not None:
        cache.redrawn.append(f"{pages.title}: sheet {sheet + 1} {side}")
    size = pixel_bytes(image)
    return size, _encode(pool, image, inline=size > IN_FLIGHT_BYTES)


def _finished(data: bytes) -> Future[bytes]:
    done: Future[bytes] = Future()
    done.set_result(data)
    return done


def _encode(pool: ThreadPoolExecutor, image: Image.Image, inline: bool) -> Future[bytes]:
    """The page's PNG, on the pool; a page larger than the window is encoded here and now, so
    it is let go before the next page is drawn (a worker thread might hold it a moment longer)."""
    return pool.submit(png_bytes, image) if not inline else _finished(png_bytes(image))


SHEET_DPI = 300  # the one-sheet map, for a print shop


def write_map(
    definition: ValidGame,
    folder: Path,
    dpi: int = 150,
    paper: str = "letter",
    unplaced: list[str] | None = None,
    one_sheet: bool = False,
) -> list[Path]:
    """map.png and map.pdf tiled over pages of ``paper``; with ``one_sheet`` also map-sheet.pdf,
    the map on one page its own size (the sheet map.json gives: tabloid, A3, the book's) at
    ``SHEET_DPI``, for a print shop. Furniture that found no room is added to ``unplaced``. A
    board image prints at its own resolution, whatever ``dpi`` asks."""
    art = render_board(definition, dpi)
    if unplaced is not None:
        unplaced.extend(art.unplaced)
    title = (definition.game.title) + " - map"
    with _encoder() as pool:
        whole = pool.submit(png_bytes, art.image)  # encoded while the tiles are cut
        pages = list(pool.map(png_bytes, tile(art.image, TileSpec(paper=paper, dpi=art.dpi), title)))
        png = folder / "map.png"
        write_bytes_atomic(png, whole.result())
    pdf = folder / "map.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs(pages, art.dpi, title))
    if not one_sheet:
        return [png, pdf]
    return [png, pdf, _one_sheet(definition, art, folder, title)]


def _one_sheet(definition: ValidGame, art: BoardArt, folder: Path, title: str) -> Path:
    """The map on one page its own size: drawn again at ``SHEET_DPI`` (a board image keeps its
    own resolution), the PNG let go as soon as the PDF holds it."""
    printed = art
    if definition.board.image is None and art.dpi < SHEET_DPI:
        art.image = Image.new("RGB", (1, 1))  # the screen-resolution picture is written: let it go
        printed = render_board(definition, SHEET_DPI)
    pages = [png_bytes(page) for page in sheet_pages(printed)]
    path = folder / "map-sheet.pdf"
    write_bytes_atomic(path, pdf_from_pngs(pages, printed.dpi, title))
    return path


def sheet_pages(art: BoardArt) -> list[Image.Image]:
    """The board's printed sheets, each its own page: the map sheet, then each aid sheet the
    furniture with no room on it went to (Jerusalem!), cut where ``BoardArt.sheets`` says; the
    whole picture where it is one sheet."""
    if len(art.sheets) < 2:
        return [art.image]
    return [art.image.crop((round(r[0]), round(r[1]), round(r[2]), round(r[3]))) for r in art.sheets]
