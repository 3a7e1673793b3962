"""Build the map from map.json.

The builder resolves every space reference it can (hex IDs, space ids and
printed place names) to a space id, so later stages deal with ids only.
References it cannot resolve are kept as written; the cross-checks report them.
Problems only the builder can see (hex IDs the grid cannot number, hexes
without terrain) are returned as diagnostics.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Diagnostic, codes, error
from compiler.model.reading import Json, strings, text
from rules_engine.definitions import (
    Area,
    Box,
    Entry,
    Hexside,
    MapDefinition,
    Origin,
    Region,
    Road,
    Route,
    Space,
    SupplySource,
    Track,
)
from rules_engine.geometry import Axis, GridError, Hex, HexGrid

_UNIT_TO_INCH = {"in": 1.0, "mm": 1 / 25.4}


def build_map(data: Json, file: str) -> tuple[MapDefinition | None, list[Diagnostic]]:
    root = Origin(file)
    problems: list[Diagnostic] = []
    grid: HexGrid | None = None
    hex_size: float | None = None
    if data["kind"] == "hex":
        grid_data = data["grid"]
        try:
            grid = _grid(grid_data)
        except GridError as exc:
            return None, [error(codes.MAP_BAD_GRID, str(exc), file, "/grid")]
        if "hex_size" in grid_data:
            size = grid_data["hex_size"]
            hex_size = size["value"] * _UNIT_TO_INCH[size["unit"]]
        spaces = _hex_spaces(data, grid, root, problems)
    else:
        spaces = _listed_spaces(data, root)
    names = _name_index(spaces)

    def resolve(reference: str) -> str:
        if reference in spaces:
            return reference
        found = names.get(reference.casefold(), ())
        return found[0] if len(found) == 1 else reference

    size = data.get("size", {})
    board = MapDefinition(
        kind=data["kind"],
        name=text(data, "name"),
        width=size.get("width"),
        height=size.get("height"),
        size_unit=size.get("unit"),
        grid=grid,
        hex_size=hex_size,
        spaces=spaces,
        hexsides=tuple(
            Hexside(
                resolve(h["between"][0]),
                resolve(h["between"][1]),
                h["terrain"],
                bool(h.get("bridge", False)),
                root.child("hexsides", i),
            )
            for i, h in enumerate(data.get("hexsides", ()))
        ),
        roads=tuple(
            Road(
                r["terrain"],
                tuple(resolve(s) for s in r["path"]),
                tuple(resolve(s) for s in r.get("bridges", ())),
                text(r, "name"),
                text(r, "off_map"),
                root.child("roads", i),
            )
            for i, r in enumerate(data.get("roads", ()))
        ),
        routes=tuple(
            Route(
                resolve(r["between"][0]),
                resolve(r["between"][1]),
                text(r, "terrain"),
                root.child("routes", i),
            )
            for i, r in enumerate(data.get("routes", ()))
        ),
        regions=tuple(
            Region(
                r["id"],
                r["name"],
                r["kind"],
                tuple(resolve(s) for s in r["spaces"]),
                text(r, "colour"),
                text(r, "connected_by"),
                root.child("regions", i),
            )
            for i, r in enumerate(data.get("regions", ()))
        ),
        supply_sources=tuple(
            SupplySource(
                resolve(s["at"]),
                s["side"],
                text(s, "nation"),
                text(s, "label"),
                root.child("supply_sources", i),
            )
            for i, s in enumerate(data.get("supply_sources", ()))
        ),
        entries=tuple(
            Entry(e["id"], e["name"], resolve(e["at"]), text(e, "side"), root.child("entries", i))
            for i, e in enumerate(data.get("entries", ()))
        ),
        tracks=tuple(
            Track(
                t["id"],
                t["name"],
                t["kind"],
                t.get("from"),
                t.get("to"),
                text(t, "side"),
                bool(t.get("reinforcement_boxes", False)),
                root.child("tracks", i),
            )
            for i, t in enumerate(data.get("tracks", ()))
        ),
        boxes=tuple(
            Box(
                b["id"],
                b["name"],
                b["kind"],
                text(b, "side"),
                strings(b, "counters"),
                b.get("draw", "none"),
                root.child("boxes", i),
            )
            for i, b in enumerate(data.get("boxes", ()))
        ),
        origin=root,
        geography=tuple(
            _area(a, root.child("geography", i)) for i, a in enumerate(data.get("geography", ()))
        ),
    )
    return board, problems


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
    spaces: dict[str, Space] = {}
    file = root.file
    for index, entry in enumerate(data.get("hexes", ())):
        origin = root.child("hexes", index)
        hex_id = entry["id"]
        position = grid.parse(hex_id)
        if position is None:
            code = codes.MAP_HEX_OUTSIDE_GRID if grid.looks_like_id(hex_id) else codes.MAP_BAD_HEX_ID
            reason = (
                "is outside the grid"
                if code == codes.MAP_HEX_OUTSIDE_GRID
                else "is not a hex ID of this grid"
            )
            first, last = grid.hex_id(next(iter(grid))), _last_hex_id(grid)
            problems.append(
                error(
                    code,
                    f"hex '{hex_id}' {reason}",
                    file,
                    origin.pointer + "/id",
                    hint=f"hex IDs run from {first} to {last}",
                )
            )
            continue
        if hex_id in spaces:
            problems.append(
                error(
                    codes.ID_DUPLICATE,
                    f"hex '{hex_id}' is listed twice",
                    file,
                    origin.pointer + "/id",
                    hint=f"its first entry is {spaces[hex_id].origin.pointer}",
                )
            )
            continue
        spaces[hex_id] = _space_from_entry(entry, origin, hex_id, position)
    default = data["grid"].get("default_terrain")
    missing = []
    for position in grid:
        hex_id = grid.hex_id(position)
        if hex_id in spaces:
            continue
        if default is None:
            missing.append(hex_id)
            continue
        spaces[hex_id] = Space(
            hex_id, default, hex=position, listed=False, origin=root.child("grid", "default_terrain")
        )
    if missing:
        shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        problems.append(
            error(
                codes.MAP_HEX_NOT_LISTED,
                f"{len(missing)} hexes of the grid have no terrain: {shown}",
                file,
                "/hexes",
                hint="list them, or set grid.default_terrain for unlisted hexes",
            )
        )
    return dict(
        sorted(spaces.items(), key=lambda item: (item[1].hex.col, item[1].hex.row) if item[1].hex else (0, 0))
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


def _area(data: Json, origin: Origin) -> Area:
    label = data.get("label")
    return Area(
        data["kind"],
        data["name"],
        tuple((float(x), float(y)) for x, y in data["points"]),
        (float(label[0]), float(label[1])) if label else None,
        origin,
    )
