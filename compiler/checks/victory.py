"""Victory conditions: places exist, totals agree with the map, levels cover every count."""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext, at, resolve_space, unknown
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.definitions import GameDefinition, Scenario, VictoryCondition


def check_victory(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    for scenario in definition.scenarios:
        if scenario.victory is None:
            continue
        for condition in scenario.victory.conditions:
            yield from _references(definition, condition)
            yield from _total(definition, condition)
            yield from _levels(definition, condition)
            yield from _start(definition, scenario, condition)


def _references(definition: GameDefinition, condition: VictoryCondition) -> Iterator[Diagnostic]:
    board, game, chart = definition.board, definition.game, definition.terrain
    if condition.side is not None and game is not None and game.side(condition.side) is None:
        yield unknown(
            codes.REF_UNKNOWN_SIDE,
            "side",
            condition.side,
            [s.id for s in game.sides],
            condition.origin,
            "side",
        )
    if board is not None:
        for field, references in (("places", condition.places), ("targets", condition.targets)):
            for index, reference in enumerate(references):
                _, problem = resolve_space(board, reference, condition.origin, field, index)
                if problem:
                    yield error(
                        codes.VICTORY_UNKNOWN_PLACE,
                        f"victory condition: {problem.message}",
                        problem.file,
                        problem.pointer,
                        hint=problem.hint,
                    )
        if condition.region is not None and board.region(condition.region) is None:
            yield unknown(
                codes.REF_UNKNOWN_REGION,
                "region",
                condition.region,
                [r.id for r in board.regions],
                condition.origin,
                "region",
            )
    counters = definition.counters
    if condition.counter is not None and counters is not None and condition.counter not in counters.counters:
        yield unknown(
            codes.REF_UNKNOWN_COUNTER,
            "counter",
            condition.counter,
            list(counters.counters),
            condition.origin,
            "counter",
        )
    if condition.feature is not None and chart is not None and chart.get(condition.feature) is None:
        found = unknown(
            codes.VICTORY_UNKNOWN_PLACE,
            "terrain feature",
            condition.feature,
            [t.id for t in chart.terrain.values() if t.kind == "feature"],
            condition.origin,
            "feature",
        )
        yield error(
            found.code, f"victory condition: {found.message}", found.file, found.pointer, hint=found.hint
        )


def _places_with_feature(definition: GameDefinition, feature: str) -> list[str]:
    if definition.board is None:
        return []
    return [s.id for s in definition.board.spaces.values() if feature in s.features]


def _total(definition: GameDefinition, condition: VictoryCondition) -> Iterator[Diagnostic]:
    if condition.total is None or definition.board is None:
        return
    if condition.feature is not None:
        actual = len(_places_with_feature(definition, condition.feature))
        what = f"hexes with '{condition.feature}'"
    elif condition.places:
        actual = len({s.id for s in map(definition.board.resolve, condition.places) if s})
        what = "places listed"
    else:
        return
    if actual != condition.total:
        file, pointer = at(condition.origin, "total")
        yield error(
            codes.VICTORY_TOTAL_MISMATCH,
            f"the condition counts {condition.total} {what}, the map has {actual}",
            file,
            pointer,
            hint="the rulebook's number and the map must agree",
        )


def _levels(definition: GameDefinition, condition: VictoryCondition) -> Iterator[Diagnostic]:
    if not condition.levels:
        return
    if condition.total is not None:
        top = condition.total
    elif condition.feature is not None:
        top = len(_places_with_feature(definition, condition.feature))
    else:
        top = max((level.minimum or 0) for level in condition.levels)
    uncovered, doubled = [], []
    for value in range(top + 1):
        matches = [level for level in condition.levels if level.matches(value)]
        if not matches:
            uncovered.append(value)
        elif len(matches) > 1:
            doubled.append((value, matches[0].result, matches[1].result))
    file, pointer = at(condition.origin, "levels")
    if uncovered:
        yield error(
            codes.VICTORY_LEVELS_GAP,
            f"no victory level covers a count of {_ranges(uncovered)}",
            file,
            pointer,
            hint="every count from 0 to the total needs exactly one level",
        )
    if doubled:
        value, first, second = doubled[0]
        yield error(
            codes.VICTORY_LEVELS_OVERLAP,
            f"a count of {value} matches both '{first}' and '{second}'",
            file,
            pointer,
        )


def _start(
    definition: GameDefinition, scenario: Scenario, condition: VictoryCondition
) -> Iterator[Diagnostic]:
    if condition.start is None or condition.side is None or condition.feature is None:
        return
    controlled = controlled_at_start(definition, scenario, condition.side, condition.feature)
    if controlled is None or len(controlled) == condition.start:
        return
    file, pointer = at(condition.origin, "start")
    names = ", ".join(controlled) or "none"
    yield error(
        codes.SCENARIO_START_CONTROL_MISMATCH,
        f"the rulebook says '{condition.side}' starts with {condition.start} "
        f"'{condition.feature}' places; the set-up gives {len(controlled)} ({names})",
        file,
        pointer,
        hint="check the set-up and the control markers of this scenario",
    )


def controlled_at_start(
    definition: GameDefinition, scenario: Scenario, side: str, feature: str
) -> list[str] | None:
    """Spaces with ``feature`` that ``side`` holds with units or a control marker at set-up."""
    board, counters = definition.board, definition.counters
    if board is None or counters is None:
        return None
    occupant: dict[str, str] = {}
    for placement in scenario.placements:
        counter, space = counters.get(placement.unit), board.resolve(placement.at)
        if counter is None or space is None:
            return None
        if counter.is_unit:
            occupant.setdefault(space.id, placement.side)
    for marker in scenario.markers:
        space = board.resolve(marker.at) if marker.at is not None else None
        if space is not None and marker.for_side is not None:
            occupant.setdefault(space.id, marker.for_side)
    return [
        space_id for space_id in _places_with_feature(definition, feature) if occupant.get(space_id) == side
    ]


def _ranges(values: list[int]) -> str:
    parts, start = [], values[0]
    for previous, current in zip(values, [*values[1:], None], strict=False):
        if current != previous + 1 if current is not None else True:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            if current is not None:
                start = current
    return ", ".join(parts)
