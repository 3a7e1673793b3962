"""A module's maps into boards.json: each map window, its boards (images with their grids
registered) and the board picker's default layout.

Numbers are read as VASSAL reads them (inspect's Attributes: Java integers and doubles, the
HexGrid's dx that follows dy); a board image the art reader cannot use stays a plain area of the
image's size, its image kept in the tree. The tree keeps every attribute the data does not hold.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from compiler.importer.files import FileCopier
from compiler.importer.naming import IdMaker
from compiler.importer.source import ModuleSource
from compiler.importer.tally import Tally
from compiler.javatext.sequence import decode
from compiler.vassal.extension.format import wgc
from compiler.vassal.extension.tree import (
    BOARD_TAG,
    DATA_ATTRIBUTES,
    GRID_TAGS,
    HEX_NUMBERING,
    PLAIN_GRIDS,
    REGION,
    SQUARE_NUMBERING,
    ZONE,
    strip,
)
from compiler.vassal.inspection.maps import BOARD_PICKER, Attributes, MapSpec, own_descendants, read_maps
from compiler.vassal.inspection.model import Inspection

COLOUR = re.compile(r"^\s*(\d{1,3}),\s*(\d{1,3}),\s*(\d{1,3})\s*$")
GRID_KINDS = {tag: kind for kind, tag in GRID_TAGS.items()}
DRAW_PILE = "VASSAL.build.module.map.DrawPile"


@dataclass
class ImportedMap:
    """A map as imported: its data, and how VASSAL names it (by name or Map<n>)."""

    id: str
    name: str
    vassal_id: str
    data: dict[str, Any]
    spec: MapSpec
    board_ids: dict[str, str] = field(default_factory=dict)  # board name -> board id (first of a name)


def import_boards(source: ModuleSource, files: FileCopier, tally: Tally) -> list[ImportedMap]:
    """The maps' data; the tree keeps each map element with a wgc:map reference."""
    specs = read_maps(source.root, source.archive, Inspection(str(source.path)))
    attributes = Attributes(Inspection(str(source.path)))
    ids = IdMaker("map")
    found = []
    pickers = [p for p in source.root.iter(BOARD_PICKER) if p.getparent() is not None]
    for picker, spec in zip(pickers, specs, strict=False):
        element = picker.getparent()
        assert element is not None
        imported = ImportedMap(ids.make(spec.name), spec.name, spec.id, {}, spec)
        boards = _boards(picker, spec, imported, files, attributes, tally)
        imported.data = {"id": imported.id, "name": spec.name, "boards": boards}
        if spec.edge != (0, 0):
            imported.data["edge"] = list(spec.edge)
        layout = _layout(picker, spec, imported)
        if layout is not None:
            imported.data["layout"] = layout
        decks = _decks(element, attributes, tally)
        if decks:
            imported.data["decks"] = decks
        strip(element, ("mapName", "edgeWidth", "edgeHeight", "edge"))
        element.set(wgc("map"), imported.id)
        tally.data("maps")
        found.append(imported)
    return found


def _boards(
    picker: etree._Element,
    spec: MapSpec,
    imported: ImportedMap,
    files: FileCopier,
    attributes: Attributes,
    tally: Tally,
) -> list[dict[str, Any]]:
    ids = IdMaker("board")
    found = []
    for element, measured in zip(picker.iter(BOARD_TAG), spec.boards, strict=False):
        board_id = ids.make(measured.name)
        imported.board_ids.setdefault(measured.name, board_id)
        board: dict[str, Any] = {"id": board_id, "name": element.get("name", "")}
        strip(element, ("name",))
        image = element.get("image", "")
        art = files.art_name(image) if image.strip() else None
        if art is not None:
            board["image"] = art
            strip(element, ("image",))
            tally.data("board images")
        else:
            board["size"] = [measured.width, measured.height]
            strip(element, ("width", "height"))  # the build writes them from the size
            if not image.strip():
                colour = _colour(element.get("color"))
                if colour is not None:
                    board["colour"] = colour
                    strip(element, ("color",))
            else:
                tally.kept("board images the art reader cannot use")
        if element.get("reversible") in ("true", "false"):
            board["reversible"] = element.get("reversible") == "true"
            strip(element, ("reversible",))
        grids = [child for child in element if child.tag in GRID_TAGS.values()]
        if grids:
            board["grid"] = _grid(grids[-1], attributes, tally)
        element.set(wgc("board"), board_id)
        tally.data("boards")
        found.append(board)
    return found


def _colour(text: str | None) -> str | None:
    match = COLOUR.match(text or "")
    if match is None or any(int(v) > 255 for v in match.groups()):
        return None
    return "#" + "".join(f"{int(v):02x}" for v in match.groups())


def _grid(element: etree._Element, attributes: Attributes, tally: Tally) -> dict[str, Any]:
    """A grid element as data (its data attributes then taken out of the tree)."""
    kind = GRID_KINDS[element.tag]
    tally.data(f"{kind} grids")
    if kind == "region":
        regions = [
            {
                "name": r.get("name", ""),
                "x": attributes.integer(r, "originx", 0),
                "y": attributes.integer(r, "originy", 0),
            }
            for r in element.iter(REGION)
        ]
        for region in element.iter(REGION):
            strip(region, DATA_ATTRIBUTES[REGION])
        tally.data("regions", len(regions))
        grid = {"kind": "region", "regions": regions}
    elif kind == "zoned":
        grid = _zoned(element, attributes, tally)
    else:
        grid = _regular(element, kind, attributes)
    strip(element, DATA_ATTRIBUTES[element.tag])
    return grid


