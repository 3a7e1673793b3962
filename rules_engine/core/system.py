"""The GameSystem protocol every rules system meets, and the base class that meets most of it.

A system is the rules of one family of games (Israel 1948's dice pools,
Jerusalem!'s odds CRT, the Raiders solitaire system). Whatever plays games,
the replay runner, random play, balance runs, `wgc play`, talks to it only
through `GameSystem` and `Game`:

- start a game from a scenario (`new_game`) or from an explicit position
  (`blank_game`, then the caller places units and calls `begin_phase`);
- ask for the legal actions of the moment and apply one;
- read the result once the game is over;
- play random legal games (`play_random`), for tests and benches;
- declare what its rules read from the data: the counter values each kind of
  counter must carry (`reads_values`, which the game's game.json must declare), the
  phase kinds it knows, its optional rules.

`CoreSystem` implements the shared part (scenario lookup, unit names, the
board, stacking, control) so that a system writes only its own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rules_engine.core.actions import Action, Chooser
from rules_engine.core.board import Board
from rules_engine.core.dice import DiceSource, SeededDice
from rules_engine.core.errors import EngineError
from rules_engine.core.events import EventLog
from rules_engine.core.facts import SystemFacts
from rules_engine.core.game import CoreGame
from rules_engine.core.policies import PolicyFactory, RandomPolicy, play_with_policy
from rules_engine.core.stacking import Stacking
from rules_engine.core.state import GameState
from rules_engine.core.units import unit_names
from rules_engine.definitions import Counter, Phase, Scenario, ValidGame

AfterAction = Callable[[Any, str], None]
G = TypeVar("G", bound=CoreGame)


class Game(Protocol):
    """One game in progress, as a caller that does not know the system sees it."""

    state: GameState
    scenario: Scenario

    @property
    def phase(self) -> Phase: ...

    @property
    def active_side(self) -> str: ...

    @property
    def over(self) -> bool: ...

    @property
    def result(self) -> str | None: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None: ...

    def begin_phase(self, dice: DiceSource) -> None: ...

    def end_phase(self, dice: DiceSource) -> None: ...


class GameSystem(Protocol):
    """The rules of one family of games, for one game's data and a choice of optional rules."""

    name: ClassVar[str]
    reads_values: ClassVar[Mapping[str, Mapping[str, str]]]
    phase_kinds: ClassVar[frozenset[str]]
    optional_rules: ClassVar[frozenset[str]]
    policies: ClassVar[Mapping[str, PolicyFactory]]

    definition: ValidGame
    options: frozenset[str]

    def new_game(self, scenario_id: str, dice: DiceSource | None = None, *, log: bool = True) -> Game: ...

    def blank_game(self, scenario_id: str, *, log: bool = True) -> Game: ...

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> Game:
        """Play one game to its end with random legal actions."""
        ...

    def random_decider(self, seed: int) -> Any:
        """Answers, at random, the choices an action leaves to a player (None: the system has none)."""
        ...

    def chooser_decider(self, chooser: Chooser) -> Any:
        """Answers the choices an action leaves to a player by asking ``chooser``."""
        ...

    def play(self, scenario_id: str, seed: int, policy: str = "random") -> Game:
        """Play one game to its end with the named policy (``policies`` lists them)."""
        ...


