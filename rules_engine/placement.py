"""Whether a space satisfies a set-up constraint.

Used by the validator (is the concrete placement legal?) and by the engine
(which spaces may a player choose?). References inside the constraint must
already resolve; the caller reports those that do not.

Each keyword of a constraint is one small check in ``CHECKS``: it returns the
reason the space breaks it, or None. Adding a keyword is adding a function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules_engine.definitions import Constraint, MapDefinition, Space


@dataclass(frozen=True)
class PlacementFacts:
    """What the constraint may ask about the space besides the map itself."""

    other_units_here: int
    units_here: int
    unit_nation: str | None


@dataclass(frozen=True)
class Candidate:
    """The space being judged, with everything a keyword's check may read."""

    space: Space
    board: MapDefinition
    facts: PlacementFacts
    resolve: Callable[[str], Space | None]

    @property
    def name(self) -> str:
        return self.space.display_name


def _region(c: Constraint, at: Candidate) -> str | None:
    region = at.board.region(c.region) if c.region is not None else None
    if region is not None and at.space.id not in region.spaces:
        return f"{at.name} is not in {region.name}"
    return None


def _near(reference: str | None, at: Candidate, allow_same: bool, words: str) -> str | None:
    target = at.resolve(reference) if reference is not None else None
    if target is None:
        return None
    near = at.board.are_adjacent(at.space.id, target.id) or (allow_same and at.space.id == target.id)
    return None if near else f"{at.name} is not {words} {target.display_name}"


def _adjacent_to(c: Constraint, at: Candidate) -> str | None:
    return _near(c.adjacent_to, at, False, "adjacent to")


def _in_or_adjacent_to(c: Constraint, at: Candidate) -> str | None:
    return _near(c.in_or_adjacent_to, at, True, "in or adjacent to")


def _within(c: Constraint, at: Candidate) -> str | None:
    if c.within is None:
        return None
    target = at.resolve(c.within.of)
    if target is None:
        return None
    distance = at.board.distance(at.space.id, target.id)
    if distance is None or distance > c.within.distance:
        return f"{at.name} is not within {c.within.distance} of {target.display_name}"
    return None


def _one_of(c: Constraint, at: Candidate) -> str | None:
    if not c.one_of:
        return None
    allowed = {s.id for s in (at.resolve(r) for r in c.one_of) if s is not None}
    return None if at.space.id in allowed else f"{at.name} is not one of the places listed"


def _features_any(c: Constraint, at: Candidate) -> str | None:
    if c.features_any and not any(f in at.space.features for f in c.features_any):
        return f"{at.name} has none of: {', '.join(c.features_any)}"
    return None


def _features_none(c: Constraint, at: Candidate) -> str | None:
    present = [f for f in c.features_none if f in at.space.features]
    return f"{at.name} has {', '.join(present)}, which is not allowed" if present else None


def _supply_source(c: Constraint, at: Candidate) -> str | None:
    if c.supply_source is None:
        return None
    nation = at.facts.unit_nation if c.supply_source == "same" else c.supply_source
    sources = at.board.supply_sources
    if any(s.at == at.space.id and (nation is None or s.nation == nation) for s in sources):
        return None
    return f"{at.name} has no supply source of nation '{nation}'"


def _alone(c: Constraint, at: Candidate) -> str | None:
    if c.alone and at.facts.other_units_here:
        return f"{at.name} holds {at.facts.other_units_here} other unit(s)"
    return None


def _no_units(c: Constraint, at: Candidate) -> str | None:
    if c.no_units and at.facts.units_here:
        return f"{at.name} holds {at.facts.units_here} unit(s)"
    return None


CHECKS: tuple[Callable[[Constraint, Candidate], str | None], ...] = (
    _region,
    _adjacent_to,
    _in_or_adjacent_to,
    _within,
    _one_of,
    _features_any,
    _features_none,
    _supply_source,
    _alone,
    _no_units,
)


def unmet_conditions(
    constraint: Constraint,
    space: Space,
    board: MapDefinition,
    facts: PlacementFacts,
    resolve: Callable[[str], Space | None],
) -> list[str]:
    """Plain-language reasons why ``space`` breaks ``constraint`` (empty when it holds)."""
    candidate = Candidate(space, board, facts, resolve)
    return [reason for check in CHECKS if (reason := check(constraint, candidate)) is not None]


def constraint_references(constraint: Constraint) -> list[tuple[str, str]]:
    """(field, reference) pairs of every space the constraint names."""
    found: list[tuple[str, str]] = []
    if constraint.adjacent_to:
        found.append(("adjacent_to", constraint.adjacent_to))
    if constraint.in_or_adjacent_to:
        found.append(("in_or_adjacent_to", constraint.in_or_adjacent_to))
    if constraint.within:
        found.append(("within/of", constraint.within.of))
    found.extend((f"one_of/{i}", ref) for i, ref in enumerate(constraint.one_of))
    return found
