"""Build the maps of boards.json (a module's map windows, boards and grids) from schema-valid data."""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic
from compiler.model.artwork import ArtSource, artwork
from compiler.model.reading import Json, text
from rules_engine.definitions import CounterMix, MapDefinition, Origin, TerrainChart
from rules_engine.definitions.art import BoardImage
from rules_engine.definitions.boards import (
    Axis,
    BoardMap,
    Boards,
    BoardSpec,
    GridSpec,
    HexGridSpec,
    Numbering,
    Pile,
    PlacedBoard,
    PlainGrid,
    Region,
    RegionGridSpec,
    SquareGridSpec,
    ZonedGridSpec,
    ZoneSpec,
)
from rules_engine.definitions.frozen import read_only


def build_boards(data: Json, file: str, art: ArtSource, problems: list[Diagnostic]) -> Boards:
    root = Origin(file)
    maps = tuple(_map(m, root.child("maps", i), art, problems) for i, m in enumerate(data["maps"]))
    return Boards(maps, root)


def _map(data: Json, origin: Origin, art: ArtSource, problems: list[Diagnostic]) -> BoardMap:
    boards = tuple(_board(b, origin.child("boards", i), art, problems) for i, b in enumerate(data["boards"]))
    layout = data.get("layout")
    placed = (
        tuple(PlacedBoard(p["board"], p["column"], p["row"], bool(p.get("reversed"))) for p in layout)
        if layout is not None
        else None
    )
    edge = data.get("edge", (0, 0))
    decks = tuple(Pile(d["name"], d.get("board"), int(d["x"]), int(d["y"])) for d in data.get("decks", ()))
    return BoardMap(data["id"], data["name"], boards, placed, (int(edge[0]), int(edge[1])), decks, origin)


def _board(data: Json, origin: Origin, art: ArtSource, problems: list[Diagnostic]) -> BoardSpec:
    image_name = text(data, "image")
    image = artwork(image_name, origin.child("image"), art, problems) if image_name else None
    size = data.get("size")
    grid = data.get("grid")
    return BoardSpec(
        id=data["id"],
        name=data["name"],
        image=image,
        size=(int(size[0]), int(size[1])) if size is not None else None,
        colour=text(data, "colour"),
        reversible=bool(data.get("reversible", False)),
        grid=_grid(grid) if grid is not None else None,
        origin=origin,
    )


def _grid(data: Json) -> GridSpec:
    if data["kind"] == "zoned":
        background = data.get("background")
        return ZonedGridSpec(
            tuple(_zone(z) for z in data["zones"]), _plain(background) if background is not None else None
        )
    return _plain(data)


def _plain(data: Json) -> PlainGrid:
    kind = data["kind"]
    if kind == "region":
        return RegionGridSpec(tuple(Region(r["name"], int(r["x"]), int(r["y"])) for r in data["regions"]))
    numbering = _numbering(data["numbering"]) if "numbering" in data else None
    dx, dy, x0, y0 = float(data["dx"]), float(data["dy"]), int(data["x0"]), int(data["y0"])
    if kind == "hex":
        return HexGridSpec(dx, dy, x0, y0, bool(data.get("sideways", False)), numbering)
    return SquareGridSpec(dx, dy, x0, y0, numbering)


def _zone(data: Json) -> ZoneSpec:
    grid: Any = data.get("grid")
    return ZoneSpec(
        name=data["name"],
        points=tuple((int(x), int(y)) for x, y in data["points"]),
        location=data.get("location", "$name$"),
        grid=_plain(grid) if isinstance(grid, dict) else None,
        background=grid == "background",
    )


def _numbering(data: Json) -> Numbering:
    return Numbering(
        rows_first=data["first"] == "rows",
        separator=data.get("separator", ""),
        columns=_axis(data["columns"]),
        rows=_axis(data["rows"]),
        location=data.get("location", "$gridLocation$"),
        stagger=bool(data.get("stagger", True)),
    )


def _axis(data: Json) -> Axis:
    return Axis(
        letters=data["labels"] == "letters",
        leading_zeros=int(data.get("leading_zeros", 1)),
        offset=int(data.get("offset", 1)),
        descending=bool(data.get("descending", False)),
    )


PRINT_DPI = 100.0  # a module's board images print at VASSAL's own scale: 100 pixels an inch


def stand_in_map(boards: Boards) -> MapDefinition:
    """The map the engine-facing parts see in a game that has only boards.json: no spaces, and
    the first board image of the first map that has one (what `wgc map` prints)."""
    first = next((b for m in boards.maps for b in m.boards if b.image is not None), None)
    image = (
        BoardImage(first.image, PRINT_DPI, None, None, None, first.origin.child("image"))
        if first is not None and first.image is not None
        else None
    )
    origin = Origin("boards.json")
    return MapDefinition(
        kind="point-to-point",
        name=None,
        width=None,
        height=None,
        size_unit=None,
        grid=None,
        hex_size=None,
        spaces=read_only({}),
        hexsides=(),
        roads=(),
        routes=(),
        regions=(),
        supply_sources=(),
        entries=(),
        tracks=(),
        boxes=(),
        origin=origin,
        image=image,
    )


def no_terrain() -> TerrainChart:
    return TerrainChart((), read_only({}), Origin("terrain.json"))


def no_counters() -> CounterMix:
    return CounterMix(read_only({}), Origin("counters.json"))
