"""Map geometry: hexsides and roads join neighbours; bridges and rivers agree."""

from __future__ import annotations

import math
from collections.abc import Iterator

from compiler.checks.context import CheckContext, at, unknown
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.presentation.limits import MAX_MAP_SQUARE_INCHES, MAX_PLAY_AREA_PIXELS, PLANNED_DPI
from rules_engine.definitions import GameDefinition, MapDefinition, Origin, Space, Terrain
from rules_engine.geometry import HexLayout


def check_hexsides_adjacent(context: CheckContext) -> Iterator[Diagnostic]:
    board = context.definition.board
    if board is None or board.grid is None:
        return
    for hexside in board.hexsides:
        if (
            hexside.a in board.spaces
            and hexside.b in board.spaces
            and not board.are_adjacent(hexside.a, hexside.b)
        ):
            file, pointer = at(hexside.origin, "between")
            yield error(
                codes.MAP_HEXSIDE_NOT_ADJACENT,
                f"a hexside lies between two neighbouring hexes; {hexside.a} and {hexside.b} "
                f"are {board.distance(hexside.a, hexside.b)} hexes apart",
                file,
                pointer,
                hint=f"neighbours of {hexside.a}: {', '.join(board.neighbours(hexside.a))}",
            )


def check_roads_adjacent(context: CheckContext) -> Iterator[Diagnostic]:
    board = context.definition.board
    if board is None:
        return
    for road in board.roads:
        for index, (a, b) in enumerate(road.steps()):
            if a not in board.spaces or b not in board.spaces or board.are_adjacent(a, b):
                continue
            file, pointer = at(road.origin, "path", index + 1)
            if board.grid is not None:
                message = f"the road jumps from {a} to {b}, which are {board.distance(a, b)} hexes apart"
                hint = f"neighbours of {a}: {', '.join(board.neighbours(a))}"
            else:
                message = f"the road runs from {a} to {b}, but no route joins them"
                hint = "add a route between them or fix the path"
            yield error(codes.MAP_ROAD_NOT_ADJACENT, message, file, pointer, hint=hint)


# Costs that forbid a crossing.
NO_CROSSING = ("impassable", "prohibited")


def check_bridges(context: CheckContext) -> Iterator[Diagnostic]:
    """A road crossing a hexside that only a bridge lets movement through, with no bridge there,
    and a bridge that carries no road.

    The rulebooks decide how bad a missing bridge is, through the terrain chart: where the
    hexside cannot be crossed at all without a bridge (its "cross" cost is impassable or
    prohibited for some movement class) the road as drawn cannot be followed, an error. Where
    the rules let a unit cross anyway at a price (Israel 1948's River Hex-Side: all of its
    movement, "except at a bridge"), the data is playable and the road just stops helping at
    the river; the shipped map's roads all cross rivers at bridges, so it is most likely a
    slip: a warning.
    """
    board, chart = context.definition.board, context.definition.terrain
    if board is None or chart is None or board.grid is None:
        return
    classes = [c.id for c in chart.movement_classes] or ["*"]
    crossed: set[frozenset[str]] = set()
    for road in board.roads:
        terrain = chart.get(road.terrain)
        if terrain is None or terrain.kind != "road" or not terrain.movement:
            continue
        for index, (a, b) in enumerate(road.steps()):
            crossed.add(frozenset((a, b)))
            for hexside in board.hexside(a, b):
                side_terrain = chart.get(hexside.terrain)
                if side_terrain is None or hexside.bridge or "at-bridge" not in side_terrain.movement:
                    continue
                blocked = [c for c in classes if side_terrain.cost("cross", c) in NO_CROSSING]
                where = side_terrain.name.lower()
                message = f"the road crosses the {where} between {a} and {b} where there is no bridge"
                if blocked:
                    message += f": no {' or '.join(blocked)} unit may cross it, so the road leads nowhere"
                file, pointer = at(road.origin, "path", index + 1)
                hint = f'set "bridge": true on that hexside ({hexside.origin.pointer})'
                report = error if blocked else warning
                yield report(codes.MAP_ROAD_CROSSES_WITHOUT_BRIDGE, message, file, pointer, hint=hint)
    yield from _bridges_without_road(board, crossed)


