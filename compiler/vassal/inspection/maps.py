"""Maps as VASSAL builds them from buildFile.xml: boards with their sizes and grids, the board
picker's default choice, the edge buffer, at-start stacks and decks.

A map is any component with a BoardPicker child (Map, PrivateMap, PlayerHand and modules'
own subclasses); maps are identified in saves by name or by "Map<n>", n counting maps in
document order (VASSAL's UniqueIdManager).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from lxml import etree

from compiler.javatext.numbers import parse_int
from compiler.mapgeometry.boards import BoardSpec
from compiler.mapgeometry.grids import (
    INT_MAX,
    Grid,
    HexGrid,
    Numbering,
    Polygon,
    RegionGrid,
    SquareGrid,
    Zone,
    ZonedGrid,
)
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.images import image_size
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.xml import element_path, short_tag

BOARD = "VASSAL.build.module.map.boardPicker.Board"
BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
GRID_PREFIX = "VASSAL.build.module.map.boardPicker.board."
PILES = {"VASSAL.build.module.map.SetupStack": False, "VASSAL.build.module.map.DrawPile": True}
SLOTS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
DEFAULT_BOARD_SIZE = 500
PLAIN_GRIDS = ("HexGrid", "SquareGrid", "RegionGrid")
JAVA_INT = re.compile(r"[+-]?[0-9]+")


@dataclass
class PileSpec:
    """An at-start stack or a deck (DrawPile): where it stands and the slots it starts with."""

    name: str
    owning_board: str | None
    x: int
    y: int
    use_grid_location: bool
    location: str
    slots: list[tuple[str, str, str]]  # (gpid, piece definition, where)
    deck: bool
    where: str


@dataclass
class MapSpec:
    name: str
    id: str
    where: str
    edge: tuple[int, int]
    boards: list[BoardSpec]
    default_setup: str | None
    piles: list[PileSpec] = field(default_factory=list)
    stacking: bool = True  # StackMetrics "disabled" unset: pieces stack
    layered: bool = False  # a Game Piece Layers component: only pieces of one layer stack

    def answers_to(self, map_id: str) -> bool:
        return map_id in (self.name, self.id)

    def board(self, name: str) -> BoardSpec | None:
        return next((b for b in self.boards if b.name == name), None)


def find_map(maps: list[MapSpec], map_id: str) -> MapSpec | None:
    """Map.getMapById: the first map whose name or id is ``map_id``."""
    return next((m for m in maps if m.answers_to(map_id)), None)


class Attributes:
    """Reads numbers the way VASSAL's setAttribute does; a value Java cannot parse makes the
    module fail to load, which becomes a finding (and the default is used)."""

    def __init__(self, report: Inspection) -> None:
        self.report = report

    def integer(self, element: etree._Element, name: str, default: int) -> int:
        value = element.get(name)
        if value is None:
            return default
        number = parse_int(value) if JAVA_INT.fullmatch(value) else None
        if number is not None:
            return number
        self._bad(element, name, value, "an integer")
        return default

    def number(self, element: etree._Element, name: str, default: float) -> float:
        value = element.get(name)
        if value is None:
            return default
        try:
            number = float(value.strip())
        except ValueError:
            number = math.nan
        if math.isfinite(number):
            return number
        self._bad(element, name, value, "a number")
        return default

    def _bad(self, element: etree._Element, name: str, value: str, kind: str) -> None:
        self.report.add(
            "component.bad-attribute",
            f"{name}='{value}' is not {kind}; VASSAL stops loading the module here",
            element_path(element),
        )


def read_maps(root: etree._Element, archive: ModuleArchive, report: Inspection) -> list[MapSpec]:
    attributes = Attributes(report)
    maps: list[MapSpec] = []
    for picker in root.iter(BOARD_PICKER):
        element = picker.getparent()
        if element is None:
            continue
        boards = [_board(b, archive, report, attributes) for b in picker.iter(BOARD)]
        setup = picker.find("setup")
        spec = MapSpec(
            name=element.get("mapName", ""),
            id=f"Map{len(maps)}",
            where=element_path(element),
            edge=(attributes.integer(element, "edgeWidth", 0), attributes.integer(element, "edgeHeight", 0)),
            boards=boards,
            default_setup=(setup.text or "") if setup is not None else None,
        )
        if "edge" in element.attrib and "," in element.get("edge", ""):
            first, _, second = element.get("edge", "").partition(",")
            numbers = (parse_int(first), parse_int(second))
            if numbers[0] is not None and numbers[1] is not None:
                spec.edge = (numbers[0], numbers[1])
        spec.piles = [_pile(p, attributes) for p in own_descendants(element) if p.tag in PILES]
        metrics = element.find("VASSAL.build.module.map.StackMetrics")
        spec.stacking = metrics is None or metrics.get("disabled", "false") != "true"
        spec.layered = element.find("VASSAL.build.module.map.LayeredPieceCollection") is not None
        if not boards:
            report.add("map.no-board", f"map '{spec.name}' has no board", spec.where)
        maps.append(spec)
    return maps


def own_descendants(element: etree._Element) -> list[etree._Element]:
    """Descendants that belong to this map, not to a map nested inside it."""
    found = []
    for child in element.iterchildren("*"):
        if child.find(BOARD_PICKER) is not None:
            continue
        found.append(child)
        found.extend(own_descendants(child))
    return found


def _pile(element: etree._Element, attributes: Attributes) -> PileSpec:
    owning = element.get("owningBoard") or None
    slots = [
        (slot.get("gpid", ""), (slot.text or "").strip(), element_path(slot)) for slot in element.iter(*SLOTS)
    ]
    return PileSpec(
        name=element.get("name", ""),
        owning_board=owning,
        x=attributes.integer(element, "x", 0),
        y=attributes.integer(element, "y", 0),
        use_grid_location=element.get("useGridLocation") == "true",
        location=element.get("location", ""),
        slots=slots,
        deck=PILES[element.tag],
        where=element_path(element),
    )


def _board(
    element: etree._Element, archive: ModuleArchive, report: Inspection, attributes: Attributes
) -> BoardSpec:
    image = element.get("image", "")
    width = attributes.integer(element, "width", DEFAULT_BOARD_SIZE)
    height = attributes.integer(element, "height", DEFAULT_BOARD_SIZE)
    if image.strip():
        width, height = _image_dimensions(image, archive, report, element_path(element))
    grids = [child for child in element.iterchildren("*") if child.tag.startswith(GRID_PREFIX)]
    grid = _grid(grids[-1], attributes) if grids else None
    kind = short_tag(grids[-1].tag) if grids else "none"
    return BoardSpec(
        element.get("name", ""), image, width, height, element.get("reversible") == "true", grid, kind
    )


def _image_dimensions(image: str, archive: ModuleArchive, report: Inspection, where: str) -> tuple[int, int]:
    """A board image's size; 0x0 when VASSAL cannot load it (the image checks report why)."""
    if image.startswith("/"):
        return 0, 0
    entry = archive.find("images/" + image)
    if entry is None:
        return 0, 0
    try:
        size = image_size(entry, archive.head(entry, limits.IMAGE_HEADER))
    except EntryProblem:
        return 0, 0  # reported when the image is verified
    if size is None:
        report.add("image.unreadable", f"board image '{image}' is not an image VASSAL can read", where)
        return 0, 0
    if max(size) >= INT_MAX:
        report.add(
            "image.oversized",
            f"board image '{image}' declares a size of {size[0]:,} x {size[1]:,} px (a number too "
            "large for a float): VASSAL takes it as it is, a board no one can scroll across",
            where,
        )
    return size


