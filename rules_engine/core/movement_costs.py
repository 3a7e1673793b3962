"""What a step from one space into a neighbour costs, read from the terrain chart.

The common reading of a terrain effects chart: entering a space costs its
terrain's "enter" cost for the unit's movement class; along a road the road's
"along" cost replaces it; a hexside feature adds its points, costs all of a
unit's movement or forbids the crossing ("cross", or "at-bridge" where a bridge
spans it). "impassable" and "prohibited" forbid a step. A
system whose chart says more (hill levels, half points) builds on `StepTable`
or writes its own.

The table belongs to one map: the same terrain, roads and hexside always give
the same step, so each combination is worked out once, and a space's row when
it is first asked for (a replay on a large map moves through a few spaces only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

from rules_engine.core.board import Board
from rules_engine.definitions import Terrain
from rules_engine.definitions.terrain import Cost

# A step that costs all of a unit's movement: allowed only as the first step of a move, and ends it.
ALL = float("inf")
# The costs that forbid a step.
BARRED = ("impassable", "prohibited")


class Step(NamedTuple):
    """The cost of moving from one space into a neighbour, and why (for messages)."""

    cost: float  # movement points, or ALL
    reason: str


Row = TypeVar("Row")


class RowsOnFirstUse(dict[str, Row], Generic[Row]):
    """A table of one row per space, each worked out the first time it is read: a replay on a
    large map, or a short game, reads a few rows of thousands."""

    def __init__(self, row: Callable[[str], Row]) -> None:
        super().__init__()
        self._row = row

    def __missing__(self, space: str) -> Row:
        row = self[space] = self._row(space)
        return row


class StepTable(dict[str, dict[str, Step]]):
    """For every space of the map, the passable neighbours and what entering them costs
    (one movement class); a row is worked out the first time it is read."""

    def __init__(self, costs: StepCosts, movement_class: str) -> None:
        super().__init__()
        self._costs = costs
        self._class = movement_class

    def __missing__(self, space: str) -> dict[str, Step]:
        row = self[space] = self._costs.row(self._class, space)
        return row


class StepCosts:
    """Step tables per movement class for one board."""

    def __init__(self, board: Board, movement_classes: tuple[str, ...]) -> None:
        self.board = board
        self._seen: dict[tuple[object, ...], Step | None] = {}
        self.tables: dict[str, StepTable] = {cls: StepTable(self, cls) for cls in movement_classes}

    def row(self, movement_class: str, space: str) -> dict[str, Step]:
        """The passable neighbours of ``space`` and what entering each costs."""
        row: dict[str, Step] = {}
        for neighbour in self.board.neighbours[space]:
            step = self.step(movement_class, space, neighbour)
            if step is not None:
                row[neighbour] = step
        return row

    def step(self, movement_class: str, origin: str, target: str) -> Step | None:
        """The step from ``origin`` into ``target``, or None where it cannot be made."""
        board = self.board
        kind = board.terrain_of[target]
        key = (
            movement_class,
            kind.id if kind is not None else None,
            tuple(road.id for road in board.road_kinds(origin, target)),
            tuple((f.terrain.id, f.bridge) for f in board.side_features(origin, target)),
        )
        if key not in self._seen:
            self._seen[key] = self._work_out(movement_class, origin, target)
        return self._seen[key]

    def _work_out(self, movement_class: str, origin: str, target: str) -> Step | None:
        kind = self.board.terrain_of[target]
        if kind is None:
            return None
        step = _entering(kind, movement_class)
        if step is None:
            return None
        step = _along_road(self.board.road_kinds(origin, target), movement_class) or step
        for feature in self.board.side_features(origin, target):
            crossing = side_cost(feature.terrain, feature.bridge, movement_class)
            if crossing in BARRED:
                return None
            if crossing == "all":
                step = Step(ALL, f"crossing a {feature.terrain.name.lower()} costs all of a unit's movement")
            elif isinstance(crossing, (int, float)) and crossing and step.cost != ALL:
                name = feature.terrain.name.lower()
                step = Step(
                    step.cost + crossing, f"{step.reason}, and crossing a {name} {describe_points(crossing)}"
                )
        return step


def _entering(kind: Terrain, movement_class: str) -> Step | None:
    entering = number_or_word(kind.cost("enter", movement_class))
    if entering in BARRED:
        return None
    if entering == "all":
        return Step(ALL, f"{kind.name} costs all of a unit's movement")
    points = float(entering) if isinstance(entering, (int, float)) else 0.0
    return Step(points, f"{kind.name} costs {describe_points(entering)}")


def _along_road(roads: tuple[Terrain, ...], movement_class: str) -> Step | None:
    """The cheapest road joining the two spaces replaces the terrain's cost."""
    along = [number_or_word(r.cost("along", movement_class)) for r in roads]
    numbers = [float(a) for a in along if isinstance(a, (int, float))]
    if not numbers:
        return None
    return Step(min(numbers), f"along the {roads[0].name.lower()} costs {describe_points(min(numbers))}")


def number_or_word(cost: Cost | None) -> Cost:
    """A missing cost is no cost."""
    return 0 if cost is None else cost


def side_cost(kind: Terrain, bridge: bool, movement_class: str) -> Cost:
    """What crossing a hexside feature costs; a bridge may have its own cost."""
    if bridge:
        at_bridge = kind.cost("at-bridge", movement_class)
        if at_bridge is not None:
            return at_bridge
    return number_or_word(kind.cost("cross", movement_class))


def describe_points(cost: Cost) -> str:
    if isinstance(cost, (int, float)):
        value = int(cost) if float(cost).is_integer() else cost
        return f"{value} MP"
    return str(cost)
