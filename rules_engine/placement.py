"""Whether a space satisfies a set-up constraint.

Used by the validator (is the concrete placement legal?) and by the engine
(which spaces may a player choose?). References inside the constraint must
already resolve; the caller reports those that do not.
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


def unmet_conditions(
    constraint: Constraint,
    space: Space,
    board: MapDefinition,
    facts: PlacementFacts,
    resolve: Callable[[str], Space | None],
) -> list[str]:
    """Plain-language reasons why ``space`` breaks ``constraint`` (empty when it holds)."""
    reasons: list[str] = []
    if constraint.region is not None:
        region = board.region(constraint.region)
        if region is not None and space.id not in region.spaces:
            reasons.append(f"{space.display_name} is not in {region.name}")
    for reference, allow_same, words in (
        (constraint.adjacent_to, False, "adjacent to"),
        (constraint.in_or_adjacent_to, True, "in or adjacent to"),
    ):
        if reference is None:
            continue
        target = resolve(reference)
        if target is None:
            continue
        near = board.are_adjacent(space.id, target.id) or (allow_same and space.id == target.id)
        if not near:
            reasons.append(f"{space.display_name} is not {words} {target.display_name}")
    if constraint.within is not None:
        target = resolve(constraint.within.of)
        distance = board.distance(space.id, target.id) if target else None
        if target is not None and (distance is None or distance > constraint.within.distance):
            reasons.append(
                f"{space.display_name} is not within {constraint.within.distance} of {target.display_name}"
            )
    if constraint.one_of:
        allowed = {s.id for s in (resolve(r) for r in constraint.one_of) if s is not None}
        if space.id not in allowed:
            reasons.append(f"{space.display_name} is not one of the places listed")
    if constraint.features_any and not any(f in space.features for f in constraint.features_any):
        reasons.append(f"{space.display_name} has none of: {', '.join(constraint.features_any)}")
    present = [f for f in constraint.features_none if f in space.features]
    if present:
        reasons.append(f"{space.display_name} has {', '.join(present)}, which is not allowed")
    if constraint.supply_source is not None:
        nation = facts.unit_nation if constraint.supply_source == "same" else constraint.supply_source
        if not any(s.at == space.id and (nation is None or s.nation == nation) for s in board.supply_sources):
            reasons.append(f"{space.display_name} has no supply source of nation '{nation}'")
    if constraint.alone and facts.other_units_here:
        reasons.append(f"{space.display_name} holds {facts.other_units_here} other unit(s)")
    if constraint.no_units and facts.units_here:
        reasons.append(f"{space.display_name} holds {facts.units_here} unit(s)")
    return reasons


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
