"""Scenarios: references, turns, copies, and whether the set-up is legal."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from compiler.checks.context import CheckContext, at, resolve_space, unknown
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.core.stacking import Member, Stacking
from rules_engine.definitions import (
    Constraint,
    Counter,
    GameDefinition,
    MapDefinition,
    Origin,
    Scenario,
    Space,
)
from rules_engine.definitions.counters import face_index, face_words
from rules_engine.placement import PlacementFacts, constraint_references, unmet_conditions


@dataclass(frozen=True)
class _Placed:
    """One entry of a set-up that resolved: which counter, where, for whom."""

    counter: Counter
    space: Space
    side: str
    copies: int
    origin: Origin
    constraint: Constraint | None


def check_scenarios(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    for scenario in definition.scenarios:
        yield from _sides_and_turns(definition, scenario)
        yield from _points(definition, scenario)
        placed, problems = _resolve_placements(definition, scenario)
        yield from problems
        yield from _copies(definition, scenario)
        yield from _eliminated(definition, scenario)
        if definition.board is None:
            continue
        yield from _terrain(definition, placed)
        yield from _stacking(definition, placed)
        yield from _constraints(definition, definition.board, placed)
        yield from _markers(definition, definition.board, scenario, placed)
        yield from _reinforcements(definition, definition.board, scenario)
    yield from _missions(definition)


def _missions(definition: GameDefinition) -> Iterator[Diagnostic]:
    decks = {deck.id: deck for deck in definition.decks or ()}
    for scenario in definition.scenarios:
        if scenario.mission is None or definition.decks is None:
            continue
        deck_id, card_id = scenario.mission
        deck = decks.get(deck_id)
        if deck is None:
            yield unknown(codes.REF_UNKNOWN_CARD, "deck", deck_id, decks, scenario.origin, "mission", "deck")
        elif not any(card.id == card_id for card in deck.cards):
            yield unknown(
                codes.REF_UNKNOWN_CARD,
                "card",
                card_id,
                [c.id for c in deck.cards],
                scenario.origin,
                "mission",
                "card",
            )


def units_by_space(placed: list[_Placed]) -> dict[str, list[_Placed]]:
    spaces: dict[str, list[_Placed]] = {}
    for item in placed:
        if item.counter.is_unit:
            spaces.setdefault(item.space.id, []).append(item)
    return spaces


def _sides_and_turns(definition: GameDefinition, scenario: Scenario) -> Iterator[Diagnostic]:
    game = definition.game
    if game is None:
        return
    side_ids = [s.id for s in game.sides]
    if scenario.first_player is not None and scenario.first_player not in side_ids:
        yield unknown(
            codes.REF_UNKNOWN_SIDE, "side", scenario.first_player, side_ids, scenario.origin, "first_player"
        )
    if not game.turn_labels:
        return
    indexes = {}
    for field, label in (("first", scenario.first_turn), ("last", scenario.last_turn)):
        if label is None:
            continue
        index = game.turn_index(label)
        if index is None:
            yield unknown(
                codes.REF_UNKNOWN_TURN, "turn", label, game.turn_labels, scenario.origin, "turns", field
            )
        else:
            indexes[field] = index
    if "first" in indexes and "last" in indexes:
        if indexes["last"] < indexes["first"]:
            file, pointer = at(scenario.origin, "turns", "last")
            yield error(
                codes.SCENARIO_TURNS_REVERSED,
                f"the last turn ({scenario.last_turn}) comes before the first ({scenario.first_turn})",
                file,
                pointer,
            )
        extra = sum(rule.extra_turns for rule in game.optional_rules)
        if indexes["last"] + extra >= len(game.turn_labels):
            file, pointer = at(scenario.origin, "turns", "last")
            yield error(
                codes.SCENARIO_TURN_OFF_TRACK,
                f"the scenario can run {extra} turn(s) past turn {scenario.last_turn} with "
                f"optional rules, but the turn track ends at {game.turn_labels[-1]}",
                file,
                pointer,
                hint="add boxes to the turn track in game.json",
            )


def _points(definition: GameDefinition, scenario: Scenario) -> Iterator[Diagnostic]:
    board, game = definition.board, definition.game
    for allowance in scenario.points:
        if board is not None and not any(t.id == allowance.track for t in board.tracks):
            yield unknown(
                codes.REF_UNKNOWN_TRACK,
                "track",
                allowance.track,
                [t.id for t in board.tracks],
                allowance.origin,
                "track",
            )
        if game is None:
            continue
        if game.side(allowance.side) is None:
            yield unknown(
                codes.REF_UNKNOWN_SIDE,
                "side",
                allowance.side,
                [s.id for s in game.sides],
                allowance.origin,
                "side",
            )
        if allowance.restricted_to_nation and game.nation(allowance.restricted_to_nation) is None:
            yield unknown(
                codes.REF_UNKNOWN_NATION,
                "nation",
                allowance.restricted_to_nation,
                [n.id for n in game.nations],
                allowance.origin,
                "restricted_to_nation",
            )
        for index, (turn, _) in enumerate(allowance.schedule):
            if game.turn_labels and game.turn_index(turn) is None:
                yield unknown(
                    codes.REF_UNKNOWN_TURN,
                    "turn",
                    turn,
                    game.turn_labels,
                    allowance.origin,
                    "schedule",
                    index,
                    "turn",
                )


def _resolve_placements(
    definition: GameDefinition, scenario: Scenario
) -> tuple[list[_Placed], list[Diagnostic]]:
    counters, board, game = definition.counters, definition.board, definition.game
    placed: list[_Placed] = []
    problems: list[Diagnostic] = []
    for placement in scenario.placements:
        origin = placement.origin
        if game is not None and game.side(placement.side) is None:
            problems.append(
                unknown(
                    codes.REF_UNKNOWN_SIDE,
                    "side",
                    placement.side,
                    [s.id for s in game.sides],
                    Origin(origin.file, origin.pointer.rsplit("/placements", 1)[0]),
                    "side",
                )
            )
        counter = counters.get(placement.unit) if counters else None
        if counters is not None and counter is None:
            problems.append(
                unknown(
                    codes.REF_UNKNOWN_COUNTER, "counter", placement.unit, counters.counters, origin, "unit"
                )
            )
        if counter is not None:
            problems.extend(_counter_fits(counter, placement.side, placement.face, origin))
        space = None
        if board is not None:
            space, problem = resolve_space(board, placement.at, origin, "at")
            if problem:
                problems.append(problem)
        if counter is not None and space is not None:
            placed.append(
                _Placed(counter, space, placement.side, placement.copies, origin, placement.constraint)
            )
    return placed, problems


def _counter_fits(counter: Counter, side: str, face: str, origin: Origin) -> Iterator[Diagnostic]:
    if counter.side not in (None, "both", side):
        file, pointer = at(origin, "unit")
        yield error(
            codes.SETUP_WRONG_SIDE,
            f"'{counter.name}' belongs to side '{counter.side}' but is set up by '{side}'",
            file,
            pointer,
            hint="move the entry into the other side's set-up",
        )
    yield from _face_fits(counter, face, origin)


def _face_fits(counter: Counter, face: str, origin: Origin) -> Iterator[Diagnostic]:
    """The face a unit starts or arrives on is one its counter has."""
    if face == "back" and not counter.two_sided:
        file, pointer = at(origin, "face")
        yield error(
            codes.SETUP_NO_BACK,
            f"'{counter.name}' is set up on its back, but the counter has no printed back",
            file,
            pointer,
            hint="give the counter a back in counters.json, or use the front",
        )
    elif face_index(face) >= max(2, len(counter.faces)):
        file, pointer = at(origin, "face")
        yield error(
            codes.SETUP_NO_BACK,
            f"'{counter.name}' is set up on its {face_words(face)}, but the counter has "
            f"{len(counter.faces)} face(s)",
            file,
            pointer,
            hint="give the counter more_faces in counters.json, or set it up on a face it has",
        )


def _copies(definition: GameDefinition, scenario: Scenario) -> Iterator[Diagnostic]:
    counters = definition.counters
    if counters is None:
        return
    used: dict[str, int] = {}
    uses = [(p.unit, p.copies, p.origin) for p in scenario.placements]
    uses += [(r.unit, r.copies, r.origin) for r in scenario.reinforcements]
    uses += [(e.unit, e.copies, e.origin) for e in scenario.eliminated]
    uses += [(m.counter, m.copies, m.origin) for m in scenario.markers]
    for counter_id, count, origin in uses:
        counter = counters.get(counter_id)
        if counter is None:
            continue
        before = used.get(counter_id, 0)
        used[counter_id] = before + count
        if before <= counter.copies < before + count:
            file, pointer = at(origin, "unit" if "/markers/" not in origin.pointer else "counter")
            yield error(
                codes.SETUP_TOO_MANY_COPIES,
                f"'{counter.name}' is used {before + count} times in this scenario, but the "
                f"counter mix has {counter.copies}",
                file,
                pointer,
                hint="raise its 'count' in counters.json if the rulebook allows it",
            )


def _eliminated(definition: GameDefinition, scenario: Scenario) -> Iterator[Diagnostic]:
    """Units that begin eliminated: counters that exist, turns on the track."""
    game, counters = definition.game, definition.counters
    for entry in scenario.eliminated:
        if counters is not None and counters.get(entry.unit) is None:
            yield unknown(
                codes.REF_UNKNOWN_COUNTER, "counter", entry.unit, counters.counters, entry.origin, "unit"
            )
        if game is not None and entry.from_turn is not None and game.turn_index(entry.from_turn) is None:
            yield unknown(
                codes.REF_UNKNOWN_TURN, "turn", entry.from_turn, game.turn_labels, entry.origin, "from_turn"
            )


def _terrain(definition: GameDefinition, placed: list[_Placed]) -> Iterator[Diagnostic]:
    chart = definition.terrain
    if chart is None:
        return
    for item in placed:
        terrain = chart.get(item.space.terrain)
        if item.counter.is_unit and terrain is not None and terrain.impassable:
            file, pointer = at(item.origin, "at")
            yield error(
                codes.SETUP_IMPASSABLE,
                f"'{item.counter.name}' is placed in {item.space.display_name}, which is "
                f"{terrain.name.lower()} and cannot be entered",
                file,
                pointer,
            )


def _stacking(definition: GameDefinition, placed: list[_Placed]) -> Iterator[Diagnostic]:
    """The engine's own stacking rules (rules_engine/core/stacking.py), applied to each set-up space."""
    game = definition.game
    if game is None:
        return
    stacking = Stacking(game)
    for space_id, items in units_by_space(placed).items():
        sides = list(dict.fromkeys(item.side for item in items))
        if stacking.mixed_sides(sides):
            offender = next(item for item in items if item.side != sides[0])
            file, pointer = at(offender.origin, "at")
            yield error(
                codes.SETUP_WITH_ENEMY,
                f"'{offender.counter.name}' ({offender.side}) is placed in {space_id} with "
                f"enemy units ({sides[0]})",
                file,
                pointer,
                hint="units of both sides never share a space",
            )
        yield from _bad_company(stacking, items)
        problem = stacking.over_limit([Member(i.counter, i.copies) for i in items])
        if problem is not None:
            file, pointer = at(items[-1].origin, "at")
            yield error(
                codes.SETUP_OVER_STACKED, f"{space_id} holds {problem}", file, pointer, hint=stacking.summary
            )


