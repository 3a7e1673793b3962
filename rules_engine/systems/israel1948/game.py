"""One game of Israel 1948 in progress: the nine-phase turn (2.0) and the actions of each phase.

``Israel1948`` holds what does not change between games (the rules tables);
``Game`` holds one game's state and scenario. Supply checks, victory checks,
air-point resets and the turn marker are automatic; moves, attacks and
reinforcement placements are actions a player (or a replay) takes, and
``end_phase`` moves the game on.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core import (
    DiceSource,
    EngineError,
    EventLog,
    GameState,
    IllegalAction,
    SeededDice,
    Unit,
    UnitStatus,
)
from rules_engine.definitions import Constraint, GameDefinition, Scenario
from rules_engine.placement import PlacementFacts, unmet_conditions
from rules_engine.systems.israel1948 import combat, movement
from rules_engine.systems.israel1948.decisions import Decider
from rules_engine.systems.israel1948.rules import PhaseInfo, Rules
from rules_engine.systems.israel1948.stacking import stacking_problem
from rules_engine.systems.israel1948.supply import units_in_supply
from rules_engine.systems.israel1948.units import find_unit, unit_names
from rules_engine.systems.israel1948.victory import victory_level
from rules_engine.systems.israel1948.zoc import ZocCache


class Israel1948:
    """The Israel 1948 system for one game definition and a choice of optional rules."""

    def __init__(self, definition: GameDefinition, options: frozenset[str] = frozenset()) -> None:
        self.rules = Rules(definition, frozenset(options))
        self.definition = definition
        self.names = unit_names(c for c in self.rules.counters.counters.values() if c.is_unit)

    def scenario(self, scenario_id: str) -> Scenario:
        found = self.definition.scenario(scenario_id)
        if found is None:
            known = ", ".join(s.id for s in self.definition.scenarios)
            raise EngineError(f"no scenario '{scenario_id}' (there are: {known})")
        return found

    def new_game(self, scenario_id: str, dice: DiceSource | None = None, *, log: bool = True) -> Game:
        """A game at the start of the scenario's first turn, set up as the scenario says."""
        game = self.blank_game(scenario_id, log=log)
        game.set_up_scenario()
        game.begin_phase(dice or SeededDice(0, self.rules.die_sides))
        return game

    def blank_game(self, scenario_id: str, *, log: bool = True) -> Game:
        """An empty map at the scenario's first turn, before its first phase begins.

        A replay places its own position on it and then calls ``begin_phase``.
        """
        return Game(self, self.scenario(scenario_id), EventLog(enabled=log))


