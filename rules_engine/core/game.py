"""One game in progress, as every system plays it: the turn and phase template and shared changes.

`CoreGame` runs the sequence of play that game.json declares: phases in order,
each with a kind and a player; after the last phase of a turn the next turn
begins. A system subclasses it and fills in the hooks (`on_phase_begin`,
`on_phase_end`, `on_turn_end`, `on_turn_begin`) and its own actions; it never
re-implements the loop. The changes every rulebook makes the same way live
here too: placing a unit (taking control of a place it enters), a step loss,
the end of the game with its result.

Side ids come from the data: the phase's player is "first" or "second" (of
the scenario), a side id, or a word such as "both", "none" or "solitaire",
which leaves the first player active.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rules_engine.core.actions import Action, ChoosePhaseFirst, EndPhase
from rules_engine.core.dice import DiceSource
from rules_engine.core.errors import EngineError, IllegalAction
from rules_engine.core.events import EventLog
from rules_engine.core.setup import create_units, next_unused, set_up_scenario
from rules_engine.core.state import GameState, Unit, UnitStatus
from rules_engine.core.units import find_unit
from rules_engine.core.victory import victory_level
from rules_engine.definitions import Phase, Scenario

if TYPE_CHECKING:
    from rules_engine.core.system import CoreSystem


class CoreGame:
    """A game in progress; systems subclass it and fill in the hooks."""

    # The section a refusal cites when the game is over; a system names its own.
    GAME_OVER_RULE = "game end"
    # What ``state.points`` counts, in the situation's words; a system names its own.
    POINTS_NAME = "Points"

    def __init__(self, system: CoreSystem[Any], scenario: Scenario, log: EventLog) -> None:
        self.system = system
        self.scenario = scenario
        self.board = system.board
        first = scenario.first_player or system.sides[0]
        labels = system.turn_labels
        first_index = labels.index(scenario.first_turn) if scenario.first_turn in labels else 0
        last_index = labels.index(scenario.last_turn) if scenario.last_turn in labels else len(labels) - 1
        last_index += self.extra_turns()
        self.state = GameState(
            turn_labels=labels,
            phase_ids=tuple(p.id for p in system.phases),
            first_player=first,
            second_player=system.enemy_of(first),
            turn_index=first_index,
            last_turn_index=min(last_index, max(len(labels) - 1, 0)),
            log=log,
        )
        create_units(self)

    # --- hooks a system fills in ----------------------------------------------------

    def extra_turns(self) -> int:
        """Turns an optional rule adds after the scenario's last turn."""
        return 0

    def on_phase_begin(self, dice: DiceSource) -> None:
        """The automatic part of the phase just entered (a supply check, a card drawn ...)."""

    def on_phase_end(self, dice: DiceSource) -> None:
        """What must happen, or be refused, before the current phase may end."""

    def on_turn_end(self, dice: DiceSource) -> None:
        """The last phase of a turn has ended; the next turn has not begun."""

    def on_turn_begin(self, dice: DiceSource) -> None:
        """A new turn has begun, before its first phase's automatic part."""

    def following_phase(self) -> int | None:
        """The index of the phase that follows the current one this turn; None ends the turn.

        A system whose turn skips phases (an operation cut short, a segment with
        nothing to do) says so here; by default the phases run in order, or in the
        order a player chose for a group of them (``phase_sequence``).
        """
        sequence = self.phase_sequence()
        position = sequence.index(self.state.phase_index)
        return sequence[position + 1] if position + 1 < len(sequence) else None

    # --- set-up ---------------------------------------------------------------------

    def set_up_scenario(self) -> None:
        """The scenario's placements, control markers and reinforcement schedule."""
        set_up_scenario(self)

    def next_unused(self, counter_id: str) -> Unit:
        return next_unused(self, counter_id)

    def unit(self, reference: str) -> Unit:
        """The unit a player or a replay names ("KIBBUTZ#3", an alias, a counter id)."""
        return find_unit(self.state, reference)

    # --- where the game stands ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.system.phases[self.state.phase_index]

    @property
    def active_side(self) -> str:
        return self.side_of(self.phase)

    def side_of(self, phase: Phase) -> str:
        """The side that plays ``phase`` (the first player for "both", "none" and the like)."""
        player = phase.player
        if player == "second":
            return self.state.second_player
        if player in self.system.sides:
            return player
        return self.state.first_player

    @property
    def inactive_side(self) -> str:
        return self.system.enemy_of(self.active_side)

    def enemy_of(self, side: str) -> str:
        return self.system.enemy_of(side)

    @property
    def turns_played(self) -> int:
        """Turns begun since the scenario's first turn (the length of a finished game)."""
        labels = self.state.turn_labels
        first = labels.index(self.scenario.first_turn) if self.scenario.first_turn in labels else 0
        return self.state.turn_index - first + 1

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def result(self) -> str | None:
        return self.state.result

    def require_phase(self, kind: str, rule: str) -> None:
        """Refuse an action outside the phases of ``kind``, citing ``rule``."""
        if self.state.over:
            raise IllegalAction(self.GAME_OVER_RULE, "the game is over")
        if self.phase.kind != kind:
            raise IllegalAction(rule, f"this is the {self.phase.name}, not a {kind} phase")

    # --- changes every rulebook makes the same way ------------------------------------

    def put(self, unit: Unit, space: str) -> None:
        """Place or move a unit, taking control of a place it enters."""
        self.state.place(unit, space)
        self.take_control(space, unit.side)

    def take_control(self, space: str, side: str) -> None:
        if space in self.system.controlled_places and self.state.control.get(space) != side:
            self.state.control[space] = side
            if self.state.logging:
                self.state.note(
                    "control", f"{self.system.side_name(side)} takes control of {self.board.name(space)}"
                )

    def step_loss(self, unit: Unit) -> None:
        """Flip a full-strength two-sided unit; otherwise eliminate it."""
        if steps_left(unit) == 2:
            self.state.set_damaged(unit, True)
            self.state.note("step-loss", f"{unit.uid} takes a step loss and is flipped")
        else:
            self.eliminate(unit)

    def eliminate(self, unit: Unit) -> None:
        self.state.take_off(unit, UnitStatus.ELIMINATED)
        self.state.note("eliminated", f"{unit.uid} is eliminated")

    def due_reinforcements(self) -> list[Unit]:
        """Reinforcements whose turn has come and that are not yet placed."""
        return [u for turn, u in self.state.reinforcements if turn <= self.state.turn_index]

    def stacking_problem(self, space: str, arriving: Sequence[Unit]) -> str | None:
        """Why ``arriving`` may not end up in ``space`` (None when they may)."""
        present = [u for u in self.state.units_at(space) if u not in arriving]
        together = [*present, *arriving]
        return self.system.stacking.problem([u.counter for u in together], (u.side for u in together))

    def situation(self) -> list[str]:
        """The position in a few lines for a player: where the game stands, who stands where.

        A program that plays any system (`wgc play`) shows this; a system with more
        to show (cards in hand, a track) overrides it.
        """
        state = self.state
        lines = [
            f"{self.scenario.name}: turn {state.turn}, {self.phase.name}, "
            f"{self.system.side_name(self.active_side)} to act"
        ]
        for side in self.system.sides:
            places: dict[str, list[str]] = {}
            for place, shown in self.shown_units(side):
                places.setdefault(place, []).append(shown)
            lines.append(f"{self.system.side_name(side)}:")
            lines += [f"  {place}: {', '.join(units)}" for place, units in sorted(places.items())]
        if state.points:
            counts = ", ".join(f"{self.system.side_name(k)} {v}" for k, v in sorted(state.points.items()))
            lines.append(f"{self.POINTS_NAME}: {counts}")
        return lines

    def shown_units(self, side: str) -> Iterator[tuple[str, str]]:
        """``side``'s units as ``situation`` lists them: (the place's name, the unit's label). A
        system that hides counters from the player to act says so here."""
        for unit in self.state.units_of(side):
            yield self.board.name(unit.space or ""), unit.uid + shown_face(unit)

    def victory(self) -> str | None:
        """The level the scenario's control conditions give for the position now."""
        return victory_level(self.board, self.state, self.scenario)

    def finish(self, result: str | None) -> None:
        """End the game with ``result``."""
        self.state.over = True
        self.state.result = result
        self.state.note("game-end", f"the game ends: {result}")

    # --- the sequence of play -------------------------------------------------------

    def begin_phase(self, dice: DiceSource) -> None:
        """Do the automatic part of the phase just entered."""
        self.on_phase_begin(dice)

    def end_phase(self, dice: DiceSource) -> None:
        """Finish the current phase and begin the next; after the last, the next turn."""
        if self.state.over:
            raise IllegalAction(self.GAME_OVER_RULE, "the game is over")
        self.on_phase_end(dice)
        state = self.state
        following = self.following_phase()
        if following is not None:
            state.phase_index = following
        else:
            self.on_turn_end(dice)
            if state.over:
                return
            self._next_turn(dice)
        state.moved.clear()
        state.attacked.clear()
        self.begin_phase(dice)

    def _next_turn(self, dice: DiceSource) -> None:
        state = self.state
        if state.turn_index + 1 >= len(state.turn_labels):
            raise EngineError("the turn track has no box for the next turn")
        state.turn_index += 1
        state.phase_order = ()
        state.ordered_groups.clear()
        state.phase_index = 0
        state.note("turn", f"turn {state.turn} begins")
        self.on_turn_begin(dice)

    # --- phases whose order the player chooses ------------------------------------------

    def phase_sequence(self) -> tuple[int, ...]:
        """This turn's phases in the order they are played, as indexes into the sequence of play."""
        return self.state.phase_order or tuple(range(len(self.state.phase_ids)))

    def phase_order_choices(self) -> list[ChoosePhaseFirst]:
        """A choice of first phase for each of the active side's player-choice groups neither begun
        nor ordered this turn: the player announces the order once (Jerusalem! 3.2)."""
        phases = self.system.phases
        sequence = self.phase_sequence()
        position = sequence.index(self.state.phase_index)
        later = set(sequence[position + 1 :])
        choices: list[ChoosePhaseFirst] = []
        for group in dict.fromkeys(p.group for p in phases if p.order == "player-choice" and p.group):
            members = [i for i, p in enumerate(phases) if p.group == group and p.order == "player-choice"]
            if group in self.state.ordered_groups or any(
                self.side_of(phases[i]) != self.active_side for i in members
            ):
                continue
            if len(members) > 1 and all(i in later for i in members):
                choices.extend(ChoosePhaseFirst(phases[i].id, phases[i].name) for i in members)
        return choices

    def choose_phase_first(self, phase_id: str, rule: str) -> None:
        """Play ``phase_id`` first among the phases of its group; the others keep their order.

        Refused (citing ``rule``) unless the phase's order is the player's choice, no phase of
        its group has begun this turn and its order has not been chosen already.
        """
        if self.state.over:
            raise IllegalAction(self.GAME_OVER_RULE, "the game is over")
        if not any(c.phase == phase_id for c in self.phase_order_choices()):
            raise IllegalAction(rule, f"the order of phase '{phase_id}' cannot be chosen now")
        phases = self.system.phases
        group = next(p.group or "" for p in phases if p.id == phase_id)  # a choice is of a group
        sequence = list(self.phase_sequence())
        slots = [k for k, i in enumerate(sequence) if phases[i].group == group]
        members = [sequence[k] for k in slots]
        chosen = next(i for i in members if phases[i].id == phase_id)
        reordered = [chosen, *(i for i in members if i != chosen)]
        for slot, index in zip(slots, reordered, strict=True):
            sequence[slot] = index
        self.state.phase_order = tuple(sequence)
        self.state.ordered_groups.add(group)
        self.state.note("phase-order", f"the {phases[chosen].name} comes first this turn")

    # --- the protocol's actions -------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now: choices of phase order, and ending the phase."""
        if self.state.over:
            return []
        return [*self.phase_order_choices(), EndPhase()]

    def action_text(self, action: Action) -> str:
        """``action`` in a player's words with what the position adds to them (an attack's odds);
        the action's own ``describe()`` unless a system says more."""
        return action.describe()

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        """Take one action; the system's own kinds of action are handled by its subclass."""
        if isinstance(action, EndPhase):
            self.end_phase(dice)
            return
        if isinstance(action, ChoosePhaseFirst):
            self.choose_phase_first(action.phase, "sequence of play")
            return
        raise EngineError(f"this game has no action '{action.kind}'")


def shown_face(unit: Unit) -> str:
    """What a player is told of the face a unit shows: nothing at full strength, " (reduced)" on
    its back, " (reduced: face 3)" on a further face (a unit of more than two steps)."""
    if not unit.damaged:
        return ""
    return " (reduced)" if unit.face_index <= 1 else f" (reduced: face {unit.face_index + 1})"


def steps_left(unit: Unit) -> int:
    """How many step losses take ``unit`` off the map (``step_loss``): two for a full-strength
    unit whose back is its reduced side, one for any other (a blank back is no reduced side)."""
    back = unit.counter.back
    return 2 if not unit.damaged and back is not None and not back.blank else 1
