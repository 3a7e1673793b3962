"""Unit selectors: which units an option takes in (docs/classic-rules.md, Unit selectors).

A selector reads only the unit's counter and the face it shows, so its answer for a
counter and a face is worked out once per game definition.
"""

from __future__ import annotations

from rules_engine.core.state import Unit
from rules_engine.definitions import Counter, Face, UnitSelector
from rules_engine.systems.classic.tables import Tables
from rules_engine.systems.classic.values import Value, face_value


def selects(tables: Tables, selector: UnitSelector | None, unit: Unit) -> bool:
    """Whether ``selector`` takes in ``unit`` as it stands (None takes in every unit)."""
    if selector is None:
        return True
    key = (id(selector), unit.counter.id, unit.face_index)
    answers = tables.selections
    found = answers.get(key)
    if found is None:
        found = answers[key] = counter_matches(tables, selector, unit.counter, unit.face)
    return found


def counter_matches(tables: Tables, selector: UnitSelector, counter: Counter, face: Face) -> bool:
    """Whether a counter showing ``face`` is one the selector takes in."""
    if selector.side is not None and counter.side != selector.side:
        return False
    if selector.counters and counter.id not in selector.counters:
        return False
    groups = tables.groups.get(counter.unit_class or "", frozenset())
    if selector.classes and groups.isdisjoint(selector.classes):
        return False
    if selector.not_classes and not groups.isdisjoint(selector.not_classes):
        return False
    return all(_shows(face_value(face, key), wanted) for key, wanted in selector.values.items())


def _shows(value: Value | None, wanted: Value) -> bool:
    if wanted is True:
        return bool(value)
    if wanted is False:
        return not value
    if isinstance(value, (int, float)) and isinstance(wanted, (int, float)):
        return float(value) == float(wanted)
    return value == wanted
