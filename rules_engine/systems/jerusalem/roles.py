"""What each counter is to the rules: infantry, garrison, transport, leader, Mufti, terrorist ...

The rules speak of kinds of unit (1.2.1): "mechanized units", "transport units",
"garrisons", units with an 'L' or a 'j' by their MPs, movement printed in
yellow. The data says it all through classes and their groups (game.json),
nations, formations and the face's colours and marks; this module reads it once
per counter into a `Role`, so the rules ask plain questions.

The few counters the rulebook names one by one (the Jerusalem Convoy, the
Davidka, the leaders with rules of their own) are listed here by id, in one place.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_engine.definitions import Counter, GameInfo

CONVOY = "jerusalem-convoy"
DAVIDKA = "davidka"
SHALTIEL = "david-shaltiel"
KHADER = "abdul-khader"
AMIN = "haj-amin"
KUTUB = "el-kutub"
TELL = "abdullah-tell"
HAGANAH = "haganah-4-6"
CITY_GARRISON = "jewish-garrison-12-0"
LEGION = "arab-legion"
EEF = "eef"
SYRIAN = "syrian"
TERRORIST_NATIONS = frozenset({"irgun", "stern-gang"})
TELL_FORMATION = "6th Regiment"
# 15.1: the class of unit that builds roads
BULLDOZER_CLASS = "bulldozer"
# 10.9.1: the Arab Legion units whose presence lets Legion artillery support a battle
LEGION_FIGHTING_CLASSES = frozenset({"infantry", "armored-car", "halftrack"})
# 10.9.2: the Jewish vehicles the 6 lb. gun fires at with its targeted strength
VEHICLE_CLASSES = frozenset(
    {BULLDOZER_CLASS, "halftrack", "flamethrower", "bus", "armored-car", "tank", "convoy"}
)


class Role(NamedTuple):
    """The questions the rules ask about one counter, answered from its data."""

    leader: bool  # a real leader (kind "leader")
    dummy: bool
    infantry: bool
    garrison: bool
    artillery: bool  # class in the artillery group (guns, mortars, the 6 lb.)
    mechanized: bool
    transport: bool  # trucks, buses, halftracks, the convoy
    shielded: bool  # 9.10: leaders, trucks and the convoy are attacked only once alone
    vehicle_shield: bool  # 9.11: halftracks and buses, attackable once they have first fired
    convoy: bool
    one_phase: bool  # 7.2, 8.2: yellow MPs, one movement phase a turn
    road_only: bool  # 7.3, 8.3: black MPs
    never_moves: bool  # 7.1: garrisons
    needs_leader: bool  # 7.4, 12.4: the 'L' of the Mufti units
    jeep: bool  # 12.5: the 'j' of Shaltiel and Abdul Khader
    carried_on_road: bool  # 8.6: infantry, artillery and leaders ride in the Road Movement Phase
    terrorist: bool  # 13.2
    legion: bool
    eef: bool
    vehicle: bool  # 10.9.2
    bulldozer: bool  # 15.x: builds secondary roads
    capacity: int
    targeted_always: bool  # 11.0: the flamethrower fires with its target-icon strength
    targeted_vs_vehicles: bool  # 10.9.2: the 6 lb. does only against vehicles


def role_of(counter: Counter, game: GameInfo) -> Role:
    """Read one counter's role from the data."""
    classes = {c.id: (c.id, *c.groups) for c in game.unit_classes}
    groups = set(classes.get(counter.unit_class or "", ()))
    face = counter.front
    marks = {m.casefold() for m in face.movement_marks}
    leader, dummy = counter.kind == "leader", counter.kind == "dummy"
    artillery = "artillery" in groups
    transport = "transport" in groups
    targeted = face.targeted_strength is not None
    return Role(
        leader=leader,
        dummy=dummy,
        infantry=counter.unit_class == "infantry",
        garrison=counter.unit_class == "garrison",
        artillery=artillery,
        mechanized="mechanized" in groups,
        transport=transport,
        shielded=leader or dummy or counter.unit_class in ("truck", "convoy"),
        vehicle_shield=counter.unit_class in ("halftrack", "bus"),
        convoy=counter.id == CONVOY,
        one_phase=face.movement_colour == "yellow",
        road_only=face.movement_colour == "black",
        never_moves=face.movement_colour == "red-octagon",
        needs_leader="l" in marks and "L" in face.movement_marks,
        jeep="j" in face.movement_marks,
        carried_on_road=counter.unit_class == "infantry" or artillery or leader or dummy,
        terrorist=counter.nation in TERRORIST_NATIONS,
        legion=counter.nation == LEGION,
        eef=counter.nation == EEF,
        vehicle=counter.unit_class in VEHICLE_CLASSES,
        bulldozer=counter.unit_class == BULLDOZER_CLASS,
        capacity=int(face.capacity or 0) if transport else 0,
        targeted_always=targeted and not artillery,
        targeted_vs_vehicles=targeted and artillery,
    )