def _bridges_without_road(board: MapDefinition, crossed: set[frozenset[str]]) -> Iterator[Diagnostic]:
    for hexside in board.hexsides:
        if hexside.bridge and hexside.key not in crossed:
            file, pointer = at(hexside.origin, "bridge")
            yield warning(
                codes.MAP_BRIDGE_WITHOUT_ROAD,
                f"the bridge between {hexside.a} and {hexside.b} carries no road",
                file,
                pointer,
                hint="add the road through these two hexes, or drop the bridge",
            )


def check_routes(context: CheckContext) -> Iterator[Diagnostic]:
    board = context.definition.board
    if board is None or board.grid is not None:
        return
    linked: set[str] = set()
    for route in board.routes:
        linked.update((route.a, route.b))
        if route.a == route.b:
            file, pointer = at(route.origin, "between")
            yield error(codes.MAP_ROUTE_TO_ITSELF, f"the route joins '{route.a}' to itself", file, pointer)
    if not board.routes:
        return
    for space in board.spaces.values():
        if space.id not in linked:
            yield warning(
                codes.MAP_SPACE_UNREACHABLE,
                f"no route reaches '{space.id}'",
                space.origin.file,
                space.origin.pointer,
                hint="add a route, or make it an off-map box instead",
            )


def check_countries(context: CheckContext) -> Iterator[Diagnostic]:
    """A space lies in at most one country."""
    board = context.definition.board
    if board is None:
        return
    owner: dict[str, str] = {}
    for region in board.regions:
        if region.kind != "country":
            continue
        for index, space_id in enumerate(region.spaces):
            if space_id in owner and owner[space_id] != region.id:
                file, pointer = at(region.origin, "spaces", index)
                yield error(
                    codes.MAP_REGION_OVERLAP,
                    f"{space_id} is in both '{owner[space_id]}' and '{region.id}'",
                    file,
                    pointer,
                    hint="a space belongs to one country only",
                )
            owner.setdefault(space_id, region.id)


def check_place_names(context: CheckContext) -> Iterator[Diagnostic]:
    board = context.definition.board
    if board is None:
        return
    first: dict[str, str] = {}
    for space in board.spaces.values():
        for name in (space.name, *space.aliases):
            if not name:
                continue
            key = name.casefold()
            if key in first and first[key] != space.id:
                yield warning(
                    codes.MAP_PLACE_NAME_DUPLICATE,
                    f"the name '{name}' is given to both {first[key]} and {space.id}",
                    space.origin.file,
                    space.origin.pointer,
                    hint="references by this name are ambiguous; use hex IDs for them",
                )
            first.setdefault(key, space.id)


def check_line_features(context: CheckContext) -> Iterator[Diagnostic]:
    """A line feature (a stream) runs through neighbouring hexes: none stands alone, no hex is skipped."""
    board, chart = context.definition.board, context.definition.terrain
    if board is None or chart is None or board.grid is None:
        return
    linear = {t.id for t in chart.terrain.values() if t.linear}
    lines: dict[str, dict[str, Space]] = {}
    for space in board.spaces.values():
        for index, feature in enumerate(space.features):
            if feature not in linear:
                continue
            lines.setdefault(feature, {})[space.id] = space
            if not any(feature in board.spaces[n].features for n in board.neighbours(space.id)):
                file, pointer = at(space.origin, "features", index)
                yield error(
                    codes.MAP_LINE_BROKEN,
                    f"the {feature} in {space.id} touches no other hex with a {feature}",
                    file,
                    pointer,
                    hint="a line feature continues into a neighbouring hex",
                )
    for feature, members in lines.items():
        yield from _line_gaps(board, feature, members)


