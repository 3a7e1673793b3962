"""The Raiders system's tables and vocabulary, read once from a game's data.

Everything that varies from game to game comes from the data: the recruit
costs, the die-roll tables (demolition, leader escape, random placement,
leader gain, the High Command appeal), the operations and mission cards, the
terrain that stops a force or wins a tied tactical edge, the boxes the
counters wait in, the stacking rule. This module turns them into lookups; the
rest of the package knows only how the rulebook combines them.

The words below (space kinds, table ids, track kinds, box kinds) are the
system's vocabulary, as phase kinds are: a Raiders game's data uses them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from rules_engine.core import Board, EngineError
from rules_engine.definitions import Card, Counter, Scenario, StackingRule, Table, TableRow, ValidGame

# Kinds of space (map.json "kinds"), declared as terrain of kind "space" in terrain.json.
STAGING_AREA = "staging-area"
HOLY_CITY = "holy-city"
CRITICAL_CITY = "critical-city"
ARABIAN_PORT = "arabian-port"
BRITISH_PORT = "british-port"
RAIL_SPACE = "rail-space"
AIRFIELD = "airfield"
COASTAL = "coastal"
HIGH_COMMAND = "high-command"

# Tables (charts.json) the system reads.
RECRUIT_COSTS = "recruit-costs"
DEMOLITION = "demolition"
LEADER_ESCAPE = "leader-escape"
RANDOM_PLACEMENT = "random-placement"
LEADER_GAIN = "leader-gain"
APPEAL = "appeal-high-command"

# Decks (cards.json) by kind.
MISSION_DECK = "mission"
OPERATIONS_DECK = "operations"

# Boxes (map.json) by kind: where counters wait off the map.
RECRUIT_BOX = "recruits"
HOSTILES_BIN = "bin"
GARRISON_BOX = "available"


class Mission(NamedTuple):
    """What one mission card sets (8.0) and where its garrisons go (the scenario's markers)."""

    card: Card
    ops: int
    pounds: int
    leadership: int
    garrison_places: tuple[str, ...]
    success: Mapping[str, int]


class Rules:
    """Lookups for one game's data: built once per definition and shared by every game of it."""

    def __init__(self, definition: ValidGame, board: Board) -> None:
        self.definition = definition
        self.board = board
        game = definition.game
        self.counters: Mapping[str, Counter] = definition.counters.counters
        self.player_side = next((s.id for s in game.sides if s.played_by == "player"), game.sides[0].id)
        self.hostile_side = next((s.id for s in game.sides if s.id != self.player_side), self.player_side)
        self.boxes = _boxes(definition)
        self.hero, self.camp = _hero_and_camp(definition)
        self.tables = definition.charts.tables
        self.costs = self._recruit_costs()
        combat = definition.charts.combat
        if combat is None or combat.kind != "tactical-edge":
            raise EngineError("the Raiders system needs a tactical-edge combat system in charts.json")
        self.elite_bonus = int(combat.settings.get("elite_bonus", 1))
        self.max_bonus = int(combat.settings.get("max_bonus", 99))
        self.breakoff_rounds = int(combat.settings.get("breakoff_after_rounds_without_loss", 2))
        self.stacking_rule = _stacking_rule(definition)
        self.level_track, self.points_track = _tracks(definition)
        self.level_range = _track_range(definition, self.level_track)
        self.points_range = _track_range(definition, self.points_track)
        self.operations = _deck(definition, OPERATIONS_DECK)
        self.mission_cards = _deck(definition, MISSION_DECK)
        self.missions = {s.id: self._mission(s) for s in definition.scenarios if s.mission is not None}
        self.extra_hostiles_per_win = (
            next(
                (r.per_mission_won for r in game.campaign.rules if r.per_mission_won),
                0,
            )
            if game.campaign
            else 0
        )
        self.campaign_order = game.campaign.scenarios if game.campaign else ()
        self.campaign_losses_allowed = (game.campaign.losses_allowed or 0) if game.campaign else 0
        self.space_kinds = {s: frozenset((*sp.kinds, *sp.features)) for s, sp in board.spaces.items()}

    def operation_card(self, card_id: str) -> Card | None:
        return next((c for c in self.operations if c.id == card_id), None)

    # --- spaces --------------------------------------------------------------------------

    def is_kind(self, space: str, kind: str) -> bool:
        return kind in self.space_kinds.get(space, ())

    def spaces_of_kind(self, kind: str) -> list[str]:
        return sorted(s for s, kinds in self.space_kinds.items() if kind in kinds)

    def stops(self, space: str) -> bool:
        """12.0: the Terrain Effects Chart says STOP."""
        terrain = self.board.terrain_of.get(space)
        return terrain is not None and terrain.stop

    def edge_tie_side(self, space: str) -> str:
        """15.1: who wins a tied tactical edge here (the raiders where the chart says nothing)."""
        terrain = self.board.terrain_of.get(space)
        tie = terrain.tactical_edge_tie if terrain is not None else None
        return tie or self.player_side

    # --- counters --------------------------------------------------------------------------

    def is_leader(self, counter: Counter) -> bool:
        return counter.kind == "leader"

    def is_gear(self, counter: Counter) -> bool:
        return counter.kind == "gear"

    def is_garrison(self, counter: Counter) -> bool:
        return counter.id in self.boxes.get(GARRISON_BOX, ())

    def gear_capacity(self, counter: Counter) -> int:
        """35.0: a leader carries one item of gear, other mobile Arab units two; a static unit none."""
        if self.is_leader(counter):
            return 1
        movement = counter.front.movement
        return 2 if isinstance(movement, int | float) and movement > 0 else 0

    def cost(self, unit_class: str) -> int | None:
        return self.costs.get(unit_class)

    # --- tables ---------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise EngineError(f"the Raiders system needs the '{table_id}' table in charts.json")
        return table

    def roll_results(self, table_id: str, roll: int) -> tuple[str, ...]:
        """The machine-readable results of the row a roll selects."""
        return self.row_for(table_id, roll).results

    def row_for(self, table_id: str, roll: int) -> TableRow:
        for row in self.table(table_id).rows:
            if row.roll is not None and row.roll.low <= roll <= row.roll.high:
                return row
        raise EngineError(f"the '{table_id}' table has no row for a roll of {roll}")

    def appeal_results(self) -> dict[str, tuple[str, ...]]:
        """34.4: each result of the High Command table by its name."""
        return {row.item: row.results for row in self.table(APPEAL).rows if row.item}

    def _recruit_costs(self) -> dict[str, int]:
        by_name = {c.name.casefold(): c.id for c in self.definition.game.unit_classes}
        costs: dict[str, int] = {}
        for row in self.table(RECRUIT_COSTS).rows:
            class_id = by_name.get((row.item or "").casefold())
            if class_id is None:
                raise EngineError(f"the recruit table's item '{row.item}' names no unit class of game.json")
            costs[class_id] = int(row.result)
        return costs

    def _mission(self, scenario: Scenario) -> Mission:
        assert scenario.mission is not None
        _, card_id = scenario.mission
        card = next((c for c in self.mission_cards if c.id == card_id), None)
        if card is None:
            raise EngineError(
                f"scenario '{scenario.id}' plays mission card '{card_id}', which is not in the deck"
            )
        values: dict[str, dict[str, int]] = {s.heading.casefold(): dict(s.values) for s in card.sections}
        places: list[str] = []
        for marker in scenario.markers:
            if (
                marker.constraint is not None
                and marker.constraint.one_of
                and self.is_garrison(self.counters[marker.counter])
            ):
                places = [self._space(p, scenario) for p in marker.constraint.one_of]
        return Mission(
            card,
            ops=values.get("execution", {}).get("ops", 0),
            pounds=values.get("logistics", {}).get("pounds", 0),
            leadership=values.get("command", {}).get("leadership", self.level_range[0]),
            garrison_places=tuple(places),
            success=values.get("success", {}),
        )

    def _space(self, reference: str, scenario: Scenario) -> str:
        space = self.board.resolve(reference)
        if space is None:
            raise EngineError(f"scenario '{scenario.id}' names '{reference}', which is not on the map")
        return space


def _boxes(definition: ValidGame) -> dict[str, tuple[str, ...]]:
    boxes: dict[str, tuple[str, ...]] = {}
    for box in definition.board.boxes:
        boxes[box.kind] = boxes.get(box.kind, ()) + box.counters
    for kind in (RECRUIT_BOX, HOSTILES_BIN, GARRISON_BOX):
        if kind not in boxes:
            raise EngineError(f"the Raiders system needs a box of kind '{kind}' in map.json")
    return boxes


def _hero_and_camp(definition: ValidGame) -> tuple[str, str | None]:
    """The leader every mission places (Lawrence), and the static unit it places (Feisal's Camp)."""
    placed = {p.unit for s in definition.scenarios for p in s.placements}
    counters = definition.counters.counters
    leaders = sorted(c for c in placed if counters[c].kind == "leader")
    if len(leaders) != 1:
        raise EngineError("the Raiders system needs the scenarios to place exactly one leader (the hero)")
    static = sorted(c for c in placed if counters[c].kind == "unit" and not counters[c].front.movement)
    return leaders[0], (static[0] if static else None)


def _stacking_rule(definition: ValidGame) -> StackingRule:
    game = definition.game
    rules = [r for r in game.stacking.rules if not r.not_with_nations]
    if len(rules) != 1:
        raise EngineError("the Raiders system needs one stacking rule in game.json (10.2, 34.6)")
    return rules[0]


def _tracks(definition: ValidGame) -> tuple[str, str]:
    tracks = {t.kind: t.id for t in definition.board.tracks}
    if "level" not in tracks or "points" not in tracks:
        raise EngineError("the Raiders system needs a 'level' track and a 'points' track in map.json")
    return tracks["level"], tracks["points"]


def _track_range(definition: ValidGame, track_id: str) -> tuple[int, int]:
    track = next(t for t in definition.board.tracks if t.id == track_id)
    return (track.first if track.first is not None else 0, track.last if track.last is not None else 99)


def _deck(definition: ValidGame, kind: str) -> tuple[Card, ...]:
    deck = next((d for d in definition.decks if d.kind == kind), None)
    if deck is None:
        raise EngineError(f"the Raiders system needs a deck of kind '{kind}' in cards.json")
    return tuple(card for card in deck.cards for _ in range(card.copies))
