"""Build the classic system's options: game.json's ``rules`` and charts.json's combat procedure.

The documents passed their schema, so every key has its type; what is absent takes the
defaults of the definitions (rules_engine/definitions/classic.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from compiler.model.reading import Json, cite_text, strings, text, turn
from rules_engine.definitions import (
    AdvanceRules,
    ClassicRules,
    CombatProcedure,
    ControlRules,
    MovementMode,
    MovementRules,
    Origin,
    PlaceSpec,
    Purchase,
    ReinforcementRules,
    ReplacementRules,
    ResultMeaning,
    RetreatRules,
    SideResult,
    SupplyEffects,
    SupplyRules,
    TableEnd,
    TurnEffect,
    UnitSelector,
    ZocRules,
)
from rules_engine.definitions.counters import face_reference
from rules_engine.definitions.frozen import read_only

T = TypeVar("T")


def build_rules(data: Json, origin: Origin) -> ClassicRules:
    """game.json's ``rules``."""

    def part(key: str, build: Callable[[Json, Origin], T]) -> T | None:
        return build(data[key], origin.child(key)) if key in data else None

    effects = data.get("turn_effects", ())
    return ClassicRules(
        movement=part("movement", _movement),
        zoc=part("zoc", _zoc),
        reinforcements=part("reinforcements", _reinforcements),
        replacements=part("replacements", _replacements),
        supply=part("supply", _supply),
        control=part("control", _control),
        turn_effects=tuple(_turn_effect(e, origin.child("turn_effects", i)) for i, e in enumerate(effects)),
        origin=origin,
    )


def _reinforcements(data: Json, origin: Origin) -> ReinforcementRules:
    return ReinforcementRules(_places(data, "at", origin), first_cite(data), origin, text(data, "summary"))


def selector(data: Json | None) -> UnitSelector | None:
    """A unit selector (common.schema.json's unitSelector), or None where none is given."""
    if data is None:
        return None
    return UnitSelector(
        side=text(data, "side"),
        classes=strings(data, "classes"),
        not_classes=strings(data, "not_classes"),
        counters=strings(data, "counters"),
        values=read_only(dict(data.get("values", {}))),
    )


def first_cite(data: Json) -> str | None:
    """The first section an option cites: what a refusal by it names."""
    cite = data.get("cite")
    if isinstance(cite, list):
        return str(cite[0]) if cite else None
    return cite_text(data) or None


def _places(data: Json, key: str, origin: Origin) -> tuple[PlaceSpec, ...]:
    return tuple(_place(p, origin.child(key, i)) for i, p in enumerate(data.get(key, ())))


def _place(data: Json, origin: Origin) -> PlaceSpec:
    return PlaceSpec(
        places=strings(data, "places"),
        features=strings(data, "features"),
        region=text(data, "region"),
        edge=text(data, "edge"),
        supply_sources=bool(data.get("supply_sources", False)),
        entries=bool(data.get("entries", False)),
        controlled=bool(data.get("controlled", False)),
        in_supply=bool(data.get("in_supply", False)),
        not_in_enemy_zoc=bool(data.get("not_in_enemy_zoc", False)),
        side=text(data, "side"),
        origin=origin,
    )


def _movement(data: Json, origin: Origin) -> MovementRules:
    return MovementRules(
        allowance=data["allowance"],
        classes=read_only(dict(data.get("classes", {}))),
        one_hex_minimum=bool(data.get("one_hex_minimum", False)),
        summary=text(data, "summary"),
        modes=tuple(
            MovementMode(
                m["id"],
                m["name"],
                strings(m, "along"),
                m.get("hexes"),
                bool(m.get("start_on_line", False)),
                m.get("enemy_zoc", "prohibited"),
                first_cite(m),
                origin.child("modes", i),
                text(m, "summary"),
            )
            for i, m in enumerate(data.get("modes", ()))
        ),
        cite=first_cite(data),
        origin=origin,
    )


def _zoc(data: Json, origin: Origin) -> ZocRules:
    return ZocRules(
        kind=data["kind"],
        zoc_to_zoc=bool(data.get("zoc_to_zoc", True)),
        exit_cost=float(data.get("exit_cost", 0)),
        enter_cost=float(data.get("enter_cost", 0)),
        exerted_by=selector(data.get("exerted_by")),
        not_into=strings(data, "not_into"),
        negated_by_friendly_units=bool(data.get("negated_by_friendly_units", False)),
        cite=first_cite(data),
        origin=origin,
        summary=text(data, "summary"),
    )