def _bad_company(stacking: Stacking, items: list[_Placed]) -> Iterator[Diagnostic]:
    """Rules that keep some counters (leaders) away from units of some nations."""
    for found in stacking.bad_company([item.counter for item in items]):
        item = next(i for i in items if i.counter is found.offender)
        file, pointer = at(item.origin, "at")
        yield error(
            codes.SETUP_LEADER_STACKING,
            f"'{found.offender.name}' may not stack with '{found.barred.name}' "
            f"({found.barred.nation}) in {item.space.id}",
            file,
            pointer,
            hint=found.rule.summary,
        )


def _constraint_problems(
    board: MapDefinition,
    constraint: Constraint,
    space: Space,
    facts: PlacementFacts,
    origin: Origin,
    what: str,
) -> Iterator[Diagnostic]:
    resolved = True
    for field, reference in constraint_references(constraint):
        _, problem = resolve_space(board, reference, origin, "constraint", *field.split("/"))
        if problem:
            resolved = False
            yield problem
    if constraint.region is not None and board.region(constraint.region) is None:
        resolved = False
        yield unknown(
            codes.REF_UNKNOWN_REGION,
            "region",
            constraint.region,
            [r.id for r in board.regions],
            origin,
            "constraint",
            "region",
        )
    if not resolved:
        return
    reasons = unmet_conditions(constraint, space, board, facts, board.resolve)
    if reasons:
        file, pointer = at(origin, "at")
        rule = f" (the rule: {constraint.summary})" if constraint.summary else ""
        yield error(
            codes.SETUP_CONSTRAINT_BROKEN,
            f"{what}: {'; '.join(reasons)}{rule}",
            file,
            pointer,
            hint="choose a space that meets the constraint",
        )


