"""A simple scripted player for Jerusalem! balance runs: "objectives".

It plays each side the same plain way, reading the scenario's victory
conditions and the tables the rules read:

- its goals are the hexes the victory conditions name (the Jerusalem city hexes)
  and the road that must stay open from them to the road's far end ('to Tel
  Aviv' or Hulda, 2.0); a side heads for the goals it does not hold yet, the
  Jewish side to hold them, the Arab side to take them or sit on the road;
- in a movement phase it runs the Jerusalem Convoy first (the first route listed,
  its escorts picked up, as far along the route as it may go), brings on every
  reinforcement it may (at the entrance nearest a goal), moves each unit once to
  the hex it can reach nearest a goal (a leader only where his side's units are,
  David Shaltiel only inside Jerusalem, and no unit leaves a leader alone), then
  makes the attack with the best odds while they are at least 2-1;
- what keeps a phase from ending (a reinforcement that must come on, the convoy's
  run, a lone leader) it meets before ending the phase.

The choices an action leaves to a player (first fire, shelling, abandoning a
hex) are answered at random, as for the random player. Every action it takes is
one ``legal_actions()`` lists; it builds them with the same generators, one unit
or one hex at a time, so a game does not list every unit's every move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from rules_engine.core import Action, EndPhase, EngineError, SeededDice, Unit
from rules_engine.core.system import AfterAction
from rules_engine.systems.jerusalem import arrivals, combat, leaders, legal
from rules_engine.systems.jerusalem.actions import AnnounceRoute, Attack, Enter, HaltConvoy, Load, Move
from rules_engine.systems.jerusalem.decisions import RandomDecider
from rules_engine.systems.jerusalem.movement import OVERLAND, ROAD, mover_problem, reachable
from rules_engine.systems.jerusalem.strength import defence_strength, fire_strength, total
from rules_engine.systems.jerusalem.victory import condition_places
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.system import Jerusalem

OBJECTIVES = "objectives"  # its name in `Jerusalem.policies`
# The lowest odds the policy attacks at (an attack that needs no roll is always taken).
LOWEST_ODDS = Fraction(2)
ALWAYS = Fraction(1000)
FAR = 10_000  # farther than any hex of any map
# A game that has not ended after this many actions is a bug of the policy, not a long game.
MAX_ACTIONS = 50_000


def play_objectives_game(
    system: Jerusalem, scenario_id: str, seed: int, *, after_action: AfterAction | None = None
) -> Game:
    """One game played to its end by the "objectives" policy on both sides, with seeded dice."""
    dice = SeededDice(seed, system.die_sides)
    game = system.new_game(scenario_id, dice, log=False)
    policy = ObjectivesPolicy(seed)
    decider = RandomDecider(seed + 1)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return game
        action = policy.decide(game)
        game.apply(action, dice, decider)
        if after_action is not None:
            after_action(game, action.describe())
    raise EngineError(f"a game of {scenario_id} (seed {seed}) did not end within {MAX_ACTIONS} actions")


class Targets(NamedTuple):
    """What the victory conditions ask for: places to hold, a road to keep open, and by whom."""

    places: tuple[str, ...]
    road: tuple[str, ...]
    keeper: str


class ObjectivesPolicy:
    """Head for the goals the side does not hold; attack at 2-1 or better; keep leaders company."""

    def __init__(self, seed: int = 0) -> None:
        # ``seed`` is the policies' common signature; this one chooses without chance.
        self._phase: tuple[int, int] | None = None
        self._considered: set[str] = set()  # units already moved (or left) in this phase
        self._targets: Targets | None = None
        self._distances: dict[str, int] | None = None  # for the phase under way

    def choose(self, game: Game, actions: Sequence[Action]) -> Action:
        """The Policy protocol: the policy's own choice, which is one of the listed ``actions``."""
        action = self.decide(game)
        if action in actions:
            return action
        return next((a for a in actions if isinstance(a, EndPhase)), actions[0])

    def decide(self, game: Game) -> Action:
        """The policy's next action; outside the movement phases it ends the phase (and keeps the
        declared order of the two movement phases)."""
        if game.phase.kind not in (OVERLAND, ROAD):
            return EndPhase()
        when = (game.state.turn_index, game.state.phase_index)
        if when != self._phase:
            self._phase, self._considered, self._distances = when, set(), None
        for step in (self._convoy, self._reinforcement, self._move, self._attack):
            action = step(game)
            if action is not None:
                return action
        return self._finish(game)

    # --- goals -------------------------------------------------------------------------------

    def targets(self, game: Game) -> Targets:
        """2.0: the hexes the scenario's victory conditions name, and the road that must stay open."""
        if self._targets is None:
            places: dict[str, None] = {}
            road: dict[str, None] = {}
            keeper = game.jewish
            victory = game.scenario.victory
            for condition in victory.conditions if victory is not None else ():
                found = condition_places(game, condition)
                places.update(dict.fromkeys(found))
                if condition.kind == "road-free-of-zoc":
                    road.update(dict.fromkeys(road_between(game, found, condition.targets)))
                    keeper = condition.side or keeper
            self._targets = Targets(tuple(places), tuple(road), keeper)
        return self._targets

    def goals(self, game: Game) -> frozenset[str]:
        """The hexes the active side heads for now: the places it does not hold; for the side that
        must keep the road open, the enemy units on it or next to it (their ZOC closes it, 2.0); for
        the other side, the road hexes it does not hold. All of them once every one is met."""
        side, state = game.active_side, game.state
        places, road, keeper = self.targets(game)
        goals = {p for p in places if state.side_at(p) != side}
        if side == keeper:
            enemy = game.enemy_of(side)
            closed = zoc_hexes(game, enemy)
            for space in road:
                if state.side_at(space) == enemy:
                    goals.add(space)
                elif space in closed:
                    goals.update(n for n in game.board.neighbours[space] if state.side_at(n) == enemy)
        else:
            goals.update(h for h in road if state.side_at(h) != side)
        return frozenset(goals or (*places, *road))

    def distances(self, game: Game) -> dict[str, int]:
        """Hexes from every hex to the nearest goal of the active side as the phase began, counted
        across the map."""
        if self._distances is None:
            self._distances = game.tables.hexes_from(self.goals(game))
        return self._distances

    # --- the steps of a movement phase -------------------------------------------------------

    def _convoy(self, game: Game) -> Action | None:
        """6.2-6.4: announce the first route, bring the convoy on, pick up its escorts, drive on."""
        convoy = game.convoy_unit()
        if game.phase.kind != ROAD or convoy is None or convoy.side != game.active_side:
            return None
        if game.marks.convoy_done:
            return None
        steps = [a for a in legal.convoy_actions(game) if not isinstance(a, HaltConvoy)]
        for kind in (AnnounceRoute, Enter):
            found = [a for a in steps if isinstance(a, kind)]
            if found:
                return found[0]
        if convoy.on_map and game.marks.route:
            carriers = set(game.marks.escorts) | {convoy.uid}
            loads = [a for a in legal.loads(game, carriers) if isinstance(a, Load)]
            if loads:
                return loads[0]
        moves = [a for a in steps if isinstance(a, Move)]
        return moves[-1] if moves else None

    def _reinforcement(self, game: Game) -> Action | None:
        """14.1: every reinforcement due comes on, at the entrance nearest a goal, with what its
        transport may carry."""
        distance = self.distances(game)
        for unit in arrivals.due(game):
            if game.role(unit).convoy:
                continue
            options = [a for a in legal.entries(game, [unit]) if isinstance(a, Enter)]
            if options:
                return min(options, key=lambda a: (distance.get(a.path[0], FAR), -len(a.units), a.path))
        return None

    def _move(self, game: Game) -> Action | None:
        """Each unit once a phase, in the order of their names: the move that gets it nearest a goal."""
        distance = self.distances(game)
        for unit in sorted(game.state.units_of(game.active_side), key=lambda u: u.uid):
            if unit.uid in self._considered:
                continue
            self._considered.add(unit.uid)
            move = _move_toward(game, unit, distance)
            if move is not None:
                return move
        return None

    def _attack(self, game: Game) -> Action | None:
        """9.4: of the listed attacks, the one at the best odds, if they are at least 2-1."""
        fronts = legal.attack_fronts(game)
        best: Action | None = None
        best_odds = LOWEST_ODDS
        for space in sorted(fronts):
            for attack in legal.attacks_on(game, space, *fronts[space]):
                assert isinstance(attack, Attack)
                odds = attack_odds(game, attack)
                if odds > best_odds or (odds == best_odds and best is None):
                    best, best_odds = attack, odds
        return best

    def _finish(self, game: Game) -> Action:
        """End the phase, or first meet what keeps it from ending (14.2, 6.5, 12.3)."""
        if game.end_phase_problem() is None:
            return EndPhase()
        duties: list[Action] = [*legal.entries(game), *legal.convoy_actions(game)]
        for leader in leaders.lone_leaders(game):
            duties.extend(_moves_to_company(game, leader, self.distances(game)))
        if duties:
            return duties[0]
        listed = legal.legal_actions(game)
        if not listed:
            raise EngineError(f"no legal action in the {game.phase.name}, and the game is not over")
        return listed[0]


