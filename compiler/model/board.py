"""Build the map from map.json.

The builder resolves every space reference it can (hex IDs, space ids and
printed place names) to a space id, so later stages deal with ids only.
References it cannot resolve are kept as written; the cross-checks report them.
Problems only the builder can see (hex IDs the grid cannot number, hexes
without terrain) are returned as diagnostics.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.diagnostics import Diagnostic, codes, error
from compiler.model.artwork import ArtSource, artwork
from compiler.model.reading import Json, strings, text
from rules_engine.definitions import (
    Area,
    Box,
    Entry,
    Hexside,
    MapDefinition,
    MapScale,
    Origin,
    Region,
    Road,
    Route,
    Space,
    SupplySource,
    Track,
)
from rules_engine.definitions.art import BoardImage
from rules_engine.definitions.frozen import read_only
from rules_engine.geometry import Axis, GridError, Hex, HexGrid

_UNIT_TO_INCH = {"in": 1.0, "mm": 1 / 25.4}


def build_map(
    data: Json, file: str, art: ArtSource | None = None
) -> tuple[MapDefinition | None, list[Diagnostic]]:
    """The map from map.json; a grid that cannot number its hexes is the one fatal problem.
    ``art`` reads the board image; without it (a replay's test map) the map has no image."""
    root = Origin(file)
    problems: list[Diagnostic] = []
    grid: HexGrid | None = None
    hex_size: float | None = None
    if data["kind"] == "hex":
        try:
            grid = _grid(data["grid"])
        except GridError as exc:
            return None, [error(codes.MAP_BAD_GRID, str(exc), file, "/grid")]
        hex_size = _hex_size(data["grid"])
        spaces = _hex_spaces(data, grid, root, problems)
    else:
        spaces = _listed_spaces(data, root)
    resolve = _resolver(spaces)
    size = data.get("size", {})
    parts = {name: _parts(data, name, root, resolve, build) for name, build in _PART_BUILDERS.items()}
    board = MapDefinition(
        kind=data["kind"],
        name=text(data, "name"),
        width=size.get("width"),
        height=size.get("height"),
        size_unit=size.get("unit"),
        grid=grid,
        hex_size=hex_size,
        spaces=read_only(spaces),
        origin=root,
        scale=_scale(data.get("scale")),
        image=_board_image(data, root, art, problems),
        **parts,
    )
    return board, problems


def _scale(data: Json | None) -> MapScale | None:
    return None if data is None else MapScale(data["per"], float(data["value"]), data["unit"])


_UNIT_PER_INCH = {"in": 1.0, "mm": 25.4}


def _board_image(
    data: Json, root: Origin, art: ArtSource | None, problems: list[Diagnostic]
) -> BoardImage | None:
    """The board image and its registration, lengths in image pixels (a length in inches or mm
    is turned into pixels at the stated dpi; without one it is left out, and the checks say so)."""
    entry = data.get("image")
    if entry is None or art is None:
        return None
    origin = root.child("image")
    found = artwork(entry["file"], origin.child("file"), art, problems)
    if found is None:
        return None
    dpi = entry.get("dpi")
    unit = entry.get("unit", "px")
    scale = 1.0 if unit == "px" else (dpi / _UNIT_PER_INCH[unit] if dpi else None)

    def pixels(value: float | None) -> float | None:
        return None if value is None or scale is None else value * scale

    first = entry.get("first_hex")
    first_centre = None if first is None or scale is None else (first[0] * scale, first[1] * scale)
    return BoardImage(
        found, dpi, pixels(entry.get("hex_size")), pixels(entry.get("column_step")), first_centre, origin
    )


Resolve = Callable[[str], str]
PartBuilder = Callable[[Json, Origin, Resolve], Any]


def _hex_size(grid_data: Json) -> float | None:
    size = grid_data.get("hex_size")
    return size["value"] * _UNIT_TO_INCH[size["unit"]] if size is not None else None


def _resolver(spaces: dict[str, Space]) -> Resolve:
    """Space ids stay ids; an unambiguous place name becomes its space's id; anything else is kept
    as written, for the cross-checks to report."""
    names = _name_index(spaces)

    def resolve(reference: str) -> str:
        if reference in spaces:
            return reference
        found = names.get(reference.casefold(), ())
        return found[0] if len(found) == 1 else reference

    return resolve


def _parts(data: Json, name: str, root: Origin, resolve: Resolve, build: PartBuilder) -> tuple[Any, ...]:
    return tuple(build(item, root.child(name, i), resolve) for i, item in enumerate(data.get(name, ())))


def _hexside(h: Json, origin: Origin, resolve: Resolve) -> Hexside:
    a, b = h["between"]
    return Hexside(resolve(a), resolve(b), h["terrain"], bool(h.get("bridge", False)), origin)


def _road(r: Json, origin: Origin, resolve: Resolve) -> Road:
    path = tuple(resolve(s) for s in r["path"])
    bridges = tuple(resolve(s) for s in r.get("bridges", ()))
    return Road(r["terrain"], path, bridges, text(r, "name"), text(r, "off_map"), origin)


def _route(r: Json, origin: Origin, resolve: Resolve) -> Route:
    a, b = r["between"]
    return Route(resolve(a), resolve(b), text(r, "terrain"), origin)


def _region(r: Json, origin: Origin, resolve: Resolve) -> Region:
    spaces = tuple(resolve(s) for s in r["spaces"])
    return Region(r["id"], r["name"], r["kind"], spaces, text(r, "colour"), text(r, "connected_by"), origin)


def _supply_source(s: Json, origin: Origin, resolve: Resolve) -> SupplySource:
    return SupplySource(resolve(s["at"]), s["side"], text(s, "nation"), text(s, "label"), origin)


def _entry(e: Json, origin: Origin, resolve: Resolve) -> Entry:
    return Entry(e["id"], e["name"], resolve(e["at"]), text(e, "side"), origin)


def _track(t: Json, origin: Origin, resolve: Resolve) -> Track:
    boxes = bool(t.get("reinforcement_boxes", False))
    return Track(t["id"], t["name"], t["kind"], t.get("from"), t.get("to"), text(t, "side"), boxes, origin)


def _box(b: Json, origin: Origin, resolve: Resolve) -> Box:
    counters = strings(b, "counters")
    return Box(b["id"], b["name"], b["kind"], text(b, "side"), counters, b.get("draw", "none"), origin)


def _area(a: Json, origin: Origin, resolve: Resolve) -> Area:
    label = a.get("label")
    points = tuple((float(x), float(y)) for x, y in a["points"])
    return Area(a["kind"], a["name"], points, (float(label[0]), float(label[1])) if label else None, origin)


# Each list of map.json, by its key and the MapDefinition field of the same name.
_PART_BUILDERS: dict[str, PartBuilder] = {
    "hexsides": _hexside,
    "roads": _road,
    "routes": _route,
    "regions": _region,
    "supply_sources": _supply_source,
    "entries": _entry,
    "tracks": _track,
    "boxes": _box,
    "geography": _area,
}


def _axis(data: Json) -> Axis:
    return Axis(data["from"], data["to"], data.get("digits"))


def _grid(data: Json) -> HexGrid:
    return HexGrid(
        data["orientation"],
        data["stagger"],
        _axis(data["columns"]),
        _axis(data["rows"]),
        data.get("hex_id", "{column}{row}"),
    )


def _hex_spaces(data: Json, grid: HexGrid, root: Origin, problems: list[Diagnostic]) -> dict[str, Space]:
    """The listed hexes, then every other hex of the grid with the default terrain, in grid order."""
    spaces: dict[str, Space] = {}
    for index, entry in enumerate(data.get("hexes", ())):
        origin = root.child("hexes", index)
        position = grid.parse(entry["id"])
        problem = _listed_hex_problem(entry["id"], position, grid, spaces, origin)
        if problem is not None:
            problems.append(problem)
            continue
        spaces[entry["id"]] = _space_from_entry(entry, origin, entry["id"], position)
    problem = _fill_unlisted(spaces, grid, data["grid"].get("default_terrain"), root)
    if problem is not None:
        problems.append(problem)
    return dict(
        sorted(spaces.items(), key=lambda item: (item[1].hex.col, item[1].hex.row) if item[1].hex else (0, 0))
    )


def _listed_hex_problem(
    hex_id: str, position: Hex | None, grid: HexGrid, spaces: dict[str, Space], origin: Origin
) -> Diagnostic | None:
    """Why a listed hex cannot be a space: an ID the grid cannot place (``position``, what the
    grid parses it as, is None), or a hex listed twice."""
    where = origin.pointer + "/id"
    if position is None:
        outside = grid.looks_like_id(hex_id)
        code = codes.MAP_HEX_OUTSIDE_GRID if outside else codes.MAP_BAD_HEX_ID
        reason = "is outside the grid" if outside else "is not a hex ID of this grid"
        first, last = grid.hex_id(next(iter(grid))), _last_hex_id(grid)
        return error(
            code, f"hex '{hex_id}' {reason}", origin.file, where, hint=f"hex IDs run from {first} to {last}"
        )
    if hex_id in spaces:
        hint = f"its first entry is {spaces[hex_id].origin.pointer}"
        return error(codes.ID_DUPLICATE, f"hex '{hex_id}' is listed twice", origin.file, where, hint=hint)
    return None


def _fill_unlisted(
    spaces: dict[str, Space], grid: HexGrid, default: str | None, root: Origin
) -> Diagnostic | None:
    """Hexes the map does not list take the default terrain; without one, they are an error."""
    missing = []
    origin = root.child("grid", "default_terrain")
    for position in grid:
        hex_id = grid.hex_id(position)
        if hex_id in spaces:
            continue
        if default is None:
            missing.append(hex_id)
            continue
        spaces[hex_id] = Space(hex_id, default, hex=position, listed=False, origin=origin)
    if not missing:
        return None
    shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
    return error(
        codes.MAP_HEX_NOT_LISTED,
        f"{len(missing)} hexes of the grid have no terrain: {shown}",
        root.file,
        "/hexes",
        hint="list them, or set grid.default_terrain for unlisted hexes",
    )


def _last_hex_id(grid: HexGrid) -> str:
    return grid.hex_id(Hex(grid.columns.size - 1, grid.rows.size - 1))


def _space_from_entry(entry: Json, origin: Origin, space_id: str, position: Any = None) -> Space:
    return Space(
        id=space_id,
        terrain=entry.get("terrain", ""),
        features=strings(entry, "features"),
        level=entry.get("level"),
        name=text(entry, "name"),
        aliases=strings(entry, "aliases"),
        label=text(entry, "label"),
        kinds=strings(entry, "kinds"),
        hex=position,
        x=entry.get("x"),
        y=entry.get("y"),
        origin=origin,
    )


def _listed_spaces(data: Json, root: Origin) -> dict[str, Space]:
    spaces: dict[str, Space] = {}
    for index, entry in enumerate(data.get("spaces", ())):
        if entry["id"] not in spaces:
            spaces[entry["id"]] = _space_from_entry(entry, root.child("spaces", index), entry["id"])
    return spaces


def _name_index(spaces: dict[str, Space]) -> dict[str, tuple[str, ...]]:
    names: dict[str, list[str]] = {}
    for space in spaces.values():
        for name in (space.name, *space.aliases):
            if name:
                names.setdefault(name.casefold(), []).append(space.id)
    return {key: tuple(value) for key, value in names.items()}
