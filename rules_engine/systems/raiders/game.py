"""One Raiders mission in progress: operations as hooks over the core's sequence of play.

The core runs game.json's five segments in order; a Raiders "turn" is one
operation (11.0), numbered from 1, after a set-up "turn" in which the starting
force is bought (7.0). The hooks draw the operations card as its segment
begins, reveal a Garrison in the objective segment, skip segments with
nothing to do, and end the mission after the operation that plays the last
card (13.1). The player's actions are listed by ``legal_actions`` and taken by
``apply``; every other decision the rules make is made here from the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rules_engine.core import Action, Chooser, CoreGame, CoreSystem, DiceSource, EngineError, EventLog, Unit
from rules_engine.core.policies import Policy, PolicyFactory, RandomPolicy
from rules_engine.core.system import AfterAction
from rules_engine.core.units import unit_names
from rules_engine.definitions import Scenario, ValidGame
from rules_engine.systems.raiders import (
    battle,
    cards,
    choices,
    leaders,
    movement,
    objectives,
    operations,
    setup,
)
from rules_engine.systems.raiders.actions import (
    Abandon,
    Appeal,
    Demolish,
    EndMission,
    Fight,
    Fly,
    Move,
    NextMission,
    Operate,
    PlayCard,
    Rally,
    Recruit,
    RecruitLeader,
    ResolveCard,
    Sail,
    Scout,
    Supply,
    Transfer,
)
from rules_engine.systems.raiders.decisions import Decider, RandomDecider, RecordingDecider, chooser_decider
from rules_engine.systems.raiders.draws import pick_dice_sides
from rules_engine.systems.raiders.facts import FACTS
from rules_engine.systems.raiders.force import force_space
from rules_engine.systems.raiders.rules import Mission, Rules
from rules_engine.systems.raiders.state import MissionState

# Operations a mission may run to: far more than any deck allows (the set-up is "turn" 0).
MAX_OPERATIONS = 999
SET_UP = "set-up"


class Game(CoreGame):
    """A Raiders mission (or a campaign of them) in progress."""

    GAME_OVER_RULE = "11.2"
    system: Raiders

    def __init__(self, system: Raiders, scenario: Scenario, log: EventLog) -> None:
        self.rules: Rules = system.rules
        self.mission = MissionState()
        self.campaign: Any = None  # campaign.CampaignRecord while a campaign is played
        self.between_missions = False
        # told of each battle as it starts, its space given (a tool's hook: the differential
        # test of the VASSAL module's automation takes its battles this way)
        self.battle_watcher: Callable[[Game, str], None] | None = None
        super().__init__(system, scenario, log)
        info = self.rules.missions.get(scenario.id)
        if info is None:
            raise EngineError(f"scenario '{scenario.id}' names no mission card", field="scenario")
        self.info: Mission = info
        setup.fill_boxes(self)

    # --- where the game stands ----------------------------------------------------------

    @property
    def in_set_up(self) -> bool:
        return self.state.turn_index == 0

    @property
    def ops(self) -> int:
        return self.mission.ops

    @property
    def pounds(self) -> int:
        return self.state.points.get(self.rules.points_track, 0)

    @property
    def leadership(self) -> int:
        return self.state.points.get(self.rules.level_track, 0)

    @property
    def hero(self) -> Unit:
        return self.state.units[self.system.names[self.rules.hero][0]]

    def space_name(self, space: str) -> str:
        found = self.board.spaces.get(space)
        return found.name or space if found is not None else space

    def put(self, unit: Unit, space: str) -> None:
        """The core's put, for a replay's position: a counter on the map leaves its box."""
        self.mission.where.pop(unit.uid, None)
        super().put(unit, space)

    def victory(self) -> str | None:
        """The result the mission's objective gives for the position now (6.0)."""
        return objectives.mission_result(self)

    def situation(self) -> list[str]:
        from rules_engine.systems.raiders.display import situation

        return situation(self)

    # --- hooks over the core's sequence of play -------------------------------------------

    def set_up_scenario(self) -> None:
        """The scenario's set-up; its random part follows as the set-up begins (a blank game has none)."""
        self.mission.set_up = False
        setup.set_up_mission(self)

    def on_phase_begin(self, dice: DiceSource) -> None:
        if self.in_set_up:
            if not self.mission.set_up:
                setup.random_set_up(self, dice)
            return
        kind = self.phase.kind
        if kind == "operations-card":
            cards.draw_for_operation(self)
        elif kind == "objective":
            objectives.reveal_in_force_space(self)

    def on_phase_end(self, dice: DiceSource) -> None:
        if self.in_set_up:
            return
        operations.check_segment_done(self)
        if self.phase.kind == "movement" and cards.ignores_cards(self, force_space(self)):
            cards.draw_for_operation(self)  # 30.2: drawn and discarded as the move ends

    def following_phase(self) -> int | None:
        if self.in_set_up:
            return None
        return operations.following_segment(self)

    def on_turn_end(self, dice: DiceSource) -> None:
        if not self.in_set_up:
            operations.end_operation(self)

    def on_turn_begin(self, dice: DiceSource) -> None:
        operations.begin_operation(self)

    # --- the protocol -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.state.over:
            return []
        return choices.legal_actions(self)

    def apply(self, action: Action, dice: DiceSource, decider: Any = None) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            super().apply(action, dice, decider)
            return
        handler(self, action, dice, decider or RandomDecider(0))


