"""One game of Israel 1948 in progress: the nine-phase turn (2.0) as hooks over the core's sequence.

``Israel1948`` holds what does not change between games (the rules tables);
``Game`` holds one game's state and scenario. Supply checks, the end-phase
checks of reinforcements, air-point resets and the end of the game are the
hooks; moves, attacks and reinforcement placements are actions a player (or a
replay) takes, and ``end_phase`` (the core's) moves the game on.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar

from rules_engine.core import (
    Action,
    Chooser,
    CoreGame,
    CoreSystem,
    DiceSource,
    EndPhase,
    EngineError,
    EventLog,
    IllegalAction,
    Unit,
)
from rules_engine.core.policies import PolicyFactory, RandomPolicy
from rules_engine.core.system import AfterAction
from rules_engine.core.zoc import ZocCache
from rules_engine.definitions import Constraint, Scenario, ValidGame
from rules_engine.placement import PlacementFacts, unmet_conditions
from rules_engine.systems.israel1948 import combat, movement
from rules_engine.systems.israel1948.actions import Attack, ChooseSupplySource, Move, PlaceReinforcement
from rules_engine.systems.israel1948.chooser import ChooserDecider
from rules_engine.systems.israel1948.decisions import Decider, RandomDecider
from rules_engine.systems.israel1948.facts import FACTS
from rules_engine.systems.israel1948.policies import AggressivePolicy
from rules_engine.systems.israel1948.random_play import play_random_game
from rules_engine.systems.israel1948.rules import Rules
from rules_engine.systems.israel1948.stacking import stacking_problem
from rules_engine.systems.israel1948.supply import supply_sources, units_in_supply, uses_one_source


class Game(CoreGame):
    """A game of Israel 1948 in progress."""

    GAME_OVER_RULE = "2.5"
    POINTS_NAME = "Air points (2.3: each re-rolls one die of your own in a combat)"
    system: Israel1948

    def __init__(self, system: Israel1948, scenario: Scenario, log: EventLog) -> None:
        self.rules = system.rules
        super().__init__(system, scenario, log)
        self.zoc = ZocCache(self.rules.zoc_reach, self.rules.exerts_zoc)
        self._paths = movement.PathCache()
        self.last_combat: combat.CombatReport | None = None
        self.peace_rolled = False
        # 2.1: the source a one-source side's player chose for this phase's supply check.
        self.chosen_source: dict[str, str] = {}
        self._markers_before_check: dict[str, bool] = {}
        # 2.5: where a counter's reinforcements may enter, if the scenario limits it (its first limit)
        self._entry_constraints: dict[str, Constraint] = {}
        for reinforcement in scenario.reinforcements:
            if reinforcement.constraint:
                self._entry_constraints.setdefault(reinforcement.unit, reinforcement.constraint)
        self._count_air_points()

    def extra_turns(self) -> int:
        """Late Peace adds a turn."""
        return 1 if "late-peace" in self.rules.options else 0

    # --- hooks over the core's sequence of play (2.0) --------------------------------

    def on_phase_begin(self, dice: DiceSource) -> None:
        kind = self.phase.kind
        self.chosen_source.clear()
        if kind == "supply-check":
            self.supply_check(self.active_side, recheck=False)
        elif kind == "supply-recheck":
            self.supply_check(self.active_side, recheck=True)
        elif kind == "end":
            self._check_game_end(dice)

    def on_phase_end(self, dice: DiceSource) -> None:
        if self.phase.kind == "end":
            self._delay_reinforcements()

    def on_turn_begin(self, dice: DiceSource) -> None:
        self._count_air_points()

    def _count_air_points(self) -> None:
        """The turn's air points (2.3); a scenario that grants none keeps no count, so none is shown."""
        if not self.scenario.points:
            return
        for side in self.rules.sides:
            self.state.points[side] = self.air_allowance(side, self.state.turn_index)

    # --- changes every rule uses ----------------------------------------------------

    def stacking_problem(self, space: str, arriving: Sequence[Unit]) -> str | None:
        return stacking_problem(self.rules, self.state, space, arriving)

    # --- supply (2.1, 2.4) ------------------------------------------------------------

    def in_supply(self, side: str) -> set[str]:
        """The units of ``side`` a supply check now finds in supply (with the source chosen, if any)."""
        return units_in_supply(self.rules, self.zoc, self.state, side, self.chosen_source.get(side))

    def supply_check(self, side: str, recheck: bool) -> None:
        units = self.state.units_of(side)
        self._markers_before_check = {u.uid: u.out_of_supply for u in units}
        if recheck and not any(self._markers_before_check.values()):
            return  # a re-check only lifts Out of Supply markers, and the side has none
        supplied = self.in_supply(side)
        profile = self.rules.profile
        for unit in units:
            if unit.uid in supplied:
                if unit.out_of_supply:
                    self.state.set_out_of_supply(unit, False)
                    self.state.note("supply", f"{unit.uid} is back in supply")
            elif not recheck and not unit.out_of_supply and not profile(unit).supply_symbol:
                self.state.set_out_of_supply(unit, True)
                self.state.note("supply", f"{unit.uid} is out of supply")

    def choose_supply_source(self, at: str) -> None:
        """2.1: the Israeli player names the one source this supply check traces to; the check is redone."""
        kind = self.phase.kind
        if kind not in ("supply-check", "supply-recheck") or self.state.over:
            raise IllegalAction("2.1", "a supply source is chosen during a supply check or re-check")
        side = self.active_side
        if not uses_one_source(self.rules, side):
            raise IllegalAction("2.1", f"the {self.system.side_name(side)} side may use any of its sources")
        if at not in supply_sources(self.rules, side):
            raise IllegalAction("2.1", f"{self.board.name(at)} is not a supply source of that side")
        for unit in self.state.units_of(side):
            self.state.set_out_of_supply(unit, self._markers_before_check.get(unit.uid, unit.out_of_supply))
        self.chosen_source[side] = at
        self.state.note("supply", f"the supply check traces to {self.board.name(at)} only")
        self.supply_check(side, recheck=kind == "supply-recheck")

    # --- movement (2.2) ---------------------------------------------------------------

    def legal_moves(self, unit: Unit) -> dict[str, tuple[str, ...]]:
        if self.phase.kind != "movement" or unit.side != self.active_side or not unit.on_map:
            return {}
        if unit.uid in self.state.moved:
            return {}
        return movement.reachable(self.rules, self.zoc, self.state, unit, self._paths)

    def move(self, unit: Unit, path: Sequence[str]) -> None:
        self.require_phase("movement", "2.2")
        if unit.side != self.active_side:
            raise IllegalAction("2.2", f"{unit.uid} belongs to the inactive player")
        if not unit.on_map or unit.space is None:
            raise IllegalAction("2.2", f"{unit.uid} is not on the map")
        hexes = list(path)
        if hexes and hexes[0] == unit.space:
            hexes = hexes[1:]
        movement.check_path(self.rules, self.zoc, self.state, unit, hexes)
        self.apply_move(unit, hexes)

    def apply_move(self, unit: Unit, hexes: Sequence[str]) -> None:
        """Move ``unit`` along ``hexes`` (the hexes entered), a move already found legal: the
        random player's walk follows the rules as it goes, so it need not be checked again
        (the property tests, which watch every action, ask `move`)."""
        side = unit.side
        for space in hexes[:-1]:
            self.take_control(space, side)
        self.put(unit, hexes[-1])
        self.state.moved.add(unit.uid)
        if self.state.logging:
            self.state.note("move", f"{unit.uid} moves to {self.board.name(hexes[-1])} via {' '.join(hexes)}")

    # --- combat (2.3) -----------------------------------------------------------------

    def attack(
        self, attackers: Sequence[Unit], target: str, decider: Decider, dice: DiceSource
    ) -> combat.CombatReport:
        self.require_phase("combat", "2.3")
        return combat.resolve_attack(self, attackers, target, decider, dice)

    def legal_attacks(self) -> list[tuple[str, str, list[Unit]]]:
        """(attackers' hex, target hex, units that may attack from it) for every possible attack."""
        if self.phase.kind != "combat" or self.state.over:
            return []
        side, enemy = self.active_side, self.inactive_side
        occupants, attacked, rules = self.state.occupants, self.state.attacked, self.rules
        targets, profile = rules.attack_targets, rules.profile
        enemy_held = {space for space, units in occupants.items() if units[0].side == enemy}
        options: list[tuple[str, str, list[Unit]]] = []
        for space, units in occupants.items():
            if units[0].side != side or enemy_held.isdisjoint(reach := targets[space]):
                continue
            able = [u for u in units if profile(u).can_attack and u.uid not in attacked]
            if able:
                options += [(space, target, able) for target in reach if target in enemy_held]
        return options

    def retreat_options(self, unit: Unit) -> list[str]:
        """1.1: the hexes a unit may retreat into now."""
        assert unit.space is not None
        steps = self.rules.steps[unit.face.movement_class or "foot"][unit.space]
        return [there for there in steps if self.retreat_problem(unit, there) is None]

    def retreat_problem(self, unit: Unit, there: str) -> str | None:
        assert unit.space is not None
        if there not in self.rules.steps[unit.face.movement_class or "foot"][unit.space]:
            return "it is not an adjacent hex the unit can enter"
        holder = self.state.side_at(there)
        if holder is not None and holder != unit.side:
            return "it holds enemy units"
        if there in self.zoc.zoc_of(self.state, self.enemy_of(unit.side)) and holder != unit.side:
            return "it is in an enemy ZOC with no friendly unit in it"
        return self.stacking_problem(there, [unit])

    # --- air points ---------------------------------------------------------------------

    def air_allowance(self, side: str, turn_index: int) -> int:
        label = self.state.turn_labels[turn_index] if turn_index < len(self.state.turn_labels) else None
        total = 0
        for allowance in self.scenario.points:
            if allowance.side != side:
                continue
            if allowance.schedule:
                total += sum(points for turn, points in allowance.schedule if turn == label)
            elif allowance.per_turn is not None:
                total += allowance.per_turn
        return total

    def may_use_air(self, side: str, involved: Sequence[Unit]) -> bool:
        if self.state.points.get(side, 0) < 1:
            return False
        if side == "arab" and "arab-air-cooperation" in self.rules.options:
            return True
        for allowance in self.scenario.points:
            nation = allowance.restricted_to_nation
            if (
                allowance.side == side
                and nation is not None
                and not any(u.nation == nation for u in involved)
            ):
                return False
        return True

    def spend_air(self, side: str) -> None:
        self.state.points[side] -= 1

    # --- reinforcements (2.5) -------------------------------------------------------------

    def reinforcement_spaces(self, unit: Unit) -> list[str]:
        """Supply sources of the unit's own country with room for it (2.5)."""
        spaces: list[str] = []
        for at, nation in self.rules.sources.get(unit.side, ()):
            if nation != unit.nation or at in spaces:
                continue
            if self.stacking_problem(at, [unit]) is None:
                spaces.append(at)
        constraint = self._reinforcement_constraint(unit)
        if constraint is None:
            return spaces
        return [space for space in spaces if not self._unmet(constraint, space, unit)]

    def _reinforcement_constraint(self, unit: Unit) -> Constraint | None:
        return self._entry_constraints.get(unit.counter.id)

    def _unmet(self, constraint: Constraint, space: str, unit: Unit) -> tuple[str, ...]:
        """Why ``space`` breaks the constraint: it reads only the map, the space, how many units
        stand there and the unit's nation, so each combination is judged once per system."""
        here = len(self.state.units_at(space))
        key = (constraint, space, here, unit.nation)
        known = self.rules.unmet_constraints
        if key not in known:
            board = self.board
            facts = PlacementFacts(here, here, unit.nation)
            known[key] = tuple(
                unmet_conditions(
                    constraint, board.spaces[space], board.definition, facts, board.definition.resolve
                )
            )
        return known[key]

    def place_reinforcement(self, unit: Unit, space: str) -> None:
        self.require_phase("end", "2.5")
        if unit not in self.due_reinforcements():
            raise IllegalAction("2.5", f"{unit.uid} is not a reinforcement due this turn")
        allowed = self.reinforcement_spaces(unit)
        if space not in allowed:
            raise IllegalAction(
                "2.5",
                f"{unit.uid} enters on a supply source of its own country with room for it "
                f"({', '.join(allowed) or 'none has room now'}), not {self.board.name(space)}",
            )
        self.state.reinforcements = [(t, u) for t, u in self.state.reinforcements if u is not unit]
        self.put(unit, space)
        self.state.note("reinforcement", f"{unit.uid} arrives in {self.board.name(space)}")

    def _delay_reinforcements(self) -> None:
        """2.5: a reinforcement with nowhere to go waits a turn; one that could be placed must be."""
        state = self.state
        for unit in self.due_reinforcements():
            if self.reinforcement_spaces(unit):
                raise IllegalAction(
                    "2.5", f"{unit.uid} must be placed: a supply source of its country has room"
                )
        delayed = [(state.turn_index + 1, u) for t, u in state.reinforcements if t <= state.turn_index]
        for _, unit in delayed:
            state.note("reinforcement", f"{unit.uid} cannot be placed and is delayed to the next turn")
        state.reinforcements = [(t, u) for t, u in state.reinforcements if t > state.turn_index] + delayed

    # --- the end of the game (2.5, Optional Rules) ----------------------------------------

    def _check_game_end(self, dice: DiceSource) -> None:
        state = self.state
        if state.turn_index < state.last_turn_index:
            return
        if "uncertain-peace" in self.rules.options and not self.peace_rolled:
            self.peace_rolled = True
            if self._peace_continues(dice):
                state.last_turn_index += 1
                return
        self.finish(self.victory())

    def _peace_continues(self, dice: DiceSource) -> bool:
        """Uncertain Peace: the game goes on when the roll is not in the table's first row."""
        table = self.rules.charts.tables.get("uncertain-peace")
        if table is None or not table.rows or table.rows[0].roll is None:
            raise EngineError("Uncertain Peace needs the 'uncertain-peace' table in charts.json")
        die = table.die or self.rules.dice_order[-1]
        roll = dice.roll("uncertain peace", {die: 1})[die][0]
        first = table.rows[0].roll
        ends = first.low <= roll <= first.high
        self.state.note(
            "peace", f"uncertain peace roll {roll}: the game {'ends' if ends else 'goes on one turn'}"
        )
        return not ends

    # --- the protocol: legal actions and applying one -----------------------------------

    def legal_actions(self) -> list[Action]:
        if self.state.over:
            return []
        kind = self.phase.kind
        actions: list[Action] = []
        if kind == "movement":
            actions.extend(self._legal_move_actions())
        elif kind == "combat":
            actions.extend(self._legal_attack_actions())
        elif kind == "end":
            actions.extend(self._legal_placements())
            if actions:
                return actions  # 2.5: due reinforcements with room must be placed first
        elif kind in ("supply-check", "supply-recheck"):
            actions.extend(self._legal_source_choices())
        actions.append(EndPhase())
        return actions

    def _legal_move_actions(self) -> list[Action]:
        units = sorted(self.state.units_of(self.active_side), key=lambda u: u.uid)
        name = self.board.name
        return [
            Move(u.uid, path, f"move {u.uid} to {name(path[-1])} via {' '.join(path)}")
            for u in units
            for path in self.legal_moves(u).values()
        ]

    def _legal_attack_actions(self) -> list[Action]:
        """Every attack, in words that name the place and the units attacked as well as the hex."""
        found: list[Action] = []
        for _, target, able in self.legal_attacks():
            names = [u.uid for u in able]
            held = ", ".join(u.uid + (" (reduced)" if u.damaged else "") for u in self.state.units_at(target))
            where = f"attack {held} in {self.board.name(target)} with"
            for size in range(1, len(names) + 1):
                found.extend(
                    Attack(group, target, f"{where} {', '.join(group)}")
                    for group in combinations(names, size)
                )
        return found

    def _legal_source_choices(self) -> list[Action]:
        """2.2: where only one supply source may serve a side, the sources it may change to."""
        side = self.active_side
        if not uses_one_source(self.rules, side):
            return []
        chosen = self.chosen_source.get(side)
        return [ChooseSupplySource(at) for at in supply_sources(self.rules, side) if at != chosen]

    def _legal_placements(self) -> list[Action]:
        return [
            PlaceReinforcement(unit.uid, space)
            for unit in self.due_reinforcements()
            for space in self.reinforcement_spaces(unit)
        ]

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        if isinstance(action, Move):
            self.move(self.unit(action.unit), action.path)
        elif isinstance(action, Attack):
            if decider is None:
                raise EngineError("an attack needs a decider for the players' combat choices")
            self.attack([self.unit(u) for u in action.units], action.target, decider, dice)
        elif isinstance(action, PlaceReinforcement):
            self.place_reinforcement(self.unit(action.unit), action.at)
        elif isinstance(action, ChooseSupplySource):
            self.choose_supply_source(action.at)
        else:
            super().apply(action, dice, decider)


class Israel1948(CoreSystem[Game]):
    """The Israel 1948 system for one game definition and a choice of optional rules."""

    name: ClassVar[str] = "israel1948"
    facts = FACTS
    policies: ClassVar[dict[str, PolicyFactory]] = {"random": RandomPolicy, "aggressive": AggressivePolicy}
    # Towns and cities change hands when a unit enters them (1.2); victory counts them (3.x).
    controlled_features = ("town", "city")
    game_class = Game

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        super().__init__(definition, options)
        self.rules = Rules(definition, self.options, self.board, self.stacking)

    def random_decider(self, seed: int) -> RandomDecider:
        return RandomDecider(seed)

    def chooser_decider(self, chooser: Chooser) -> ChooserDecider:
        """Each combat choice asked of ``chooser`` (a person at a terminal), and kept for a replay."""
        return ChooserDecider(chooser)

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> Game:
        """The random player of random_play.py: more moves and attacks than ending phases."""
        return play_random_game(self, scenario_id, seed, after_action=after_action)
