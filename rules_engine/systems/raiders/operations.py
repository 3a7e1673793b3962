"""Operations (11.0): the operating force, recruiting and scouting, gear, and the segments' order.

One operation is one force's turn through the five segments. The force is
chosen first (10.3: units of one space, at most the stacking limit); in the
recruiting and scouting segment it recruits (9.1, 23.1, 34.3) or scouts
(29.0), not both. Gear changes hands at the start of the movement segment and
may be set down at its end (18.4, 23.2) or abandoned at any time (23.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.raiders import objectives
from rules_engine.systems.raiders.draws import pick
from rules_engine.systems.raiders.force import force_space, force_units, require_force, require_segment
from rules_engine.systems.raiders.pieces import (
    AEROPLANE_CLASS,
    carry,
    free_capacity,
    gear_of,
    hostiles_at,
    in_box,
    is_raider,
    loose_gear_at,
    place,
    raiders_at,
    set_track,
    to_box,
)
from rules_engine.systems.raiders.rules import (
    ARABIAN_PORT,
    BRITISH_PORT,
    HOLY_CITY,
    RECRUIT_BOX,
    STAGING_AREA,
)
from rules_engine.systems.raiders.stacking import problem
from rules_engine.systems.raiders.state import Operation

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def operate(game: Game, names: Sequence[str]) -> None:
    """10.3, 11.0: form the operation's force from units of one space."""
    require_segment(game, "recruit-scout", "11.0")
    if game.mission.operation.force:
        raise IllegalAction("11.0", "this operation already has its force")
    units = [game.unit(name) for name in names]
    if not units:
        raise IllegalAction("10.3", "a force holds at least one unit")
    for unit in units:
        if not unit.on_map or not is_raider(game, unit):
            raise IllegalAction("10.3", f"{unit.uid} is not an Arab Revolt unit on the map")
        if unit.counter.id == game.rules.camp:
            raise IllegalAction("36.2", "Feisal's Camp is never part of an operating force")
    spaces = {u.space for u in units}
    if len(spaces) != 1 or len(set(units)) != len(units):
        raise IllegalAction("10.3", "a force is a group of different units in the same space")
    space = units[0].space
    assert space is not None
    reason = problem(game, space, units)
    if reason is not None:
        raise IllegalAction("10.3", f"a force holds at most the stacking limit: {reason}")
    operation = game.mission.operation
    operation.force, operation.start = [u.uid for u in units], space
    game.state.note(
        "operate", f"the force of {', '.join(operation.force)} operates from {game.space_name(space)}"
    )


# --- recruiting (9.0, 9.1, 23.1, 35.0) ----------------------------------------------------------


def recruit(game: Game, unit_class: str, carrier: str | None, dice: DiceSource) -> None:
    """Buy one unit or item of gear with Pounds: at set-up with Lawrence, later with the force."""
    space = _recruiting_space(game)
    cost = game.rules.cost(unit_class)
    if cost is None:
        raise IllegalAction("9.0", f"the Recruit Table has no '{unit_class}'")
    if game.pounds < cost:
        raise IllegalAction(
            "9.0", f"{unit_class} costs {cost} Pounds and the Pounds marker stands at {game.pounds}"
        )
    stock = [u for u in in_box(game, RECRUIT_BOX) if u.counter.unit_class == unit_class]
    if not stock:
        raise IllegalAction("9.2", f"no {unit_class} is left in the Recruit Box")
    if game.rules.is_gear(stock[0].counter):
        _buy_gear(game, stock[0], carrier, space)
    else:
        _buy_unit(game, stock, space, dice)
    set_track(game, game.rules.points_track, game.pounds - cost)
    if not game.in_set_up:
        game.mission.operation.recruited = True


def _recruiting_space(game: Game) -> str:
    if game.in_set_up and not game.between_missions:
        if game.hero.space is None:
            raise IllegalAction("7.0", "Lawrence is not on the map")
        return game.hero.space
    require_segment(game, "recruit-scout", "9.1")
    require_force(game, "9.1")
    operation = game.mission.operation
    if operation.scouted or operation.rallied:
        raise IllegalAction("11.0", "the force has scouted or rallied: it may not also recruit")
    space = force_space(game)
    assert space is not None
    return space