def _fight(game: Game, action: Fight, dice: DiceSource, decider: Decider) -> None:
    battle.fight(game, action.at, dice, decider)


_HANDLERS: dict[type, Callable[[Game, Any, DiceSource, Decider], None]] = {
    Recruit: lambda g, a, d, dec: operations.recruit(g, a.unit_class, a.carrier, d),
    RecruitLeader: lambda g, a, d, dec: leaders.recruit_leader(g, a.pounds, d),
    Operate: lambda g, a, d, dec: operations.operate(g, a.units),
    Scout: lambda g, a, d, dec: operations.scout(g, a.at),
    Supply: lambda g, a, d, dec: movement.supply(g, a.gear, a.use),
    Rally: lambda g, a, d, dec: movement.rally(g, a.units),
    Appeal: lambda g, a, d, dec: leaders.appeal(g, a.results, d, dec),
    PlayCard: lambda g, a, d, dec: cards.play_kept(g, a.card, a.use, a.to, d),
    Move: lambda g, a, d, dec: movement.move(g, a.path),
    Sail: lambda g, a, d, dec: movement.sail(g, a.to),
    Fly: lambda g, a, d, dec: movement.fly(g, a.to),
    Transfer: lambda g, a, d, dec: operations.transfer(g, a.gear, a.to),
    Abandon: lambda g, a, d, dec: operations.abandon(g, a.gear),
    ResolveCard: lambda g, a, d, dec: cards.resolve(g, a.card, d, dec),
    Fight: _fight,
    Demolish: lambda g, a, d, dec: objectives.demolish(g, a.charge, d),
    EndMission: lambda g, a, d, dec: objectives.end_mission_early(g),
    NextMission: lambda g, a, d, dec: _next_mission(g, a, d),
}


def _next_mission(game: Game, action: NextMission, dice: DiceSource) -> None:
    from rules_engine.systems.raiders import campaign

    campaign.next_mission(game, action.start, action.leader, dice)


def _raider_policy(seed: int) -> Policy:
    from rules_engine.systems.raiders.policy import RaiderPolicy

    return RaiderPolicy(seed)


class Raiders(CoreSystem[Game]):
    """The Raiders system for one game's data."""

    name: ClassVar[str] = "raiders"
    facts = FACTS
    policies: ClassVar[Mapping[str, PolicyFactory]] = {"random": RandomPolicy, "raider": _raider_policy}
    game_class = Game

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        super().__init__(definition, options)
        self.rules = Rules(definition, self.board)
        # Gear and Garrison markers are counters the rules move too (not only units).
        pieces = [
            c for c in self.counters.counters.values() if c.kind != "marker" or self.rules.is_garrison(c)
        ]
        self.names = unit_names(pieces)
        self.turn_labels = (SET_UP, *(str(n) for n in range(1, MAX_OPERATIONS + 1)))
        self.die_sides = {**self.die_sides, **pick_dice_sides()}

    def new_campaign(self, dice: DiceSource | None = None, *, log: bool = True) -> Game:
        """25.0, 28.0: the campaign of game.json, from the set-up of its first mission."""
        from rules_engine.systems.raiders.campaign import start_campaign

        order = self.rules.campaign_order
        if not order:
            raise EngineError("this game has no campaign in game.json", field="campaign")
        game = self.new_game(order[0], dice, log=log)
        start_campaign(game)
        return game

    def random_decider(self, seed: int) -> RandomDecider:
        return RandomDecider(seed)

    def chooser_decider(self, chooser: Chooser) -> RecordingDecider:
        """Asks ``chooser`` the battle line, targets, escapes, reveals and ports, and records them."""
        return chooser_decider(chooser, self.space_name)

    def space_name(self, space: str) -> str:
        found = self.board.spaces.get(space)
        return (found.name or space) if found is not None else space

    def play_random(self, scenario_id: str, seed: int, *, after_action: AfterAction | None = None) -> Game:
        from rules_engine.systems.raiders.policy import play_random_mission

        return play_random_mission(self, scenario_id, seed, after_action=after_action)

    def play(self, scenario_id: str, seed: int, policy: str = "random") -> Game:
        """The scripted policy answers its own battle choices; the others get random answers."""
        if policy != "raider":
            return super().play(scenario_id, seed, policy)
        from rules_engine.systems.raiders.policy import play_policy_mission

        return play_policy_mission(self, scenario_id, seed)
