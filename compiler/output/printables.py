"""Write print-and-play outputs: counter sheets and maps as PDF and PNG, atomically.

At print resolution most of the time goes into PNG encoding (zlib), and Pillow's
encoder releases the GIL. So pages are encoded on a small thread pool while the
main thread renders the next pages (a game's cards, the next game's counters).
The bytes are the same as encoding the pages one by one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import pdf_from_pngs
from compiler.render.board import render_board
from compiler.render.images import png_bytes
from compiler.render.sheets import SheetPages, SheetSpec, render_card_sheets, render_counter_sheets
from compiler.render.tiles import TileSpec, tile
from rules_engine.definitions import ValidGame

# One set of pages being encoded: file stem ("counters", "cards"), PDF title, PNGs in page order.
_Job = tuple[str, str, list[Future[bytes]]]


def _encoder() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1), thread_name_prefix="png")


def write_counter_sheets(definition: ValidGame, spec: SheetSpec, folder: Path) -> list[Path]:
    """counters.pdf (fronts and backs interleaved) and a PNG per page; cards.pdf too for card games."""
    return next(write_sheets([(definition, folder)], spec))


def write_sheets(games: Iterable[tuple[ValidGame, Path]], spec: SheetSpec) -> Iterator[list[Path]]:
    """write_counter_sheets for each (game, folder), yielding each game's files once written.
    A game's pages are encoded while the next game is rendered."""
    with _encoder() as pool:
        pending: tuple[list[_Job], Path] | None = None
        for definition, folder in games:
            jobs = _render_and_submit(pool, definition, spec)
            if pending is not None:
                yield _finish(*pending, spec)
            pending = jobs, folder
        if pending is not None:
            yield _finish(*pending, spec)


def _render_and_submit(pool: ThreadPoolExecutor, definition: ValidGame, spec: SheetSpec) -> list[_Job]:
    title = definition.game.title
    jobs = [("counters", f"{title} - counters", _encode(pool, render_counter_sheets(definition, spec)))]
    cards = render_card_sheets(definition, spec)
    if cards is not None:
        jobs.append(("cards", f"{title} - cards", _encode(pool, cards)))
    return jobs


def _encode(pool: ThreadPoolExecutor, pages: SheetPages) -> list[Future[bytes]]:
    """PNGs of the pages in file order: sheet 1 front, sheet 1 back, sheet 2 front ..."""
    return [pool.submit(png_bytes, image) for image in pages.interleaved()]


def _finish(jobs: list[_Job], folder: Path, spec: SheetSpec) -> list[Path]:
    written: list[Path] = []
    for stem, title, futures in jobs:
        written += _write_pages([future.result() for future in futures], spec, folder, stem, title)
    return written


def _write_pages(
    encoded: Sequence[bytes], spec: SheetSpec, folder: Path, stem: str, title: str
) -> list[Path]:
    written = []
    for index, data in enumerate(encoded):
        side = "front" if index % 2 == 0 else "back"
        path = folder / f"{stem}-sheet{index // 2 + 1}-{side}.png"
        write_bytes_atomic(path, data)
        written.append(path)
    pdf = folder / f"{stem}.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs(encoded, spec.dpi, title))
    return [pdf, *written]


def write_map(definition: ValidGame, folder: Path, dpi: int = 150, paper: str = "letter") -> list[Path]:
    art = render_board(definition, dpi)
    title = (definition.game.title) + " - map"
    with _encoder() as pool:
        whole = pool.submit(png_bytes, art.image)  # encoded while the tiles are cut
        pages = list(pool.map(png_bytes, tile(art.image, TileSpec(paper=paper, dpi=dpi), title)))
        png = folder / "map.png"
        write_bytes_atomic(png, whole.result())
    pdf = folder / "map.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs(pages, dpi, title))
    return [png, pdf]