def _buy_gear(game: Game, gear: Unit, carrier_name: str | None, space: str) -> None:
    """23.1, 35.0: gear is bought at the start of a mission, or in Suez, an Arabian port or the camp."""
    if not game.in_set_up and not sells_gear(game, space):
        raise IllegalAction(
            "35.0",
            f"gear is bought only in Suez, an Arabian port or Feisal's Camp, not {game.space_name(space)}",
        )
    if carrier_name is None:
        raise IllegalAction("23.1", f"{gear.uid} must be given to a unit that carries it")
    carrier = game.unit(carrier_name)
    candidates = raiders_at(game, space) if game.in_set_up else [*force_units(game)]
    if carrier not in candidates:
        raise IllegalAction(
            "23.1", f"{carrier.uid} is not with the {'force' if not game.in_set_up else 'starting force'}"
        )
    if free_capacity(game, carrier) < 1:
        raise IllegalAction("35.0", f"{carrier.uid} carries all the gear it can")
    place(game, gear, space)
    carry(game, gear, carrier)
    game.state.note("recruit", f"{gear.uid} is bought for {carrier.uid}")


def sells_gear(game: Game, space: str) -> bool:
    rules = game.rules
    camp = rules.camp
    at_camp = camp is not None and any(u.counter.id == camp for u in raiders_at(game, space))
    return rules.is_kind(space, ARABIAN_PORT) or rules.is_kind(space, BRITISH_PORT) or at_camp


def takes_recruits(game: Game, space: str) -> bool:
    """30.2: no unit but a leader stands in a British Staging Area or Mecca, so none is recruited there."""
    return not (game.rules.is_kind(space, STAGING_AREA) or game.rules.is_kind(space, HOLY_CITY))


def _buy_unit(game: Game, stock: list[Unit], space: str, dice: DiceSource) -> None:
    if not game.in_set_up and not takes_recruits(game, space):
        raise IllegalAction("30.2", f"only leaders may be in {game.space_name(space)}")
    hidden = stock[0].counter.hidden
    unit = pick(dice, "draw recruit", stock) if hidden else stock[0]
    if not game.in_set_up:
        force = force_units(game)
        reason = problem(game, space, [*force, unit])
        if reason is not None:
            raise IllegalAction("10.3", f"the force would exceed its stacking limit: {reason}")
        game.mission.operation.force.append(unit.uid)
    place(game, unit, space)
    game.state.set_damaged(unit, False)  # picked blind from the box, then turned face up (37.0)
    value = int(unit.counter.front.strength or 0)
    game.state.note("recruit", f"{unit.uid} ({value}) is recruited in {game.space_name(space)}")


# --- scouting (29.0, 32.0 c) ----------------------------------------------------------------------


def scout(game: Game, at: str) -> None:
    """The force's Aeroplane reveals a face-down Garrison in or next to its space."""
    require_segment(game, "recruit-scout", "11.0")
    units = require_force(game, "11.0")
    operation = game.mission.operation
    if operation.recruited or operation.scouted or operation.rallied:
        raise IllegalAction("11.0", "the force may either recruit or scout once in this segment")
    if not any(g.counter.unit_class == AEROPLANE_CLASS for u in units for g in gear_of(game, u)):
        raise IllegalAction("29.0", "only a force with the Aeroplane may scout")
    space = game.board.resolve(at)
    options = scout_targets(game)
    if space is None or space not in options:
        known = ", ".join(game.space_name(s) for s in options) or "none in reach"
        raise IllegalAction(
            "29.0", f"the Aeroplane scouts a face-down Garrison in or next to the force's space ({known})"
        )
    operation.scouted = True
    garrison = objectives.garrison_in(game, space)
    assert garrison is not None
    objectives.reveal(game, garrison, by_force=False)


def scout_targets(game: Game) -> list[str]:
    space = force_space(game)
    if space is None:
        return []
    near = (space, *game.board.neighbours[space])
    return [s for s in near if (g := objectives.garrison_in(game, s)) is not None and g.damaged]


# --- gear (18.4, 23.2, 23.4) --------------------------------------------------------------------