def _grid(element: etree._Element, attributes: Attributes) -> Grid | None:
    kind = short_tag(element.tag)
    if kind == "HexGrid":
        return _hex_grid(element, attributes)
    if kind == "SquareGrid":
        numbering = _numbering(element.find(GRID_PREFIX + "mapgrid.SquareGridNumbering"), attributes)
        return SquareGrid(
            attributes.number(element, "dx", 48.0),
            attributes.number(element, "dy", 48.0),
            attributes.integer(element, "x0", 24),
            attributes.integer(element, "y0", 24),
            numbering,
        )
    if kind == "RegionGrid":
        return RegionGrid.of(
            [
                (
                    r.get("name", ""),
                    (attributes.integer(r, "originx", 0), attributes.integer(r, "originy", 0)),
                )
                for r in element.iter(GRID_PREFIX + "Region")
            ]
        )
    if kind == "ZonedGrid":
        return _zoned_grid(element, attributes)
    return None


def _hex_grid(element: etree._Element, attributes: Attributes) -> HexGrid:
    default_dx = math.sqrt(3) / 2 * 64.0
    dx = attributes.number(element, "dx", default_dx)
    dy = attributes.number(element, "dy", 64.0)
    if "dy" in element.attrib and dx == default_dx:
        dx = math.sqrt(3) / 2 * dy  # VASSAL sets dx after dy only while dx is still its default
    return HexGrid(
        dx,
        dy,
        attributes.integer(element, "x0", 0),
        attributes.integer(element, "y0", 32),
        element.get("sideways") == "true",
        _numbering(element.find(GRID_PREFIX + "mapgrid.HexGridNumbering"), attributes),
    )


def _numbering(element: etree._Element | None, attributes: Attributes) -> Numbering | None:
    if element is None:
        return None
    return Numbering(
        first=(element.get("first") or "H")[:1],
        sep=element.get("sep", ""),
        h_type=(element.get("hType") or "N")[:1],
        v_type=(element.get("vType") or "N")[:1],
        h_leading=attributes.integer(element, "hLeading", 1),
        v_leading=attributes.integer(element, "vLeading", 1),
        h_off=attributes.integer(element, "hOff", 1),
        v_off=attributes.integer(element, "vOff", 1),
        h_descend=element.get("hDescend") == "true",
        v_descend=element.get("vDescend") == "true",
        location_format=element.get("locationFormat", "$gridLocation$"),
        stagger=element.get("stagger", "true") == "true",
    )


def _zoned_grid(element: etree._Element, attributes: Attributes) -> ZonedGrid:
    zones = []
    background = None
    for child in element.iterchildren("*"):
        if child.tag == GRID_PREFIX + "mapgrid.Zone":
            inner = [g for g in child.iterchildren("*") if short_tag(g.tag) in PLAIN_GRIDS]
            zones.append(
                Zone(
                    name=child.get("name", ""),
                    polygon=Polygon.parse(child.get("path", "")),
                    location_format=child.get("locationFormat", "$name$"),
                    grid=_grid(inner[-1], attributes) if inner else None,
                    use_parent_grid=child.get("useParentGrid") == "true",
                )
            )
        elif short_tag(child.tag) in PLAIN_GRIDS:
            background = _grid(child, attributes)
    return ZonedGrid(tuple(zones), background)