def _constraints(
    definition: GameDefinition, board: MapDefinition, placed: list[_Placed]
) -> Iterator[Diagnostic]:
    by_space = units_by_space(placed)
    for item in placed:
        if item.constraint is None:
            continue
        here = sum(other.copies for other in by_space.get(item.space.id, []))
        facts = PlacementFacts(
            other_units_here=here - 1 if item.counter.is_unit else here,
            units_here=here,
            unit_nation=item.counter.nation,
        )
        yield from _constraint_problems(
            board,
            item.constraint,
            item.space,
            facts,
            item.origin,
            f"'{item.counter.name}' in {item.space.id}",
        )


def _markers(
    definition: GameDefinition, board: MapDefinition, scenario: Scenario, placed: list[_Placed]
) -> Iterator[Diagnostic]:
    counters, game = definition.counters, definition.game
    by_space = units_by_space(placed)
    for marker in scenario.markers:
        counter = counters.get(marker.counter) if counters else None
        if counters is not None and counter is None:
            yield unknown(
                codes.REF_UNKNOWN_COUNTER,
                "counter",
                marker.counter,
                counters.counters,
                marker.origin,
                "counter",
            )
        elif counter is not None and counter.is_unit:
            file, pointer = at(marker.origin, "counter")
            yield error(
                codes.SETUP_MARKER_NOT_TOKEN,
                f"'{counter.name}' is a {counter.kind}; units go in 'setup', not 'markers'",
                file,
                pointer,
            )
        if marker.for_side is not None and game is not None and game.side(marker.for_side) is None:
            yield unknown(
                codes.REF_UNKNOWN_SIDE,
                "side",
                marker.for_side,
                [s.id for s in game.sides],
                marker.origin,
                "for_side",
            )
        if marker.at is None:
            yield from _track_box(definition, board, marker.track, marker.box, marker.origin)
            continue
        space, problem = resolve_space(board, marker.at, marker.origin, "at")
        if problem:
            yield problem
        if space is None or marker.constraint is None:
            continue
        here = sum(other.copies for other in by_space.get(space.id, []))
        facts = PlacementFacts(other_units_here=here, units_here=here, unit_nation=None)
        name = counter.name if counter else marker.counter
        yield from _constraint_problems(
            board, marker.constraint, space, facts, marker.origin, f"'{name}' in {space.id}"
        )


