"""The component tree's board parts as the data gives them: a Board element and its grid.

The kept tree (vassal/module.xml) holds every board element with the attributes the data
gives taken out (`DATA_ATTRIBUTES`) and everything else left as it was (a grid's colour and
snapping, a zone's highlighting and properties ...). ``fill_board`` writes the data back into
it: the grid is filled in place where it is of the same kind, element by element (the n-th
zone of the data into the n-th Zone element), and elements the data has more of are added,
those it has fewer of dropped, so an unchanged game gives back the module's own tree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from lxml import etree

from compiler.javatext.sequence import encode
from rules_engine.definitions import boards as data

PICKER = "VASSAL.build.module.map.boardPicker."
BOARD_TAG = PICKER + "Board"
GRID = PICKER + "board."
HEX, SQUARE, REGION_GRID, ZONED = (
    GRID + "HexGrid",
    GRID + "SquareGrid",
    GRID + "RegionGrid",
    GRID + "ZonedGrid",
)
REGION, ZONE = GRID + "Region", GRID + "mapgrid.Zone"
HEX_NUMBERING, SQUARE_NUMBERING = GRID + "mapgrid.HexGridNumbering", GRID + "mapgrid.SquareGridNumbering"
PLAIN_GRIDS = (HEX, SQUARE, REGION_GRID)
NUMBERING = (
    "first",
    "sep",
    "hType",
    "vType",
    "hLeading",
    "vLeading",
    "hOff",
    "vOff",
    "hDescend",
    "vDescend",
    "locationFormat",
    "stagger",
)
DATA_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    HEX: ("dx", "dy", "x0", "y0", "sideways"),
    SQUARE: ("dx", "dy", "x0", "y0"),
    REGION_GRID: (),
    ZONED: (),
    HEX_NUMBERING: NUMBERING,
    SQUARE_NUMBERING: NUMBERING,
    REGION: ("name", "originx", "originy"),
    ZONE: ("name", "path", "locationFormat", "useParentGrid"),
}
GRID_TAGS = {"hex": HEX, "square": SQUARE, "region": REGION_GRID, "zoned": ZONED}
T = TypeVar("T")


def strip(element: etree._Element, names: tuple[str, ...]) -> None:
    for name in names:
        if name in element.attrib:
            del element.attrib[name]


def fill_board(element: etree._Element, board: data.BoardSpec) -> None:
    """Set a Board element's data attributes and grid from the data (in place)."""
    element.set("name", board.name)
    if board.image is not None:
        element.set("image", board.image.file.removeprefix("images/"))
    if board.size is not None:
        element.set("width", str(board.size[0]))
        element.set("height", str(board.size[1]))
    if board.colour is not None:
        element.set("color", colour_text(board.colour))
    element.set("reversible", "true" if board.reversible else "false")
    grids = [child for child in element if child.tag in GRID_TAGS.values()]
    if board.grid is None:
        for grid in grids:
            element.remove(grid)
        return
    fill_grid(element, grids[-1] if grids else None, board.grid)  # VASSAL keeps the last


def fill_grid(parent: etree._Element, kept: etree._Element | None, spec: data.GridSpec) -> etree._Element:
    """The grid element for ``spec``: ``kept`` filled in when it is of the same kind, else a new one
    in its place."""
    tag = GRID_TAGS[spec.kind]
    if kept is None or kept.tag != tag:
        fresh = etree.Element(tag)
        if kept is not None:
            kept.addprevious(fresh)
            parent.remove(kept)
        else:
            parent.append(fresh)
        kept = fresh
    if isinstance(spec, data.HexGridSpec | data.SquareGridSpec):
        _fill_regular(kept, spec)
    elif isinstance(spec, data.RegionGridSpec):
        _fill_children(kept, REGION, spec.regions, _fill_region)
    else:
        _fill_children(kept, ZONE, spec.zones, _fill_zone)
        plain = [child for child in kept if child.tag in PLAIN_GRIDS]
        if spec.background is None:
            for child in plain:
                kept.remove(child)
        else:
            fill_grid(kept, plain[-1] if plain else None, spec.background)  # the last one counts
    return kept


def _fill_regular(element: etree._Element, spec: data.HexGridSpec | data.SquareGridSpec) -> None:
    element.set("dx", number_text(spec.dx))
    element.set("dy", number_text(spec.dy))
    element.set("x0", str(spec.x0))
    element.set("y0", str(spec.y0))
    if isinstance(spec, data.HexGridSpec):
        element.set("sideways", "true" if spec.sideways else "false")
    tag = HEX_NUMBERING if isinstance(spec, data.HexGridSpec) else SQUARE_NUMBERING
    numbering = element.find(tag)  # VASSAL reads the first numbering of its kind
    if spec.numbering is None:
        if numbering is not None:
            element.remove(numbering)
        return
    if numbering is None:
        numbering = etree.SubElement(element, tag)
    _fill_numbering(numbering, spec.numbering)


def _fill_numbering(element: etree._Element, spec: data.Numbering) -> None:
    columns, rows = spec.columns, spec.rows
    values = {
        "first": "V" if spec.rows_first else "H",
        "sep": spec.separator,
        "hType": "A" if columns.letters else "N",
        "vType": "A" if rows.letters else "N",
        "hLeading": str(columns.leading_zeros),
        "vLeading": str(rows.leading_zeros),
        "hOff": str(columns.offset),
        "vOff": str(rows.offset),
        "hDescend": "true" if columns.descending else "false",
        "vDescend": "true" if rows.descending else "false",
        "locationFormat": spec.location,
        "stagger": "true" if spec.stagger else "false",
    }
    for name in NUMBERING:
        element.set(name, values[name])


def _fill_children(
    element: etree._Element, tag: str, items: Sequence[T], fill: Callable[[etree._Element, T], None]
) -> None:
    """The n-th item into the n-th child of ``tag``; children added after the last, or dropped."""
    children = [child for child in element if child.tag == tag]
    for extra in children[len(items) :]:
        element.remove(extra)
    anchor = children[min(len(children), len(items)) - 1] if children and items else None
    for index, item in enumerate(items):
        if index < len(children):
            child = children[index]
        else:
            child = etree.Element(tag)
            if anchor is not None:
                anchor.addnext(child)
            else:
                element.append(child)
            anchor = child
        fill(child, item)


def _fill_region(element: etree._Element, region: data.Region) -> None:
    element.set("name", region.name)
    element.set("originx", str(region.x))
    element.set("originy", str(region.y))


def _fill_zone(element: etree._Element, zone: data.ZoneSpec) -> None:
    element.set("name", zone.name)
    element.set("path", encode([f"{x},{y}" for x, y in zone.points], ";"))
    element.set("locationFormat", zone.location)
    element.set("useParentGrid", "true" if zone.background else "false")
    inner = [child for child in element if child.tag in PLAIN_GRIDS]
    if zone.grid is None:
        for child in inner:
            element.remove(child)
        return
    fill_grid(element, inner[-1] if inner else None, zone.grid)


def number_text(value: float) -> str:
    """A double as Java writes it back readably: 64.0, 55.5 (Python's repr is the shortest that
    reads back as the same double, as Java's is)."""
    return repr(float(value))


def colour_text(colour: str) -> str:
    """'#rrggbb' as VASSAL's ColorConfigurer writes it: 'r,g,b'."""
    return ",".join(str(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
