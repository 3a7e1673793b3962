"""Sheets of their own for the furniture a map's sheet has no room for.

A print layout never changes the game: no hex leaves play to make room for a track or
a table. Where the hexes in play fill the book's sheet (Jerusalem!'s 50 x 27 hexes on its
22 x 34 in map), the Orders of Battle, tracks and tables go on aid sheets of a stock size
(tabloid, 17 x 11 in, or 11 x 17 in under a narrow map). On the screen (the module, map.png)
they lie under the map sheet in the board's picture, and ``BoardArt.sheets`` says where each
sheet is; in print each is a board of its own (``BoardArt.aid_sheets``), on a page of its own.
"""

from __future__ import annotations

import math

from PIL import Image

from compiler.presentation.limits import check_board_pixels
from compiler.render.art import BoardArt, Rect
from compiler.render.canvas import Drawing, colour_of
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
    """The blocks drawn on aid sheets; the Ink to go on drawing the map with. Blocks too large
    for an aid sheet go to ``art.unplaced``.

    A board drawn for print (``art.drawing``) keeps the map's own size, and each aid sheet is a
    board of its own in ``art.aid_sheets``, drawn through its own recorded canvas: it prints on
    a page of its own, and the map's ground stays at 300 ppi (the map and its aid sheets in one
    picture would pass the pixels wgc draws). A board drawn for the screen (the module, the
    PNG) grows to hold the sheets under the map, one picture with one set of positions."""
    sheet_in = aid_sheet_inches(art.image.width / ink.dpi)
    sheets, too_large = pack_aid_sheets(blocks, sheet_in)
    art.unplaced += [describe_block(block) for block in too_large]
    if not sheets:
        return ink
    titles = [f"{heading}: aid sheet {n + 1} of {len(sheets)}" for n in range(len(sheets))]
    if art.drawing is not None:
        art.aid_sheets = [
            _separate_sheet(ink, placed, sheet_in, title)
            for placed, title in zip(sheets, titles, strict=True)
        ]
        return ink
    return _grown_board(ink, art, sheets, sheet_in, titles, origin)


def _separate_sheet(ink: Ink, placed: list[Placed], sheet_in: tuple[float, float], title: str) -> BoardArt:
    """One aid sheet as a board of its own, its pixels and its drawing made by one canvas."""
    dpi = ink.dpi
    size = (round(sheet_in[0] * dpi), round(sheet_in[1] * dpi))
    image = Image.new("RGB", size, SHEET_PAPER)
    sheet = BoardArt(image, dpi, None, drawing=Drawing(size, dpi, colour_of(SHEET_PAPER)))
    draw = RecordingDraw(image, sheet.drawing)
    sheet_ink = Ink(draw, dpi, sheet)
    _aid_sheet(sheet_ink, (0.0, 0.0, float(size[0]), float(size[1])), title)
    _draw_blocks(sheet_ink, placed, 0.0, 0.0)
    sheet.texts = draw.texts
    sheet.sheets.append((0.0, 0.0, float(size[0]), float(size[1])))
    return sheet


def _grown_board(
    ink: Ink,
    art: BoardArt,
    sheets: list[list[Placed]],
    sheet_in: tuple[float, float],
    titles: list[str],
    origin: Origin,
) -> Ink:
    """The board's picture grown to hold the aid sheets under the map; the Ink drawing on it."""
    dpi = ink.dpi
    map_width, map_height = art.image.width, art.image.height
    if not art.sheets:
        art.sheets.append((0.0, 0.0, float(map_width), float(map_height)))
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
    for number, (placed, title) in enumerate(zip(sheets, titles, strict=True)):
        left = (number % across) * step_x
        top = map_height + SHEET_GAP_IN * dpi + (number // across) * step_y
        rect = (left, top, left + sheet_in[0] * dpi, top + sheet_in[1] * dpi)
        _aid_sheet(ink, rect, title)
        _draw_blocks(ink, placed, left, top)
        art.sheets.append(rect)
    return ink


def _draw_blocks(ink: Ink, placed: list[Placed], left: float, top: float) -> None:
    """The blocks packed on one aid sheet, its top left corner at (left, top) pixels."""
    dpi = ink.dpi
    for block, x, y in placed:
        block.draw(ink, left + x * dpi, top + y * dpi)
        width, height = block.size()
        rect = (left + x * dpi, top + y * dpi, left + (x + width) * dpi, top + (y + height) * dpi)
        ink.art.furniture[f"block:{len(ink.art.furniture)}"] = rect


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
