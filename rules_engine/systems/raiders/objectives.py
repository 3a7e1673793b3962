"""Garrisons, demolition and the mission's objective (6.0, 19.0, 32.0-32.2, 35.1).

In Lawrence the Garrison markers are the objectives (31.0). One is revealed
when an operating force stands in its space in the objective segment, by a
card, or by scouting; a 0 is removed at once (32.2). Revealed by the force,
its number of OEF units is picked and fought with no breakoff, and beating
them gains that many Pounds. Demolition Charges of the force break a rail
space on the Demolition Table. The mission is won when every objective
condition of the scenario holds at its end (6.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.definitions import VictoryCondition
from rules_engine.systems.raiders.campaign import mission_over
from rules_engine.systems.raiders.decisions import Decider
from rules_engine.systems.raiders.draws import pick_many, roll_d6
from rules_engine.systems.raiders.force import force_space, force_units, require_force, require_segment
from rules_engine.systems.raiders.pieces import (
    change_track,
    eliminate_raider,
    garrison_at,
    gear_of,
    in_box,
    is_raider,
    place,
    raiders_at,
    to_box,
)
from rules_engine.systems.raiders.rules import DEMOLITION, GARRISON_BOX, HOSTILES_BIN, RAIL_SPACE, RECRUIT_BOX

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

WON = "Mission won"
LOST_RESULT = "Mission lost"


def garrison_in(game: Game, space: str) -> Unit | None:
    return garrison_at(game, space)


def garrison_value(garrison: Unit) -> int:
    return int(garrison.counter.front.value or 0)


def reveal(game: Game, garrison: Unit, *, by_force: bool) -> None:
    """32.0: turn a Garrison face up; a 0 is removed at once (32.2)."""
    space = garrison.space or ""
    game.state.set_damaged(garrison, False)
    game.mission.revealed.add(garrison.uid)
    value = garrison_value(garrison)
    how = "by the force" if by_force else "without a fight"
    game.state.note("garrison", f"the Garrison in {game.space_name(space)} is revealed {how}: {value}")
    if value == 0:
        to_box(game, garrison, GARRISON_BOX)
        game.mission.garrisons_destroyed.add(space)
        game.state.note("garrison", "a Garrison of 0 is eliminated as it is revealed (32.2)")


def face_down_garrisons(game: Game) -> list[str]:
    """Spaces holding a Garrison still face down."""
    spaces = {u.space for u in game.state.on_map() if game.rules.is_garrison(u.counter) and u.damaged}
    return sorted(s for s in spaces if s is not None)


def reveal_chosen(game: Game, count: int, decider: Decider) -> None:
    """32.0 b, 34.4: the player chooses face-down Garrisons to reveal; no units, no Pounds."""
    options = face_down_garrisons(game)
    if not options:
        game.state.note("garrison", "no Garrison is left face down")
        return
    wanted = min(count, len(options))
    chosen = options if wanted == len(options) else decider.reveal(wanted, options)
    if len(set(chosen)) != wanted or any(c not in options for c in chosen):
        raise IllegalAction("32.0", f"reveal {wanted} of the face-down Garrisons ({', '.join(options)})")
    for space in chosen:
        garrison = garrison_in(game, space)
        assert garrison is not None
        reveal(game, garrison, by_force=False)


def reveal_in_force_space(game: Game) -> None:
    """32.0 a: the objective segment turns up a Garrison in the operating force's space."""

    space = force_space(game)
    garrison = garrison_in(game, space) if space is not None else None
    if garrison is not None and garrison.damaged:
        reveal(game, garrison, by_force=True)


def garrison_battle_due(game: Game) -> bool:
    """32.2: a face-up Garrison in the force's space, not yet fought this operation."""

    space = force_space(game)
    if space is None or game.mission.operation.garrison_fought or game.phase.kind != "objective":
        return False
    garrison = garrison_in(game, space)
    return garrison is not None and not garrison.damaged


def place_garrison_units(game: Game, garrison: Unit, dice: DiceSource) -> None:
    """32.2 a: the Garrison's number of OEF units is picked into its space."""
    space = garrison.space or ""
    drawn = pick_many(dice, "draw hostiles", in_box(game, HOSTILES_BIN), garrison_value(garrison))
    for unit in drawn:
        place(game, unit, space)
    game.state.note("garrison", f"the Garrison's {len(drawn)} OEF unit(s): {', '.join(u.uid for u in drawn)}")


def garrison_beaten(game: Game, garrison_name: str, space: str) -> None:
    """32.2 b: beating a Garrison's units gains its number in Pounds; the marker goes back face down."""
    garrison = game.state.units[garrison_name]
    change_track(game, game.rules.points_track, garrison_value(garrison), "the Garrison is beaten (32.2)")
    to_box(game, garrison, GARRISON_BOX)
    game.mission.garrisons_destroyed.add(space)
    game.state.note("garrison", f"the Garrison in {game.space_name(space)} is eliminated")


def has_objective_work(game: Game, space: str) -> bool:
    """A Garrison to reveal or fight, or a charge the force could set."""
    return garrison_in(game, space) is not None or bool(demolition_charges(game))


# --- demolition (35.1) --------------------------------------------------------------------------


def demolition_charges(game: Game) -> list[Unit]:
    """The force's Demolition Charges it may set now: in a rail space, not yet broken, no Garrison left."""

    space = force_space(game)
    if space is None or not game.rules.is_kind(space, RAIL_SPACE) or space in breaks(game):
        return []
    if garrison_in(game, space) is not None:
        return []
    return [g for u in force_units(game) for g in gear_of(game, u) if is_charge(game, g)]


