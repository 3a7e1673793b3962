"""Build scenarios from scenarios/*.json."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from compiler.model.reading import Json, strings, text, turn
from rules_engine.definitions import (
    Constraint,
    EliminatedUnit,
    Marker,
    Origin,
    PiecePlacement,
    Placement,
    PointsAllowance,
    RandomSetup,
    Reinforcement,
    Scenario,
    Victory,
    VictoryCondition,
    VictoryLevel,
    Within,
)
from rules_engine.definitions.boards import PlacedBoard
from rules_engine.definitions.counters import face_reference

T = TypeVar("T")


def build_scenario(data: Json, file: str) -> Scenario:
    root = Origin(file)
    turns = data.get("turns", {})

    def each(key: str, build: Callable[[Json, Origin], T]) -> tuple[T, ...]:
        return tuple(build(item, root.child(key, i)) for i, item in enumerate(data.get(key, ())))

    return Scenario(
        id=data["id"],
        name=data["name"],
        number=data.get("number"),
        period=text(data, "period"),
        summary=text(data, "summary"),
        first_turn=turn(turns.get("first")),
        last_turn=turn(turns.get("last")),
        last_turn_players=strings(turns, "last_turn_players"),
        first_player=text(data, "first_player"),
        points=each("points", _points),
        placements=_placements(data, root),
        markers=each("markers", _marker),
        reinforcements=each("reinforcements", _reinforcement),
        random_setup=each("random_setup", _random_setup),
        victory=_victory(data["victory"], root.child("victory")) if "victory" in data else None,
        special_rules=tuple(r["summary"] for r in data.get("special_rules", ())),
        mission=(data["mission"]["deck"], data["mission"]["card"]) if "mission" in data else None,
        origin=root,
        pieces=each("pieces", _piece),
        layouts=tuple(
            (layout["map"], tuple(_placed_board(b) for b in layout["boards"]))
            for layout in data.get("layouts", ())
        ),
        eliminated=each("eliminated", _eliminated),
    )


FACE_NUMBERS = {"front": 1, "back": 2}


def _piece(data: Json, origin: Origin) -> PiecePlacement:
    position = data.get("position")
    face = data.get("face")
    return PiecePlacement(
        id=text(data, "id"),
        counter=text(data, "counter"),
        card=text(data, "card"),
        map=data["map"],
        at=data["at"],
        position=(int(position[0]), int(position[1])) if position is not None else None,
        face=FACE_NUMBERS.get(face, face) if face is not None else None,
        origin=origin,
    )


def _placed_board(data: Json) -> PlacedBoard:
    return PlacedBoard(data["board"], data["column"], data["row"], bool(data.get("reversed")))


def _placements(data: Json, root: Origin) -> tuple[Placement, ...]:
    """Every placement of every side's set-up group, in the order written."""
    placements = []
    for g, group in enumerate(data.get("setup", ())):
        for p, entry in enumerate(group["placements"]):
            placements.append(
                Placement(
                    unit=entry["unit"],
                    copies=int(entry.get("count", 1)),
                    at=entry["at"],
                    face=face_reference(entry.get("face", "front")),
                    constraint=build_constraint(entry.get("constraint")),
                    side=group["side"],
                    step=int(group.get("step", g + 1)),
                    origin=root.child("setup", g, "placements", p),
                )
            )
    return tuple(placements)


def _marker(m: Json, origin: Origin) -> Marker:
    return Marker(
        m["counter"],
        text(m, "at"),
        text(m, "track"),
        turn(m.get("box")),
        m.get("face", "front"),
        int(m.get("count", 1)),
        text(m, "for_side"),
        build_constraint(m.get("constraint")),
        origin,
    )


def _reinforcement(r: Json, origin: Origin) -> Reinforcement:
    return Reinforcement(
        str(r["turn"]),
        r["unit"],
        int(r.get("count", 1)),
        face_reference(r.get("face", "front")),
        text(r, "at"),
        text(r, "alternate"),
        build_constraint(r.get("constraint")),
        bool(r.get("may_delay", False)),
        origin,
    )


def _eliminated(e: Json, origin: Origin) -> EliminatedUnit:
    return EliminatedUnit(e["unit"], int(e.get("count", 1)), turn(e.get("from_turn")), origin)


def _random_setup(r: Json, origin: Origin) -> RandomSetup:
    return RandomSetup(r["table"], text(r, "side"), r.get("rolled"), text(r, "summary"), origin)


def build_constraint(data: Json | None) -> Constraint | None:
    if data is None:
        return None
    within = data.get("within")
    return Constraint(
        region=text(data, "region"),
        adjacent_to=text(data, "adjacent_to"),
        in_or_adjacent_to=text(data, "in_or_adjacent_to"),
        within=Within(within["of"], within["distance"]) if within else None,
        one_of=strings(data, "one_of"),
        features_any=strings(data, "features_any"),
        features_none=strings(data, "features_none"),
        supply_source=text(data, "supply_source"),
        alone=bool(data.get("alone", False)),
        no_units=bool(data.get("no_units", False)),
        summary=text(data, "summary"),
    )


def _points(data: Json, origin: Origin) -> PointsAllowance:
    return PointsAllowance(
        track=data["track"],
        side=data["side"],
        per_turn=data.get("per_turn"),
        schedule=tuple((str(s["turn"]), int(s["points"])) for s in data.get("schedule", ())),
        restriction=text(data, "restriction"),
        restricted_to_nation=text(data, "restricted_to_nation"),
        origin=origin,
    )


def _victory(data: Json, origin: Origin) -> Victory:
    return Victory(
        checked=text(data, "checked"),
        conditions=tuple(
            _condition(c, origin.child("conditions", i)) for i, c in enumerate(data["conditions"])
        ),
        otherwise=text(data, "otherwise"),
        summary=text(data, "summary"),
        origin=origin,
    )


def _condition(data: Json, origin: Origin) -> VictoryCondition:
    return VictoryCondition(
        kind=data["kind"],
        summary=data["summary"],
        side=text(data, "side"),
        places=strings(data, "places"),
        feature=text(data, "feature"),
        region=text(data, "region"),
        at_least=data.get("count"),
        total=data.get("total"),
        start=data.get("start"),
        targets=strings(data, "targets"),
        result=text(data, "result"),
        levels=tuple(
            VictoryLevel(level.get("min"), level.get("max"), level["result"])
            for level in data.get("levels", ())
        ),
        origin=origin,
        counter=text(data, "counter"),
        face=text(data, "face"),
    )
