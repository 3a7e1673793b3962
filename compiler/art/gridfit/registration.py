"""A fitted grid as map.json wants it: the image's registration and a grid to go with it.

The fit knows where the hex centres are, not how the map numbers them; the grid
written here takes the hexes whose centres lie on the image (at least a third of a
hex in from its edges), numbers columns and rows from 01 in the usual wargame way,
and says which column (row) sits lower (further right). The designer renames the
axes if the map prints other labels.
"""

from __future__ import annotations

import math
from typing import Any

from compiler.art.gridfit.fit import GridFit

EDGE_SHARE = 0.34  # a hex counts when its centre is this share of a hex inside the image


def registration(fit: GridFit, file: str) -> dict[str, Any]:
    """``{"image": ..., "grid": ..., "fit": ...}`` for map.json (lengths in image pixels)."""
    shape = fit.shape
    flat = shape.orientation == "flat-top"
    lines = _lines(fit)
    if len(lines) < 2:
        raise ValueError("the fitted grid has fewer than two columns on the image")
    first_hex = fit.lattice.centre(*lines[0][0])
    other = fit.lattice.centre(*lines[1][0])
    count = _rows(fit, lines)
    if flat:
        stagger = "first-low" if first_hex[1] > other[1] else "first-high"
    else:
        stagger = "first-right" if first_hex[0] > other[0] else "first-left"
    across, along = len(lines), count
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
        },
    }


def drift(fit: GridFit) -> float:
    """How far the farthest hex would be off if the grid's turn were ignored (pixels)."""
    return math.radians(abs(fit.shape.rotation)) * math.hypot(fit.width, fit.height)


def _rows(fit: GridFit, lines: list[list[tuple[int, int]]]) -> int:
    """How many hexes every column (row) has from the first one's level down (across)."""
    along = 1 if fit.shape.orientation == "flat-top" else 0
    levels = [fit.lattice.centre(*lines[p][0])[along] for p in (0, 1)]
    counts = []
    for j, line in enumerate(lines):
        start = levels[j % 2] - 0.25 * fit.shape.hex_size
        counts.append(sum(1 for ik in line if fit.lattice.centre(*ik)[along] >= start))
    return min(counts)


def _lines(fit: GridFit) -> list[list[tuple[int, int]]]:
    """The columns (flat-top) or rows (pointy-top) on the image, first to last, each as the
    (step, axis) indexes of its hexes from top (left) to bottom (right)."""
    shape, lattice = fit.shape, fit.lattice
    margin_along = EDGE_SHARE * shape.hex_size
    margin_across = EDGE_SHARE * shape.across
    flat = shape.orientation == "flat-top"
    mx, my = (margin_across, margin_along) if flat else (margin_along, margin_across)
    span = int(math.hypot(fit.width, fit.height) / min(shape.hex_size, shape.across)) + 2
    lines: dict[int, list[tuple[int, int]]] = {}
    for i in range(-span, span + 1):
        for k in range(-span, span + 1):
            x, y = lattice.centre(i, k)
            if mx <= x <= fit.width - mx and my <= y <= fit.height - my:
                lines.setdefault(i, []).append((i, k))
    return [sorted(lines[i], key=lambda ik: ik[1]) for i in sorted(lines)]