def _line_gaps(board: MapDefinition, feature: str, members: dict[str, Space]) -> Iterator[Diagnostic]:
    """Two ends of separate pieces of a line one hex apart: the hex between likely lost the feature."""
    piece: dict[str, str] = {}
    for start in members:
        if start in piece:
            continue
        piece[start], stack = start, [start]
        while stack:
            for n in board.neighbours(stack.pop()):
                if n in members and n not in piece:
                    piece[n] = start
                    stack.append(n)
    ends = [h for h in members if sum(n in members for n in board.neighbours(h)) == 1]
    for position, a in enumerate(ends):
        for b in ends[position + 1 :]:
            if piece[a] == piece[b] or board.distance(a, b) != 2:
                continue
            between = [n for n in board.neighbours(a) if board.are_adjacent(n, b)]
            file, pointer = at(members[a].origin, "features", members[a].features.index(feature))
            yield warning(
                codes.MAP_LINE_BROKEN,
                f"the {feature} breaks off between {a} and {b}: "
                f"no {feature} in the hex between them ({' or '.join(between)})",
                file,
                pointer,
                hint=f"add the {feature} to {' or '.join(between)}, unless these are two separate {feature}s",
            )


def check_road_ends(context: CheckContext) -> Iterator[Diagnostic]:
    """A road ends at another road, a named place, a supply source or entry, or the map edge."""
    board = context.definition.board
    if board is None or board.grid is None:
        return
    on_roads: dict[str, int] = {}
    for road in board.roads:
        for space_id in set(road.path):
            on_roads[space_id] = on_roads.get(space_id, 0) + 1
    anchored = {s.at for s in board.supply_sources} | {e.at for e in board.entries}
    for road in board.roads:
        for position, end in ((0, road.path[0]), (len(road.path) - 1, road.path[-1])):
            space = board.spaces.get(end)
            if space is None or space.name or end in anchored or on_roads.get(end, 0) > 1:
                continue
            if len(board.neighbours(end)) < 6 or (position > 0 and road.off_map):
                continue
            if road.path.count(end) > 1:
                continue
            file, pointer = at(road.origin, "path", position)
            yield warning(
                codes.MAP_ROAD_DEAD_END,
                f"the road ends in {end}, which is not another road, a named place, "
                f"a supply source, an entry or the map edge",
                file,
                pointer,
                hint="extend the road or join it to the network",
            )


def check_region_connections(context: CheckContext) -> Iterator[Diagnostic]:
    board, chart = context.definition.board, context.definition.terrain
    if board is None or chart is None:
        return
    roads = [t.id for t in chart.terrain.values() if t.kind == "road"]
    for region in board.regions:
        if region.connected_by is not None and region.connected_by not in roads:
            yield unknown(
                codes.REF_UNKNOWN_TERRAIN,
                "road terrain",
                region.connected_by,
                roads,
                region.origin,
                "connected_by",
            )


# No printed wargame map is wider or taller than this; past it the drawing would take gigabytes.
MAX_MAP_INCHES = 120.0


def check_map_size(context: CheckContext) -> Iterator[Diagnostic]:
    """The map's play area must fit what can be drawn: at most 120 in (10 ft) on a side, and
    at most MAX_PLAY_AREA_PIXELS at 150 dpi (compiler/presentation/limits.py), so a map that
    validates builds."""
    board = context.definition.board
    if board is None:
        return
    width, height = _map_inches(board)
    area = width * height
    if max(width, height) <= MAX_MAP_INCHES and area <= MAX_MAP_SQUARE_INCHES:
        return
    file, pointer = at(board.origin, "grid" if board.grid is not None else "size")
    side = math.sqrt(MAX_MAP_SQUARE_INCHES)
    pixels = f"{MAX_PLAY_AREA_PIXELS / 1e6:.0f} M pixels at {PLANNED_DPI} dpi, {side:.0f} in square"
    largest = (
        f"{MAX_MAP_INCHES:g} in a side"
        if max(width, height) > MAX_MAP_INCHES
        else f"{MAX_MAP_SQUARE_INCHES:,.0f} square inches ({pixels})"
    )
    yield error(
        codes.MAP_TOO_LARGE,
        f"the map would be {width:.0f} x {height:.0f} in; the largest map wgc draws is {largest}",
        file,
        pointer,
        hint="check the hex size and its unit (0.75 in or 19 mm is usual)"
        if board.grid is not None
        else "check the map's size and its unit",
    )


