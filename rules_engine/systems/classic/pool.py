"""The replacement pool at the start (docs/classic-rules.md, Replacements: units eliminated at the start).

A scenario's ``eliminated`` units begin the game in the eliminated pile, where replacements may
bring them back; one with a ``from_turn`` may not come back before that turn. The turn holds for
every copy of the counter (the earliest, when several entries name it), so a replay that starts
from its own position, with the unit among its ``eliminated``, keeps it too.
"""

from __future__ import annotations

from collections.abc import Callable

from rules_engine.core.state import Unit, UnitStatus
from rules_engine.definitions import Scenario
from rules_engine.systems.classic.state import World


def record(world: World, scenario: Scenario) -> None:
    """The first turn index from which each counter of the pool may come back."""
    labels = world.state.turn_labels
    first = world.extra.available_from
    for entry in scenario.eliminated:
        if entry.from_turn is None or entry.from_turn not in labels:
            continue
        index = labels.index(entry.from_turn)
        first[entry.unit] = min(index, first.get(entry.unit, index))


def set_up(world: World, scenario: Scenario, next_unused: Callable[[str], Unit]) -> None:
    """Put the scenario's eliminated units in the eliminated pile."""
    for entry in scenario.eliminated:
        for _ in range(entry.copies):
            world.state.take_off(next_unused(entry.unit), UnitStatus.ELIMINATED)


def available(world: World, unit: Unit) -> bool:
    """Whether a replacement may bring ``unit`` back this turn."""
    first = world.extra.available_from.get(unit.counter.id)
    return first is None or world.state.turn_index >= first


def first_turn(world: World, unit: Unit) -> str | None:
    """The turn from which ``unit`` may come back, when the scenario names one."""
    first = world.extra.available_from.get(unit.counter.id)
    return None if first is None else world.state.turn_labels[first]