def is_charge(game: Game, gear: Unit) -> bool:
    """35.1: a Demolition Charge, the gear whose back is the RR break."""
    return game.rules.is_gear(gear.counter) and gear.counter.two_sided


def breaks(game: Game) -> set[str]:
    """Rail spaces broken this mission or, in a campaign, before it (35.1)."""
    earlier = game.campaign.rr_breaks if game.campaign is not None else set()
    return game.mission.rr_breaks | earlier


def demolish(game: Game, charge_name: str, dice: DiceSource) -> None:
    """35.1: roll on the Demolition Table for one charge; it is spent whatever the result."""

    require_segment(game, "objective", "35.1")
    require_force(game, "35.1")
    if garrison_battle_due(game):
        raise IllegalAction("32.2", "the revealed Garrison must be fought first")
    charge = game.unit(charge_name)
    space = force_space(game) or ""
    if charge not in demolition_charges(game):
        if not game.rules.is_kind(space, RAIL_SPACE):
            raise IllegalAction("35.1", f"demolition is set in a rail space, not {game.space_name(space)}")
        if space in breaks(game):
            raise IllegalAction("35.1", f"{game.space_name(space)} is already broken")
        raise IllegalAction("35.1", f"{charge.uid} is not a Demolition Charge carried by the operating force")
    setter = game.state.units[game.mission.carrier[charge.uid]]
    roll = roll_d6(dice, "demolition")
    results = game.rules.roll_results(DEMOLITION, roll)
    game.mission.operation.demolished.append(charge.uid)
    if "rr-break" in results:
        game.mission.carrier.pop(charge.uid, None)
        game.state.set_damaged(charge, True)
        game.mission.rr_breaks.add(space)
        game.state.note("demolition", f"roll {roll}: the line is broken at {game.space_name(space)}")
    else:
        to_box(game, charge, RECRUIT_BOX)
        game.state.note("demolition", f"roll {roll}: {'blowup' if 'blowup' in results else 'no effect'}")
    for code in results:
        word, _, argument = code.partition(":")
        if word == "pounds":
            change_track(game, game.rules.points_track, int(argument), "loot (35.1)")
        elif word == "blowup":
            game.state.note("demolition", f"{setter.uid} is lost in the blast")
            if eliminate_raider(game, setter):
                lose_mission(game)


# --- the objective and the end of the mission -----------------------------------------------------


def _conditions(game: Game) -> list[VictoryCondition]:
    victory = game.scenario.victory
    if victory is None:
        return []
    side = game.rules.player_side
    return [c for c in victory.conditions if c.side == side and c.kind != "objective"]


def condition_holds(game: Game, condition: VictoryCondition) -> bool:
    places = [p for p in (game.board.resolve(r) for r in condition.places) if p is not None]
    if condition.kind == "occupy-all":
        return all(_held(game, p) for p in places)
    if condition.kind == "marker-count":
        return sum(1 for p in places if _marked(game, p, condition)) >= (condition.at_least or 1)
    if condition.kind == "occupy-count":
        return sum(1 for p in places if raiders_at(game, p)) >= (condition.at_least or 1)
    return False


def _held(game: Game, space: str) -> bool:
    """Arab Revolt units there, and no counter of another side (its Garrison destroyed)."""
    here = game.state.units_at(space)
    side = game.rules.player_side
    return any(is_raider(game, u) for u in here) and all(u.side == side for u in here)


def _marked(game: Game, space: str, condition: VictoryCondition) -> bool:
    back = condition.face != "front"
    on_map = any(u.counter.id == condition.counter and u.damaged == back for u in game.state.units_at(space))
    return on_map or (back and space in breaks(game))


def objective_met(game: Game) -> bool:
    conditions = _conditions(game)
    return bool(conditions) and all(condition_holds(game, c) for c in conditions)


def mission_result(game: Game) -> str:
    victory = game.scenario.victory
    won = next((c.result for c in _conditions(game) if c.result), None) or WON
    lost = (victory.otherwise if victory is not None else None) or LOST_RESULT
    return won if objective_met(game) else lost


def finish_mission(game: Game) -> None:
    """6.0, 11.2: the mission is won if its objective holds now, lost otherwise."""
    result = mission_result(game)
    game.state.note("mission", f"the mission ends: {result}")
    _finish(game, result, objective_met(game))


def lose_mission(game: Game) -> None:
    """34.0: losing Lawrence loses the mission at once (and a campaign)."""
    victory = game.scenario.victory
    result = (victory.otherwise if victory is not None else None) or LOST_RESULT
    _finish(game, result, False, hero_lost=True)


def _finish(game: Game, result: str, won: bool, *, hero_lost: bool = False) -> None:
    if game.campaign is None:
        game.finish(result)
        return
    mission_over(game, result, won, hero_lost=hero_lost)


def end_mission_early(game: Game) -> None:
    """11.1: a mission already won need not use its remaining Ops."""

    require_segment(game, "recruit-scout", "11.1")
    if game.mission.operation.force:
        raise IllegalAction("11.1", "the mission may end only between operations")
    if not objective_met(game):
        raise IllegalAction("11.1", "the mission's objective does not hold yet")
    game.state.note("mission", "the objective holds: the mission ends early (11.1)")
    finish_mission(game)
