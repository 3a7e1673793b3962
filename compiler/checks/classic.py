"""The classic system's options hold together (docs/classic-rules.md, What the validator checks).

Every value id, class, side, terrain, region, place, turn, mode and result code an option names
exists; the values the options read as numbers are declared numbers that required_values asks
units to carry (checks/values.py then checks every face); the CRT's columns read as the combat
kind says and every code it prints has a meaning. Each problem is reported at the option's own
line, before any replay runs, so that nothing fails later in the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from compiler.checks.context import CheckContext, at, unknown
from compiler.diagnostics import Diagnostic, codes, did_you_mean, error, warning
from rules_engine.definitions import (
    CombatSystem,
    Origin,
    PlaceSpec,
    Table,
    UnitSelector,
)

SYSTEM = "classic"
# The kind of counter value the options read as numbers, and the kind of counter that carries them.
NUMBER = "number"
UNIT = "unit"


def check_classic(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is None:
        return
    if game.system != SYSTEM:
        return  # its options in another system's game: checks/unplayed.py
    yield from _classic_checks(context)


def _classic_checks(context: CheckContext) -> Iterator[Diagnostic]:
    """What only a classic game is checked for; the classic system's own modules (its phase
    kinds, its CRT columns, its dice) are imported where they are used, so validating another
    game does not load them."""
    yield from _missing_options(context)
    yield from _more_faces(context)
    yield from _phases(context)
    yield from _rules_references(context)
    yield from _combat(context)
    yield from _roads(context)


def _more_faces(context: CheckContext) -> Iterator[Diagnostic]:
    """A counter's more_faces are steps of a unit below its reduced back: each a face a unit walks
    down to, so each is a reduced face of its own (docs/classic-rules.md, Counter values)."""
    counters = context.definition.counters
    for counter in counters.counters.values() if counters else ():
        if not counter.more_faces:
            continue
        file, pointer = at(counter.origin, "more_faces")
        back = counter.back
        if counter.kind != UNIT:
            yield error(
                codes.CLASSIC_UNPLAYABLE_FACES,
                f"'{counter.name}' is a {counter.kind}: the classic system steps only units "
                "through more_faces",
                file,
                pointer,
                hint="remove more_faces, or make the counter a unit",
            )
        elif back is None or back.blank or not back.damaged:
            yield error(
                codes.CLASSIC_UNPLAYABLE_FACES,
                f"'{counter.name}' has more_faces but no reduced back: its steps start with the back",
                file,
                pointer,
                hint='give it a back marked "damaged": true, the face its first step loss turns it to',
            )
        else:
            for index, face in enumerate(counter.more_faces):
                if face.blank or not face.damaged:
                    file, pointer = at(counter.origin, "more_faces", index)
                    yield error(
                        codes.CLASSIC_UNPLAYABLE_FACES,
                        f"face {index + 3} of '{counter.name}' is a step of the unit: it is "
                        + ("blank" if face.blank else "not marked damaged"),
                        file,
                        pointer,
                        hint='every further face is a reduced step: give it its values and "damaged": true',
                    )


def _roads(context: CheckContext) -> Iterator[Diagnostic]:
    """A road with no 'along' cost for a class would be free to move along (a missing cost is no
    cost, as for the seed systems): in a classic game that is almost always a forgotten key."""
    terrain = context.definition.terrain
    if terrain is None:
        return
    classes = [m.id for m in terrain.movement_classes] or ["*"]
    for road in terrain.terrain.values():
        if road.kind != "road":
            continue
        missing = [c for c in classes if road.cost("along", c) is None]
        if not missing:
            continue
        file, pointer = at(road.origin, "movement") if road.movement else at(road.origin)
        which = "" if missing == ["*"] else f" for {', '.join(missing)}"
        yield warning(
            codes.CLASSIC_ROAD_WITHOUT_COST,
            f"the {road.kind} '{road.id}' gives no 'along' cost{which}: moving along it costs nothing",
            file,
            pointer,
            hint='give "movement": {"along": 1} (points per hex, or one cost per movement class), or '
            '"along": "none" if it changes nothing in ordinary movement (a railway only a movement '
            "mode uses)",
        )


def _missing_options(context: CheckContext) -> Iterator[Diagnostic]:
    from rules_engine.systems.classic.facts import MOVEMENT_PHASE

    definition = context.definition
    game = definition.game
    assert game is not None
    kinds = {p.kind for p in game.phases}
    movement = game.rules.movement if game.rules else None
    if MOVEMENT_PHASE in kinds and movement is None:
        file, pointer = at(game.rules.origin if game.rules else game.origin)
        yield error(
            codes.CLASSIC_MISSING_OPTION,
            "a classic game with movement phases needs rules.movement (at least its 'allowance' value)",
            file,
            pointer,
            hint='add "rules": {"movement": {"allowance": "movement"}}',
        )
    charts = definition.charts
    combat = charts.combat if charts else None
    if "combat" in kinds and charts is not None and combat is None:
        yield error(
            codes.CLASSIC_MISSING_OPTION,
            "a classic game with combat phases needs a combat system in charts.json",
            charts.origin.file,
            "",
            hint="see docs/classic-rules.md, Combat",
        )
    if combat is not None:
        for key in ("attack", "defense"):
            if getattr(combat.procedure, key) is None:
                file, pointer = at(combat.origin)
                yield error(
                    codes.CLASSIC_MISSING_OPTION,
                    f"the classic system's combat needs '{key}': the value id of a unit's {key} strength",
                    file,
                    pointer,
                    hint=f'for example "{key}": "strength"',
                )


def _phases(context: CheckContext) -> Iterator[Diagnostic]:
    from rules_engine.systems.classic.facts import MOVEMENT_PHASE

    definition = context.definition
    game = definition.game
    assert game is not None
    modes = [m.id for m in game.rules.movement.modes] if game.rules and game.rules.movement else []
    for phase in game.phases:
        if phase.mode is not None:
            if phase.mode not in modes:
                yield unknown(
                    codes.REF_UNKNOWN_MODE, "movement mode", phase.mode, modes, phase.origin, "mode"
                )
            if phase.kind != MOVEMENT_PHASE:
                file, pointer = at(phase.origin, "mode")
                yield error(codes.REF_WRONG_KIND, "only a movement phase has a movement mode", file, pointer)
        yield from _turns(context, phase.turns, phase.origin, "turns")
        if phase.units is not None:
            yield from _selector(context, phase.units, phase.origin, "units")
    for effect in game.rules.turn_effects if game.rules else ():
        yield from _turns(context, effect.turns, effect.origin, "turns")
        for number, mode in enumerate(effect.except_modes):
            if mode not in modes:
                yield unknown(
                    codes.REF_UNKNOWN_MODE,
                    "movement mode",
                    mode,
                    modes,
                    effect.modes_origin,
                    number,
                )
        if effect.units is not None:
            yield from _selector(context, effect.units, effect.origin, "units")
        phase_ids = [p.id for p in game.phases]
        for number, phase_id in enumerate(effect.phases):
            if phase_id not in phase_ids:
                yield unknown(
                    codes.REF_UNKNOWN_PHASE, "phase", phase_id, phase_ids, effect.origin, "phases", number
                )


def _turns(context: CheckContext, turns: Sequence[str], origin: Origin, key: str) -> Iterator[Diagnostic]:
    game = context.definition.game
    assert game is not None
    for index, label in enumerate(turns):
        if label not in game.turn_labels:
            yield unknown(codes.REF_UNKNOWN_TURN, "turn", label, game.turn_labels, origin, key, index)


def _selector(
    context: CheckContext, selector: UnitSelector, origin: Origin, *where: str
) -> Iterator[Diagnostic]:
    """The classes, sides, counters and values a unit selector names exist."""
    definition = context.definition
    game = definition.game
    assert game is not None
    classes = sorted({c.id for c in game.unit_classes} | {g for c in game.unit_classes for g in c.groups})
    sides = [s.id for s in game.sides]
    if selector.side is not None and selector.side not in sides:
        yield unknown(codes.REF_UNKNOWN_SIDE, "side", selector.side, sides, origin, *where, "side")
    for key in ("classes", "not_classes"):
        for index, name in enumerate(getattr(selector, key)):
            if name not in classes:
                yield unknown(
                    codes.REF_UNKNOWN_CLASS, "unit class or group", name, classes, origin, *where, key, index
                )
    counters = list(definition.counters.counters) if definition.counters else None
    for index, name in enumerate(selector.counters):
        if counters is not None and name not in counters:
            yield unknown(
                codes.REF_UNKNOWN_COUNTER, "counter", name, counters, origin, *where, "counters", index
            )
    for name in selector.values:
        yield from _value_id(context, name, origin, *where, "values", name)


def _value_id(
    context: CheckContext, name: str | None, origin: Origin, *where: str | int
) -> Iterator[Diagnostic]:
    """A value id an option names is one game.json declares (counter_values)."""
    game = context.definition.game
    assert game is not None
    declared = [v.id for v in game.counter_values]
    if name is not None and name not in declared:
        yield _undeclared(name, declared, origin, *where)


def _undeclared(name: str, declared: Sequence[str], origin: Origin, *where: str | int) -> Diagnostic:
    file, pointer = at(origin, *where)
    hint = did_you_mean(name, declared) or (
        f'declare it in game.json counter_values: {{"id": "{name}", "name": ..., "kind": "number"}}'
    )
    return error(codes.VALUE_UNKNOWN, f"no counter value '{name}' is declared", file, pointer, hint)


def _number_read(
    context: CheckContext, name: str | None, origin: Origin, key: str, option: str
) -> Iterator[Diagnostic]:
    """A value an option reads as a unit's number (its movement allowance, its strengths): declared,
    a number, and one required_values asks units to carry."""
    game = context.definition.game
    assert game is not None
    if name is None:
        return
    declaration = game.counter_value(name)
    reader = f"{option} reads each unit's '{name}'"
    if declaration is None:
        yield _undeclared(name, [v.id for v in game.counter_values], origin, key)
    elif declaration.kind != NUMBER:
        file, pointer = at(origin, key)
        hint = f'name a number value, or declare \'{name}\' with "kind": "number"'
        message = f"{reader} as a number, but game.json declares it {declaration.kind}"
        yield error(codes.VALUE_ENGINE_NEEDS, message, file, pointer, hint)
    elif not any(name in r.values and (not r.kinds or UNIT in r.kinds) for r in game.required_values):
        file, pointer = at(game.origin, "required_values" if game.required_values else "counter_values")
        hint = f'add it to required_values: {{"kinds": ["unit"], "values": ["{name}", ...]}}'
        message = f"{reader}, but no rule of required_values asks units to carry it"
        yield error(codes.VALUE_ENGINE_NEEDS, message, file, pointer, hint)


def _rules_references(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    assert game is not None
    rules = game.rules
    if rules is None:
        return
    if rules.movement is not None:
        yield from _movement(context)
    if rules.zoc is not None:
        zoc = rules.zoc
        yield from _terrain_ids(context, zoc.not_into, zoc.origin, "not_into")
        if zoc.exerted_by is not None:
            yield from _selector(context, zoc.exerted_by, zoc.origin, "exerted_by")
    if rules.reinforcements is not None:
        yield from _places(context, rules.reinforcements.at, rules.reinforcements.origin, "at")
    if rules.supply is not None:
        yield from _places(context, rules.supply.sources, rules.supply.origin, "sources")
    if rules.replacements is not None:
        yield from _replacements(context)
    if rules.control is not None:
        control = rules.control
        yield from _terrain_ids(context, control.features, control.origin, "features")
        yield from _space_names(context, control.places, control.origin, "places")


def _movement(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    game = definition.game
    assert game is not None and game.rules is not None and game.rules.movement is not None
    movement = game.rules.movement
    yield from _number_read(
        context, movement.allowance, movement.origin, "allowance", "rules.movement.allowance"
    )
    if definition.terrain is not None:
        known = [m.id for m in definition.terrain.movement_classes]
        classes = sorted({c.id for c in game.unit_classes} | {g for c in game.unit_classes for g in c.groups})
        for unit_class, movement_class in movement.classes.items():
            if unit_class != "*" and unit_class not in classes:
                yield unknown(
                    codes.REF_UNKNOWN_CLASS,
                    "unit class or group",
                    unit_class,
                    classes,
                    movement.origin,
                    "classes",
                    unit_class,
                )
            if movement_class not in known:
                yield unknown(
                    codes.REF_UNKNOWN_MOVEMENT_CLASS,
                    "movement class",
                    movement_class,
                    known,
                    movement.origin,
                    "classes",
                    unit_class,
                )
    for mode in movement.modes:
        yield from _terrain_ids(context, mode.along, mode.origin, "along", kind="road")


def _terrain_ids(
    context: CheckContext, ids: Iterable[str], origin: Origin, key: str, kind: str | None = None
) -> Iterator[Diagnostic]:
    terrain = context.definition.terrain
    if terrain is None:
        return
    for index, terrain_id in enumerate(ids):
        found = terrain.get(terrain_id)
        if found is None:
            yield unknown(
                codes.REF_UNKNOWN_TERRAIN, "terrain", terrain_id, terrain.terrain, origin, key, index
            )
        elif kind is not None and found.kind != kind:
            file, pointer = at(origin, key, index)
            yield error(
                codes.REF_WRONG_KIND, f"'{terrain_id}' is a {found.kind}, not a {kind}", file, pointer
            )


def _space_names(
    context: CheckContext, names: Iterable[str], origin: Origin, key: str
) -> Iterator[Diagnostic]:
    board = context.definition.board
    if board is None:
        return
    for index, name in enumerate(names):
        if board.resolve(name) is None:
            yield unknown(
                codes.REF_UNKNOWN_SPACE,
                "hex, space or place",
                name,
                board.reference_words(),
                origin,
                key,
                index,
            )


def _places(
    context: CheckContext, specs: Sequence[PlaceSpec], origin: Origin, key: str
) -> Iterator[Diagnostic]:
    definition = context.definition
    board, game = definition.board, definition.game
    assert game is not None
    sides = [s.id for s in game.sides]
    for index, spec in enumerate(specs):
        where = spec.origin if spec.origin.file else origin.child(key, index)
        yield from _terrain_ids(context, spec.features, where, "features")
        yield from _space_names(context, spec.places, where, "places")
        if spec.side is not None and spec.side not in sides:
            yield unknown(codes.REF_UNKNOWN_SIDE, "side", spec.side, sides, where, "side")
        if board is None:
            continue
        regions = [r.id for r in board.regions]
        if spec.region is not None and spec.region not in regions:
            yield unknown(codes.REF_UNKNOWN_REGION, "region", spec.region, regions, where, "region")
        if spec.edge is not None and board.grid is None:
            file, pointer = at(where, "edge")
            yield error(codes.REF_WRONG_KIND, "a map edge is asked of a hex map only", file, pointer)


def _replacements(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    game = definition.game
    assert game is not None and game.rules is not None and game.rules.replacements is not None
    rules = game.rules.replacements
    if definition.board is not None and definition.board.tracks:
        tracks = [t.id for t in definition.board.tracks]
        if rules.track not in tracks:
            yield unknown(codes.REF_UNKNOWN_TRACK, "track", rules.track, tracks, rules.origin, "track")
    for purchase in rules.buy:
        if purchase.units is not None:
            yield from _selector(context, purchase.units, purchase.origin, "units")
        yield from _places(context, purchase.at, purchase.origin, "at")
        if purchase.what == "eliminated" and not purchase.at:
            file, pointer = at(purchase.origin)
            yield error(
                codes.CLASSIC_MISSING_OPTION, "an eliminated unit comes back 'at' somewhere", file, pointer
            )


def _combat(context: CheckContext) -> Iterator[Diagnostic]:
    charts = context.definition.charts
    combat = charts.combat if charts else None
    if charts is None or combat is None:
        return
    procedure = combat.procedure
    yield from _number_read(context, procedure.attack, combat.origin, "attack", "charts.json's combat.attack")
    yield from _number_read(
        context, procedure.defense, combat.origin, "defense", "charts.json's combat.defense"
    )
    table = charts.tables.get(combat.table) if combat.table else None
    on_crt = combat.kind in ("odds-crt", "differential-crt")
    if on_crt and table is not None:
        yield from _crt(combat, table)
        yield from _roll_range(context, combat, table)
    yield from _unread_dice(context, table if on_crt else None)
    ends = [("below_lowest", procedure.below_lowest), ("above_highest", procedure.above_highest)]
    ends += [
        (k, e)
        for k, e in (
            ("below_lowest_roll", procedure.below_lowest_roll),
            ("above_highest_roll", procedure.above_highest_roll),
        )
        if e is not None
    ]
    for key, end in ends:
        if end.rule == "result" and end.result not in procedure.results:
            file, pointer = at(combat.origin, key, "result")
            yield error(
                codes.COMBAT_RESULT_NO_MEANING,
                f"the result '{end.result}' has no meaning in combat.results",
                file,
                pointer,
                hint="results: " + ", ".join(sorted(procedure.results)),
            )


def _roll_range(context: CheckContext, combat: CombatSystem, table: Table) -> Iterator[Diagnostic]:
    """The CRT's rows take in every roll its dice and the map's die-roll modifiers can make, or the
    combat says how a roll beyond them is read (below_lowest_roll, above_highest_roll)."""
    definition = context.definition
    game, board, terrain = definition.game, definition.board, definition.terrain
    rows = [row.roll for row in table.rows if row.roll is not None]
    if game is None or board is None or terrain is None or not rows:
        return
    from rules_engine.systems.classic.rolls import modifier_range, table_dice

    dice = table_dice(table, game.dice)
    effects = game.rules.turn_effects if game.rules else ()
    low, high = modifier_range(board, terrain.terrain, effects, game.phases, [s.id for s in game.sides])
    first, last = min(r.low for r in rows), max(r.high for r in rows)
    open_top = any(r.open_ended for r in rows)
    procedure = combat.procedure
    reach = (
        (
            "below_lowest_roll",
            dice.lowest + low,
            first,
            procedure.below_lowest_roll,
            "first",
            low,
            "lowest-row",
        ),
        (
            "above_highest_roll",
            dice.highest + high,
            last,
            procedure.above_highest_roll,
            "last",
            high,
            "highest-row",
        ),
    )
    for key, roll, end, told, which, drm, nearest in reach:
        beyond = roll < end if which == "first" else roll > end and not open_top
        if not beyond or told is not None:
            continue
        file, pointer = at(combat.origin)
        modifiers = f", with a die-roll modifier of {drm:+d} on the map," if drm else ""
        yield error(
            codes.COMBAT_ROLL_BEYOND_ROWS,
            f"the CRT's dice ({dice}) make {dice.lowest} to {dice.highest}{modifiers} so a modified roll "
            f"can be {roll}, beyond the {which} row of table '{table.name}' ({end})",
            file,
            pointer,
            hint=f'give rows for it, or say how it is read: "{key}": "{nearest}" (read on the {which} row) '
            f'or "{key}": {{"result": "..."}}',
        )


def _unread_dice(context: CheckContext, crt: Table | None) -> Iterator[Diagnostic]:
    """Dice the classic system never rolls: those of a table that is not the combat's CRT (a dice
    pool on a CRT the schema refuses already)."""
    charts = context.definition.charts
    assert charts is not None
    for table in charts.tables.values():
        if table.dice is not None and table is not crt:
            file, pointer = at(table.origin, "dice")
            yield error(
                codes.SYSTEM_UNPLAYED_FIELD,
                f"the classic system rolls the dice of the combat's CRT only, not of table '{table.name}'",
                file,
                pointer,
                hint="remove it",
            )


def _crt(combat: CombatSystem, table: Table) -> Iterator[Diagnostic]:
    """The CRT the combat names is a CRT of its kind, and every code it prints has a meaning."""
    from rules_engine.systems.classic.crt import parse_differential, parse_odds

    if table.kind != "crt":
        file, pointer = at(combat.origin, "table")
        yield error(
            codes.REF_WRONG_KIND, f"table '{table.id}' is a {table.kind} table, not a crt", file, pointer
        )
        return
    parse = parse_differential if combat.kind == "differential-crt" else parse_odds
    words = (
        "differentials such as '-2', '+1..+2' or '>=+7'"
        if combat.kind == "differential-crt"
        else "odds such as '3-1'"
    )
    for index, column in enumerate(table.columns):
        if parse(column) is None:
            file, pointer = at(table.origin, "columns", index)
            yield error(
                codes.COMBAT_CRT_COLUMNS,
                f"column '{column}' is not one of the {combat.kind} combat's columns",
                file,
                pointer,
                hint=f"the combat section in charts.json is {combat.kind}: columns are {words}",
            )
            break
    else:
        if combat.kind == "differential-crt":
            yield from _rising_differentials(table)
    meanings = combat.procedure.results
    for row in table.rows:
        for index, code in enumerate(row.results):
            if code not in meanings:
                file, pointer = at(row.origin, "results", index)
                yield error(
                    codes.COMBAT_RESULT_NO_MEANING,
                    f"the result '{code}' has no meaning in charts.json's combat.results",
                    file,
                    pointer,
                    hint="give it one, e.g. " + '"' + code + '": {"defender": {"retreat": 1}}',
                )


def _rising_differentials(table: Table) -> Iterator[Diagnostic]:
    """Differential columns run from the lowest to the highest, without overlapping."""
    from rules_engine.systems.classic.crt import parse_differential

    spans = [parse_differential(c) for c in table.columns]
    for index in range(1, len(spans)):
        before, after = spans[index - 1], spans[index]
        assert before is not None and after is not None
        if before.high is None or after.low is None or after.low <= before.high:
            file, pointer = at(table.origin, "columns", index)
            yield error(
                codes.TABLE_COLUMNS_ORDER,
                f"column '{table.columns[index]}' does not come after '{table.columns[index - 1]}'",
                file,
                pointer,
                hint="order differential columns from lowest to highest, each range after the last",
            )
            return
