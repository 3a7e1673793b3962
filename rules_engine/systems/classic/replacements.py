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
from rules_engine.definitions.counters import face_index
from rules_engine.systems.classic import changes, pool
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
            listed = {o.unit.uid for o in found if o.at is None}
            found.extend(
                Option(u, None, purchase) for u in _reduced(world, side, purchase) if u.uid not in listed
            )
        else:
            for unit in _eliminated(world, side, purchase):
                found.extend(Option(unit, at, purchase) for at in _rebuild_spaces(world, unit, purchase))
    return found


def _reduced(world: World, side: str, purchase: Purchase) -> list[Unit]:
    return [u for u in world.state.units_of(side) if u.damaged and _steps_up(world, u, purchase)]


def _steps_up(world: World, unit: Unit, purchase: Purchase) -> bool:
    """Whether ``purchase`` (a step) may give this reduced unit on the map its step back now: it is
    one the purchase selects, in supply if the purchase asks, in a hex its ``at`` allows (if it
    names any), and not already replaced in this phase where each unit gets one purchase a phase."""
    if not selects(world.tables, purchase.units, unit) or _replaced_already(world, unit):
        return False
    if purchase.in_supply and not in_supply(world, unit):
        return False
    if not purchase.at:
        return True
    klass = world.tables.movement_class(unit.counter)
    return unit.space in allowed_places(world, purchase.at, unit.side, klass)


def _replaced_already(world: World, unit: Unit) -> bool:
    rules = world.tables.replacements
    return rules is not None and rules.one_per_unit and unit.uid in world.extra.replaced


def _eliminated(world: World, side: str, purchase: Purchase) -> list[Unit]:
    # one of each counter is enough to list: copies of a counter are alike
    seen: set[str] = set()
    found: list[Unit] = []
    for unit in world.state.by_side.get(side, ()):
        if unit.status is UnitStatus.ELIMINATED and unit.counter.id not in seen:
            seen.add(unit.counter.id)
            if selects(world.tables, purchase.units, unit) and pool.available(world, unit):
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
        world.state.set_face(
            unit, min(face_index(chosen.purchase.face), changes.step_count(unit.counter) - 1)
        )
        if world.state.logging:
            world.state.note("replacement", f"{unit.uid} comes back in {name(at)}")
    world.state.points[side] = world.state.points.get(side, 0) - chosen.purchase.cost
    world.extra.replaced.add(unit.uid)


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
            if unit.status is UnitStatus.ON_MAP and unit.damaged and _steps_up(world, unit, purchase):
                return Option(unit, None, purchase)
        elif (
            unit.status is UnitStatus.ELIMINATED
            and pool.available(world, unit)
            and _rebuilds_in(world, unit, purchase, at)
        ):
            return Option(unit, at, purchase)
    return None


def _rebuilds_in(world: World, unit: Unit, purchase: Purchase, at: str) -> bool:
    """Whether ``unit`` may come back in ``at`` by ``purchase`` (``_rebuild_spaces`` for one hex)."""
    if at in world.enemy_held(unit.side) or world.stacking_problem(at, [unit]) is not None:
        return False
    klass = world.tables.movement_class(unit.counter)
    return at in allowed_places(world, purchase.at, unit.side, klass)


def _refusal(world: World, side: str, unit: Unit, at: str | None) -> str:
    """Why ``unit`` may not be bought now: what the unit is not, or what each purchase that could
    buy it lacks (points, supply, a place it allows)."""
    if at is None and (not unit.damaged or not unit.on_map):
        return f"{unit.uid} is not a reduced unit on the map"
    if at is None and _replaced_already(world, unit):
        return f"{unit.uid} has already been replaced in this phase (one replacement a unit a phase)"
    if at is not None and unit.status is not UnitStatus.ELIMINATED:
        return f"{unit.uid} is not eliminated"
    if at is not None and not pool.available(world, unit):
        return f"{unit.uid} may not come back before turn {pool.first_turn(world, unit)}"
    rules = world.tables.replacements
    what = "step" if at is None else "eliminated"
    doing = "a step back" if at is None else "bringing it back"
    purchases = (
        [p for p in rules.buy if p.what == what and selects(world.tables, p.units, unit)] if rules else []
    )
    if not purchases:
        return f"no replacement the rules offer is {doing} for {unit.uid}"
    points = world.state.points.get(side, 0)
    affordable = [p for p in purchases if p.cost <= points]
    if not affordable:
        cost = min(p.cost for p in purchases)
        return f"{doing} for {unit.uid} costs {cost} point(s); {side} has {points}"
    reasons = [_lacking(world, unit, p, at) for p in affordable]
    return "; ".join(dict.fromkeys(reasons))


def _lacking(world: World, unit: Unit, purchase: Purchase, at: str | None) -> str:
    """What keeps ``purchase`` from buying ``unit`` (back in ``at``, or a step where it stands)."""
    name = world.tables.board.name
    klass = world.tables.movement_class(unit.counter)
    if at is None:
        if purchase.in_supply and not in_supply(world, unit):
            return f"{unit.uid} is out of supply"
        return f"{unit.uid} is in {name(unit.space or '')}, not where a step may be bought"
    if at in world.enemy_held(unit.side):
        return f"{name(at)} holds an enemy unit"
    crowded = world.stacking_problem(at, [unit])
    if crowded is not None:
        return crowded
    allowed = sorted(allowed_places(world, purchase.at, unit.side, klass))
    shown = ", ".join(name(s) for s in allowed[:6]) + (" ..." if len(allowed) > 6 else "")
    return f"{name(at)} is not a place {unit.uid} may come back in (now: {shown or 'none'})"