# --- what the policy reads off the position -------------------------------------------------


def road_between(game: Game, starts: Sequence[str], targets: Sequence[str]) -> list[str]:
    """2.0: the road hexes of a shortest road from one of ``targets`` (hex IDs or names) to one of
    ``starts``, both ends included ([] when no road joins them)."""
    ends = set(starts)
    first = sorted(s for s in (game.board.resolve(t) for t in targets) if s is not None)
    parents: dict[str, str | None] = dict.fromkeys(first)
    queue = deque(first)
    while queue:
        here = queue.popleft()
        if here in ends:
            path = [here]
            while (parent := parents[path[-1]]) is not None:
                path.append(parent)
            return path
        for there in sorted(game.tables.roads.get(here, {})):
            if there not in parents:
                parents[there] = here
                queue.append(there)
    return []


def attack_odds(game: Game, attack: Attack) -> Fraction:
    """The odds of an attack as the CRT reads them (9.4.3); an attack that needs no roll (lone
    leaders, a lone convoy, 9.10) rates above any; 0 below the lowest column."""
    attackers = game.units_named(attack.attackers)
    targets = [*game.units_named(attack.targets), *legal.face_down_in(game, attack.hexes)]
    if combat.automatic(game, attackers, targets):
        return ALWAYS
    strength = total(fire_strength(game, a, targets) for a in attackers)
    column = game.tables.column(strength, total(defence_strength(game, t) for t in targets))
    return column.ratio if column is not None else Fraction(0)