class Game:
    """A game in progress."""

    def __init__(self, system: Israel1948, scenario: Scenario, log: EventLog) -> None:
        rules = system.rules
        self.system = system
        self.rules = rules
        self.scenario = scenario
        first = scenario.first_player or rules.sides[0]
        second = rules.enemy_of(first)
        labels = rules.game.turn_labels
        first_index = labels.index(scenario.first_turn) if scenario.first_turn in labels else 0
        last_index = labels.index(scenario.last_turn) if scenario.last_turn in labels else len(labels) - 1
        if "late-peace" in rules.options:
            last_index += 1
        self.state = GameState(
            turn_labels=labels,
            phase_ids=tuple(p.id for p in rules.phases),
            first_player=first,
            second_player=second,
            turn_index=first_index,
            last_turn_index=min(last_index, len(labels) - 1),
            log=log,
        )
        self.zoc = ZocCache(rules)
        self.last_combat: combat.CombatReport | None = None
        self.peace_rolled = False
        self._create_units()
        for side in rules.sides:
            self.state.points[side] = self.air_allowance(side, first_index)

    # --- set-up --------------------------------------------------------------------

    def _create_units(self) -> None:
        """Every unit of the mix starts in the box (removed); set-up and positions bring them out."""
        for counter_id, names in self.system.names.items():
            counter = self.rules.counters.counters[counter_id]
            if not self.rules.in_play(counter):
                continue
            for copy, name in enumerate(names, start=1):
                self.state.add_unit(Unit(name, counter, copy, status=UnitStatus.REMOVED))

    def set_up_scenario(self) -> None:
        """3.x: the scenario's placements, control markers and reinforcement schedule."""
        board = self.rules.board
        for placement in self.scenario.placements:
            space = board.resolve(placement.at)
            if space is None:
                raise EngineError(f"set-up place '{placement.at}' is not on the map")
            for _ in range(placement.copies):
                unit = self.next_unused(placement.unit)
                self.put(unit, space)
                self.state.set_damaged(unit, placement.face == "back")
        for marker in self.scenario.markers:
            if marker.counter == "control" and marker.at is not None and marker.for_side is not None:
                space = board.resolve(marker.at)
                if space is not None:
                    self.state.control[space] = marker.for_side
        labels = self.state.turn_labels
        for reinforcement in self.scenario.reinforcements:
            if reinforcement.turn not in labels:
                raise EngineError(f"reinforcement turn {reinforcement.turn} is not on the turn track")
            for _ in range(reinforcement.copies):
                unit = self.next_unused(reinforcement.unit)
                unit.status = UnitStatus.WAITING
                unit.damaged = reinforcement.face == "back"
                self.state.reinforcements.append((labels.index(reinforcement.turn), unit))

    def next_unused(self, counter_id: str) -> Unit:
        """The first copy of a counter still in the box."""
        for name in self.system.names.get(counter_id, ()):
            unit = self.state.units.get(name)
            if unit is not None and unit.status is UnitStatus.REMOVED and unit.space is None:
                return unit
        raise EngineError(f"no copy of '{counter_id}' is left to place")

    def unit(self, reference: str) -> Unit:
        return find_unit(self.state, reference)

    # --- where the game stands ------------------------------------------------------

    @property
    def phase(self) -> PhaseInfo:
        return self.rules.phases[self.state.phase_index]

    @property
    def active_side(self) -> str:
        player = self.phase.player
        if player == "second":
            return self.state.second_player
        return self.state.first_player

    @property
    def inactive_side(self) -> str:
        return (
            self.state.second_player
            if self.active_side == self.state.first_player
            else self.state.first_player
        )

    def enemy_of(self, side: str) -> str:
        return self.rules.enemy_of(side)

    def require_phase(self, kind: str, rule: str) -> None:
        if self.state.over:
            raise IllegalAction("2.5", "the game is over")
        if self.phase.kind != kind:
            raise IllegalAction(rule, f"this is the {self.phase.id} phase, not a {kind} phase")

    # --- changes every rule uses ----------------------------------------------------

    def put(self, unit: Unit, space: str) -> None:
        """Place or move a unit, taking control of a town or city it enters (1.2)."""
        self.state.place(unit, space)
        self.take_control(space, unit.side)

    def take_control(self, space: str, side: str) -> None:
        if self.rules.is_controlled_place(space) and self.state.control.get(space) != side:
            self.state.control[space] = side
            self.state.note("control", f"{side} takes control of {self.rules.board.name(space)}")

    def step_loss(self, unit: Unit) -> None:
        """1.1: flip a full-strength two-sided unit; otherwise eliminate it."""
        if not unit.damaged and unit.counter.back is not None and not unit.counter.back.blank:
            self.state.set_damaged(unit, True)
            self.state.note("step-loss", f"{unit.uid} takes a step loss and is flipped")
        else:
            self.state.take_off(unit, UnitStatus.ELIMINATED)
            self.state.note("eliminated", f"{unit.uid} is eliminated")

    # --- supply (2.1, 2.4) ------------------------------------------------------------

    def in_supply(self, side: str) -> set[str]:
        return units_in_supply(self.rules, self.zoc, self.state, side)

    def supply_check(self, side: str, recheck: bool) -> None:
        supplied = self.in_supply(side)
        for unit in list(self.state.units_of(side)):
            if unit.uid in supplied:
                if unit.out_of_supply:
                    self.state.set_out_of_supply(unit, False)
                    self.state.note("supply", f"{unit.uid} is back in supply")
            elif not recheck and not unit.face.supply_symbol and not unit.out_of_supply:
                self.state.set_out_of_supply(unit, True)
                self.state.note("supply", f"{unit.uid} is out of supply")

    # --- movement (2.2) ---------------------------------------------------------------

    def legal_moves(self, unit: Unit) -> dict[str, tuple[str, ...]]:
        if self.phase.kind != "movement" or unit.side != self.active_side or not unit.on_map:
            return {}
        if unit.uid in self.state.moved:
            return {}
        return movement.reachable(self.rules, self.zoc, self.state, unit)

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
        for space in hexes[:-1]:
            self.take_control(space, unit.side)
        self.put(unit, hexes[-1])
        self.state.moved.add(unit.uid)
        self.state.note(
            "move", f"{unit.uid} moves to {self.rules.board.name(hexes[-1])} via {' '.join(hexes)}"
        )

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
        side = self.active_side
        options: list[tuple[str, str, list[Unit]]] = []
        for space, units in self.state.occupants.items():
            if not units or units[0].side != side:
                continue
            able = [u for u in units if u.uid not in self.state.attacked and self.rules.can_attack(u.face)]
            if not able:
                continue
            for target in self.rules.board.neighbours[space]:
                if self.state.side_at(target) != self.inactive_side:
                    continue
                if self.rules.attack_prohibited(space, target) is not None:
                    continue
                options.append((space, target, able))
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
        return stacking_problem(self.rules, self.state, there, [unit])

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

    def due_reinforcements(self) -> list[Unit]:
        return [u for turn, u in self.state.reinforcements if turn <= self.state.turn_index]

    def reinforcement_spaces(self, unit: Unit) -> list[str]:
        """Supply sources of the unit's own country with room for it (2.5)."""
        spaces: list[str] = []
        for at, nation in self.rules.sources.get(unit.side, ()):
            if nation != unit.nation or at in spaces:
                continue
            if stacking_problem(self.rules, self.state, at, [unit]) is None:
                spaces.append(at)
        constraint = self._reinforcement_constraint(unit)
        if constraint is None:
            return spaces
        return [space for space in spaces if not self._unmet(constraint, space, unit)]

    def _reinforcement_constraint(self, unit: Unit) -> Constraint | None:
        return next(
            (
                r.constraint
                for r in self.scenario.reinforcements
                if r.unit == unit.counter.id and r.constraint
            ),
            None,
        )

    def _unmet(self, constraint: Constraint, space: str, unit: Unit) -> list[str]:
        board = self.rules.board
        here = len(self.state.units_at(space))
        facts = PlacementFacts(here, here, unit.nation)
        return unmet_conditions(
            constraint, board.spaces[space], board.definition, facts, board.definition.resolve
        )

    def place_reinforcement(self, unit: Unit, space: str) -> None:
        self.require_phase("end", "2.5")
        if unit not in self.due_reinforcements():
            raise IllegalAction("2.5", f"{unit.uid} is not a reinforcement due this turn")
        allowed = self.reinforcement_spaces(unit)
        if space not in allowed:
            raise IllegalAction(
                "2.5",
                f"{unit.uid} enters on a supply source of its own country with room for it "
                f"({', '.join(allowed) or 'none has room now'}), not {self.rules.board.name(space)}",
            )
        self.state.reinforcements = [(t, u) for t, u in self.state.reinforcements if u is not unit]
        self.put(unit, space)
        self.state.note("reinforcement", f"{unit.uid} arrives in {self.rules.board.name(space)}")

    # --- the sequence of play -------------------------------------------------------------

    def begin_phase(self, dice: DiceSource) -> None:
        """Do the automatic part of the phase just entered."""
        kind = self.phase.kind
        if kind == "supply-check":
            self.supply_check(self.active_side, recheck=False)
        elif kind == "supply-recheck":
            self.supply_check(self.active_side, recheck=True)
        elif kind == "end":
            self._check_game_end(dice)

    def end_phase(self, dice: DiceSource) -> None:
        """Finish the current phase and begin the next (2.0)."""
        if self.state.over:
            raise IllegalAction("2.5", "the game is over")
        if self.phase.kind == "end":
            self._finish_turn()
        else:
            self.state.phase_index += 1
        self.state.moved.clear()
        self.state.attacked.clear()
        self.begin_phase(dice)

    def _check_game_end(self, dice: DiceSource) -> None:
        state = self.state
        if state.turn_index < state.last_turn_index:
            return
        if "uncertain-peace" in self.rules.options and not self.peace_rolled:
            self.peace_rolled = True
            if self._peace_continues(dice):
                state.last_turn_index += 1
                return
        state.over = True
        state.result = victory_level(self.rules, state, self.scenario)
        state.note("game-end", f"the game ends: {state.result}")

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

    def _finish_turn(self) -> None:
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
        if state.turn_index + 1 >= len(state.turn_labels):
            raise EngineError("the turn track has no box for the next turn")
        for side in self.rules.sides:
            state.points[side] = self.air_allowance(side, state.turn_index + 1)
        state.turn_index += 1
        state.phase_index = 0
        state.note("turn", f"turn {state.turn} begins")

    def victory(self) -> str | None:
        return victory_level(self.rules, self.state, self.scenario)
