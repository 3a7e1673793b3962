"""Movement (12.0, 18.0, 30.2-30.4, 35.3, 36.1): the force moves together, and the special moves.

A force moves along routes up to the movement of its slowest unit and stops
on entering a STOP space or a space with a Garrison marker (12.0, 32.1). Only
Lawrence enters a Staging Area and only leaders enter Mecca (30.2). Stacking
is judged once the force has moved (10.2): its new space must hold it, and
the space it left must not be pushed over its limit by its leaving (a space
already over it, after a leader fell in battle, may stay so until a force
leaves it). Water, port-to-port, airfield and aeroplane moves use all the
force's movement (18.3, 30.4, 35.3); a rally brings units to Feisal's Camp
with no limit (36.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import IllegalAction, Unit
from rules_engine.systems.raiders import objectives
from rules_engine.systems.raiders.force import force_units, require_force, require_segment
from rules_engine.systems.raiders.pieces import (
    AEROPLANE_CLASS,
    SUPPLIES_CLASS,
    gear_of,
    is_mobile,
    is_raider,
    movement_of,
    place,
    raiders_at,
    to_box,
)
from rules_engine.systems.raiders.rules import (
    AIRFIELD,
    ARABIAN_PORT,
    BRITISH_PORT,
    COASTAL,
    HIGH_COMMAND,
    HOLY_CITY,
    RECRUIT_BOX,
    STAGING_AREA,
)
from rules_engine.systems.raiders.stacking import problem

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def allowance(units: Sequence[Unit], forced_march: bool = False) -> int:
    """12.0: a force moves at the movement of its slowest unit; 24.0: a forced march adds a space."""
    return min((movement_of(u) for u in units), default=0) + (1 if forced_march else 0)


def entry_problem(game: Game, units: Sequence[Unit], space: str) -> str | None:
    """30.2: who may enter a British Staging Area or Mecca."""
    rules = game.rules
    if rules.is_kind(space, STAGING_AREA) and any(u.counter.id != rules.hero for u in units):
        return f"only Lawrence may enter {game.space_name(space)}"
    if rules.is_kind(space, HOLY_CITY) and any(not rules.is_leader(u.counter) for u in units):
        return f"only Arab Revolt leaders may enter {game.space_name(space)}"
    return None


def stops_in(game: Game, space: str) -> bool:
    """12.0, 32.1: a STOP space, or a Garrison marker face up or down."""
    return game.rules.stops(space) or objectives.garrison_in(game, space) is not None


def reachable(
    game: Game, units: Sequence[Unit], start: str, forced_march: bool = False
) -> dict[str, tuple[str, ...]]:
    """Every space the force can end its move in, with a shortest path (spaces entered)."""
    reach = allowance(units, forced_march)
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _ in range(reach):
        following: list[str] = []
        for space in frontier:
            if space != start and stops_in(game, space):
                continue
            for there in game.board.neighbours[space]:
                if there in paths or entry_problem(game, units, there) is not None:
                    continue
                paths[there] = (*paths[space], there)
                following.append(there)
        frontier = following
    del paths[start]
    return paths


def path_problem(game: Game, units: Sequence[Unit], start: str, path: Sequence[str]) -> IllegalAction | None:
    """Why the force may not move along ``path`` (None when it may), with the rule that says so."""
    if not path:
        return IllegalAction("12.0", "the path enters no space")
    reach = allowance(units, game.mission.operation.forced_march)
    if len(path) > reach:
        return IllegalAction("12.0", f"the force moves at most {reach} spaces (its slowest unit's movement)")
    here = start
    for index, there in enumerate(path):
        if there not in game.board.neighbours[here]:
            return IllegalAction(
                "12.0", f"no route joins {game.space_name(here)} and {game.space_name(there)}"
            )
        entry = entry_problem(game, units, there)
        if entry is not None:
            return IllegalAction("30.2", entry)
        if index < len(path) - 1 and stops_in(game, there):
            rule = "12.0" if game.rules.stops(there) else "32.1"
            return IllegalAction(rule, f"the force must stop in {game.space_name(there)}")
        here = there
    return None


def _start_move(game: Game, rule: str) -> tuple[list[Unit], str]:
    require_segment(game, "movement", rule)
    units = require_force(game, rule)
    if game.mission.operation.moved:
        raise IllegalAction(rule, "the force has already moved this operation")
    space = units[0].space
    assert space is not None
    return units, space


def move(game: Game, path: Sequence[str]) -> None:
    """12.0: move the force along routes."""
    units, start = _start_move(game, "12.0")
    spaces = [_space(game, p, "12.0") for p in path]
    if spaces and spaces[0] == start:
        spaces = spaces[1:]
    refusal = path_problem(game, units, start, spaces)
    if refusal is not None:
        raise refusal
    via = (
        f"via {', '.join(game.space_name(s) for s in spaces[:-1])}" if len(spaces) > 1 else "along its route"
    )
    finish_move(game, units, start, spaces[-1], via)


def stacking_after_move(game: Game, units: Sequence[Unit], start: str, end: str) -> IllegalAction | None:
    """10.2, 34.6: the refusal a move would meet once the segment ends (None if it fits)."""
    return StackingAfterMove(game, units, start).refusal(end)


class StackingAfterMove:
    """`stacking_after_move` for one force leaving ``start``, to judge many ends: what the move
    leaves behind (34.6) is the same for every end, so it is judged once."""

    def __init__(self, game: Game, units: Sequence[Unit], start: str) -> None:
        self.game, self.units = game, units
        staying = [u for u in raiders_at(game, start) if u not in units]
        left_behind = problem(game, start, staying)
        self.behind: IllegalAction | None = None
        if left_behind is not None and problem(game, start, raiders_at(game, start)) is None:
            self.behind = IllegalAction(
                "34.6", f"the units left in {game.space_name(start)} would be over their limit: {left_behind}"
            )

    def refusal(self, end: str) -> IllegalAction | None:
        """The refusal a move to ``end`` would meet (None if it fits): 10.2 where it arrives first."""
        game, units = self.game, self.units
        arriving = [*[u for u in raiders_at(game, end) if u not in units], *units]
        reason = problem(game, end, arriving)
        if reason is not None:
            return IllegalAction("10.2", f"{game.space_name(end)} would hold too many units: {reason}")
        return self.behind


def finish_move(game: Game, units: Sequence[Unit], start: str, end: str, how: str) -> None:
    """10.2: the end of the movement segment: stacking where the force arrives and where it left."""
    refusal = stacking_after_move(game, units, start, end)
    if refusal is not None:
        raise refusal
    for unit in units:
        place(game, unit, end)
    game.mission.operation.moved = True
    game.state.note("move", f"the force moves to {game.space_name(end)} {how}")


def _space(game: Game, reference: str, rule: str) -> str:
    space = game.board.resolve(reference)
    if space is None:
        raise IllegalAction(rule, f"'{reference}' is not a space on the map")
    return space


# --- supplies (24.0) -------------------------------------------------------------------------


def supplies_of(game: Game) -> list[Unit]:
    """The supply gear the operating force carries."""
    return [g for u in force_units(game) for g in gear_of(game, u) if g.counter.unit_class == SUPPLIES_CLASS]


def supply(game: Game, gear_name: str, use: str) -> None:
    """24.0: spend supplies for a forced march (before moving) or maximum firepower (before a battle)."""
    require_force(game, "24.0")
    gear = game.unit(gear_name)
    if gear not in supplies_of(game):
        raise IllegalAction("24.0", f"{gear.uid} is not supplies carried by the operating force")
    operation = game.mission.operation
    if use == "forced-march":
        require_segment(game, "movement", "24.0")
        if operation.moved or operation.forced_march:
            raise IllegalAction("24.0", "a forced march is made once, at the start of the movement segment")
        operation.forced_march = True
    elif use == "firepower":
        if game.phase.kind not in ("combat", "objective") or operation.firepower:
            raise IllegalAction("24.0", "maximum firepower is spent once, before a battle of this operation")
        operation.firepower = True
    else:
        raise IllegalAction("24.0", f"supplies are spent for 'forced-march' or 'firepower', not '{use}'")
    to_box(game, gear, RECRUIT_BOX)
    game.state.note("supplies", f"{gear.uid} is spent for {use.replace('-', ' ')} (24.0)")


# --- special moves ---------------------------------------------------------------------------


def sail_targets(game: Game, units: Sequence[Unit], start: str) -> list[str]:
    """30.4: from an Arabian port to another Arabian port the Ottomans do not hold."""
    rules = game.rules
    if not rules.is_kind(start, ARABIAN_PORT) or not all(is_mobile(u) for u in units):
        return []
    return [
        s
        for s in rules.spaces_of_kind(ARABIAN_PORT)
        if s != start and objectives.garrison_in(game, s) is None and entry_problem(game, units, s) is None
    ]


def sail(game: Game, to: str) -> None:
    units, start = _start_move(game, "30.4")
    space = _space(game, to, "30.4")
    if space not in sail_targets(game, units, start):
        raise IllegalAction(
            "30.4", f"a water move goes from an Arabian port to another not held by the Ottomans, not to {to}"
        )
    finish_move(game, units, start, space, "by sea (port to port)")


def water_targets(game: Game, units: Sequence[Unit], start: str) -> list[str]:
    """18.2, 30.3: between ports and coastal spaces; Suez only for Lawrence."""
    rules = game.rules
    hero_alone = all(u.counter.id == rules.hero for u in units)

    def is_port(space: str) -> bool:
        if rules.is_kind(space, BRITISH_PORT):
            return hero_alone
        return rules.is_kind(space, ARABIAN_PORT) or rules.is_kind(space, COASTAL)

    if not is_port(start) or not all(is_mobile(u) for u in units):
        return []
    spaces = {s for kind in (ARABIAN_PORT, COASTAL, BRITISH_PORT) for s in rules.spaces_of_kind(kind)}
    return sorted(s for s in spaces if s != start and is_port(s) and entry_problem(game, units, s) is None)


def airfield_targets(game: Game, units: Sequence[Unit], start: str) -> list[str]:
    """18.1: from one airfield to another."""
    rules = game.rules
    if not rules.is_kind(start, AIRFIELD) or not all(is_mobile(u) for u in units):
        return []
    return [s for s in rules.spaces_of_kind(AIRFIELD) if s != start and entry_problem(game, units, s) is None]


def special_move(game: Game, how: str, to: str, rule: str) -> None:
    """18.1-18.3: a water or airfield move by card, using all the force's movement."""
    units, start = _start_move(game, rule)
    space = _space(game, to, rule)
    targets = water_targets(game, units, start) if how == "water" else airfield_targets(game, units, start)
    if space not in targets:
        raise IllegalAction(
            rule, f"a {how} move cannot take this force from {game.space_name(start)} to {to}"
        )
    finish_move(game, units, start, space, f"by a {how} move")


