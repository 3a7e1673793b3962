"""Reinforcements (docs/classic-rules.md, Reinforcements).

A reinforcement due enters at the scenario's ``at`` (its ``alternate`` when ``at`` is held by
the enemy or full); with a ``constraint``, in any hex that meets it; with neither, in a hex the
option's ``at`` allows. Every hex must hold no enemy unit and have room. The phase may not end
while a reinforcement due could be placed, unless the scenario lets it wait; one with nowhere
to go waits for the next turn.
"""

from __future__ import annotations

from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit
from rules_engine.definitions import Reinforcement, Scenario
from rules_engine.placement import PlacementFacts, unmet_conditions
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.supply import allowed_places


def record_arrivals(world: World, scenario: Scenario) -> None:
    """Which scenario record each scheduled unit arrives by (the core schedules them in order)."""
    records = [r for r in scenario.reinforcements for _ in range(r.copies)]
    for (_, unit), record in zip(world.state.reinforcements, records, strict=False):
        world.extra.arrivals[unit.uid] = record


def due(world: World, side: str) -> list[Unit]:
    """``side``'s reinforcements whose turn has come."""
    turn = world.state.turn_index
    return [u for when, u in world.state.reinforcements if when <= turn and u.side == side]


def spaces(world: World, unit: Unit) -> list[str]:
    """Where ``unit`` may enter now."""
    record = world.extra.arrivals.get(unit.uid)
    held = world.enemy_held(unit.side)
    klass = world.tables.movement_class(unit.counter)
    if record is not None and record.constraint is None and record.at is not None:
        for reference in (record.at, record.alternate):
            space = world.tables.board.resolve(reference) if reference else None
            if space is not None and space not in held and world.stacking_problem(space, [unit]) is None:
                return [space]
        return []
    rules = world.tables.rules.reinforcements
    if rules is not None and rules.at:
        candidates = allowed_places(world, rules.at, unit.side, klass)
    else:
        candidates = set(world.tables.board.spaces)
    if record is not None and record.constraint is not None:
        candidates = {s for s in candidates if not _unmet(world, record, s, unit)}
    return sorted(
        s
        for s in candidates
        if s not in held and _enterable(world, klass, s) and world.stacking_problem(s, [unit]) is None
    )


def _enterable(world: World, movement_class: str, space: str) -> bool:
    """Whether a unit of this class could ever step into ``space``: a hex whose terrain (or every
    hexside) bars it, a wood no road crosses, is no place to come on either."""
    return bool(world.tables.entrants(movement_class, space))


def _unmet(world: World, record: Reinforcement, space: str, unit: Unit) -> bool:
    assert record.constraint is not None
    board = world.tables.board
    here = len(world.state.units_at(space))
    facts = PlacementFacts(here, here, unit.nation)
    return bool(
        unmet_conditions(
            record.constraint, board.spaces[space], board.definition, facts, board.definition.resolve
        )
    )


def place(world: World, side: str, unit: Unit, space: str) -> None:
    """Bring ``unit`` into play at ``space``."""
    rule, name = world.tables.rule("reinforcements"), world.tables.board.name
    if unit not in due(world, side):
        raise IllegalAction(rule, f"{unit.uid} is not a reinforcement due to {side} now")
    allowed = spaces(world, unit)
    if space not in allowed:
        shown = ", ".join(name(s) for s in allowed[:8]) or "nowhere now"
        if len(allowed) > 8:
            shown += f" and {len(allowed) - 8} more"
        raise IllegalAction(rule, f"{unit.uid} may enter at {shown}, not {name(space)}")
    world.state.reinforcements = [(t, u) for t, u in world.state.reinforcements if u is not unit]
    changes.put(world, unit, space)
    if world.state.logging:
        world.state.note("reinforcement", f"{unit.uid} arrives in {name(space)}")


def must_place(world: World, side: str) -> Unit | None:
    """A reinforcement due that must still be placed (it has somewhere to go and may not wait)."""
    for unit in due(world, side):
        record = world.extra.arrivals.get(unit.uid)
        if not (record is not None and record.may_delay) and spaces(world, unit):
            return unit
    return None


def finish(world: World, side: str) -> None:
    """The end of the side's reinforcement phase: refuse while one must still be placed; the rest wait."""
    unit = must_place(world, side)
    if unit is not None:
        raise IllegalAction(
            world.tables.rule("reinforcements"), f"{unit.uid} must be placed: it has somewhere to enter"
        )
    waiting = due(world, side)
    state = world.state
    later = state.turn_index + 1
    state.reinforcements = [(later if u in waiting else t, u) for t, u in state.reinforcements]
    for unit in waiting:
        if state.logging:
            state.note("reinforcement", f"{unit.uid} waits for the next turn")
