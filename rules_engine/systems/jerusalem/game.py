"""One game of Jerusalem! in progress: the player turns (3.x) as hooks over the core's sequence of play.

``Jerusalem`` (system.py) holds what does not change between games; ``Game``
holds one game's state and the Jerusalem! marks on it (state.py). The hooks
begin and end player turns and phases (Stop markers, MPs, the Mufti units'
leave to move, the convoy's run, lone leaders, Shaltiel, the end of the game);
the actions are in actions.py and each is carried out by the module of its
rules. Every refusal is an IllegalAction naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rules_engine.core import Action, CoreGame, DiceSource, EventLog, IllegalAction, Unit, UnitStatus
from rules_engine.definitions import Reinforcement, Scenario
from rules_engine.systems.jerusalem import arrivals, leaders, legal, transport
from rules_engine.systems.jerusalem.combat import CombatReport
from rules_engine.systems.jerusalem.decisions import Decider, FirstChoice
from rules_engine.systems.jerusalem.fire import ShotReport
from rules_engine.systems.jerusalem.movement import OVERLAND, ROAD
from rules_engine.systems.jerusalem.roles import CONVOY, KUTUB, SHALTIEL, Role
from rules_engine.systems.jerusalem.state import Marks
from rules_engine.systems.jerusalem.tables import Tables
from rules_engine.systems.jerusalem.victory import victory_result

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.system import Jerusalem

ANNOUNCE, TURN_END = "announce", "player-turn-end"
FACE_DOWN_LABEL = "a face-down leader"
UNLIMITED = float("inf")


class Game(CoreGame):
    """A game of Jerusalem! in progress."""

    GAME_OVER_RULE = "3.5"
    system: Jerusalem

    def __init__(self, system: Jerusalem, scenario: Scenario, log: EventLog) -> None:
        # What the system read once, as attributes: the rules ask for them in every inner loop.
        self.tables: Tables = system.tables
        self.jewish: str = system.jewish
        self.arab: str = system.arab
        self._roles = system.roles
        self.marks = Marks()
        self._open_roads = 0  # 15.4: how many links of new road ``tables`` holds
        self.zoc_cache: dict[str, tuple[object, frozenset[str]]] = {}
        self.sight_cache: dict[tuple[str, bool], tuple[int, dict[str, bool]]] = {}
        self.last_combat: CombatReport | None = None
        self.last_shots: list[ShotReport] = []
        self.decider: Decider = FirstChoice()
        self._purposes: dict[str, int] = {}
        self._lines: dict[str, list[Reinforcement]] | None = None
        self._artillery: dict[str, list[Unit]] = {}
        # Changes to make once the current phase has begun (a replay's position uses it).
        self.deferred: list[Callable[[], None]] = []
        # The action a player has just asked the engine's own test about (``attack_problem``,
        # ``enter_problem``) with this position: applying that very action does not ask again.
        # Set by the random player of an unwatched game only; ``apply`` clears it.
        self.vetted: Action | None = None
        super().__init__(system, scenario, log)
        # Units stay the same objects all game, so the convoy is looked up once.
        self._convoy = system.named_unit(self, CONVOY)

    # --- what the rules ask about units and hexes ----------------------------------------

    def role(self, unit: Unit) -> Role:
        return self._roles[unit.counter.id]

    def reinforcement_lines(self, counter_id: str) -> Sequence[Reinforcement]:
        """The scenario's reinforcement lines for a counter, in order: asked whenever a
        reinforcement's entrance is looked up, so the lines are sorted by counter once a game."""
        if self._lines is None:
            self._lines = {}
            for line in self.scenario.reinforcements:
                self._lines.setdefault(line.unit, []).append(line)
        return self._lines.get(counter_id, ())

    def label(self, unit: Unit) -> str:
        """A unit as a player sees it: its printed name, or 'a face-down leader' (12.1)."""
        return FACE_DOWN_LABEL if unit.uid in self.marks.face_down else unit.uid

    def note(self, kind: str, text: str) -> None:
        self.state.note(kind, text)

    @property
    def logging(self) -> bool:
        """Whether events are kept: the notes of every move and shot are only written then."""
        return self.state.log.enabled

    def allowance(self, unit: Unit) -> float:
        """Its MPs: unlimited for the convoy (6.1) and Haj Amin inside the city (12.9.3)."""
        movement = unit.face.movement
        if isinstance(movement, (int, float)):
            return float(movement)
        if movement is None and self.role(unit).dummy:
            return self.system.dummy_movement
        return UNLIMITED if isinstance(movement, str) else 0.0

    def spent(self, unit: Unit) -> float:
        return self.marks.spent.get(unit.uid, 0.0)

    def passengers(self, transport_unit: Unit) -> list[Unit]:
        carried = self.marks.carried_by
        return [self.state.units[uid] for uid, carrier in carried.items() if carrier == transport_unit.uid]

    @property
    def shaltiel(self) -> Unit | None:
        return self.system.named_unit(self, SHALTIEL)

    def guns_of(self, side: str) -> list[Unit]:
        """``side``'s artillery on the map, in the order the units entered play: asked at every hex
        a unit enters (10.2), so the side's guns are picked out of its units once a game."""
        guns = self._artillery.get(side)
        if guns is None:
            guns = self._artillery[side] = [
                u for u in self.state.by_side.get(side, ()) if self.role(u).artillery
            ]
        return [g for g in guns if g.on_map]

    def convoy_unit(self) -> Unit | None:
        return self._convoy

    def convoy_at(self, space: str) -> bool:
        convoy = self.convoy_unit()
        return convoy is not None and convoy.on_map and convoy.space == space

    def distance_to_city(self, space: str) -> int:
        return self.system.city_distance.get(space, 999)

    def leader_quiet(self, leader: Unit) -> bool:
        """13.1.1: El Kutub gives no leader effects in the turn he bombs."""
        return leader.counter.id == KUTUB and self.marks.kutub_quiet

    def protection_limit(self, space: str) -> int | None:
        """9.6: how many units the fort, monastery or cathedral protects (None: no such place)."""
        limits = [
            f.combat.max_units for f in self.board.features_of[space] if f.combat and f.combat.max_units
        ]
        return min(limits) if limits else None

    # --- dice, by purpose (a purpose met twice in one action is numbered: 'eef morale 2') ----

    def roll(self, dice: DiceSource, purpose: str) -> int:
        return self.roll_many(dice, purpose, 1)[0]

    def roll_many(self, dice: DiceSource, purpose: str, count: int) -> list[int]:
        seen = self._purposes.get(purpose, 0) + 1
        self._purposes[purpose] = seen
        name = purpose if seen == 1 else f"{purpose} {seen}"
        die = self.system.die
        return list(dice.roll(name, {die: count})[die])

    def open_new_roads(self) -> None:
        """15.4: the roads built before this turn may be used from now on, by both sides; the game
        then moves on tables of its own (the system's, with those roads)."""
        now = self.state.turn_index
        usable = [link for link, (built, _) in self.marks.new_roads.items() if built < now]
        if len(usable) != self._open_roads:
            self._open_roads = len(usable)
            self.tables = self.system.tables.with_roads(usable) if usable else self.system.tables

    # --- changes -------------------------------------------------------------------------

    def stacking_problem(self, space: str, arriving: Sequence[Unit]) -> str | None:
        """The core's reading of the stacking rules (``Jerusalem.stacking_of``); a lone unit
        entering an empty hex always fits."""
        if len(arriving) == 1 and not self.state.occupants.get(space):
            return None
        return self.system.stacking_of(
            [*(u for u in self.state.units_at(space) if u not in arriving), *arriving]
        )

    def remove(self, unit: Unit, status: UnitStatus) -> None:
        """Take a unit off the map (eliminated, or removed from the game by a rule)."""
        for passenger in self.passengers(unit):
            self.marks.carried_by.pop(passenger.uid, None)
        self.marks.carried_by.pop(unit.uid, None)
        self.marks.face_down.discard(unit.uid)
        self.marks.off_map.pop(unit.uid, None)
        self.state.take_off(unit, status)
        if status is UnitStatus.ELIMINATED:
            self.note("eliminated", f"{unit.uid} is eliminated")

    def eliminate_with_passengers(self, unit: Unit) -> list[Unit]:
        """A unit lost in combat, with what it carries (8.7); the convoy goes back to the start and
        the units it carried stay where they are (6.4.1)."""
        if self.role(unit).convoy:
            transport.convoy_destroyed(self, unit)
            return [unit]
        lost = []
        for passenger in self.passengers(unit):
            self.remove(passenger, UnitStatus.ELIMINATED)
            lost.append(passenger)
        self.remove(unit, UnitStatus.ELIMINATED)
        lost.append(unit)
        return lost

    def disrupt(self, unit: Unit, *, until_jewish_turn_starts: bool) -> None:
        """10.10: no moving or firing until the next Jewish player turn starts; 13.1.4: until the
        next Jewish player turn ends."""
        moment = "start" if until_jewish_turn_starts else "end"
        self.marks.disrupted[unit.uid] = (moment, self.marks.jewish_turns + 1)
        self.marks.disrupted_by[unit.uid] = "10.10" if until_jewish_turn_starts else "13.1.4"
        self.note("disrupted", f"{self.label(unit)} is disrupted")

    def stop(self, units: Iterable[Unit]) -> list[str]:
        """3.4, 8.7.8: Stop markers on the units, and on the transports that set them down this phase."""
        stopped = []
        for unit in units:
            for uid in (unit.uid, self.marks.dropped_by.get(unit.uid)):
                if uid and uid not in self.marks.stopped and self.state.units[uid].on_map:
                    self.marks.stopped.add(uid)
                    stopped.append(uid)
        if stopped:
            self.note("stop", f"Stop markers on {', '.join(stopped)}")
        convoy = self.convoy_unit()
        if convoy is not None and convoy.uid in stopped and self.phase.kind == ROAD:
            transport.convoy_failed(self)  # 6.6: stopped by a failed attack, it will not reach Jerusalem
        return stopped

    def reveal(self, spaces: Iterable[str]) -> set[str]:
        return leaders.reveal(self, spaces)

    def hide(self, uids: Iterable[str]) -> None:
        leaders.hide(self, uids)

    def flight_paths(self, leader: Unit) -> dict[str, tuple[str, ...]]:
        return leaders.flight_paths(self, leader)

    def abandon(self, leader: Unit, space: str, destination: str) -> None:
        leaders.abandon(self, leader, space, destination)

    def shown_units(self, side: str) -> Iterator[tuple[str, str]]:
        """What the player to act sees of ``side`` (`wgc play`): the enemy's face-down counters
        unnamed (12.1)."""
        for space, label in self.view(self.active_side):
            if self.state.side_at(space) == side:
                yield self.board.name(space), label

    def view(self, side: str) -> list[tuple[str, str]]:
        """What ``side`` sees on the map, hex by hex: every unit by name, except the enemy's
        face-down counters, which are only 'a face-down leader' (12.1)."""
        face_down = self.marks.face_down
        return sorted(
            (u.space or "", u.uid if u.side == side or u.uid not in face_down else FACE_DOWN_LABEL)
            for u in self.state.on_map()
        )

    def entry_hexes(self, unit: Unit) -> list[str]:
        return arrivals.entry_hexes(self, unit)

    def victory(self) -> str | None:
        return victory_result(self)

    def put(self, unit: Unit, space: str) -> None:
        """Place or move a unit; a hidden counter (Arab leaders and dummies) comes onto the map face
        down (12.1), at set-up, as a reinforcement or in a replay's position."""
        arriving = not unit.on_map
        super().put(unit, space)
        if arriving and unit.counter.hidden:
            self.marks.face_down.add(unit.uid)

    # --- hooks over the core's sequence of play ----------------------------------------

    def on_phase_begin(self, dice: DiceSource) -> None:
        kind = self.phase.kind
        if kind == ANNOUNCE:
            self._begin_player_turn()
        elif kind in (OVERLAND, ROAD):
            self._begin_movement_phase(kind)
        elif kind == TURN_END:
            self._end_player_turn(dice)

    def _begin_player_turn(self) -> None:
        marks = self.marks
        marks.new_player_turn()
        self.open_new_roads()
        if self.active_side == self.jewish:
            marks.jewish_turns += 1
            self._expire_disruptions("start")

    def _begin_movement_phase(self, kind: str) -> None:
        self.marks.new_phase()
        leaders.free_mufti(self)
        if kind == ROAD:
            transport.begin_road_phase(self)

    def on_phase_end(self, dice: DiceSource) -> None:
        kind = self.phase.kind
        if kind not in (OVERLAND, ROAD):
            return
        problem = self.end_phase_problem()
        if problem is not None:
            raise problem
        following = self.following_phase()
        if following is not None and self.system.phases[following].kind in (OVERLAND, ROAD):
            self._stop_armour_that_moved(kind)
        self.marks.carried_by.clear()

    def end_phase_problem(self) -> IllegalAction | None:
        """Why the current movement phase may not end yet (None when it may)."""
        problem = arrivals.must_enter_problem(self) or transport.convoy_pending_problem(self)
        if problem is None and self._last_movement_phase():
            problem = leaders.lone_leader_problem(self)
        return problem

    def _last_movement_phase(self) -> bool:
        following = self.following_phase()
        return following is None or self.system.phases[following].kind not in (OVERLAND, ROAD)

    def _stop_armour_that_moved(self, kind: str) -> None:
        """7.2, 8.2: armoured cars and tanks that moved in the first phase get a Stop marker."""
        moved = [
            self.state.units[uid]
            for uid, kinds in self.marks.moved_in.items()
            if kind in kinds and self.role(self.state.units[uid]).one_phase and self.state.units[uid].on_map
        ]
        self.stop(moved)

    def _end_player_turn(self, dice: DiceSource) -> None:
        marks = self.marks
        if marks.stopped:
            self.note("stop", "every Stop marker is removed")
        marks.stopped.clear()
        side = self.active_side
        if side == self.jewish:
            leaders.check_shaltiel(self)
            self._expire_disruptions("end")
        else:
            leaders.eliminate_lone_leaders(self)
            marks.grounded.clear()
        if self._game_ends_now(side):
            self.finish(self.victory())

    def _expire_disruptions(self, moment: str) -> None:
        due = (moment, self.marks.jewish_turns)
        for uid in [u for u, when in self.marks.disrupted.items() if when == due]:
            del self.marks.disrupted[uid]
            self.marks.disrupted_by.pop(uid, None)

    def _game_ends_now(self, side: str) -> bool:
        """3.1, 3.5: the last turn is played only by the scenario's last players, then victory (2.0)."""
        state = self.state
        if state.turn_index < state.last_turn_index:
            return False
        players = self.scenario.last_turn_players or (state.first_player, state.second_player)
        return side == players[-1]

    def begin_phase(self, dice: DiceSource) -> None:
        """The phase's automatic part, then anything a replay's position set for it (``deferred``)."""
        super().begin_phase(dice)
        for change in self.deferred:
            change()
        self.deferred.clear()

    # --- the protocol ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        """Take one action; ``decider`` answers the choices it leaves to the players."""
        if self.state.over:
            raise IllegalAction(self.GAME_OVER_RULE, "the game is over")
        self.decider = decider if decider is not None else FirstChoice()
        self._purposes = {}
        self.last_shots = []
        legal.apply_action(self, action, dice)

    def units_named(self, names: Sequence[str]) -> list[Unit]:
        return [self.unit(name) for name in names]
