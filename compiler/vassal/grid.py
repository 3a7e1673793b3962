"""VASSAL's HexGrid and HexGridNumbering parameters for our hex layouts.

VASSAL numbers raw columns from x0 and puts odd raw columns half a hex lower;
``stagger="true"`` then adds one to the row label of odd columns. Our layouts
say which column is lower ("first-low"/"first-high"), so a first-low grid is
expressed with y0 on column A's (lower) centre and stagger on. ``location_name``
re-computes the name VASSAL gives a point (FORMAT.md section 6), so the tests
can check that every hex of every map reports its own data ID.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules_engine.geometry import HexLayout


@dataclass(frozen=True)
class VassalHexGrid:
    """The attributes of one board's HexGrid and its numbering."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    stagger: bool
    h_type: str
    h_off: int
    h_leading: int
    v_type: str
    v_off: int
    v_leading: int
    first: str
    sep: str = ""

    def grid_attributes(self) -> dict[str, str]:
        return {
            "dx": repr(self.dx),
            "dy": repr(self.dy),
            "x0": str(self.x0),
            "y0": str(self.y0),
            "sideways": _bool(self.sideways),
            "snapTo": "true",
            "visible": "false",
            "dotsVisible": "false",
            "edgesLegal": "false",
            "cornersLegal": "false",
            "color": "0,0,0",
        }

    def numbering_attributes(self) -> dict[str, str]:
        return {
            "first": self.first,
            "sep": self.sep,
            "hType": self.h_type,
            "hOff": str(self.h_off),
            "hLeading": str(self.h_leading),
            "hDescend": "false",
            "vType": self.v_type,
            "vOff": str(self.v_off),
            "vLeading": str(self.v_leading),
            "vDescend": "false",
            "stagger": _bool(self.stagger),
            "locationFormat": "$gridLocation$",
            "visible": "false",
            "fontSize": "9",
            "color": "0,0,0",
            "rotateText": "0",
            "hDrawOff": "0",
            "vDrawOff": "0",
        }


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _axis_numbering(first: int | str, digits: int | None) -> tuple[str, int, int]:
    if isinstance(first, str):
        return "A", ord(first) - ord("A"), 0
    return "N", first, (digits - 1) if digits else 0


def id_order_and_separator(id_format: str) -> tuple[str, str]:
    """VASSAL's ``first`` ("H": the column label first) and ``sep`` for a format such as "{column}.{row}"."""
    for first, a, b in (("H", "{column}", "{row}"), ("V", "{row}", "{column}")):
        if id_format.startswith(a) and id_format.endswith(b):
            return first, id_format[len(a) : len(id_format) - len(b)]
    raise ValueError(f"a hex ID format must be a column and a row label around a separator, not {id_format}")


def vassal_grid(layout: HexLayout) -> VassalHexGrid:
    """HexGrid parameters that put VASSAL's hex centres and names on ours."""
    grid = layout.grid
    first, sep = id_order_and_separator(grid.id_format)
    h_type, h_off, h_leading = _axis_numbering(grid.columns.first, grid.columns.digits)
    v_type, v_off, v_leading = _axis_numbering(grid.rows.first, grid.rows.digits)
    ox, oy = layout.origin
    if layout.flat:
        first_lower = grid.stagger == "first-low"
        y0 = oy + (layout.row_step / 2 if first_lower else 0)
        return VassalHexGrid(
            layout.column_step,
            layout.row_step,
            round(ox),
            round(y0),
            False,
            first_lower,
            h_type,
            h_off,
            h_leading,
            v_type,
            v_off,
            v_leading,
            first,
            sep,
        )
    # Pointy-top: VASSAL swaps axes; its "columns" run down the rows and its stagger shifts rows right.
    first_right = grid.stagger == "first-right"
    x0 = ox + (layout.column_step / 2 if first_right else 0)
    return VassalHexGrid(
        layout.row_step,
        layout.column_step,
        round(oy),
        round(x0),
        True,
        first_right,
        v_type,
        v_off,
        v_leading,
        h_type,
        h_off,
        h_leading,
        "V" if first == "H" else "H",
        sep,
    )


def _label(value: int, kind: str, leading: int) -> str:
    if kind == "A":
        sign = "-" if value < 0 else ""
        value = abs(value)
        return sign + chr(ord("A") + value % 26) * (value // 26 + 1)
    sign = "-" if value < 0 else ""
    return sign + str(abs(value)).zfill(leading + 1)


def location_name(grid: VassalHexGrid, x: float, y: float) -> str:
    """The location VASSAL reports for a board point (its HexGridNumbering, FORMAT.md 6.2-6.3),
    for grids without descending numbering."""
    u, v = (y, x) if grid.sideways else (x, y)
    raw_col = math.floor((u - grid.x0) / grid.dx + 0.5)
    nx = round((u - grid.x0) / grid.dx)
    if nx % 2 == 0:
        raw_row = math.floor((v - grid.y0) / grid.dy + 0.5)
    else:
        raw_row = math.floor((v - grid.y0 - grid.dy / 2) / grid.dy + 0.5)
    row = raw_row + (1 if grid.stagger and raw_col % 2 == 1 else 0)
    column_label = _label(raw_col + grid.h_off, grid.h_type, grid.h_leading)
    row_label = _label(row + grid.v_off, grid.v_type, grid.v_leading)
    return column_label + grid.sep + row_label if grid.first == "H" else row_label + grid.sep + column_label


def vassal_centre(grid: VassalHexGrid, raw_col: int, raw_row: int) -> tuple[int, int]:
    """Where VASSAL puts the centre of raw hex (col, row) (FORMAT.md 6.1)."""
    u = int(grid.dx * raw_col + grid.x0)
    if raw_col % 2 == 0:
        v = int(grid.dy * raw_row + grid.y0)
    else:
        v = int(grid.dy * raw_row + int(grid.dy / 2) + grid.y0)
    return (v, u) if grid.sideways else (u, v)
