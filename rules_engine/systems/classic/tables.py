"""What the classic rules read from a game's data, worked out once per game definition.

``Tables`` holds the options with their defaults (docs/classic-rules.md), the movement
class of every counter, the step costs of the terrain chart per movement class, the
reach of zones of control, the links of every movement mode's lines, the map's edges,
the places whose control changes hands and the CRT. Every game of the definition shares
it; nothing in it changes during a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rules_engine.core.board import Board
from rules_engine.core.movement_costs import ALL, StepCosts, StepTable
from rules_engine.core.stacking import Stacking
from rules_engine.core.zoc import zoc_reach
from rules_engine.definitions import (
    ClassicRules,
    CombatProcedure,
    CombatSystem,
    Counter,
    Face,
    MovementMode,
    MovementRules,
    Phase,
    ReplacementRules,
    RetreatRules,
    SupplyRules,
    TurnEffect,
    ValidGame,
    ZocRules,
)
from rules_engine.systems.classic.crt import Crt
from rules_engine.systems.classic.rolls import table_dice
from rules_engine.systems.classic.values import face_number, face_value

NO_ZOC = ZocRules(kind="none")
NO_SUPPLY = SupplyRules()
# The options' names, which a refusal cites when the game gives the option no cite of its own.
RULE_NAMES = (
    "sequence",
    "movement",
    "zoc",
    "stacking",
    "combat",
    "retreat",
    "advance",
    "reinforcements",
    "replacements",
    "supply",
)


class PlainSteps(NamedTuple):
    """The steps out of a hex for one movement class, priced by the terrain chart alone: as a
    move's first step (a step that costs all of a unit's movement kept as ALL) and as a later one
    (such steps left out)."""

    first: tuple[tuple[str, float], ...]
    later: tuple[tuple[str, float], ...]
    costs_all: bool


class Edges(NamedTuple):
    north: frozenset[str]
    south: frozenset[str]
    east: frozenset[str]
    west: frozenset[str]


class Tables:
    """The classic options of one game definition, and the lookups built from them."""

    def __init__(self, definition: ValidGame, board: Board, stacking: Stacking) -> None:
        self.definition = definition
        self.board = board
        self.stacking = stacking
        # any one unit fits in an empty space (an overall limit only, of at least one)
        self.one_fits = stacking.simple and (stacking.limit is None or stacking.limit >= 1)
        game = definition.game
        self.sides = tuple(s.id for s in game.sides)
        # the other side of a two-sided game (the side itself in a one-sided game)
        self.enemies = {side: next((s for s in self.sides if s != side), side) for side in self.sides}
        self.others = {side: tuple(s for s in self.sides if s != side) for side in self.sides}
        # numbers faces print, by the face's identity and the value id (faces live as long as these tables)
        self._numbers: dict[tuple[int, str | None], float] = {}
        self.rules: ClassicRules = game.rules or ClassicRules()
        self.movement: MovementRules = self.rules.movement or MovementRules(allowance="movement")
        self.zoc: ZocRules = self.rules.zoc or NO_ZOC
        self.supply: SupplyRules = self.rules.supply or NO_SUPPLY
        self.replacements: ReplacementRules | None = self.rules.replacements
        self.combat: CombatSystem | None = definition.charts.combat
        self.procedure: CombatProcedure = self.combat.procedure if self.combat else CombatProcedure()
        self.retreat: RetreatRules = self.procedure.retreat
        self.crt = self._crt()
        self.phases: tuple[Phase, ...] = game.phases
        self.modes: Mapping[str, MovementMode] = {m.id: m for m in self.movement.modes}
        self.groups = {c.id: frozenset((c.id, *c.groups)) for c in game.unit_classes}
        self.movement_classes = tuple(m.id for m in definition.terrain.movement_classes) or ("*",)
        self._class_of: dict[str, str] = {}
        self._trace_classes: dict[str, str] = {}
        self._entrants: dict[str, dict[str, tuple[str, ...]]] = {}
        self._plain: dict[str, dict[str, PlainSteps]] = {c: {} for c in self.movement_classes}
        self._distances: dict[tuple[str, str], int] = {}
        # what each kind of unit moves with, by movement mode and the turn effects in force
        # (movement.MoveContext keeps and fills them)
        self.unit_kinds: dict[tuple[str | None, tuple[int, ...]], Any] = {}
        self._printed: dict[str | None, dict[str, tuple[float, ...]]] = {}
        self.steps = StepCosts(board, self.movement_classes).tables
        # every space's terrain and feature ids, as places, ZOCs and combat ask for them
        self.terrain_ids = {
            space.id: frozenset((space.terrain, *space.features)) for space in board.spaces.values()
        }
        self.zoc_reach = self._zoc_reach()
        self.lines = {mode.id: self._links(mode.along) for mode in self.movement.modes}
        self.edges = self._edges()
        self.cites = self._cites()
        self._effects: dict[tuple[int, int], tuple[TurnEffect, ...]] = {}
        # What each selector answers for a counter and a face (selectors.py), by the selector's
        # identity: the selectors live in the definition as long as these tables.
        self.selections: dict[tuple[int, str, int], bool] = {}
        # The hexes each place specification names for a side, before the conditions of the moment
        # (places.py), by the specification's identity.
        self.place_sets: dict[tuple[int, str], frozenset[str]] = {}
        # The places whose control the game records (control.py works them out for the system).
        self.controlled: frozenset[str] = frozenset()
        # the places a unit takes control of by moving through them (last-to-enter control)
        self.taken_in_passing: frozenset[str] = frozenset()

    # --- options ------------------------------------------------------------------------------

    def _cites(self) -> dict[str, str]:
        """What a refusal by each option names: the option's cite, or its name."""
        rules, procedure = self.rules, self.procedure
        given: dict[str, str | None] = {
            "movement": self.movement.cite,
            "zoc": self.zoc.cite,
            "combat": procedure.cite,
            "retreat": procedure.retreat.cite,
            "advance": procedure.advance.cite if procedure.advance else None,
            "reinforcements": rules.reinforcements.cite if rules.reinforcements else None,
            "replacements": rules.replacements.cite if rules.replacements else None,
            "supply": self.supply.cite,
            "stacking": self.definition.game.stacking.cite,
        }
        return {name: given.get(name) or name for name in RULE_NAMES}

    def rule(self, name: str) -> str:
        """The rule a refusal by the option ``name`` cites."""
        return self.cites.get(name, name)

    def phase_rule(self, phase: Phase) -> str:
        """What a refusal of a unit that does not act in ``phase`` cites: the phase's cite, or
        the option's name (``sequence``)."""
        return phase.cite or self.rule("sequence")

    def _crt(self) -> Crt | None:
        combat = self.combat
        if combat is None or combat.kind not in ("odds-crt", "differential-crt") or combat.table is None:
            return None
        table = self.definition.charts.tables.get(combat.table)
        if table is None:
            return None
        procedure = combat.procedure
        dice = table_dice(table, self.definition.game.dice)
        return Crt(
            combat.kind,
            table,
            combat.rounding,
            dice,
            procedure.below_lowest_roll,
            procedure.above_highest_roll,
        )

    def effects_at(self, turn: str, phase_index: int, turn_index: int) -> tuple[TurnEffect, ...]:
        """The turn effects in force in this turn and phase (before asking which units they touch)."""
        key = (turn_index, phase_index)
        found = self._effects.get(key)
        if found is None:
            phase = self.phases[phase_index]
            found = self._effects[key] = tuple(
                e
                for e in self.rules.turn_effects
                if turn in e.turns
                and (not e.phases or phase.id in e.phases)
                and (not e.phase_kinds or phase.kind in e.phase_kinds)
            )
        return found

    # --- units ----------------------------------------------------------------------------------

    def number(self, face: Face, value_id: str | None) -> float:
        """A number ``face`` prints (0 where it prints none), read once per face and value."""
        key = (id(face), value_id)
        found = self._numbers.get(key)
        if found is None:
            found = self._numbers[key] = face_number(face, value_id)
        return found

    def trace_class(self, movement_class: str) -> str:
        """The first movement class that can enter exactly the same terrain and hexsides as this
        one: supply traces (which ask only where a class may go) are shared between them."""
        found = self._trace_classes.get(movement_class)
        if found is None:
            barred = self._barred(movement_class)
            found = next(c for c in self.movement_classes if self._barred(c) == barred)
            self._trace_classes[movement_class] = found
        return found

    def plain_steps(self, movement_class: str, space: str) -> PlainSteps:
        """The steps out of ``space`` for a class as the terrain chart prices them, with no enemy
        about: what a move's step rules start from (worked out on first use)."""
        table = self.plain_table(movement_class)
        found = table.get(space)
        if found is None:
            row = self.steps[movement_class][space]
            first = tuple((there, step.cost) for there, step in row.items())
            later = tuple((there, cost) for there, cost in first if cost != ALL)
            found = table[space] = PlainSteps(first, later, len(later) != len(first))
        return found

    def plain_table(self, movement_class: str) -> dict[str, PlainSteps]:
        """The plain steps worked out so far for a class, by hex (``plain_steps`` adds the rest)."""
        return self._plain[movement_class]

    def entrant_table(self, movement_class: str) -> dict[str, tuple[str, ...]]:
        """The entrants worked out so far for a class (``entrants`` adds the rest as asked)."""
        return self._entrants.setdefault(movement_class, {})

    def entrants(self, movement_class: str, space: str) -> tuple[str, ...]:
        """The neighbours of ``space`` from which a unit of this class may step into it: a supply
        trace, which runs from the sources outward, goes through these (worked out on first use)."""
        table = self._entrants.setdefault(movement_class, {})
        found = table.get(space)
        if found is None:
            steps = self.steps[movement_class]
            found = table[space] = tuple(n for n in self.board.neighbours[space] if space in steps[n])
        return found

    def _barred(self, movement_class: str) -> frozenset[tuple[str, str]]:
        barred = set()
        for terrain in self.definition.terrain.terrain.values():
            for situation in ("enter", "cross", "at-bridge"):
                if terrain.cost(situation, movement_class) in ("impassable", "prohibited"):
                    barred.add((terrain.id, situation))
        return frozenset(barred)

    def movement_class(self, counter: Counter) -> str:
        """The unit's movement class: by its class (or a group of it), else its face's value, else
        the chart's first."""
        found = self._class_of.get(counter.id)
        if found is None:
            classes = self.movement.classes
            unit_class = counter.unit_class or ""
            names = (unit_class, *sorted(self.groups.get(unit_class, frozenset()) - {unit_class}), "*")
            by_class = next((classes[name] for name in names if name in classes), None)
            printed = face_value(counter.front, "movement_class")
            found = by_class or (printed if isinstance(printed, str) else None) or self.movement_classes[0]
            if found not in self.steps:
                found = self.movement_classes[0]
            self._class_of[counter.id] = found
        return found

    def step_table(self, counter: Counter) -> StepTable:
        return self.steps[self.movement_class(counter)]

    # --- the map ----------------------------------------------------------------------------------

    def _zoc_reach(self) -> dict[str, tuple[str, ...]]:
        """Where a ZOC reaches: the neighbours not across a hexside that blocks it, nor into
        hexes of the terrain ``not_into`` names."""
        reach = zoc_reach(self.board)
        barred = set(self.zoc.not_into)
        if not barred:
            return reach
        closed = {space for space in self.board.spaces if not barred.isdisjoint(self.terrain_ids[space])}
        return {space: tuple(n for n in near if n not in closed) for space, near in reach.items()}

    def _links(self, along: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        """Each space's neighbours joined to it by one of these lines (roads, railways)."""
        kinds = set(along)
        links: dict[str, tuple[str, ...]] = {}
        for space, joined in self.board.roads.items():
            near = tuple(other for other, roads in joined.items() if any(r.id in kinds for r in roads))
            if near:
                links[space] = near
        return links

    def _edges(self) -> Edges:
        spaces = [(s.id, s.hex) for s in self.board.spaces.values() if s.hex is not None]
        if not spaces:
            empty: frozenset[str] = frozenset()
            return Edges(empty, empty, empty, empty)
        cols = [h.col for _, h in spaces]
        rows = [h.row for _, h in spaces]
        low_col, high_col, low_row, high_row = min(cols), max(cols), min(rows), max(rows)
        return Edges(
            north=frozenset(i for i, h in spaces if h.row == low_row),
            south=frozenset(i for i, h in spaces if h.row == high_row),
            east=frozenset(i for i, h in spaces if h.col == high_col),
            west=frozenset(i for i, h in spaces if h.col == low_col),
        )

    def distance(self, a: str, b: str) -> int:
        """Hexes between two spaces (grid distance on a hex map, steps on any other), worked out
        once per pair (retreats ask about the few hexes around a combat)."""
        key = (a, b)
        found = self._distances.get(key)
        if found is None:
            spaces = self.board.spaces
            grid = self.board.definition.grid
            first, second = spaces[a].hex, spaces[b].hex
            if grid is not None and first is not None and second is not None:
                found = grid.distance(first, second)
            else:
                found = self.board.steps_from([a]).get(b, 10_000)
            self._distances[key] = found
        return found

    def printed_numbers(self, value_id: str | None) -> dict[str, tuple[float, ...]]:
        """Each counter's number ``value_id`` on every face a unit may show, by face index (the
        front, the back or the front again where there is none, then more_faces), by counter id:
        for the loops that ask it of every unit of a side."""
        found = self._printed.get(value_id)
        if found is None:
            found = self._printed[value_id] = {
                counter.id: (
                    self.number(counter.front, value_id),
                    self.number(counter.back if counter.back is not None else counter.front, value_id),
                    *(self.number(face, value_id) for face in counter.more_faces),
                )
                for counter in self.definition.counters.counters.values()
            }
        return found
