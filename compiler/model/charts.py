"""Build the combat system and tables from charts.json."""

from __future__ import annotations

from compiler.model.classic import build_procedure
from compiler.model.reading import Json, text
from rules_engine.definitions import (
    Charts,
    CombatSystem,
    DieRange,
    Modifier,
    Origin,
    PoolDie,
    StrengthColour,
    Table,
    TableDice,
    TableRow,
)
from rules_engine.definitions.frozen import read_only

_COMBAT_SETTINGS = {
    "elite_bonus",
    "max_bonus",
    "hit_if_roll_at_most_combat",
    "breakoff_after_rounds_without_loss",
}


def build_charts(data: Json, file: str) -> Charts:
    root = Origin(file)
    tables: dict[str, Table] = {}
    for index, entry in enumerate(data.get("tables", ())):
        tables.setdefault(entry["id"], _table(entry, root.child("tables", index)))
    combat = _combat(data["combat"], root.child("combat")) if "combat" in data else None
    return Charts(combat, read_only(tables), root)


def _combat(data: Json, origin: Origin) -> CombatSystem:
    return CombatSystem(
        kind=data["kind"],
        dice=tuple(PoolDie(d["die"], tuple(d["hits_on"])) for d in data.get("dice", ())),
        strength_colours=tuple(
            StrengthColour(
                c["colour"], c.get("die"), c["can_attack"], c.get("can_first_fire", c["can_attack"])
            )
            for c in data.get("strength_colours", ())
        ),
        table=text(data, "table"),
        rounding=text(data, "rounding"),
        missing_columns=text(data, "missing_columns"),
        modifiers=tuple(Modifier(m["id"], m["drm"], m["summary"]) for m in data.get("modifiers", ())),
        settings={k: v for k, v in data.items() if k in _COMBAT_SETTINGS},
        summary=text(data, "summary"),
        origin=origin,
        procedure=build_procedure(data, origin),
    )


def _table(data: Json, origin: Origin) -> Table:
    rows = tuple(
        TableRow(
            DieRange.parse(row["roll"]) if "roll" in row else None,
            text(row, "item"),
            row.get("result"),
            tuple(row.get("results", ())),
            origin.child("rows", i),
        )
        for i, row in enumerate(data.get("rows", ()))
    )
    reconstructed = "provenance" in data or any("provenance" in row for row in data.get("rows", ()))
    return Table(
        id=data["id"],
        name=data["name"],
        kind=data["kind"],
        die=text(data, "die"),
        rows=rows,
        columns=tuple(data.get("columns", ())),
        legend=read_only(data.get("legend", {})),
        summary=text(data, "summary"),
        reconstructed=reconstructed,
        origin=origin,
        result_colours=read_only(data.get("result_colours", {})),
        dice=TableDice.parse(data["dice"]) if "dice" in data else None,
    )
