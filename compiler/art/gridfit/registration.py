"""A fitted grid as map.json wants it: the image's registration and a grid to go with it.

The fit knows where the hex centres are, not how the map numbers them; the grid
written here takes the hexes the art draws (``coverage``: not the lattice points in a
margin or a title band) of which more than half lies on the image, numbers columns and
rows from 01 in the usual wargame way from the first of them, and says which column
(row) sits lower (further right). The designer renames the axes if the map prints other
labels. Hexes the image's edge cuts are counted in ``cut_hexes`` for a warning: a piece
on one stands partly off the art.
"""

from __future__ import annotations

import math
from typing import Any

from compiler.art.gridfit.fit import GridFit

# A drawn hex counts when more than this share of it is on the image: a hex cut through its
# centre is half a hex, and so is the notch between two hexes at the image's edge.
MOST_OF_A_HEX = 0.55


def registration(fit: GridFit, file: str) -> dict[str, Any]:
    """``{"image": ..., "grid": ..., "fit": ...}`` for map.json (lengths in image pixels)."""
    shape = fit.shape
    flat = shape.orientation == "flat-top"
    hexes = numbered(fit)
    if len({i for i, _ in hexes}) < 2:
        raise ValueError("the fitted grid has fewer than two columns on the image")
    numbering = _Numbering(fit, hexes)
    first_hex, other_hex = fit.lattice.centre(*numbering.first(0)), fit.lattice.centre(*numbering.first(1))
    if flat:
        stagger = "first-low" if first_hex[1] > other_hex[1] else "first-high"
    else:
        stagger = "first-right" if first_hex[0] > other_hex[0] else "first-left"
    places = [numbering.place(ik) for ik in hexes]
    across, along = max(p[0] for p in places), max(p[1] for p in places)
    columns, rows = (across, along) if flat else (along, across)
    return {
        "image": {
            "file": file,
            "hex_size": round(shape.hex_size, 3),
            "column_step": round(shape.across, 3),
            "first_hex": [round(first_hex[0], 2), round(first_hex[1], 2)],
        },
        "grid": {
            "orientation": shape.orientation,
            "stagger": stagger,
            "columns": {"from": 1, "to": columns, "digits": 2},
            "rows": {"from": 1, "to": rows, "digits": 2},
            "hex_id": "{column}{row}",
        },
        "fit": {
            "residual_px": round(fit.lattice.residual, 3),
            "hexes_measured": fit.lattice.hexes,
            "turned_degrees": round(shape.rotation, 3),
            "drift_px": round(drift(fit), 2),
            "clarity": round(fit.clarity, 2),
            **_cut_hexes(fit, hexes),
        },
    }


Hex = tuple[int, int]


def numbered(fit: GridFit) -> list[Hex]:
    """The hexes the grid numbers: drawn by the art, their centre on the image and more than
    MOST_OF_A_HEX of them inside it."""
    found = []
    for ik, part in fit.drawn.parts.items():
        x, y = fit.lattice.centre(*ik)
        if part > MOST_OF_A_HEX and 0 <= x < fit.width and 0 <= y < fit.height:
            found.append(ik)
    return sorted(found)


def _along(fit: GridFit, ik: Hex) -> float:
    """How far down a column (along a row) a hex lies, in hexes: whole numbers within a
    column, halves between neighbouring ones (the lattice's own measure, so a turned grid
    does not shift it)."""
    (sx, sy), (ax, ay) = fit.shape.step, fit.shape.axis
    half = (sx * ax + sy * ay) / (ax * ax + ay * ay)
    return ik[1] + ik[0] * half


class _Numbering:
    """Columns (rows) from the first the art draws; in each, hex 1 at the level of the highest
    (leftmost) hex drawn in any of them, or half a hex below (right of) it."""

    def __init__(self, fit: GridFit, hexes: list[Hex]) -> None:
        self.fit = fit
        self.top = min(_along(fit, ik) for ik in hexes)
        self.first_line = min(i for i, _ in hexes)

    def first(self, line: int) -> Hex:
        """Hex 1 of the ``line``-th column (row), from 0."""
        i = self.first_line + line
        return i, math.ceil(self.top - _along(self.fit, (i, 0)) - 1e-6)

    def place(self, ik: Hex) -> tuple[int, int]:
        """(column, row) of a flat-top hex, (row, column) of a pointy-top one, from 1."""
        line = ik[0] - self.first_line
        return line + 1, ik[1] - self.first(line)[1] + 1


def _cut_hexes(fit: GridFit, hexes: list[Hex]) -> dict[str, Any]:
    """How many hexes are numbered, and how many of them the image's edge cuts (with the least
    share of a hex the image holds of any): a piece on a cut hex stands partly off the art."""
    cut = [ik for ik in hexes if fit.drawn.cut(ik)]
    found: dict[str, Any] = {"hexes_numbered": len(hexes)}
    if cut:
        found["cut_hexes"] = len(cut)
        found["least_part_drawn"] = round(min(fit.drawn.parts[ik] for ik in cut), 2)
    return found


def drift(fit: GridFit) -> float:
    """How far the farthest hex would be off if the grid's turn were ignored (pixels)."""
    return math.radians(abs(fit.shape.rotation)) * math.hypot(fit.width, fit.height)
