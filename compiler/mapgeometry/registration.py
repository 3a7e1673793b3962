"""Where the hexes of a board image are, and how many of its pixels make a printed inch.

Read by the checks, the board painter and the VASSAL back end alike, so that all three
put hex G13 on the same pixels; nothing here decodes an image.
"""

from __future__ import annotations

from rules_engine.definitions import MapDefinition
from rules_engine.geometry import Hex, HexLayout

DEFAULT_HEX_IN = 0.75  # a map that states no printed hex size: the usual 3/4 in


def image_layout(board: MapDefinition) -> HexLayout | None:
    """The hex grid on the board image, in its pixels (None without a full registration)."""
    image = board.image
    if board.grid is None or image is None or image.hex_size is None or image.first_centre is None:
        return None
    layout = HexLayout(board.grid, image.hex_size, (0.0, 0.0), image.column_step)
    x, y = image.first_centre
    shift_x, shift_y = layout.centre(Hex(0, 0))  # the first hex's offset when it is the shifted one
    return HexLayout(board.grid, image.hex_size, (x - shift_x, y - shift_y), image.column_step)


def image_dpi(board: MapDefinition) -> float | None:
    """Pixels per printed inch: stated, or from the hex size the map prints, or from the map's
    printed size; None when nothing says (the checks report it)."""
    image = board.image
    if image is None:
        return None
    if image.dpi is not None:
        return image.dpi
    if board.grid is not None and image.hex_size is not None:
        return image.hex_size / (board.hex_size or DEFAULT_HEX_IN)
    if board.width:
        inches = board.width / (25.4 if board.size_unit == "mm" else 1.0)
        return image.art.width / inches
    return None
