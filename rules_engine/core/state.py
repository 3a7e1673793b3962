"""Game state: where every unit is, which side it shows, and where the game stands.

The state is plain mutable data; the rules of a system (rules_engine/systems/)
change it only through the methods here, which keep the index of who stands
where in step with the units, and log what happened.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum

from rules_engine.core.errors import EngineError
from rules_engine.core.events import EventLog
from rules_engine.definitions import Counter, Face


class UnitStatus(Enum):
    ON_MAP = "on map"
    WAITING = "waiting"  # a reinforcement not yet placed
    ELIMINATED = "eliminated"
    REMOVED = "removed"  # taken out of play by a scenario rule


# Read on every move and supply trace: a module name is cheaper to read than an enum attribute.
ON_MAP = UnitStatus.ON_MAP


@dataclass(slots=True, eq=False)
class Unit:
    """One physical counter in play. ``uid`` is its printed name, with ``#n`` for copies."""

    uid: str
    counter: Counter
    copy: int
    space: str | None = None
    # Whether it shows a reduced side, and which face it shows: 0 the front, 1 the back, 2 on the
    # counter's more_faces (a unit of more than two steps). Both change together (``turn_to``):
    # the rules of every system ask ``damaged`` in their inner loops.
    damaged: bool = False
    face_index: int = 0
    out_of_supply: bool = False
    status: UnitStatus = UnitStatus.ON_MAP
    # Copied from the counter once: the rules ask a unit's side in every inner loop.
    side: str = field(init=False)
    nation: str | None = field(init=False)

    def __post_init__(self) -> None:
        self.side = self.counter.side or ""
        self.nation = self.counter.nation

    @property
    def face(self) -> Face:
        if self.damaged:
            index = self.face_index
            if index >= 2:
                return self.counter.more_faces[index - 2]
            if self.counter.back is not None:
                return self.counter.back
        return self.counter.front

    def turn_to(self, index: int) -> None:
        """Show face ``index`` (0 the front, 1 the back, 2 the first of more_faces) without telling
        the state: ``GameState.set_face`` does both, for a unit in play."""
        self.face_index = index
        self.damaged = index > 0

    @property
    def on_map(self) -> bool:
        return self.status is ON_MAP

    def __repr__(self) -> str:
        where = self.space if self.on_map else self.status.value
        shown = (
            "full"
            if not self.damaged
            else "damaged"
            if self.face_index <= 1
            else f"face {self.face_index + 1}"
        )
        return f"<{self.uid} {shown} {where}>"


@dataclass
class GameState:
    """Everything that changes during a game, whatever the system."""

    turn_labels: tuple[str, ...]
    phase_ids: tuple[str, ...]
    first_player: str
    second_player: str
    units: dict[str, Unit] = field(default_factory=dict)
    occupants: dict[str, list[Unit]] = field(default_factory=dict)
    turn_index: int = 0
    phase_index: int = 0
    # The order of this turn's phases, as indexes into phase_ids; empty: the order declared.
    phase_order: tuple[int, ...] = ()
    # The groups of player-choice phases whose order was announced this turn (announced once).
    ordered_groups: set[str] = field(default_factory=set)
    last_turn_index: int = 0
    points: dict[str, int] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    reinforcements: list[tuple[int, Unit]] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)
    over: bool = False
    result: str | None = None
    log: EventLog = field(default_factory=EventLog)
    epoch: int = 0  # bumped on every change of position, face or supply marker
    # The same, per side: what is derived from one side's units (its ZOC) lives as long as its epoch.
    side_epochs: dict[str, int] = field(default_factory=dict)
    # Every unit of each side, in the order they entered play (a unit never changes side).
    by_side: dict[str, list[Unit]] = field(default_factory=dict)

    # --- where the game stands ---------------------------------------------------

    @property
    def turn(self) -> str:
        return self.turn_labels[self.turn_index]

    @property
    def phase(self) -> str:
        return self.phase_ids[self.phase_index]

    @property
    def logging(self) -> bool:
        """Whether events are kept: a rule whose event text costs work to build asks first
        (random games for balance runs and benchmarks keep no log)."""
        return self.log.enabled

    def note(self, kind: str, text: str) -> None:
        if self.log.enabled:
            self.log.add(self.turn, self.phase, kind, text)

    # --- units ---------------------------------------------------------------------

    def add_unit(self, unit: Unit) -> None:
        self.add_units((unit,))

    def add_units(self, units: Iterable[Unit]) -> None:
        """What ``add_unit`` does for each, with one change per side at the end: a new game
        puts its whole counter mix in the box, and nothing is derived from the units yet."""
        sides: set[str] = set()
        for unit in units:
            if unit.uid in self.units:
                raise EngineError(f"{unit.uid} is already in play")
            self.units[unit.uid] = unit
            self.by_side.setdefault(unit.side, []).append(unit)
            if unit.status is ON_MAP and unit.space is not None:
                self.occupants.setdefault(unit.space, []).append(unit)
            sides.add(unit.side)
        for side in sorted(sides):
            self.epoch += 1
            self.side_epochs[side] = self.side_epochs.get(side, 0) + 1

    def changed(self, unit: Unit) -> None:
        """A unit's position, face or markers changed: whatever is derived from them is stale."""
        self.epoch += 1
        self.side_epochs[unit.side] = self.side_epochs.get(unit.side, 0) + 1

    def side_epoch(self, side: str) -> int:
        return self.side_epochs.get(side, 0)

    def units_at(self, space: str) -> list[Unit]:
        return self.occupants.get(space, [])

    def side_at(self, space: str) -> str | None:
        here = self.occupants.get(space)
        return here[0].side if here else None

    def units_of(self, side: str) -> list[Unit]:
        """``side``'s units on the map, in the order they entered play."""
        return [u for u in self.by_side.get(side, ()) if u.status is ON_MAP]

    def on_map(self) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.status is ON_MAP)

    def place(self, unit: Unit, space: str) -> None:
        """Put a unit (waiting, eliminated or on the map) on ``space``."""
        self._lift(unit)
        unit.space = space
        unit.status = ON_MAP
        self.occupants.setdefault(space, []).append(unit)
        self.changed(unit)

    def take_off(self, unit: Unit, status: UnitStatus) -> None:
        """Take a unit off the map as eliminated or removed; it loses its supply marker."""
        self._lift(unit)
        unit.space = None
        unit.status = status
        unit.out_of_supply = False
        self.changed(unit)

    def set_damaged(self, unit: Unit, damaged: bool) -> None:
        """Show the back (the reduced side) or the front."""
        self.set_face(unit, 1 if damaged else 0)

    def set_face(self, unit: Unit, index: int) -> None:
        """Show face ``index`` (0 the front, 1 the back, 2 the first of the counter's more_faces)."""
        unit.turn_to(index)
        self.changed(unit)

    def set_out_of_supply(self, unit: Unit, marked: bool) -> None:
        if unit.out_of_supply != marked:
            unit.out_of_supply = marked
            self.changed(unit)

    def _lift(self, unit: Unit) -> None:
        if unit.status is ON_MAP and unit.space is not None:
            here = self.occupants.get(unit.space)
            if here is not None and unit in here:
                here.remove(unit)
                if not here:
                    del self.occupants[unit.space]