def _regular(element: etree._Element, kind: str, attributes: Attributes) -> dict[str, Any]:
    """Hex and square grids, with VASSAL's defaults and its rule that a hex grid's dx follows its
    dy while dx is still the default."""
    if kind == "hex":
        default_dx = math.sqrt(3) / 2 * 64.0
        dx = attributes.number(element, "dx", default_dx)
        dy = attributes.number(element, "dy", 64.0)
        if "dy" in element.attrib and dx == default_dx:
            dx = math.sqrt(3) / 2 * dy
        origin = (attributes.integer(element, "x0", 0), attributes.integer(element, "y0", 32))
    else:
        dx, dy = attributes.number(element, "dx", 48.0), attributes.number(element, "dy", 48.0)
        origin = (attributes.integer(element, "x0", 24), attributes.integer(element, "y0", 24))
    grid: dict[str, Any] = {"kind": kind, "dx": dx, "dy": dy, "x0": origin[0], "y0": origin[1]}
    if kind == "hex":
        grid["sideways"] = element.get("sideways") == "true"
    numbering = element.find(HEX_NUMBERING if kind == "hex" else SQUARE_NUMBERING)
    if numbering is not None:
        grid["numbering"] = _numbering(numbering, attributes)
        strip(numbering, DATA_ATTRIBUTES[numbering.tag])
    return grid


def _numbering(element: etree._Element, attributes: Attributes) -> dict[str, Any]:
    def axis(kind: str, leading: str, offset: str, descend: str) -> dict[str, Any]:
        return {
            "labels": "letters" if (element.get(kind) or "N")[:1] == "A" else "numbers",
            "leading_zeros": max(0, min(20, attributes.integer(element, leading, 1))),
            "offset": attributes.integer(element, offset, 1),
            "descending": element.get(descend) == "true",
        }

    return {
        "first": "rows" if (element.get("first") or "H")[:1] == "V" else "columns",
        "separator": element.get("sep", ""),
        "columns": axis("hType", "hLeading", "hOff", "hDescend"),
        "rows": axis("vType", "vLeading", "vOff", "vDescend"),
        "location": element.get("locationFormat", "$gridLocation$"),
        "stagger": element.get("stagger", "true") == "true",
    }


def _zoned(element: etree._Element, attributes: Attributes, tally: Tally) -> dict[str, Any]:
    zones = []
    for zone in (child for child in element if child.tag == ZONE):
        data: dict[str, Any] = {
            "name": zone.get("name", ""),
            "points": _points(zone.get("path", "")),
            "location": zone.get("locationFormat", "$name$"),
        }
        inner = [child for child in zone if child.tag in PLAIN_GRIDS]
        if zone.get("useParentGrid") == "true":
            data["grid"] = "background"
        elif inner:
            data["grid"] = _grid(inner[-1], attributes, tally)
        strip(zone, DATA_ATTRIBUTES[ZONE])
        zones.append(data)
    tally.data("zones", len(zones))
    grid: dict[str, Any] = {"kind": "zoned", "zones": zones}
    plain = [child for child in element if child.tag in PLAIN_GRIDS]
    if plain:
        grid["background"] = _grid(plain[-1], attributes, tally)
    return grid


def _points(path: str) -> list[list[int]]:
    """A zone's path as java.awt.Polygon gets it (pairs that do not read as integers are left out)."""
    points = []
    for pair in decode(path, ";"):
        parts = decode(pair, ",")
        try:
            points.append([int(parts[0].strip()), int(parts[1].strip())])
        except (ValueError, IndexError):
            continue
    return points


def _layout(picker: etree._Element, spec: MapSpec, imported: ImportedMap) -> list[dict[str, Any]] | None:
    """The board picker's default setup as data, when it names this map and its boards."""
    setup = picker.find("setup")
    if setup is None:
        return None
    layout = parse_layout(setup.text or "", spec)
    if layout is None:
        return None
    picker.remove(setup)
    return layout


def parse_layout(text: str, spec: MapSpec) -> list[dict[str, Any]] | None:
    """'<map>BoardPicker\\t<board>[/rev]\\t<column>\\t<row>...' as data; None when it does not read
    so (VASSAL's own reading of it is kept instead)."""
    tokens = decode(text, "\t")
    if tokens[0] not in (spec.id + "BoardPicker", spec.name + "BoardPicker") or (len(tokens) - 1) % 3:
        return None
    found = []
    for index in range(1, len(tokens), 3):
        parts = decode(tokens[index], "/")
        name, flag = parts[0], parts[1] if len(parts) > 1 else ""
        column, row = tokens[index + 1], tokens[index + 2]
        if spec.board(name) is None or not column.isdigit() or not row.isdigit() or flag not in ("", "rev"):
            return None
        entry: dict[str, Any] = {"board": name, "column": int(column), "row": int(row)}
        if flag:
            entry["reversed"] = True
        found.append(entry)
    return found


def _decks(element: etree._Element, attributes: Attributes, tally: Tally) -> list[dict[str, Any]]:
    """Where the map's decks lie (their point is what names a piece there)."""
    found = []
    for index, pile in enumerate(p for p in own_descendants(element) if p.tag == DRAW_PILE):
        deck: dict[str, Any] = {
            "name": pile.get("name", ""),
            "x": attributes.integer(pile, "x", 0),
            "y": attributes.integer(pile, "y", 0),
        }
        if pile.get("owningBoard"):
            deck["board"] = pile.get("owningBoard")
        strip(pile, ("x", "y", "owningBoard"))
        pile.set(wgc("pile"), str(index))
        tally.data("deck places")
        found.append(deck)
    return found
