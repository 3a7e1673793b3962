"""Israel 1948's own tables, read once from the game's data into lookups the engine can ask fast.

Everything numeric comes from the data (terrain costs and dice, strength
colours, hit numbers, stacking limit, supply sources); this module only knows
how the rulebook combines them. What every system reads the same way (the
board, stacking, step costs) comes from rules_engine/core.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from rules_engine.core import Board, EngineError, Unit
from rules_engine.core.movement_costs import ALL, RowsOnFirstUse, Step, StepCosts, StepTable
from rules_engine.core.stacking import Stacking
from rules_engine.core.zoc import zoc_reach
from rules_engine.definitions import Constraint, Face, Terrain, ValidGame

__all__ = ["ALL", "STACK_WITH_ANY_NATION", "Profile", "Rules", "Step"]

# Arab Enmity: the Palestinian contingents stack with any Arab nation (Optional Rules).
STACK_WITH_ANY_NATION = "palestinian"


class Profile(NamedTuple):
    """What the rules read of the face a unit shows, read once per face: the engine asks it on
    every step of a move, every attack and every ZOC."""

    costs: Mapping[str, Mapping[str, float]]  # its movement class's step costs (ALL: everything)
    allowance: float
    can_attack: bool  # 2.3: a white strength only defends
    zoc: bool  # 1.1: the hexagon around the movement (exerted while in supply)
    supply_symbol: bool  # 2.1: never out of supply
    dice: tuple[str, int] | None  # the dice its strength rolls
    plus: bool  # the '+' beside its strength (2.3 step 2)


class Rules:
    """Lookup tables for one game definition and one choice of optional rules."""

    def __init__(
        self, definition: ValidGame, options: frozenset[str], board: Board, stacking: Stacking
    ) -> None:
        charts = definition.charts
        if charts.combat is None or charts.combat.kind != "dice-pool":
            raise EngineError("the Israel 1948 system needs a dice-pool combat system in charts.json")
        game = definition.game
        self.definition = definition
        self.game = game
        self.options = options
        self.board = board
        self.stacking = stacking
        self.counters = definition.counters
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
        self.sides = tuple(s.id for s in game.sides)
        self._enemies = {side: next(s for s in self.sides if s != side) for side in self.sides}
        self.sources: dict[str, tuple[tuple[str, str | None], ...]] = {
            side: tuple((s.at, s.nation) for s in definition.board.supply_sources if s.side == side)
            for side in self.sides
        }
        costs = StepCosts(board, tuple(cls.id for cls in definition.terrain.movement_classes))
        self.steps = costs.tables
        # the step tables' costs alone, by movement class: a random walk reads nothing else
        self.step_costs = {cls: _costs_only(table) for cls, table in self.steps.items()}
        # the answers of `profile`, by (counter id, damaged)
        self._profiles: dict[tuple[str, bool], Profile] = {}
        self.zoc_reach = zoc_reach(board)
        # 2.1: the neighbours of each hex that are road hexes, where a supply trace may join a road
        self.road_neighbours: dict[str, tuple[str, ...]] = {
            space: tuple(n for n in board.neighbours[space] if n in board.road_links)
            for space in board.spaces
        }
        # 1.3: the pairs of hexes an attack may not cross (all sea), with the hexside's terrain
        self._no_attack: dict[tuple[str, str], Terrain] = {}
        for origin, sides in board.sides.items():
            for target, features in sides.items():
                for feature in features:
                    if feature.terrain.combat is not None and feature.terrain.combat.attack_prohibited:
                        self._no_attack.setdefault((origin, target), feature.terrain)
        # the neighbours an attack from each hex may reach, in map order: all but those across all sea
        self.attack_targets: dict[str, tuple[str, ...]] = {
            space: tuple(n for n in board.neighbours[space] if (space, n) not in self._no_attack)
            for space in board.spaces
        }
        # the answers of `defender_terrain_dice`, by (attackers' hex, defenders' hex)
        self._terrain_dice: dict[tuple[str, str], Mapping[str, int]] = {}
        # the answers of `stacking.group_problem`, by the counters of the group
        self.group_problems: dict[str | tuple[str, ...], str | None] = {}
        # the answers of `Game._unmet`: (constraint, space, units there, nation) -> reasons
        self.unmet_constraints: dict[tuple[Constraint, str, int, str | None], tuple[str, ...]] = {}

    def strength_dice(self, colour: str | None, strength: float | None) -> tuple[str, int] | None:
        if colour is None or not strength:
            return None
        return self.die_of_colour.get(colour, colour), int(strength)

    def profile(self, unit: Unit) -> Profile:
        """What the rules read of the face ``unit`` shows, worked out once per face."""
        key = (unit.counter.id, unit.damaged)
        found = self._profiles.get(key)
        if found is None:
            found = self._profiles[key] = self._profile_of(unit.face)
        return found

    def _profile_of(self, face: Face) -> Profile:
        movement = face.movement
        return Profile(
            costs=self.step_costs[face.movement_class or "foot"],
            allowance=float(movement) if isinstance(movement, (int, float)) else 0.0,
            can_attack=self.can_attack(face),
            zoc=bool(face.zoc),
            supply_symbol=face.supply_symbol,
            dice=self.strength_dice(face.strength_colour, face.strength),
            plus=face.strength_plus,
        )

    def exerts_zoc(self, unit: Unit) -> bool:
        """1.1, 2.1: a hexagon around the movement, and in supply."""
        return not unit.out_of_supply and self.profile(unit).zoc

    def enemy_of(self, side: str) -> str:
        return self._enemies.get(side) or self.sides[0]

    def can_attack(self, face: Face) -> bool:
        """2.3: a white strength only defends."""
        return bool(face.strength) and self.colour_attacks.get(face.strength_colour or "", False)

    def attack_prohibited(self, origin: str, target: str) -> Terrain | None:
        """1.3: the hexside terrain (all sea) across which no attack is allowed, if there is one."""
        return self._no_attack.get((origin, target))

    def defender_terrain_dice(self, origin: str, target: str) -> Mapping[str, int]:
        """2.3 step 1: extra dice from the defender's hex, its features and the hexside, all cumulative.

        They depend on the map only, so each pair of hexes is worked out once.
        """
        key = (origin, target)
        dice = self._terrain_dice.get(key)
        if dice is None:
            dice = self._terrain_dice[key] = self._work_out_terrain_dice(origin, target)
        return dice

    def _work_out_terrain_dice(self, origin: str, target: str) -> dict[str, int]:
        dice: dict[str, int] = {}
        kinds = [self.board.terrain_of[target], *self.board.features_of[target]]
        kinds += [feature.terrain for feature in self.board.side_features(origin, target)]
        for kind in kinds:
            if kind is not None and kind.combat is not None:
                for die, number in kind.combat.defender_dice.items():
                    dice[die] = dice.get(die, 0) + number
        return dice


def _costs_only(table: StepTable) -> RowsOnFirstUse[dict[str, float]]:
    return RowsOnFirstUse(lambda space: {there: step.cost for there, step in table[space].items()})
