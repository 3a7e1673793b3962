"""Build the terrain effects chart from terrain.json."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.model.reading import Json, text, turn
from rules_engine.definitions import CombatEffect, MovementClass, Origin, Terrain, TerrainChart
from rules_engine.definitions.frozen import read_only

RECORD_NOTES = ("cite", "note", "provenance")


def build_terrain(data: Json, file: str) -> TerrainChart:
    root = Origin(file)
    chart: dict[str, Terrain] = {}
    for index, entry in enumerate(data["terrain"]):
        chart.setdefault(entry["id"], _terrain(entry, root.child("terrain", index)))
    return TerrainChart(
        movement_classes=tuple(
            MovementClass(m["id"], m["name"], root.child("movement_classes", i))
            for i, m in enumerate(data.get("movement_classes", ()))
        ),
        terrain=read_only(chart),
        origin=root,
    )


def _cost_table(value: Any) -> Mapping[str, float | str]:
    if isinstance(value, dict):
        return read_only({str(k): v for k, v in value.items()})
    return read_only({"*": value})


def _terrain(data: Json, origin: Origin) -> Terrain:
    # a movement record may carry its own cite, note and provenance: they are not situations
    movement = read_only(
        {
            situation: _cost_table(cost)
            for situation, cost in data.get("movement", {}).items()
            if situation not in RECORD_NOTES
        }
    )
    combat_data = data.get("combat")
    combat = None
    if combat_data is not None:
        combat = CombatEffect(
            defender_dice=read_only(combat_data.get("defender_dice", {})),
            attacker_plus_die=bool(combat_data.get("attacker_plus_die", False)),
            cancels_plus_die=bool(combat_data.get("cancels_plus_die", False)),
            attack_prohibited=bool(combat_data.get("attack_prohibited", False)),
            drm=combat_data.get("drm"),
            drm_variants=read_only(combat_data.get("drm_variants", {})),
            max_units=combat_data.get("max_units"),
            cumulative=bool(combat_data.get("cumulative", True)),
            summary=text(combat_data, "summary"),
            column_shift=int(combat_data.get("column_shift", 0)),
            defense_multiplier=_number(combat_data.get("defense_multiplier")),
            attack_multiplier=_number(combat_data.get("attack_multiplier")),
            applies=combat_data.get("applies", "every-attacker-across"),
            for_side=text(combat_data, "for_side"),
        )
    return Terrain(
        id=data["id"],
        name=data["name"],
        kind=data["kind"],
        colour=text(data, "colour"),
        movement=movement,
        combat=combat,
        blocks_zoc=bool(data.get("blocks_zoc", False)),
        blocks_line_of_sight=bool(data.get("blocks_line_of_sight", False)),
        stop=bool(data.get("stop", False)),
        linear=bool(data.get("linear", False)),
        tactical_edge_tie=text(data, "tactical_edge_tie"),
        closed_until=turn(data.get("closed_until")),
        no_remain_until=turn(data.get("no_remain_until")),
        summary=text(data, "summary"),
        origin=origin,
        printed_number=data.get("printed_number"),
        pattern=text(data, "pattern"),
        off_map=bool(data.get("off_map", False)),
        symbol=text(data, "symbol"),
    )


def _number(value: Any) -> float | None:
    return None if value is None else float(value)
