"""Naming units as the rulebook prints them, and finding them again by that name.

A unit's id is its printed name ("7 ARMOUR"); where one printed name covers
several counters (seven KIBBUTZ, the two IRAQ 1) every counter gets ``#n`` in
the order the counter mix lists them ("KIBBUTZ#3"). Counter ids and printed
aliases are accepted wherever a name is.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine.core.errors import EngineError
from rules_engine.core.state import GameState, Unit
from rules_engine.definitions import Counter


def unit_names(counters: Iterable[Counter]) -> dict[str, list[str]]:
    """For each counter id, the names of its copies (one per physical counter)."""
    by_name: dict[str, list[Counter]] = {}
    for counter in counters:
        by_name.setdefault(counter.name, []).append(counter)
    names: dict[str, list[str]] = {}
    for name, group in by_name.items():
        if len(group) == 1 and group[0].copies == 1:
            names[group[0].id] = [name]
            continue
        number = 0
        for counter in group:
            names[counter.id] = []
            for _ in range(counter.copies):
                number += 1
                names[counter.id].append(f"{name}#{number}")
    return names


def find_unit(state: GameState, reference: str) -> Unit:
    """The unit a replay or a player means by ``reference``; unknown or ambiguous names are errors."""
    unit = state.units.get(reference)
    if unit is not None:
        return unit
    wanted = reference.casefold()
    base, _, copy = wanted.partition("#")
    matches = [u for u in state.units.values() if u.uid.casefold() == wanted or _matches(u, base, copy)]
    if len(matches) > 1:
        # A counter's own id names it before a printed name it shares ("aeroplane", not "Aeroplane#2").
        by_id = [u for u in matches if u.counter.id.casefold() == base]
        matches = by_id if len(by_id) == 1 else matches
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise EngineError(f"no unit called '{reference}' is in this game")
    names = ", ".join(sorted(u.uid for u in matches)[:8])
    raise EngineError(f"'{reference}' could mean {names}; add #n or use the counter id")


def _matches(unit: Unit, base: str, copy: str) -> bool:
    counter = unit.counter
    names = {counter.id.casefold(), counter.name.casefold(), *(a.casefold() for a in counter.aliases)}
    if base not in names:
        return False
    if not copy:
        return True
    _, _, own_copy = unit.uid.casefold().partition("#")
    if base == counter.id.casefold():
        return copy == str(unit.copy)
    return copy == own_copy or (not own_copy and copy == "1")
