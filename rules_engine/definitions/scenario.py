"""Scenarios: set-up, markers, reinforcements, points and victory conditions."""

from typing import NamedTuple

from rules_engine.definitions.boards import PlacedBoard
from rules_engine.definitions.origin import Origin


class Within(NamedTuple):
    of: str
    distance: int


class Constraint(NamedTuple):
    """The condition the rulebook puts on a choice of space; all given parts hold."""

    region: str | None = None
    adjacent_to: str | None = None
    in_or_adjacent_to: str | None = None
    within: Within | None = None
    one_of: tuple[str, ...] = ()
    features_any: tuple[str, ...] = ()
    features_none: tuple[str, ...] = ()
    supply_source: str | None = None
    alone: bool = False
    no_units: bool = False
    summary: str | None = None


class Placement(NamedTuple):
    unit: str
    copies: int
    at: str
    face: str  # a face's name (counters.face_name): "front", "back", "face3" (the first of more_faces)
    constraint: Constraint | None
    side: str
    step: int
    origin: Origin


class Marker(NamedTuple):
    """A token or marker placed at set-up: on a space (``at``) or in a track box."""

    counter: str
    at: str | None
    track: str | None
    box: str | None
    face: str
    copies: int
    for_side: str | None
    constraint: Constraint | None
    origin: Origin


class Reinforcement(NamedTuple):
    turn: str
    unit: str
    copies: int
    face: str  # as a Placement's
    at: str | None
    alternate: str | None
    constraint: Constraint | None
    may_delay: bool
    origin: Origin


class EliminatedUnit(NamedTuple):
    """Copies of a counter that begin the game eliminated (a classic game's replacement pool),
    which a replacement may bring back from ``from_turn`` on (any turn when None)."""

    unit: str
    copies: int
    from_turn: str | None
    origin: Origin


class PointsAllowance(NamedTuple):
    track: str
    side: str
    per_turn: int | None
    schedule: tuple[tuple[str, int], ...]
    restriction: str | None
    restricted_to_nation: str | None
    origin: Origin


class VictoryLevel(NamedTuple):
    minimum: int | None
    maximum: int | None
    result: str

    def matches(self, value: int) -> bool:
        return (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        )


class VictoryCondition(NamedTuple):
    kind: str
    summary: str
    side: str | None
    places: tuple[str, ...]
    feature: str | None
    region: str | None
    at_least: int | None
    total: int | None
    start: int | None
    targets: tuple[str, ...]
    result: str | None
    levels: tuple[VictoryLevel, ...]
    origin: Origin
    # marker-count: the counter, and the face it must show ("front" or "back"), in the places.
    counter: str | None = None
    face: str | None = None


class Victory(NamedTuple):
    checked: str | None
    conditions: tuple[VictoryCondition, ...]
    otherwise: str | None
    summary: str | None
    origin: Origin


class RandomSetup(NamedTuple):
    table: str
    side: str | None
    rolled: int | None
    summary: str | None
    origin: Origin


class PiecePlacement(NamedTuple):
    """A piece of an imported module's setup: a counter or a card ('deck/card') at a location
    of a map of boards.json, maybe at an exact point, showing a face (1 = front)."""

    id: str | None
    counter: str | None
    card: str | None
    map: str
    at: str
    position: tuple[int, int] | None
    face: int | None
    origin: Origin


class Scenario(NamedTuple):
    id: str
    name: str
    number: int | None
    period: str | None
    summary: str | None
    first_turn: str | None
    last_turn: str | None
    last_turn_players: tuple[str, ...]
    first_player: str | None
    points: tuple[PointsAllowance, ...]
    placements: tuple[Placement, ...]
    markers: tuple[Marker, ...]
    reinforcements: tuple[Reinforcement, ...]
    random_setup: tuple[RandomSetup, ...]
    victory: Victory | None
    special_rules: tuple[str, ...]
    mission: tuple[str, str] | None
    origin: Origin
    pieces: tuple[PiecePlacement, ...] = ()  # an imported module's setup (boards.json maps)
    layouts: tuple[tuple[str, tuple[PlacedBoard, ...]], ...] = ()  # map id -> boards laid out
    eliminated: tuple[EliminatedUnit, ...] = ()

    def unit_count(self) -> int:
        """Units on the map at the start plus those that arrive later."""
        return sum(p.copies for p in self.placements) + sum(r.copies for r in self.reinforcements)
