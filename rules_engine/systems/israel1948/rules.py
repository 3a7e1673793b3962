"""Israel 1948's rules, read once from the game's data into tables the engine can look up fast.

Everything numeric comes from the data (terrain costs and dice, strength
colours, hit numbers, stacking limit, supply sources, phases); this module
only knows how the rulebook combines them.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_engine.core import Board, EngineError
from rules_engine.definitions import Counter, Face, GameDefinition, Terrain
from rules_engine.definitions.terrain import Cost

# A step that costs all of a unit's movement: allowed only as the first step of a move, and ends it.
ALL = float("inf")

PHASE_KINDS = ("supply-recheck", "supply-check", "movement", "combat", "end")

OPTIONAL_RULES = frozenset(
    {
        "arab-supply-constraints",
        "arab-air-cooperation",
        "late-peace",
        "uncertain-peace",
        "extra-units",
        "arab-enmity",
    }
)

# Towns and cities change hands when a unit enters them (1.2); victory counts them (3.x).
CONTROLLED_FEATURES = ("town", "city")

# Arab Enmity: the Palestinian contingents stack with any Arab nation (Optional Rules).
STACK_WITH_ANY_NATION = "palestinian"


class PhaseInfo(NamedTuple):
    id: str
    kind: str  # one of PHASE_KINDS
    player: str  # 'first', 'second' or 'both'


class Step(NamedTuple):
    """The cost of moving from one hex into a neighbour, and why (for messages)."""

    cost: float  # movement points, or ALL
    reason: str


class Rules:
    """Lookup tables for one game definition and one choice of optional rules."""

    def __init__(self, definition: GameDefinition, options: frozenset[str]) -> None:
        game, board, terrain, counters, charts = (
            definition.game,
            definition.board,
            definition.terrain,
            definition.counters,
            definition.charts,
        )
        if game is None or board is None or terrain is None or counters is None or charts is None:
            raise EngineError("the game's data must validate before the rules engine can run it")
        if charts.combat is None or charts.combat.kind != "dice-pool":
            raise EngineError("the Israel 1948 system needs a dice-pool combat system in charts.json")
        unknown = sorted(options - OPTIONAL_RULES)
        if unknown:
            raise EngineError(f"unknown optional rule(s): {', '.join(unknown)}")
        self.definition = definition
        self.game = game
        self.options = options
        self.board = Board(board, terrain)
        self.counters = counters
        self.charts = charts
        self.stack_limit = game.stacking.limit or 2
        combat = charts.combat
        self.die_of_colour = {c.colour: c.die or c.colour for c in combat.strength_colours}
        self.colour_attacks = {c.colour: c.can_attack for c in combat.strength_colours}
        self.hits_on = {d.die: frozenset(d.hits_on) for d in combat.dice}
        self.dice_order = tuple(d.die for d in combat.dice)
        # the die that hits least often: the "black die" of the out-of-supply and '+' rules
        self.weakest_die = min(combat.dice, key=lambda d: len(d.hits_on)).die
        self.die_sides = {d.id: d.sides for d in game.dice}
        self.phases = tuple(self._phase(p.id, p.player) for p in game.phases)
        self.sides = tuple(s.id for s in game.sides)
        self.sources: dict[str, tuple[tuple[str, str | None], ...]] = {
            side: tuple((s.at, s.nation) for s in board.supply_sources if s.side == side)
            for side in self.sides
        }
        self._steps_seen: dict[tuple[object, ...], Step | None] = {}
        self.steps = {cls.id: self._step_table(cls.id) for cls in terrain.movement_classes}
        self.zoc_reach = {
            space: tuple(
                n
                for n in self.board.neighbours[space]
                if not any(f.terrain.blocks_zoc for f in self.board.side_features(space, n))
            )
            for space in self.board.spaces
        }

    # --- phases --------------------------------------------------------------------

    def _phase(self, phase_id: str, player: str) -> PhaseInfo:
        kind = next((k for k in PHASE_KINDS if phase_id.endswith(k)), None)
        if kind is None:
            raise EngineError(
                f"phase '{phase_id}' is not one the Israel 1948 system knows "
                f"(phase ids must end in one of: {', '.join(PHASE_KINDS)})"
            )
        return PhaseInfo(phase_id, kind, player)

    # --- movement costs ------------------------------------------------------------

    def _step_table(self, movement_class: str) -> dict[str, dict[str, Step]]:
        """For every hex, the passable neighbours and what entering them costs."""
        table: dict[str, dict[str, Step]] = {}
        for space in self.board.spaces:
            table[space] = {}
            for neighbour in self.board.neighbours[space]:
                step = self._step(movement_class, space, neighbour)
                if step is not None:
                    table[space][neighbour] = step
        return table

    def _step(self, movement_class: str, origin: str, target: str) -> Step | None:
        """The same terrain, roads and hexside give the same step: work each combination out once."""
        kind = self.board.terrain_of[target]
        key = (
            movement_class,
            kind.id if kind is not None else None,
            tuple(road.id for road in self.board.road_kinds(origin, target)),
            tuple((f.terrain.id, f.bridge) for f in self.board.side_features(origin, target)),
        )
        if key not in self._steps_seen:
            self._steps_seen[key] = self._work_out_step(movement_class, origin, target)
        return self._steps_seen[key]

    def _work_out_step(self, movement_class: str, origin: str, target: str) -> Step | None:
        """1.3: the hex's cost, replaced by the road's along a road; hexsides can cost all or forbid."""
        kind = self.board.terrain_of[target]
        if kind is None:
            return None
        entering = _number_or_word(kind.cost("enter", movement_class))
        if entering == "impassable":
            return None
        cost, reason = (
            (ALL, f"{kind.name} costs all of a unit's movement")
            if entering == "all"
            else (
                float(entering if isinstance(entering, (int, float)) else 0),
                f"{kind.name} costs {_points(entering)}",
            )
        )
        roads = self.board.road_kinds(origin, target)
        if roads:
            along = [_number_or_word(r.cost("along", movement_class)) for r in roads]
            numbers = [float(a) for a in along if isinstance(a, (int, float))]
            if numbers:
                cost, reason = (
                    min(numbers),
                    f"along the {roads[0].name.lower()} costs {_points(min(numbers))}",
                )
        for feature in self.board.side_features(origin, target):
            crossing = _side_cost(feature.terrain, feature.bridge, movement_class)
            if crossing == "impassable":
                return None
            if crossing == "all":
                cost, reason = (
                    ALL,
                    f"crossing a {feature.terrain.name.lower()} costs all of a unit's movement",
                )
        return Step(cost, reason)

    # --- units ---------------------------------------------------------------------

    def in_play(self, counter: Counter) -> bool:
        """Counters of an optional rule that is off stay in the box."""
        return counter.optional_rule is None or counter.optional_rule in self.options

    def strength_dice(self, colour: str | None, strength: float | None) -> tuple[str, int] | None:
        if colour is None or not strength:
            return None
        return self.die_of_colour.get(colour, colour), int(strength)

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def can_attack(self, face: Face) -> bool:
        """2.3: a white strength only defends."""
        return bool(face.strength) and self.colour_attacks.get(face.strength_colour or "", False)

    def attack_prohibited(self, origin: str, target: str) -> Terrain | None:
        """1.3: the hexside terrain (all sea) across which no attack is allowed, if there is one."""
        for feature in self.board.side_features(origin, target):
            if feature.terrain.combat is not None and feature.terrain.combat.attack_prohibited:
                return feature.terrain
        return None

    def defender_terrain_dice(self, origin: str, target: str) -> dict[str, int]:
        """2.3 step 1: extra dice from the defender's hex, its features and the hexside, all cumulative."""
        dice: dict[str, int] = {}
        kinds = [self.board.terrain_of[target], *self.board.features_of[target]]
        kinds += [feature.terrain for feature in self.board.side_features(origin, target)]
        for kind in kinds:
            if kind is not None and kind.combat is not None:
                for die, number in kind.combat.defender_dice.items():
                    dice[die] = dice.get(die, 0) + number
        return dice

    def is_controlled_place(self, space: str) -> bool:
        return any(self.board.has_feature(space, feature) for feature in CONTROLLED_FEATURES)


def _number_or_word(cost: Cost | None) -> Cost:
    return 0 if cost is None else cost


def _side_cost(kind: Terrain, bridge: bool, movement_class: str) -> Cost:
    if bridge:
        at_bridge = kind.cost("at-bridge", movement_class)
        if at_bridge is not None:
            return at_bridge
    return _number_or_word(kind.cost("cross", movement_class))


def _points(cost: Cost) -> str:
    if isinstance(cost, (int, float)):
        value = int(cost) if float(cost).is_integer() else cost
        return f"{value} MP"
    return str(cost)