def fly_targets(game: Game, units: Sequence[Unit], start: str) -> list[str]:
    """35.3: Lawrence with the Aeroplane, to a space with an Arab Revolt unit or to Cairo."""
    rules = game.rules
    if len(units) != 1 or units[0].counter.id != rules.hero:
        return []
    if not any(g.counter.unit_class == AEROPLANE_CLASS for g in gear_of(game, units[0])):
        return []
    spaces = {u.space for u in game.state.on_map() if u.space and u not in units and is_raider(game, u)}
    spaces.update(rules.spaces_of_kind(HIGH_COMMAND))
    spaces.discard(start)
    return sorted(s for s in spaces if s is not None)


def fly(game: Game, to: str) -> None:
    units, start = _start_move(game, "35.3")
    space = _space(game, to, "35.3")
    if space not in fly_targets(game, units, start):
        raise IllegalAction(
            "35.3",
            "the Aeroplane flies Lawrence alone, carrying it, to a space with an Arab Revolt unit or Cairo",
        )
    finish_move(game, units, start, space, "by air")


# --- the rally (36.1 b) -----------------------------------------------------------------------------


def rally_candidates(game: Game) -> list[Unit]:
    """Units outside the force that could move to the camp, each within its own movement."""
    units = force_units(game)
    camp = game.rules.camp
    space = units[0].space if units else None
    if space is None or camp is None or not any(u.counter.id == camp for u in raiders_at(game, space)):
        return []
    found: list[Unit] = []
    for unit in game.state.on_map():
        if unit in units or unit.space in (None, space) or not is_raider(game, unit):
            continue
        if is_mobile(unit) and space in reachable(game, [unit], unit.space or ""):
            found.append(unit)
    return sorted(found, key=lambda u: u.uid)


def rally(game: Game, names: Sequence[str]) -> None:
    """36.1 b: any units within reach move into the camp and join the force; no stacking limit."""
    require_segment(game, "recruit-scout", "36.1")
    require_force(game, "36.1")
    operation = game.mission.operation
    if operation.recruited or operation.scouted or operation.rallied:
        raise IllegalAction("36.1", "a force at the camp either resupplies or rallies")
    candidates = rally_candidates(game)
    if not candidates:
        raise IllegalAction("36.1", "the force must start its operation in Feisal's Camp with units in reach")
    units = [game.unit(n) for n in names]
    for unit in units:
        if unit not in candidates:
            raise IllegalAction("36.1", f"{unit.uid} cannot reach Feisal's Camp this operation")
    space = force_units(game)[0].space
    assert space is not None
    for unit in units:
        place(game, unit, space)
        operation.force.append(unit.uid)
    operation.rallied = operation.moved = True
    game.state.note("rally", f"{', '.join(u.uid for u in units)} rally to Feisal's Camp")