class CoreSystem(Generic[G]):
    """What every system shares; a system subclasses it, sets ``game_class`` and ``facts`` (its
    facts.py), whose values become its class facts."""

    name: ClassVar[str] = ""
    facts: ClassVar[SystemFacts | None] = None
    reads_values: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    phase_kinds: ClassVar[frozenset[str]] = frozenset()
    optional_rules: ClassVar[frozenset[str]] = frozenset()
    # Who can play the game without a person: "random" for every system, and the system's own.
    policies: ClassVar[Mapping[str, PolicyFactory]] = {"random": RandomPolicy}
    # The features of a space whose control changes hands when a unit enters it.
    controlled_features: ClassVar[tuple[str, ...]] = ()
    game_class: type[G]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The class facts are the system's ``facts``, written once in its facts.py."""
        super().__init_subclass__(**kwargs)
        facts = cls.__dict__.get("facts")
        if facts is not None:
            cls.reads_values = facts.reads_values
            cls.phase_kinds = facts.phase_kinds
            cls.optional_rules = facts.optional_rules

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        unknown = sorted(set(options) - self.optional_rules)
        if unknown:
            raise EngineError(f"unknown optional rule(s): {', '.join(unknown)}", field="options")
        self.definition = definition
        self.options = frozenset(options)
        self.board = Board(definition.board, definition.terrain)
        self.counters = definition.counters
        self.stacking = Stacking(definition.game)
        self.sides = tuple(s.id for s in definition.game.sides)
        # the other side of a two-sided game, the side itself in a one-sided game (asked on every move)
        self._enemies = {side: next((s for s in self.sides if s != side), side) for side in self.sides}
        self.phases = self._phases(definition.game.phases)
        self.turn_labels = definition.game.turn_labels
        self.die_sides = {d.id: d.sides for d in definition.game.dice}
        self.names = unit_names(c for c in self.counters.counters.values() if c.is_unit)
        self._unit_mix: tuple[tuple[str, Counter, int], ...] | None = None
        self._side_names = {s.id: s.name for s in definition.game.sides}
        self.controlled_places = frozenset(
            space
            for space in self.board.spaces
            if any(self.board.has_feature(space, f) for f in self.controlled_features)
        )

    def _phases(self, phases: Sequence[Phase]) -> tuple[Phase, ...]:
        """The sequence of play; a phase of a kind this system does not know is a data error."""
        if self.phase_kinds:
            for phase in phases:
                if phase.kind not in self.phase_kinds:
                    raise EngineError(
                        f"phase '{phase.id}' has kind '{phase.kind}', which the {self.name} system does "
                        f"not know (it knows: {', '.join(sorted(self.phase_kinds))})",
                        field="phases",
                    )
        return tuple(phases)

    # --- facts every game of the system asks ------------------------------------------

    def scenario(self, scenario_id: str) -> Scenario:
        found = self.definition.scenario(scenario_id)
        if found is None:
            known = ", ".join(s.id for s in self.definition.scenarios)
            raise EngineError(f"no scenario '{scenario_id}' (there are: {known})", field="scenario")
        return found

    def enemy_of(self, side: str) -> str:
        """The other side of a two-sided game (the side itself in a one-sided game)."""
        enemy = self._enemies.get(side)
        return enemy if enemy is not None else next((s for s in self.sides if s != side), side)

    def side_name(self, side: str) -> str:
        return self._side_names.get(side, side)

    def in_play(self, counter: Counter) -> bool:
        """Counters of an optional rule that is off stay in the box."""
        return counter.optional_rule is None or counter.optional_rule in self.options

    def unit_mix(self) -> tuple[tuple[str, Counter, int], ...]:
        """(name, counter, copy number) of every unit a game puts in the box, in the order of
        ``names``: the same for every game of this system, so listed once, on first use (a
        system may still set its ``names`` in its own ``__init__``)."""
        mix = self._unit_mix
        if mix is None:
            counters = self.counters.counters
            mix = self._unit_mix = tuple(
                (name, counter, copy)
                for counter_id, names in self.names.items()
                if self.in_play(counter := counters[counter_id])
                for copy, name in enumerate(names, start=1)
            )
        return mix

    def is_controlled_place(self, space: str) -> bool:
        """A place whose control changes hands when a unit enters it (a town, a city ...)."""
        return space in self.controlled_places

    # --- starting games ----------------------------------------------------------------

    def new_game(self, scenario_id: str, dice: DiceSource | None = None, *, log: bool = True) -> G:
        """A game at the start of the scenario's first turn, set up as the scenario says."""
        game = self.blank_game(scenario_id, log=log)
        game.set_up_scenario()
        game.begin_phase(dice or SeededDice(0, self.die_sides))
        return game

    def blank_game(self, scenario_id: str, *, log: bool = True) -> G:
        """An empty map at the scenario's first turn, before its first phase begins.

        A replay places its own position on it and then calls ``begin_phase``.
        """
        return self.game_class(self, self.scenario(scenario_id), EventLog(enabled=log))

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> G:
        """Random legal play through the protocol; a system with a smarter random player overrides it."""
        from rules_engine.core.random_play import play_random_actions

        dice = SeededDice(seed, self.die_sides)
        game = self.new_game(scenario_id, dice, log=False)
        play_random_actions(game, seed, dice, self.random_decider(seed + 1), after_action=after_action)
        return game

    def play(self, scenario_id: str, seed: int, policy: str = "random") -> G:
        """One game to its end with the named policy; "random" is the system's random player."""
        if policy == "random":
            return self.play_random(scenario_id, seed)
        factory = self.policies.get(policy)
        if factory is None:
            known = ", ".join(sorted(self.policies))
            raise EngineError(
                f"the {self.name} system has no policy '{policy}' (it has: {known})", field="policy"
            )
        dice = SeededDice(seed, self.die_sides)
        game = self.new_game(scenario_id, dice, log=False)
        play_with_policy(game, factory(seed), dice, self.random_decider(seed + 1))
        return game

    def random_decider(self, seed: int) -> Any:
        """What answers the choices an action leaves to a player, at random (None: no such choices)."""
        return None

    def chooser_decider(self, chooser: Chooser) -> Any:
        """What answers those choices by asking ``chooser`` (None: the system leaves no such choices)."""
        return None
