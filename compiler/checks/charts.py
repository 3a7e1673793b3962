"""Tables cover every die result once; CRT columns are in order; combat colours exist."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from compiler.checks.context import CheckContext, at, unknown
from compiler.checks.system import known_system
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.definitions import DieRange, GameDefinition, Table

if TYPE_CHECKING:
    from fractions import Fraction


def check_tables(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    if definition.charts is None:
        return
    for table in definition.charts.tables.values():
        yield from _die_reference(definition, table)
        if table.kind in ("die-roll", "crt"):
            yield from _coverage(definition, table)
        if table.kind == "crt":
            yield from _crt_columns(table, differential=_differential(definition, table))


def _die_sides(definition: GameDefinition, die_id: str | None) -> int | None:
    if die_id is None or definition.game is None:
        return 6 if die_id is None else None
    die = next((d for d in definition.game.dice if d.id == die_id), None)
    return die.sides if die else None


def _die_reference(definition: GameDefinition, table: Table) -> Iterator[Diagnostic]:
    game = definition.game
    if game is None:
        return
    if table.die is not None and _die_sides(definition, table.die) is None:
        yield unknown(codes.REF_UNKNOWN_DIE, "die", table.die, [d.id for d in game.dice], table.origin, "die")
    dice = table.dice
    if dice is not None and _die_sides(definition, dice.die) is None:
        yield unknown(codes.REF_UNKNOWN_DIE, "die", dice.die, [d.id for d in game.dice], table.origin, "dice")
    elif dice is not None and table.die is not None and table.die != dice.die:
        file, pointer = at(table.origin, "dice")
        yield error(
            codes.TABLE_DICE_CONFLICT,
            f"table '{table.name}' rolls the die '{table.die}' and the dice {dice}, "
            f"which are of '{dice.die}'",
            file,
            pointer,
            hint="give 'dice' alone (it names its die)",
        )


def _coverage(definition: GameDefinition, table: Table) -> Iterator[Diagnostic]:
    """Every sum the table's dice can make (1 to the die's sides for one die; 2 to 12 for 2d6), or
    to the open-ended row, is covered once."""
    dice = table.dice
    sides = _die_sides(definition, dice.die if dice is not None else table.die)
    rolls = [(row.roll, row) for row in table.rows if row.roll is not None]
    if sides is None or not rolls:
        return
    number = dice.number if dice is not None else 1
    open_ended = [roll for roll, _ in rolls if roll.open_ended]
    highest = number * sides
    top = max([highest, *(roll.high for roll, _ in rolls)]) if not open_ended else open_ended[0].low
    covered: dict[int, int] = {}
    for index, (roll, row) in enumerate(rolls):
        values = _values(roll, top)
        twice = next((value for value in values if value in covered), None)
        if twice is not None:
            file, pointer = at(row.origin, "roll")
            yield error(
                codes.TABLE_OVERLAP,
                f"table '{table.name}': a roll of {twice} is covered by rows "
                f"{covered[twice] + 1} and {index + 1}",
                file,
                pointer,
                hint="each result belongs to exactly one row",
            )
        for value in values:
            # The rest of an overlapping row still counts as covered: no false gap after it.
            covered.setdefault(value, index)
    lowest = min([number, *(roll.low for roll, _ in rolls)])
    missing = [value for value in range(lowest, top + 1) if value not in covered]
    if missing:
        file, pointer = at(table.origin, "rows")
        yield error(
            codes.TABLE_GAP,
            f"table '{table.name}' has no row for a roll of {', '.join(map(str, missing))}",
            file,
            pointer,
            hint=f"rows must cover every result from {lowest} to {top}"
            + (" and beyond" if open_ended else ""),
        )


def _values(roll: DieRange, top: int) -> range:
    return range(roll.low, top + 1) if roll.open_ended else range(roll.low, roll.high + 1)


def _odds_value(column: str) -> Fraction | None:
    from fractions import Fraction  # a game with an odds CRT only

    parts = column.split("-")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        return None
    return Fraction(int(parts[0]), int(parts[1]))


def _differential(definition: GameDefinition, table: Table) -> bool:
    """The table is the CRT of a differential combat: its columns are differentials, checked with
    the classic options (compiler/checks/classic.py)."""
    combat = definition.charts.combat if definition.charts else None
    return combat is not None and combat.kind == "differential-crt" and combat.table == table.id


def _crt_columns(table: Table, differential: bool = False) -> Iterator[Diagnostic]:
    previous: Fraction | None = None
    for index, column in enumerate(() if differential else table.columns):
        value = _odds_value(column)
        file, pointer = at(table.origin, "columns", index)
        if value is None:
            yield error(
                codes.TABLE_COLUMNS_ORDER, f"column '{column}' is not odds such as '3-1'", file, pointer
            )
            return
        if previous is not None and value <= previous:
            yield error(
                codes.TABLE_COLUMNS_ORDER,
                f"column '{column}' comes after '{table.columns[index - 1]}' but is not higher odds",
                file,
                pointer,
                hint="order columns from lowest to highest odds",
            )
            return
        previous = value
    for row in table.rows:
        if row.results and len(row.results) != len(table.columns):
            file, pointer = at(row.origin, "results")
            yield error(
                codes.TABLE_ROW_WIDTH,
                f"the row has {len(row.results)} results for {len(table.columns)} columns",
                file,
                pointer,
            )


def check_combat_system(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    charts, game = definition.charts, definition.game
    if charts is None or charts.combat is None:
        return
    combat = charts.combat
    yield from _playable_kind(context)
    if game is not None:
        die_ids = [d.id for d in game.dice]
        for index, pool_die in enumerate(combat.dice):
            if pool_die.die not in die_ids:
                yield unknown(
                    codes.REF_UNKNOWN_DIE, "die", pool_die.die, die_ids, combat.origin, "dice", index, "die"
                )
        for index, colour in enumerate(combat.strength_colours):
            if colour.die is not None and colour.die not in die_ids:
                yield unknown(
                    codes.REF_UNKNOWN_DIE,
                    "die",
                    colour.die,
                    die_ids,
                    combat.origin,
                    "strength_colours",
                    index,
                    "die",
                )
    if combat.table is not None and combat.table not in charts.tables:
        yield unknown(codes.REF_UNKNOWN_TABLE, "table", combat.table, charts.tables, combat.origin, "table")


def _playable_kind(context: CheckContext) -> Iterator[Diagnostic]:
    """A combat system of a kind the game's rules system does not play is refused here, at its
    line, rather than by the engine when a replay or a game first fights."""
    charts, game = context.definition.charts, context.definition.game
    system = known_system(context)
    if charts is None or charts.combat is None or game is None or system is None:
        return
    kind = charts.combat.kind
    if system.combat_kinds and kind not in system.combat_kinds:
        file, pointer = at(charts.combat.origin, "kind")
        yield error(
            codes.COMBAT_UNPLAYABLE_KIND,
            f"the {game.system} system does not play '{kind}' combat",
            file,
            pointer,
            hint=f"the {game.system} system plays: " + ", ".join(sorted(system.combat_kinds)),
        )
