"""The Jerusalem! system for one game definition: the tables, the roles, and starting games.

Built once per definition (reading the map and the charts), it starts games
from a scenario, with Scenario II's set-up rolls when dice are given
(setup.py), and answers the protocol's class facts and deciders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rules_engine.core import Chooser, CoreSystem, DiceSource, EngineError, SeededDice, Unit
from rules_engine.core.policies import Policy, PolicyFactory, RandomPolicy
from rules_engine.core.system import AfterAction
from rules_engine.definitions import ValidGame
from rules_engine.systems.jerusalem.decisions import ChooserDecider, RandomDecider
from rules_engine.systems.jerusalem.facts import FACTS
from rules_engine.systems.jerusalem.game import Game
from rules_engine.systems.jerusalem.roles import SHALTIEL, Role, role_of
from rules_engine.systems.jerusalem.tables import Tables

# How many groups of counters `stacking_of` remembers before it starts again.
STACKING_MEMO = 100_000
# The scripted policy's name (policies.py).
OBJECTIVES = "objectives"


def _objectives_policy(seed: int) -> Policy:
    from rules_engine.systems.jerusalem.policies import ObjectivesPolicy

    return ObjectivesPolicy(seed)


class Jerusalem(CoreSystem[Game]):
    """The Jerusalem! system."""

    name: ClassVar[str] = "jerusalem"
    facts = FACTS
    game_class = Game
    policies: ClassVar[Mapping[str, PolicyFactory]] = {"random": RandomPolicy, OBJECTIVES: _objectives_policy}

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        super().__init__(definition, options)
        self.tables = Tables(definition, self.board)
        self.roles: dict[str, Role] = {
            c.id: role_of(c, definition.game) for c in self.counters.counters.values()
        }
        combat = definition.charts.combat
        self.colours = {c.colour: c for c in combat.strength_colours} if combat else {}
        if not definition.game.dice:
            raise EngineError("game.json declares no die", field="dice")
        self.die = definition.game.dice[0].id
        shaltiel = self.counters.get(SHALTIEL)
        if shaltiel is None or shaltiel.side is None:
            raise EngineError(f"the Jerusalem! system needs the counter '{SHALTIEL}'")
        self.jewish = shaltiel.side
        self.arab = self.enemy_of(self.jewish)
        self._stacking: dict[tuple[str, ...], str | None] = {}
        self.dummy_movement = self._leader_movement()
        self.city_distance = self.tables.hexes_from(self.tables.city)  # 12.9.4
        self.zoc_reach = {
            space: ()
            if space in self.tables.no_zoc
            else tuple(n for n in near if n not in self.tables.no_zoc)
            for space, near in self.board.neighbours.items()
        }

    def _leader_movement(self) -> float:
        """A dummy must pass for a leader (12.1), so it moves as far as the side's leaders do."""
        moves = [
            float(c.front.movement)
            for c in self.counters.counters.values()
            if c.kind == "leader" and c.side == self.arab and isinstance(c.front.movement, (int, float))
        ]
        return max(moves, default=0.0)

    def stacking_of(self, units: Sequence[Unit]) -> str | None:
        """Why these units may not share a hex (None when they may): the core's `Stacking`, whose
        answer depends only on the counters, so each group of counters is judged once."""
        key = tuple(u.counter.id for u in units)
        if key not in self._stacking:
            if len(self._stacking) >= STACKING_MEMO:
                self._stacking.clear()
            self._stacking[key] = self.stacking.problem([u.counter for u in units], [u.side for u in units])
        return self._stacking[key]

    def copies(self, game: Game, counter_id: str) -> list[Unit]:
        """The units of one counter, in the order they were made (the order of ``state.units``)."""
        units = game.state.units
        return [units[name] for name in self.names.get(counter_id, ()) if name in units]

    def named_unit(self, game: Game, counter_id: str) -> Unit | None:
        names = self.names.get(counter_id, ())
        return game.state.units.get(names[0]) if names else None

    # --- starting games and the protocol's deciders ------------------------------------

    def new_game(self, scenario_id: str, dice: DiceSource | None = None, *, log: bool = True) -> Game:
        """A game at the start of the scenario; with ``dice``, the scenario's set-up rolls are made."""
        game = self.blank_game(scenario_id, log=log)
        game.set_up_scenario()
        if dice is not None:
            from rules_engine.systems.jerusalem.setup import roll_setup

            roll_setup(game, dice)
        game.begin_phase(dice or SeededDice(0, self.die_sides))
        return game

    def random_decider(self, seed: int) -> RandomDecider:
        return RandomDecider(seed)

    def chooser_decider(self, chooser: Chooser) -> ChooserDecider:
        return ChooserDecider(chooser, lambda u: u.uid, self.board.name, self.side_name)

    def play(self, scenario_id: str, seed: int, policy: str = "random") -> Game:
        """The scripted policy builds its actions one unit or hex at a time rather than choosing
        from every legal action (`policies.py`); the others play through the core's loop."""
        if policy == OBJECTIVES:
            from rules_engine.systems.jerusalem.policies import play_objectives_game

            return play_objectives_game(self, scenario_id, seed)
        return super().play(scenario_id, seed, policy)

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> Game:
        from rules_engine.systems.jerusalem.random_play import play_random_game

        return play_random_game(self, scenario_id, seed, after_action=after_action)