def transfer(game: Game, gear_name: str, to: str | None) -> None:
    """23.2: trade gear in the force before it moves; 18.4: set gear down once it has moved."""
    require_segment(game, "movement", "23.2")
    units = require_force(game, "23.2")
    gear = game.unit(gear_name)
    space = force_space(game)
    holder = game.mission.carrier.get(gear.uid)
    moved = game.mission.operation.moved
    if not game.rules.is_gear(gear.counter):
        raise IllegalAction("23.0", f"{gear.uid} is not gear")
    in_force = holder in {u.uid for u in units}
    if not in_force and (moved or gear not in loose_gear_at(game, space or "")):
        raise IllegalAction(
            "23.2", f"{gear.uid} is neither carried by the force nor set down where it starts"
        )
    if to is None:
        if holder is None:
            raise IllegalAction("18.4", f"{gear.uid} is not carried")
        carry(game, gear, None)
        game.state.note("gear", f"{gear.uid} is set down in {game.space_name(space or '')}")
        return
    if moved:
        raise IllegalAction("23.2", "gear changes hands at the start of the movement segment only")
    carrier = game.unit(to)
    if carrier not in units or carrier.uid == holder:
        raise IllegalAction("23.2", f"{carrier.uid} is not another unit of the operating force")
    if free_capacity(game, carrier) < 1:
        raise IllegalAction("35.0", f"{carrier.uid} carries all the gear it can")
    carry(game, gear, carrier)
    game.state.note("gear", f"{gear.uid} passes to {carrier.uid}")


def abandon(game: Game, gear_name: str) -> None:
    """23.4: gear of the operating force goes back to the Recruit Box."""
    if game.in_set_up or game.between_missions or game.over:
        raise IllegalAction("23.4", "gear is abandoned during an operation")
    units = require_force(game, "23.4")
    gear = game.unit(gear_name)
    if game.mission.carrier.get(gear.uid) not in {u.uid for u in units}:
        raise IllegalAction("23.4", f"{gear.uid} is not carried by the operating force")
    to_box(game, gear, RECRUIT_BOX)
    game.state.note("gear", f"{gear.uid} is abandoned to the Recruit Box")


# --- the segments in order ------------------------------------------------------------------------


def check_segment_done(game: Game) -> None:
    """What a segment must have done before it ends."""
    kind = game.phase.kind
    operation = game.mission.operation
    if kind == "recruit-scout" and not operation.force:
        raise IllegalAction("11.0", "an operation is one force's: choose the operating force first")
    if kind == "operations-card" and operation.card is not None and not operation.card_done:
        raise IllegalAction("13.0", f"carry out {operation.card} first")
    if kind == "combat" and force_space(game) is not None and hostiles_at(game, force_space(game) or ""):
        raise IllegalAction("15.0", "hostile units share the force's space: the force must fight")
    if kind == "objective" and objectives.garrison_battle_due(game):
        raise IllegalAction("32.2", "the revealed Garrison's units must be fought")


def following_segment(game: Game) -> int | None:
    """The next segment with something to do; None when the operation is over."""
    phases = game.system.phases
    index = game.state.phase_index + 1
    while index < len(phases):
        if not _idle(game, phases[index].kind):
            return index
        index += 1
    return None


def _idle(game: Game, kind: str) -> bool:
    """A card segment whose card is played already (30.2), a combat segment with no hostiles,
    an objective segment with no Garrison or charge to set."""
    space = force_space(game)
    if kind == "operations-card":
        return game.mission.operation.card_done
    if kind == "combat":
        return space is None or not hostiles_at(game, space)
    if kind == "objective":
        return space is None or not objectives.has_objective_work(game, space)
    return False


def begin_operation(game: Game) -> None:
    game.mission.operation = Operation()
    if not game.between_missions:
        game.state.note("operation", f"operation {game.state.turn} begins: {game.ops} Ops left")


def end_operation(game: Game) -> None:
    """10.1, 11.2, 13.1: the mission ends after the operation that plays the last card."""
    mission = game.mission
    no_raiders = not any(is_raider(game, u) for u in game.state.on_map())
    if mission.ends_after_operation or not mission.draw or no_raiders:
        objectives.finish_mission(game)
