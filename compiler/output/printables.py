"""Write print-and-play outputs: counter sheets and maps as PDF and PNG, atomically."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import pdf_from_pngs
from compiler.render.board import render_board
from compiler.render.sheets import SheetPages, SheetSpec, render_card_sheets, render_counter_sheets
from compiler.render.tiles import TileSpec, tile
from rules_engine.definitions import GameDefinition


def png_bytes(image: Image.Image, compression: int = 6) -> bytes:
    """PNG without timestamps or other varying chunks, so builds repeat byte for byte."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compression)
    return buffer.getvalue()


def write_counter_sheets(definition: GameDefinition, spec: SheetSpec, folder: Path) -> list[Path]:
    """counters.pdf (fronts and backs interleaved) and a PNG per page; cards.pdf too for card games."""
    written = _write_pages(
        render_counter_sheets(definition, spec),
        spec,
        folder,
        "counters",
        (definition.game.title if definition.game else "Game") + " - counters",
    )
    cards = render_card_sheets(definition, spec)
    if cards is not None:
        written += _write_pages(
            cards, spec, folder, "cards", (definition.game.title if definition.game else "Game") + " - cards"
        )
    return written


def _write_pages(pages: SheetPages, spec: SheetSpec, folder: Path, stem: str, title: str) -> list[Path]:
    written, encoded = [], []
    for index, (front, back) in enumerate(zip(pages.fronts, pages.backs, strict=True), start=1):
        for side, image in (("front", front), ("back", back)):
            path = folder / f"{stem}-sheet{index}-{side}.png"
            encoded.append(png_bytes(image))
            write_bytes_atomic(path, encoded[-1])
            written.append(path)
    pdf = folder / f"{stem}.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs(encoded, spec.dpi, title))
    return [pdf, *written]


def write_map(definition: GameDefinition, folder: Path, dpi: int = 150, paper: str = "letter") -> list[Path]:
    art = render_board(definition, dpi)
    title = (definition.game.title if definition.game else "map") + " - map"
    png = folder / "map.png"
    write_bytes_atomic(png, png_bytes(art.image))
    pages = tile(art.image, TileSpec(paper=paper, dpi=dpi), title)
    pdf = folder / "map.pdf"
    write_bytes_atomic(pdf, pdf_from_pngs([png_bytes(page) for page in pages], dpi, title))
    return [png, pdf]