def check_spaces_on_sheet(context: CheckContext) -> Iterator[Diagnostic]:
    """A point-to-point space is drawn where its x and y put it: past the sheet's edge it
    would be cut off the map. (On a board image x and y are its pixels: checks/art.py.)"""
    board = context.definition.board
    if board is None or board.grid is not None or board.width is None or board.height is None:
        return
    if board.image is not None:
        return
    unit = board.size_unit or "in"
    for space in board.spaces.values():
        for axis, value, edge in (("x", space.x, board.width), ("y", space.y, board.height)):
            if value is not None and value > edge:
                file, pointer = at(space.origin, axis)
                yield error(
                    codes.MAP_SPACE_OFF_SHEET,
                    f"{space.display_name} is at {axis} = {value:g} {unit}, "
                    f"past the sheet's edge at {edge:g} {unit}",
                    file,
                    pointer,
                    hint="positions are measured from the sheet's top left corner, in the map's size unit",
                )


def _map_inches(board: MapDefinition) -> tuple[float, float]:
    if board.grid is not None:
        right, bottom = HexLayout(board.grid, board.hex_size or 0.75).extent()
        return right, bottom
    scale = 1 / 25.4 if board.size_unit == "mm" else 1.0
    return (board.width or 0) * scale, (board.height or 0) * scale


def check_off_map(context: CheckContext) -> Iterator[Diagnostic]:
    """The hexes the map's charts are printed over hold nothing in play: no name, road, entrance,
    supply source or set-up lies there, and their feature cannot be entered."""
    definition = context.definition
    board, terrain = definition.board, definition.terrain
    if board is None or terrain is None:
        return
    covering = {t.id: t for t in terrain.terrain.values() if t.off_map}
    yield from _uncited_off_map(context, covering)
    for feature in covering.values():
        if not feature.impassable:
            file, pointer = at(feature.origin)
            yield error(
                codes.MAP_OFF_MAP_IN_PLAY,
                f"'{feature.name}' marks hexes under the map's charts but units may enter them",
                file,
                pointer,
                hint='give it "movement": {"enter": "impassable"}',
            )
    hidden = {s.id: s for s in board.spaces.values() if covering.keys() & set(s.features)}
    for space_id, what, origin in _uses(definition):
        if space_id in hidden:
            file, pointer = at(origin)
            yield error(
                codes.MAP_OFF_MAP_IN_PLAY,
                f"{what} in {hidden[space_id].display_name}, a hex under the map's charts",
                file,
                pointer,
                hint="move it to a hex in play, or take the off_map feature off this hex",
            )


def _uncited_off_map(context: CheckContext, covering: dict[str, Terrain]) -> Iterator[Diagnostic]:
    """A print layout never changes the game: hexes leave play under the charts only where a
    source shows them out of play (the published map's own), never to make room for furniture
    a reconstruction placed there."""
    records = {
        record.get("id"): record
        for doc in context.valid_documents("terrain")
        for record in doc.data.get("terrain", [])
        if isinstance(record, dict)
    }
    for feature in covering.values():
        record = records.get(feature.id, {})
        provenance = record.get("provenance")
        reconstructed = isinstance(provenance, str) and provenance.startswith("reconstructed")
        if record.get("cite") and not reconstructed:
            continue
        file, pointer = at(feature.origin)
        yield error(
            codes.MAP_OFF_MAP_UNCITED,
            f"'{feature.name}' takes hexes out of play with no source that shows them out of play; "
            "a print layout never changes the game",
            file,
            pointer,
            hint="cite the published map that leaves these hexes out of play, or take the feature "
            "off them: furniture with no room on the sheet goes on aid sheets of its own",
        )


def _uses(definition: GameDefinition) -> Iterator[tuple[str, str, Origin]]:
    """Every space the game puts something in play on, with what and where it is said."""
    board = definition.board
    assert board is not None
    for space in board.spaces.values():
        if space.name:
            yield space.id, f"the place '{space.name}' lies", space.origin
    for road in board.roads:
        for space_id in road.path:
            yield space_id, "a road runs", road.origin
    for entry in board.entries:
        yield entry.at, f"the entrance '{entry.name}' lies", entry.origin
    for source in board.supply_sources:
        yield source.at, "a supply source lies", source.origin
    for scenario in definition.scenarios:
        for placement in scenario.placements:
            yield placement.at, f"'{placement.unit}' sets up", placement.origin
        for arrival in scenario.reinforcements:
            for place in (arrival.at, arrival.alternate):
                if place:
                    yield place, f"'{arrival.unit}' arrives", arrival.origin
