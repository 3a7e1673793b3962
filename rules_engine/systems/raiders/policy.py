"""Playing Raiders missions without a person: random legal play, and a simple scripted policy.

Random play (property tests, the speed bench) takes any legal action. The
scripted policy is a first reading of balance: it buys what it can afford,
operates with Lawrence's force, heads for the nearest objective not yet met,
fights, and sets charges where the mission wants the railroad broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase, SeededDice, Unit
from rules_engine.core.policies import play_with_policy
from rules_engine.core.random_play import play_random_actions
from rules_engine.core.system import AfterAction
from rules_engine.systems.raiders import objectives
from rules_engine.systems.raiders.actions import Move, Operate, Recruit
from rules_engine.systems.raiders.decisions import RandomDecider
from rules_engine.systems.raiders.force import force_space
from rules_engine.systems.raiders.pieces import combat_value, raiders_at
from rules_engine.systems.raiders.state import BattleView

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game, Raiders


def play_random_mission(
    system: Raiders, scenario_id: str, seed: int, *, after_action: AfterAction | None = None
) -> Game:
    """One mission to its end with random legal actions and random answers to the player's choices."""
    dice = SeededDice(seed, system.die_sides)
    game = system.new_game(scenario_id, dice, log=False)
    play_random_actions(game, seed, dice, RandomDecider(seed + 1), after_action=after_action)
    return game


class PolicyDecider:
    """The policy's battle choices: the strongest raiders first, Lawrence last; the strongest hostile hit."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def line(
        self, round_number: int, raiders: Sequence[Unit], hostiles: Sequence[Unit], battle: BattleView
    ) -> list[Unit]:
        hero = self.game.rules.hero
        return sorted(raiders, key=lambda u: (u.counter.id == hero, -combat_value(self.game, u), u.uid))

    def target(self, firer: Unit, hostiles: Sequence[Unit], battle: BattleView) -> Unit:
        return max(hostiles, key=lambda u: (u.counter.front.strength or 0, u.uid))

    def escape(self, leader: Unit, options: Sequence[str]) -> str:
        return options[0]

    def reveal(self, count: int, options: Sequence[str]) -> list[str]:
        return list(options[:count])

    def port(self, options: Sequence[str]) -> str:
        return options[0]


def policy_action(game: Game, actions: Sequence[Action]) -> Action:
    """The scripted policy's choice among the legal actions."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in ("fight", "resolve_card", "demolish", "next_mission"):
        if kind in by_kind:
            return by_kind[kind][0]
    if game.in_set_up:
        return _buy(game, by_kind)
    if "operate" in by_kind:
        return _choose_force(game, by_kind["operate"])
    if game.phase.kind == "movement" and not game.mission.operation.moved:
        return _choose_move(game, by_kind)
    return next(a for a in actions if isinstance(a, EndPhase))


def _buy(game: Game, by_kind: dict[str, list[Action]]) -> Action:
    wanted = ["mercenaries", "bedouin", "regulars", "bedouin"]
    if _wants_breaks(game):
        wanted = ["demolition", "mercenaries", "demolition", "bedouin"]
    for unit_class in wanted:
        for action in by_kind.get("recruit", ()):
            if isinstance(action, Recruit) and action.unit_class == unit_class:
                return action
    return EndPhase()


def _choose_force(game: Game, options: Sequence[Action]) -> Action:
    """Lawrence's largest force; in a place to hold, leave one unit behind to hold it."""
    hero = game.hero
    with_hero = [a for a in options if isinstance(a, Operate) and hero.uid in a.units]
    here = hero.space or ""
    if here in _places_to_keep(game):
        staying = [u for u in raiders_at(game, here) if u.counter.kind == "unit"]
        keeping = [a for a in with_hero if isinstance(a, Operate) and len(staying) - _units_in(game, a) == 1]
        with_hero = keeping or with_hero
    return max(with_hero or options, key=lambda a: len(a.units) if isinstance(a, Operate) else 0)


def _units_in(game: Game, action: Operate) -> int:
    return sum(1 for name in action.units if game.state.units[name].counter.kind == "unit")


def _places_to_keep(game: Game) -> set[str]:
    """Places of an objective to hold that are held now, while others are still to take."""
    victory = game.scenario.victory
    keep: set[str] = set()
    for condition in victory.conditions if victory else ():
        if condition.kind != "occupy-all" or condition.side != game.rules.player_side:
            continue
        places = [p for p in (game.board.resolve(r) for r in condition.places) if p]
        held = [p for p in places if objectives.condition_holds(game, condition._replace(places=(p,)))]
        if len(held) < len(places) or len(_targets(game)) > 0:
            keep.update(held)
    return keep


def _choose_move(game: Game, by_kind: dict[str, list[Action]]) -> Action:
    targets = _targets(game)
    moves = [a for a in by_kind.get("move", ()) if isinstance(a, Move)]
    if not targets or not moves:
        return EndPhase()
    here = force_space(game) or ""
    best = min(moves, key=lambda a: (_distance(game, a.path[-1], targets), len(a.path)))
    if _distance(game, here, targets) <= _distance(game, best.path[-1], targets):
        return EndPhase()
    return best


def _distance(game: Game, place: str, targets: Sequence[str]) -> int:
    space = game.board.resolve(place) or place
    found = [game.board.definition.distance(space, t) for t in targets]
    return min((d for d in found if d is not None), default=99)


def _wants_breaks(game: Game) -> bool:
    return (
        any(c.kind == "marker-count" for c in game.scenario.victory.conditions)
        if game.scenario.victory
        else False
    )


def _targets(game: Game) -> list[str]:
    """Objective places not yet met: spaces to hold, or rail spaces to break."""
    found: list[str] = []
    victory = game.scenario.victory
    for condition in victory.conditions if victory else ():
        if condition.side != game.rules.player_side or objectives.condition_holds(game, condition):
            continue
        places = [p for p in (game.board.resolve(r) for r in condition.places) if p]
        if condition.kind == "marker-count":
            places = [p for p in places if p not in objectives.breaks(game)]
        else:
            places = [
                p for p in places if not objectives.condition_holds(game, condition._replace(places=(p,)))
            ]
        found.extend(places)
    return found


class RaiderPolicy:
    """The simple scripted player of balance runs ("raider"): see the module's docstring."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        return policy_action(game, actions)

    def decider(self, game: Game) -> PolicyDecider:
        """Its answers inside an action (the battle line, the targets)."""
        return PolicyDecider(game)


def play_policy_mission(
    system: Raiders, scenario_id: str, seed: int, *, after_action: AfterAction | None = None
) -> Game:
    """One mission played by the scripted policy, with seeded dice."""
    dice = SeededDice(seed, system.die_sides)
    game = system.new_game(scenario_id, dice, log=False)
    policy = RaiderPolicy(seed)
    play_with_policy(game, policy, dice, policy.decider(game), after_action=after_action)
    return game