def _track_box(
    definition: GameDefinition, board: MapDefinition, track_id: str | None, box: str | None, origin: Origin
) -> Iterator[Diagnostic]:
    track = next((t for t in board.tracks if t.id == track_id), None)
    if track is None:
        yield unknown(
            codes.REF_UNKNOWN_TRACK, "track", str(track_id), [t.id for t in board.tracks], origin, "track"
        )
        return
    if box is None:
        return
    if track.kind == "turns":
        labels = definition.game.turn_labels if definition.game else ()
        fits = not labels or box in labels
        allowed = f"the turns {labels[0]} to {labels[-1]}" if labels else ""
    else:
        number = int(box) if box.lstrip("-").isdigit() else None
        low, high = track.first, track.last
        fits = number is not None and (low is None or number >= low) and (high is None or number <= high)
        allowed = f"the boxes {low} to {high}"
    if not fits:
        file, pointer = at(origin, "box")
        yield error(
            codes.SCENARIO_BOX_OFF_TRACK,
            f"track '{track.name}' has no box '{box}'",
            file,
            pointer,
            hint=f"it holds {allowed}" if allowed else None,
        )


def _reinforcements(
    definition: GameDefinition, board: MapDefinition, scenario: Scenario
) -> Iterator[Diagnostic]:
    game, counters = definition.game, definition.counters
    first = game.turn_index(scenario.first_turn) if game and scenario.first_turn else None
    last = game.turn_index(scenario.last_turn) if game and scenario.last_turn else None
    for reinforcement in scenario.reinforcements:
        origin = reinforcement.origin
        counter = counters.get(reinforcement.unit) if counters else None
        if counters is not None and counter is None:
            yield unknown(
                codes.REF_UNKNOWN_COUNTER, "counter", reinforcement.unit, counters.counters, origin, "unit"
            )
        if counter is not None:
            yield from _face_fits(counter, reinforcement.face, origin)
        if game is not None and game.turn_labels:
            index = game.turn_index(reinforcement.turn)
            if index is None:
                yield unknown(
                    codes.REF_UNKNOWN_TURN, "turn", reinforcement.turn, game.turn_labels, origin, "turn"
                )
            elif first is not None and last is not None and not first <= index <= last:
                file, pointer = at(origin, "turn")
                yield error(
                    codes.SCENARIO_REINFORCEMENT_OUTSIDE,
                    f"the reinforcement arrives on turn {reinforcement.turn}, but the "
                    f"scenario plays turns {scenario.first_turn} to {scenario.last_turn}",
                    file,
                    pointer,
                )
        for field in ("at", "alternate"):
            reference = getattr(reinforcement, field)
            if reference is None:
                continue
            space, problem = resolve_space(board, reference, origin, field)
            if problem:
                yield problem
            elif space is not None and reinforcement.constraint is not None and field == "at":
                facts = PlacementFacts(0, 0, counter.nation if counter else None)
                yield from _constraint_problems(
                    board,
                    reinforcement.constraint,
                    space,
                    facts,
                    origin,
                    f"'{reinforcement.unit}' arriving in {space.id}",
                )
