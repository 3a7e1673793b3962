"""References between files: sides, nations, classes, terrain, spaces, regions."""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext, at, resolve_space, unknown
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.definitions import MapDefinition, Origin, TerrainChart


def check_game_references(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is None:
        return
    side_ids = [s.id for s in game.sides]
    for nation in game.nations:
        if nation.side not in side_ids:
            yield unknown(codes.REF_UNKNOWN_SIDE, "side", nation.side, side_ids, nation.origin, "side")
    yield from _stacking_references(context)
    tables = context.definition.charts.tables if context.definition.charts else {}
    for optional in game.optional_rules:
        table = optional.end_roll_table
        if table and context.definition.charts and table not in tables:
            yield unknown(
                codes.REF_UNKNOWN_TABLE, "table", table, tables, optional.origin, "end_roll", "table"
            )
    yield from _campaign_references(context)


def _stacking_references(context: CheckContext) -> Iterator[Diagnostic]:
    """Classes, sides, counters and tracks a stacking rule names."""
    definition = context.definition
    game = definition.game
    assert game is not None
    class_ids = [c.id for c in game.unit_classes]
    side_ids = [s.id for s in game.sides]
    tracks = [t.id for t in definition.board.tracks] if definition.board else None
    counters = list(definition.counters.counters) if definition.counters else None
    for rule in game.stacking.rules:
        for index, class_id in enumerate(rule.classes):
            if class_id not in class_ids:
                yield unknown(
                    codes.REF_UNKNOWN_CLASS, "unit class", class_id, class_ids, rule.origin, "classes", index
                )
        if rule.side is not None and rule.side not in side_ids:
            yield unknown(codes.REF_UNKNOWN_SIDE, "side", rule.side, side_ids, rule.origin, "side")
        for number, raised in enumerate(rule.raised_by):
            for index, class_id in enumerate(raised.classes):
                if class_id not in class_ids:
                    yield unknown(
                        codes.REF_UNKNOWN_CLASS,
                        "unit class",
                        class_id,
                        class_ids,
                        rule.origin,
                        "with",
                        number,
                        "classes",
                        index,
                    )
            if raised.unit is not None and counters is not None and raised.unit not in counters:
                yield unknown(
                    codes.REF_UNKNOWN_COUNTER,
                    "counter",
                    raised.unit,
                    counters,
                    rule.origin,
                    "with",
                    number,
                    "unit",
                )
            track = raised.plus_track
            if track is not None and tracks is not None and track not in tracks:
                yield unknown(
                    codes.REF_UNKNOWN_TRACK, "track", track, tracks, rule.origin, "with", number, "plus_track"
                )


def _campaign_references(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is None or game.campaign is None:
        return
    scenario_ids = [s.id for s in context.definition.scenarios]
    if not scenario_ids and not context.sources.all("scenario"):
        return
    for index, scenario_id in enumerate(game.campaign.scenarios):
        if scenario_id not in scenario_ids:
            yield unknown(
                codes.REF_UNKNOWN_SCENARIO,
                "scenario",
                scenario_id,
                scenario_ids,
                game.campaign.origin,
                "scenarios",
                index,
            )
    for link in game.campaign.links:
        for field, scenario_id in (("from", link.from_scenario), ("to", link.to_scenario)):
            if scenario_id not in scenario_ids:
                yield unknown(
                    codes.REF_UNKNOWN_SCENARIO, "scenario", scenario_id, scenario_ids, link.origin, field
                )
        for step in link.steps:
            yield from _counter_ids(context, step.units, step.origin, "units")
            if step.side is not None:
                yield from _side(context, step.side, step.origin, "side")


def _counter_ids(
    context: CheckContext, ids: tuple[str, ...], origin: Origin, field: str
) -> Iterator[Diagnostic]:
    counters = context.definition.counters
    if counters is None:
        return
    for index, counter_id in enumerate(ids):
        if counters.get(counter_id) is None:
            yield unknown(
                codes.REF_UNKNOWN_COUNTER, "counter", counter_id, counters.counters, origin, field, index
            )


def _side(context: CheckContext, side_id: str, origin: Origin, *tokens: str | int) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is not None and game.side(side_id) is None:
        yield unknown(codes.REF_UNKNOWN_SIDE, "side", side_id, [s.id for s in game.sides], origin, *tokens)


def check_counter_references(context: CheckContext) -> Iterator[Diagnostic]:
    game, counters = context.definition.game, context.definition.counters
    if game is None or counters is None:
        return
    side_ids = [s.id for s in game.sides]
    nation_ids = [n.id for n in game.nations]
    class_ids = [c.id for c in game.unit_classes]
    rule_ids = [r.id for r in game.optional_rules]
    for counter in counters.counters.values():
        origin = counter.origin
        if counter.side is not None and counter.side not in [*side_ids, "both"]:
            yield unknown(codes.REF_UNKNOWN_SIDE, "side", counter.side, side_ids, origin, "side")
        if counter.nation is not None:
            nation = game.nation(counter.nation)
            if nation is None:
                yield unknown(
                    codes.REF_UNKNOWN_NATION, "nation", counter.nation, nation_ids, origin, "nation"
                )
            elif counter.side is not None and nation.side != counter.side:
                file, pointer = at(origin, "nation")
                yield error(
                    codes.COUNTER_NATION_OF_OTHER_SIDE,
                    f"'{counter.name}' is on side '{counter.side}' but nation "
                    f"'{nation.id}' belongs to '{nation.side}'",
                    file,
                    pointer,
                )
        if counter.unit_class is not None and counter.unit_class not in class_ids:
            yield unknown(
                codes.REF_UNKNOWN_CLASS, "unit class", counter.unit_class, class_ids, origin, "class"
            )
        if counter.optional_rule is not None and counter.optional_rule not in rule_ids:
            yield unknown(
                codes.REF_UNKNOWN_OPTIONAL_RULE,
                "optional rule",
                counter.optional_rule,
                rule_ids,
                origin,
                "optional_rule",
            )


def check_map_terrain(context: CheckContext) -> Iterator[Diagnostic]:
    """Every terrain the map uses is on the chart, and of a kind that fits where it is used."""
    board, chart = context.definition.board, context.definition.terrain
    if board is None or chart is None:
        return
    for space in board.spaces.values():
        if not space.listed:
            yield from _terrain_use(chart, space.terrain, ("hex", "space"), space.origin, ())
            continue
        if space.terrain:
            yield from _terrain_use(chart, space.terrain, ("hex", "space"), space.origin, ("terrain",))
        for index, feature in enumerate(space.features):
            yield from _terrain_use(chart, feature, ("feature",), space.origin, ("features", index))
        for index, kind in enumerate(space.kinds):
            yield from _terrain_use(chart, kind, ("space", "feature"), space.origin, ("kinds", index))
    for hexside in board.hexsides:
        yield from _terrain_use(chart, hexside.terrain, ("hexside",), hexside.origin, ("terrain",))
    for road in board.roads:
        yield from _terrain_use(chart, road.terrain, ("road",), road.origin, ("terrain",))
    for route in board.routes:
        if route.terrain is not None:
            yield from _terrain_use(chart, route.terrain, ("route",), route.origin, ("terrain",))


def _terrain_use(
    chart: TerrainChart,
    terrain_id: str,
    kinds: tuple[str, ...],
    origin: Origin,
    tokens: tuple[str | int, ...],
) -> Iterator[Diagnostic]:
    terrain = chart.get(terrain_id)
    if terrain is None:
        matching = [t.id for t in chart.terrain.values() if t.kind in kinds]
        found = unknown(codes.MAP_TERRAIN_NOT_IN_CHART, "terrain", terrain_id, matching, origin, *tokens)
        yield error(
            found.code,
            f"{found.message} in terrain.json",
            found.file,
            found.pointer,
            hint=found.hint or "add it to terrain.json",
        )
    elif terrain.kind not in kinds:
        file, pointer = at(origin, *tokens)
        yield error(
            codes.MAP_TERRAIN_WRONG_KIND,
            f"terrain '{terrain_id}' is a {terrain.kind} terrain, used here as {' or '.join(kinds)}",
            file,
            pointer,
            hint="terrain.json sets each terrain's kind",
        )


def check_map_references(context: CheckContext) -> Iterator[Diagnostic]:
    """Spaces named by regions, entries and tracks exist; sides named exist."""
    board = context.definition.board
    if board is None:
        return
    yield from _space_references(board)
    for entry in board.entries:
        if entry.side is not None:
            yield from _side(context, entry.side, entry.origin, "side")
    for side, origin in [(t.side, t.origin) for t in board.tracks] + [
        (b.side, b.origin) for b in board.boxes
    ]:
        if side is not None:
            yield from _side(context, side, origin, "side")
    for box in board.boxes:
        yield from _counter_ids(context, box.counters, box.origin, "counters")


def _space_references(board: MapDefinition) -> Iterator[Diagnostic]:
    for region in board.regions:
        for index, reference in enumerate(region.spaces):
            _, problem = resolve_space(board, reference, region.origin, "spaces", index)
            if problem:
                yield problem
    for entry in board.entries:
        _, problem = resolve_space(board, entry.at, entry.origin, "at")
        if problem:
            yield problem
    for hexside in board.hexsides:
        for index, reference in enumerate((hexside.a, hexside.b)):
            _, problem = resolve_space(board, reference, hexside.origin, "between", index)
            if problem:
                yield problem
    for road in board.roads:
        for index, reference in enumerate(road.path):
            _, problem = resolve_space(board, reference, road.origin, "path", index)
            if problem:
                yield problem
    for route in board.routes:
        for index, reference in enumerate((route.a, route.b)):
            _, problem = resolve_space(board, reference, route.origin, "between", index)
            if problem:
                yield problem


def check_supply_sources(context: CheckContext) -> Iterator[Diagnostic]:
    board, game = context.definition.board, context.definition.game
    if board is None:
        return
    chart = context.definition.terrain
    for source in board.supply_sources:
        space, problem = resolve_space(board, source.at, source.origin, "at")
        if problem:
            yield problem
        elif space is not None and chart is not None:
            terrain = chart.get(space.terrain)
            if terrain is not None and terrain.impassable:
                file, pointer = at(source.origin, "at")
                yield error(
                    codes.SUPPLY_IMPASSABLE,
                    f"the supply source in {space.display_name} lies in impassable terrain '{terrain.id}'",
                    file,
                    pointer,
                )
        if game is None:
            continue
        side_ids = [s.id for s in game.sides]
        if source.side not in side_ids:
            found = unknown(codes.SUPPLY_UNKNOWN_SIDE, "side", source.side, side_ids, source.origin, "side")
            yield error(
                found.code, f"supply source: {found.message}", found.file, found.pointer, hint=found.hint
            )
        if source.nation is None:
            continue
        nation = game.nation(source.nation)
        if nation is None:
            found = unknown(
                codes.SUPPLY_UNKNOWN_NATION,
                "nation",
                source.nation,
                [n.id for n in game.nations],
                source.origin,
                "nation",
            )
            yield error(
                found.code, f"supply source: {found.message}", found.file, found.pointer, hint=found.hint
            )
        elif nation.side != source.side:
            file, pointer = at(source.origin, "nation")
            yield error(
                codes.SUPPLY_NATION_OF_OTHER_SIDE,
                f"the supply source is for side '{source.side}' but nation '{nation.id}' "
                f"fights for '{nation.side}'",
                file,
                pointer,
            )
