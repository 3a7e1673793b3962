"""Replacements (docs/classic-rules.md, Replacements).

At the start of a side's replacement phase the scenario's points on the option's track come
in; each purchase the option lists costs its points: a reduced unit back to its full side, or
an eliminated unit back on the map in a hex the purchase allows. Points left are lost when
the phase ends, unless the option keeps them.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit, UnitStatus
from rules_engine.definitions import Purchase, Scenario
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.selectors import selects
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.supply import allowed_places, in_supply


class Option(NamedTuple):
    """One replacement that may be bought now: the unit, where (None: in place), the purchase."""

    unit: Unit
    at: str | None
    purchase: Purchase


def allowance(world: World, scenario: Scenario, side: str) -> int:
    """The points ``side`` receives this turn on the option's track."""
    rules = world.tables.replacements
    if rules is None:
        return 0
    turn = world.state.turn
    total = 0
    for points in scenario.points:
        if points.track != rules.track or points.side != side:
            continue
        if points.schedule:
            total += sum(n for label, n in points.schedule if label == turn)
        elif points.per_turn is not None:
            total += points.per_turn
    return total


def begin(world: World, scenario: Scenario, side: str) -> None:
    gained = allowance(world, scenario, side)
    points = world.state.points
    points[side] = points.get(side, 0) + gained
    if gained and world.state.logging:
        world.state.note("replacement", f"{side} receives {gained} replacement point(s)")


def finish(world: World, side: str) -> None:
    rules = world.tables.replacements
    if rules is not None and rules.unused == "lost" and world.state.points.get(side):
        if world.state.logging:
            world.state.note("replacement", f"{side}'s unused replacement points are lost")
        world.state.points[side] = 0


def options(world: World, side: str) -> list[Option]:
    """Every replacement ``side`` may buy now with the points it has."""
    rules = world.tables.replacements
    if rules is None:
        return []
    points = world.state.points.get(side, 0)
    found: list[Option] = []
    for purchase in rules.buy:
        if purchase.cost > points:
            continue
        if purchase.what == "step":
            found.extend(Option(u, None, purchase) for u in _reduced(world, side, purchase))
        else:
            for unit in _eliminated(world, side, purchase):
                found.extend(Option(unit, at, purchase) for at in _rebuild_spaces(world, unit, purchase))
    return found


def _reduced(world: World, side: str, purchase: Purchase) -> list[Unit]:
    return [
        u
        for u in world.state.units_of(side)
        if u.damaged
        and selects(world.tables, purchase.units, u)
        and (not purchase.in_supply or in_supply(world, u))
    ]


def _eliminated(world: World, side: str, purchase: Purchase) -> list[Unit]:
    # one of each counter is enough to list: copies of a counter are alike
    seen: set[str] = set()
    found: list[Unit] = []
    for unit in world.state.by_side.get(side, ()):
        if unit.status is UnitStatus.ELIMINATED and unit.counter.id not in seen:
            seen.add(unit.counter.id)
            if selects(world.tables, purchase.units, unit):
                found.append(unit)
    return found


def _rebuild_spaces(world: World, unit: Unit, purchase: Purchase) -> list[str]:
    held = world.enemy_held(unit.side)
    klass = world.tables.movement_class(unit.counter)
    candidates = allowed_places(world, purchase.at, unit.side, klass)
    return sorted(s for s in candidates if s not in held and world.stacking_problem(s, [unit]) is None)


def buy(world: World, side: str, unit: Unit, at: str | None) -> None:
    """Spend points on ``unit``: a step back (``at`` None) or its return at ``at``."""
    rule, name = world.tables.rule("replacements"), world.tables.board.name
    if unit.side != side:
        raise IllegalAction(rule, f"{unit.uid} is not a unit of {side}")
    chosen = _option(world, side, unit, at)
    if chosen is None:
        raise IllegalAction(rule, _refusal(world, side, unit, at))
    if at is None:
        changes.restore_step(world, unit)
    else:
        changes.put(world, unit, at)
        world.state.set_damaged(unit, chosen.purchase.face == "back" and changes.two_sided(unit.counter))
        if world.state.logging:
            world.state.note("replacement", f"{unit.uid} comes back in {name(at)}")
    world.state.points[side] = world.state.points.get(side, 0) - chosen.purchase.cost


def _option(world: World, side: str, unit: Unit, at: str | None) -> Option | None:
    """The first purchase (in the option's order) that buys this with the points ``side`` has:
    a step back for the unit itself; its counter back in ``at`` (``options`` lists the same)."""
    rules = world.tables.replacements
    if rules is None:
        return None
    points = world.state.points.get(side, 0)
    for purchase in rules.buy:
        if purchase.cost > points or (purchase.what == "step") != (at is None):
            continue
        if unit.side != side or not selects(world.tables, purchase.units, unit):
            continue
        if at is None:
            if (
                unit.status is UnitStatus.ON_MAP
                and unit.damaged
                and (not purchase.in_supply or in_supply(world, unit))
            ):
                return Option(unit, None, purchase)
        elif unit.status is UnitStatus.ELIMINATED and _rebuilds_in(world, unit, purchase, at):
            return Option(unit, at, purchase)
    return None


def _rebuilds_in(world: World, unit: Unit, purchase: Purchase, at: str) -> bool:
    """Whether ``unit`` may come back in ``at`` by ``purchase`` (``_rebuild_spaces`` for one hex)."""
    if at in world.enemy_held(unit.side) or world.stacking_problem(at, [unit]) is not None:
        return False
    klass = world.tables.movement_class(unit.counter)
    return at in allowed_places(world, purchase.at, unit.side, klass)


def _refusal(world: World, side: str, unit: Unit, at: str | None) -> str:
    points = world.state.points.get(side, 0)
    name = world.tables.board.name
    if at is None:
        if not unit.damaged or not unit.on_map:
            return f"{unit.uid} is not a reduced unit on the map"
        return f"{unit.uid} cannot get a step back now ({points} point(s) left)"
    if unit.status is not UnitStatus.ELIMINATED:
        return f"{unit.uid} is not eliminated"
    return f"{unit.uid} cannot come back in {name(at)} now ({points} point(s) left)"
