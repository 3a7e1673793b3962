"""Where a Raiders counter is and what it is worth: the changes every rule makes the same way.

A counter is on the map, in one of the boxes of map.json (the Recruit Box,
the hostiles bin, the Garrison box), set aside, or lost for the rest of the
mission. Gear rides with the unit that carries it. These helpers keep the
core's positions, the mission's boxes and the carriers in step, so that the
counters are always all accounted for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import Unit, UnitStatus
from rules_engine.systems.raiders.rules import GARRISON_BOX, HOSTILES_BIN, RECRUIT_BOX
from rules_engine.systems.raiders.state import LOST

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

# The unit class of aeroplanes (29.0): a modifier on either side, never a target.
AEROPLANE_CLASS = "aeroplane"
# The unit class of the Armored Train (29.0): it fights only in a rail space.
ARMORED_TRAIN_CLASS = "armored-train"
# The unit class of supply gear (24.0); Lawrence of Arabia has none.
SUPPLIES_CLASS = "supplies"


def is_raider(game: Game, unit: Unit) -> bool:
    """A unit of the player's side that occupies a space and fights (leaders and the camp too)."""
    return unit.side == game.rules.player_side and unit.counter.kind in ("unit", "leader")


def is_hostile(game: Game, unit: Unit) -> bool:
    return unit.side == game.rules.hostile_side and unit.counter.kind in ("unit", "leader")


def raiders_at(game: Game, space: str) -> list[Unit]:
    return [u for u in game.state.units_at(space) if is_raider(game, u)]


def hostiles_at(game: Game, space: str) -> list[Unit]:
    return [u for u in game.state.units_at(space) if is_hostile(game, u)]


def garrison_at(game: Game, space: str) -> Unit | None:
    return next((u for u in game.state.units_at(space) if game.rules.is_garrison(u.counter)), None)


def gear_of(game: Game, unit: Unit) -> list[Unit]:
    carried = [g for g, c in game.mission.carrier.items() if c == unit.uid]
    return [game.state.units[g] for g in sorted(carried)]


def loose_gear_at(game: Game, space: str) -> list[Unit]:
    """Gear set down in a space, carried by no one (18.4)."""
    return [
        u
        for u in game.state.units_at(space)
        if game.rules.is_gear(u.counter) and u.uid not in game.mission.carrier
    ]


def combat_value(game: Game, unit: Unit) -> int:
    """4.0, 35.2, 35.3: the printed combat value, plus what its gear adds."""
    value = int(unit.counter.front.strength or 0)
    return value + sum(g.counter.front.value or 0 for g in gear_of(game, unit))


def is_mobile(unit: Unit) -> bool:
    movement = unit.counter.front.movement
    return isinstance(movement, int | float) and movement > 0


def movement_of(unit: Unit) -> int:
    movement = unit.counter.front.movement
    return int(movement) if isinstance(movement, int | float) else 0


def box_of(game: Game, counter_id: str) -> str:
    """The box a counter waits in off the map (the Recruit Box for the player's counters)."""
    for kind in (HOSTILES_BIN, GARRISON_BOX, RECRUIT_BOX):
        if counter_id in game.rules.boxes.get(kind, ()):
            return kind
    return RECRUIT_BOX


def in_box(game: Game, kind: str) -> list[Unit]:
    """The counters waiting in a box, in the counter mix's order."""
    where = game.mission.where
    return [u for u in game.state.units.values() if where.get(u.uid) == kind]


def to_box(game: Game, unit: Unit, box: str | None = None) -> None:
    """Take a counter off the map into its box (or ``box``); its gear goes with it into the box."""
    for gear in gear_of(game, unit):
        to_box(game, gear, RECRUIT_BOX if box != LOST else LOST)
    game.mission.carrier.pop(unit.uid, None)
    game.state.take_off(unit, UnitStatus.ELIMINATED if box == LOST else UnitStatus.REMOVED)
    game.mission.where[unit.uid] = box or box_of(game, unit.counter.id)
    game.mission.revealed.discard(unit.uid)
    if game.rules.is_garrison(unit.counter) or unit.counter.hidden:
        game.state.set_damaged(unit, True)  # back face down in the box (32.0, 37.0)
    else:
        game.state.set_damaged(unit, False)


def place(game: Game, unit: Unit, space: str) -> None:
    """Put a counter on the map (from a box or another space); the gear it carries comes along."""
    game.mission.where.pop(unit.uid, None)
    game.state.place(unit, space)
    for gear in gear_of(game, unit):
        game.state.place(gear, space)


def carry(game: Game, gear: Unit, carrier: Unit | None) -> None:
    """Hand ``gear`` to ``carrier`` (None: set it down where it is)."""
    if carrier is None:
        game.mission.carrier.pop(gear.uid, None)
        return
    game.mission.carrier[gear.uid] = carrier.uid
    if carrier.space is not None:
        place(game, gear, carrier.space)


def free_capacity(game: Game, unit: Unit) -> int:
    return game.rules.gear_capacity(unit.counter) - len(gear_of(game, unit))


def set_track(game: Game, track: str, value: int) -> None:
    """Move a track marker, kept within the track (13.0, 17.0, 34.1)."""
    low, high = game.rules.level_range if track == game.rules.level_track else game.rules.points_range
    game.state.points[track] = max(low, min(high, value))


def change_track(game: Game, track: str, amount: int, why: str) -> None:
    before = game.state.points.get(track, 0)
    set_track(game, track, before + amount)
    after = game.state.points[track]
    if after != before:
        game.state.note("track", f"{track} {before} -> {after} ({why})")


def eliminate_raider(game: Game, unit: Unit) -> bool:
    """23.3, 18.4: a raider lost (not in a battle's escape roll); its gear is lost for the mission.

    Leaders are not replaced within a mission (20.1), nor is Feisal's Camp (36.0); other units go
    back to the Recruit Box. True when the unit is Lawrence, whose loss loses the mission (34.0).
    """
    for gear in gear_of(game, unit):
        to_box(game, gear, LOST)
    keep_out = game.rules.is_leader(unit.counter) or unit.counter.id == game.rules.camp
    to_box(game, unit, LOST if keep_out else RECRUIT_BOX)
    return unit.counter.id == game.rules.hero
