"""How large a board wgc draws: the bound that keeps its memory in hand.

A board is one picture, and drawing it holds it whole several times over (the RGB
picture, the hex masks, the PNG being encoded): about 5 bytes a pixel for the module,
11 for `wgc map` (measured with bench/large_map.py). Past ``MAX_BOARD_PIXELS`` a board is
refused before anything is drawn, with the resolution that would fit; below it, a board
builds in about 1 GB at most. The validator bounds the map's own area at ``PLANNED_DPI``,
the resolution of `wgc map` by default and of a card game's module, leaving a fifth of
the board for the furniture drawn beside a hex map, so a map that validates builds and
prints at the defaults. Nothing here imports Pillow: the validator reads it.
"""

from __future__ import annotations

import math

from compiler.errors import BackEndError
from rules_engine.definitions.origin import Origin

MAX_BOARD_PIXELS = 100_000_000  # the board as drawn, with its furniture (Pillow refuses 179 M)
MAX_PLAY_AREA_PIXELS = 80_000_000  # the map itself: the rest is room for the furniture band
PLANNED_DPI = 150
MODULE_DPI = 100  # the board in the VASSAL module
MODULE_CARD_DPI = 150  # ... of a game with cards, so that card text reads at VASSAL's 100 %
MAX_MAP_SQUARE_INCHES = MAX_PLAY_AREA_PIXELS / PLANNED_DPI**2  # 3,556 in²: 60 x 60 in, or 44 x 80 in


def check_board_pixels(width: int, height: int, dpi: float, origin: Origin) -> None:
    """BackEndError (map.too-large) unless a ``width`` x ``height`` board can be drawn."""
    if width * height <= MAX_BOARD_PIXELS:
        return
    from compiler.diagnostics import codes

    fits = math.floor(dpi * math.sqrt(MAX_BOARD_PIXELS / (width * height)))
    raise BackEndError(
        codes.MAP_TOO_LARGE,
        f"at {dpi:g} dpi the board would be {width:,} x {height:,} pixels ({width * height / 1e6:,.0f} M); "
        f"wgc draws at most {MAX_BOARD_PIXELS / 1e6:.0f} M pixels",
        origin,
        hint=f"draw it at {fits} dpi or less (wgc map --dpi), or make the map smaller",
    )