def _leader(game: Game, unit: Unit) -> bool:
    return game.role(unit).leader or game.role(unit).dummy


def _with_units(game: Game, space: str, side: str) -> bool:
    """Units of ``side`` other than leaders and dummies are in ``space`` (12.3: a leader's company)."""
    return any(u.side == side and not _leader(game, u) for u in game.state.units_at(space))


def _keeps_company(game: Game, unit: Unit) -> bool:
    """The unit is the last one keeping a leader (or dummy) of its side company in its hex."""
    here = [u for u in game.state.units_at(unit.space or "") if u.side == unit.side]
    return any(_leader(game, u) for u in here) and not any(
        u is not unit and not _leader(game, u) for u in here
    )


def _move_toward(game: Game, unit: Unit, distance: dict[str, int]) -> Move | None:
    """The unit's move that gets it nearest a goal (fewest hexes on the way, then the hex ID), if it
    gets nearer at all; leaders keep company (12.3) and Shaltiel stays in the city (12.9.4)."""
    role = game.role(unit)
    if role.convoy or unit.space is None or mover_problem(game, unit) is not None:
        return None
    if not _leader(game, unit) and _keeps_company(game, unit):
        return None
    options = dict(_company(game, unit)) if _leader(game, unit) else reachable(game, unit)
    best = min(options, key=lambda h: (distance.get(h, FAR), len(options[h]), h), default=None)
    if best is None or distance.get(best, FAR) >= distance.get(unit.space, FAR):
        return None
    return Move((unit.uid,), options[best], f"move {game.label(unit)} to {game.board.name(best)}")


def _company(game: Game, leader: Unit) -> list[tuple[str, tuple[str, ...]]]:
    """Where a leader may go and be with his side's units (inside Jerusalem for the Jewish side's)."""
    return [
        (there, path)
        for there, path in reachable(game, leader).items()
        if _with_units(game, there, leader.side) and (leader.side != game.jewish or there in game.tables.city)
    ]


def _moves_to_company(game: Game, leader: Unit, distance: dict[str, int]) -> list[Action]:
    """12.3: a lone leader's moves to his side's units, nearest a goal first."""
    options = sorted(_company(game, leader), key=lambda o: (distance.get(o[0], FAR), len(o[1]), o[0]))
    return [
        Move((leader.uid,), path, f"move {game.label(leader)} to {game.board.name(there)}")
        for there, path in options
    ]
