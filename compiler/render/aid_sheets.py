"""Sheets of their own for the furniture a map's sheet has no room for.

A print layout never changes the game: no hex leaves play to make room for a track or
a table. Where the hexes in play fill the book's sheet (Jerusalem!'s 50 x 27 hexes on its
22 x 34 in map), the Orders of Battle, tracks and tables go on aid sheets of a stock size
(tabloid, 17 x 11 in, or 11 x 17 in under a narrow map), laid under the map sheet in the
board's picture, so the module shows them beside the map and the print kit prints each
sheet on its own. ``BoardArt.sheets`` says where each sheet is.
"""

from __future__ import annotations

import math

from PIL import Image

from compiler.presentation.limits import check_board_pixels
from compiler.render.art import BoardArt, Rect
from compiler.render.fonts import RecordingDraw, font
from compiler.render.furniture import INK, Block, Ink, describe_block
from compiler.render.placement import FreeSpace, Placed, place_free, placing_step
from rules_engine.definitions import Origin

TABLOID_IN = (17.0, 11.0)
SHEET_GAP_IN = 0.5  # between two sheets of the board's picture: where the cut falls
HEADING_IN = 0.45  # the band at the head of an aid sheet for its title
EDGE_IN = 0.3  # furniture keeps this far from an aid sheet's edge
GAP_FILL = "#d6d1c4"  # the table the sheets lie on, between them
SHEET_PAPER = "#fbf8f0"


def aid_sheet_inches(map_width_in: float) -> tuple[float, float]:
    """Tabloid landscape under a map at least as wide, else tabloid portrait."""
    return TABLOID_IN if map_width_in >= TABLOID_IN[0] else (TABLOID_IN[1], TABLOID_IN[0])


def pack_aid_sheets(
    blocks: list[Block], sheet_in: tuple[float, float]
) -> tuple[list[list[Placed]], list[Block]]:
    """The blocks packed on as few aid sheets as hold them (each snug against the others, as on
    a map); the blocks too large for any sheet are returned apart."""
    width, height = sheet_in
    sheets: list[list[Placed]] = []
    remaining = list(blocks)
    while remaining:
        free = FreeSpace(width, height, step=placing_step(width, height))
        free.take((0.0, 0.0, width, HEADING_IN))
        order = sorted(remaining, key=lambda b: -b.size()[0] * b.size()[1])
        placed, remaining = place_free(free, [(block, "snug") for block in order], EDGE_IN)
        if not placed:
            break
        sheets.append(placed)
    return sheets, remaining


def add_aid_sheets(ink: Ink, art: BoardArt, blocks: list[Block], heading: str, origin: Origin) -> Ink:
    """The blocks drawn on aid sheets under the board's picture, which grows to hold them; the
    Ink to go on drawing with (its picture is the grown one). Blocks too large for an aid sheet
    go to ``art.unplaced``."""
    dpi = ink.dpi
    map_width, map_height = art.image.width, art.image.height
    if not art.sheets:
        art.sheets.append((0.0, 0.0, float(map_width), float(map_height)))
    sheet_in = aid_sheet_inches(map_width / dpi)
    sheets, too_large = pack_aid_sheets(blocks, sheet_in)
    art.unplaced += [describe_block(block) for block in too_large]
    if not sheets:
        return ink
    across = max(1, math.floor((map_width / dpi + SHEET_GAP_IN) / (sheet_in[0] + SHEET_GAP_IN)))
    rows = math.ceil(len(sheets) / across)
    step_x, step_y = (sheet_in[0] + SHEET_GAP_IN) * dpi, (sheet_in[1] + SHEET_GAP_IN) * dpi
    width = max(map_width, math.ceil(min(across, len(sheets)) * step_x - SHEET_GAP_IN * dpi))
    height = math.ceil(map_height + rows * step_y)
    check_board_pixels(width, height, dpi, origin)
    grown = Image.new("RGB", (width, height), GAP_FILL)
    grown.paste(art.image, (0, 0))
    art.image = grown
    draw = RecordingDraw(grown)
    draw.texts = ink.draw.texts
    ink = Ink(draw, dpi, art)
    for number, placed in enumerate(sheets):
        left = (number % across) * step_x
        top = map_height + SHEET_GAP_IN * dpi + (number // across) * step_y
        rect = (left, top, left + sheet_in[0] * dpi, top + sheet_in[1] * dpi)
        _aid_sheet(ink, rect, f"{heading}: aid sheet {number + 1} of {len(sheets)}")
        for block, x, y in placed:
            block.draw(ink, left + x * dpi, top + y * dpi)
            size = block.size()
            art.furniture[f"block:{len(art.furniture)}"] = (
                left + x * dpi,
                top + y * dpi,
                left + (x + size[0]) * dpi,
                top + (y + size[1]) * dpi,
            )
        art.sheets.append(rect)
    return ink


def _aid_sheet(ink: Ink, rect: Rect, title: str) -> None:
    """An aid sheet's paper, its edge (the cut line) and its title."""
    ink.draw.rectangle(rect, fill=SHEET_PAPER, outline=INK, width=max(1, round(ink.px(0.01))))
    ink.draw.role = "title"
    ink.draw.text(
        (rect[0] + ink.px(EDGE_IN), rect[1] + ink.px(HEADING_IN - 0.08)),
        title,
        font=font(round(ink.px(0.2))),
        fill=INK,
        anchor="ls",
    )
