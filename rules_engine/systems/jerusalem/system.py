"""The Jerusalem! system for one game definition: the tables, the roles, and starting games.

Built once per definition (reading the map and the charts), it starts games
from a scenario, with Scenario II's set-up rolls when dice are given
(setup.py), and answers the protocol's class facts and deciders.
"""

from __future__ import annotations

from typing import ClassVar

from rules_engine.core import Chooser, CoreSystem, DiceSource, EngineError, SeededDice, Unit
from rules_engine.core.system import AfterAction
from rules_engine.definitions import ValidGame
from rules_engine.systems.jerusalem.decisions import ChooserDecider, RandomDecider
from rules_engine.systems.jerusalem.game import Game
from rules_engine.systems.jerusalem.roles import SHALTIEL, Role, role_of
from rules_engine.systems.jerusalem.tables import Tables

PHASE_KINDS = frozenset({"announce", "overland-movement", "road-movement", "player-turn-end", "advance-turn"})


class Jerusalem(CoreSystem[Game]):
    """The Jerusalem! system."""

    name: ClassVar[str] = "jerusalem"
    face_values: ClassVar[dict[str, tuple[str, ...]]] = {
        "unit": ("strength", "strength_colour", "movement", "movement_colour")
    }
    phase_kinds = PHASE_KINDS
    # The painter prints strength and MPs as '4-6' (compiler/render reads it through the registry).
    counter_layout: ClassVar[str] = "dash"
    game_class = Game

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
        self.dummy_movement = self._leader_movement()
        self.city_distance = self._city_distances()
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

    def _city_distances(self) -> dict[str, int]:
        """12.9.4: how far each hex is from the nearest Jerusalem city hex."""
        distances = {space: 0 for space in self.tables.city}
        frontier = list(self.tables.city)
        while frontier:
            following = []
            for space in frontier:
                for near in self.board.neighbours[space]:
                    if near not in distances:
                        distances[near] = distances[space] + 1
                        following.append(near)
            frontier = following
        return distances

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

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> Game:
        from rules_engine.systems.jerusalem.random_play import play_random_game

        return play_random_game(self, scenario_id, seed, after_action=after_action)