def _turn_effect(data: Json, origin: Origin) -> TurnEffect:
    movement = data.get("movement", {})
    return TurnEffect(
        id=data["id"],
        name=data["name"],
        turns=tuple(str(turn(t)) for t in data["turns"]),
        units=selector(data.get("units")),
        phases=strings(data, "phases"),
        phase_kinds=strings(data, "phase_kinds"),
        movement_hexes=movement.get("hexes"),
        movement_allowance=_number(movement.get("allowance")),
        movement_multiply=_number(movement.get("multiply")),
        except_modes=strings(movement, "except_modes"),
        attack=_number(data.get("attack")),
        defense=_number(data.get("defense")),
        column_shift=int(data.get("column_shift", 0)),
        drm=int(data.get("drm", 0)),
        cite=first_cite(data),
        origin=origin,
        summary=text(data, "summary"),
        modes_origin=origin.child("movement", "except_modes"),
    )


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def _supply(data: Json, origin: Origin) -> SupplyRules:
    effects = data.get("effects", {})
    return SupplyRules(
        sources=_places(data, "sources", origin),
        range=data.get("range"),
        enemy_zoc=data.get("enemy_zoc", "blocks"),
        negated_by_friendly_units=bool(data.get("negated_by_friendly_units", False)),
        effects=SupplyEffects(
            attack=float(effects.get("attack", 1)),
            defense=float(effects.get("defense", 1)),
            movement=float(effects.get("movement", 1)),
            eliminated_after=effects.get("eliminated_after"),
            step_loss=bool(effects.get("step_loss", False)),
        ),
        cite=first_cite(data),
        origin=origin,
        summary=text(data, "summary"),
    )


def _replacements(data: Json, origin: Origin) -> ReplacementRules:
    return ReplacementRules(
        track=data.get("track", "replacements"),
        buy=tuple(
            Purchase(
                what=b["what"],
                cost=int(b.get("cost", 1)),
                units=selector(b.get("units")),
                in_supply=bool(b.get("in_supply", False)),
                face=face_reference(b.get("face", "back")),
                at=_places(b, "at", origin.child("buy", i)),
                origin=origin.child("buy", i),
                summary=text(b, "summary"),
            )
            for i, b in enumerate(data["buy"])
        ),
        unused=data.get("unused", "lost"),
        one_per_unit=bool(data.get("one_per_unit", False)),
        cite=first_cite(data),
        origin=origin,
        summary=text(data, "summary"),
    )


def _control(data: Json, origin: Origin) -> ControlRules:
    return ControlRules(
        features=strings(data, "features"),
        places=strings(data, "places"),
        by=data.get("by", "last-to-enter"),
        cite=first_cite(data),
        origin=origin,
        summary=text(data, "summary"),
    )


# --- charts.json's combat ------------------------------------------------------------------


def build_procedure(data: Json, origin: Origin) -> CombatProcedure:
    """The classic part of charts.json's combat: values, the table's ends, results, retreat, advance."""
    retreat = data.get("retreat", {})
    return CombatProcedure(
        attack=text(data, "attack"),
        defense=text(data, "defense"),
        below_lowest=_table_end(data.get("below_lowest", "no-attack")),
        above_highest=_table_end(data.get("above_highest", "highest")),
        table_ends=data.get("table_ends", "after-shifts"),
        below_lowest_roll=_table_end(data["below_lowest_roll"]) if "below_lowest_roll" in data else None,
        above_highest_roll=_table_end(data["above_highest_roll"]) if "above_highest_roll" in data else None,
        attacks=data.get("attacks", "voluntary"),
        targets=data.get("targets", "one-hex"),
        results=read_only(
            {
                code: _meaning(code, meaning, origin.child("results", code))
                for code, meaning in data.get("results", {}).items()
            }
        ),
        retreat=RetreatRules(
            chosen_by=retreat.get("chosen_by", "owner"),
            enemy_zoc=retreat.get("enemy_zoc", "prohibited"),
            negated_by_friendly_units=bool(retreat.get("negated_by_friendly_units", False)),
            blocked=retreat.get("blocked", "eliminated"),
            cite=first_cite(retreat),
            origin=origin.child("retreat"),
        ),
        advance=_advance(data["advance"], origin.child("advance")) if "advance" in data else None,
        defender_fires=bool(data.get("defender_fires", True)),
        cite=first_cite(data),
        origin=origin,
    )


def _table_end(value: Any) -> TableEnd:
    if isinstance(value, dict):
        return TableEnd("result", str(value["result"]))
    return TableEnd(str(value))


def _side(data: Json | None) -> SideResult:
    if data is None:
        return SideResult()
    return SideResult(
        bool(data.get("eliminated", False)), int(data.get("steps", 0)), int(data.get("retreat", 0))
    )


def _meaning(code: str, data: Json, origin: Origin) -> ResultMeaning:
    return ResultMeaning(
        code=code,
        attacker=_side(data.get("attacker")),
        defender=_side(data.get("defender")),
        exchange=text(data, "exchange"),
        summary=text(data, "summary"),
        origin=origin,
    )


def _advance(data: Json, origin: Origin) -> AdvanceRules:
    units = data.get("units", 1)
    return AdvanceRules(
        units=None if units == "all" else int(units),
        hexes=int(data.get("hexes", 1)),
        ignore_zoc=bool(data.get("ignore_zoc", False)),
        cite=first_cite(data),
        origin=origin,
    )
