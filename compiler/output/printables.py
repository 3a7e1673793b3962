"""Write print-and-play outputs: counter sheets and maps as PDF and PNG, atomically."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from compiler.output.atomic import write_bytes_atomic
from compiler.output.pdf import pdf_from_pngs
from compiler.render.board import render_board
from compiler.render.sheets import SheetSpec, render_counter_sheets
from compiler.render.tiles import TileSpec, tile
from rules_engine.definitions import GameDefinition


def png_bytes(image: Image.Image, compression: int = 6) -> bytes:
    """PNG without timestamps or other varying chunks, so builds repeat byte for byte."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compression)
    return buffer.getvalue()


def write_counter_sheets(definition: GameDefinition, spec: SheetSpec, folder: Path) -> list[Path]:
    pages = render_counter_sheets(definition, spec)
    title = (definition.game.title if definition.game else "counters") + " - counters"
    written, encoded = [], []
    for index, (front, back) in enumerate(zip(pages.fronts, pages.backs, strict=True), start=1):
        for side, image in (("front", front), ("back", back)):
            path = folder / f"counters-sheet{index}-{side}.png"
            encoded.append(png_bytes(image))
            write_bytes_atomic(path, encoded[-1])
            written.append(path)
    pdf = folder / "counters.pdf"
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
