"""Random legal games of Jerusalem!, for the property tests and bench/jerusalem_play_speed.py.

Listing every legal action means every unit's every destination, so the random
player builds one action at a time instead: it picks a kind of action the phase
allows (a move, an attack, a reinforcement or a unit coming back, a load, the convoy's run,
leaving the map, a bulldozer's road ...), then
one action of that kind at random, and offers it only if the engine's own tests
accept it; a unit moves by a random walk (``random_path``) and an attack is made
by some of the units next to a hex (``random_attack``). The engine checks every
action again when it is applied, except in a game nothing watches: there a move, an attack or
an entry the player has just had accepted by the engine's tests (a move's walk asks those of
``check_path`` at every step) is applied untested, in the same position (``Game.vetted``).
Every so often the player takes one from the full ``legal_actions()`` list, so the list itself
is played too; a phase that may not end yet is met by what holds it. ``after_action`` is
called after every action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase, SeededDice, Unit
from rules_engine.systems.jerusalem import (
    arrivals,
    artillery,
    bulldozers,
    combat,
    departures,
    leaders,
    legal,
    transport,
)
from rules_engine.systems.jerusalem.actions import Attack, Build, Enter, HaltConvoy, Leave, Load, Move, Unload
from rules_engine.systems.jerusalem.decisions import RandomDecider
from rules_engine.systems.jerusalem.movement import (
    OVERLAND,
    ROAD,
    end_problem,
    entry_test,
    ignores_zoc,
    mover_problem,
    phase_refusal,
    reachable,
    start_problem,
    step_costs,
)
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.system import Jerusalem

AfterAction = Callable[["Game", str], None]
# How often (in actions) the full legal_actions() list is drawn from by default: listing every
# unit's every move costs as much as some twenty actions, so benches and balance runs do it
# rarely; the property tests ask for it much more often.
FULL_LIST_EVERY = 1000
# How long a phase may go on.
PHASE_ACTIONS = 40
# The chance, at each decision of a movement phase, that the player ends the phase (when he may).
END_CHANCE = 0.12
# How many kinds of action a decision tries, and how many units (picked at random) for each.
KIND_TRIES = 6
TRIES = 5
# The chance that an attack the player looks for is led by a gun (10.4) rather than a unit next
# to the enemy.
GUN_LEADS = 0.2
# How often a decision considers leaving the map (14.6) when units stand on an edge road, and
# building a road (15.2) when bulldozers are on the map, against the weights of the other kinds.
LEAVE_WEIGHT = 0.5
BUILD_WEIGHT = 2.0
# After each hex of a random move, the chance that the unit stops there.
STOP_CHANCE = 0.3
MAX_ACTIONS = 20_000
INF = float("inf")


def play_random_game(
    system: Jerusalem,
    scenario_id: str,
    seed: int,
    *,
    after_action: AfterAction | None = None,
    log: bool = False,
    list_every: int = FULL_LIST_EVERY,
) -> Game:
    """Play one game to its end with random legal actions; returns the finished game.

    Every ``list_every`` actions the action is drawn from the full ``legal_actions()`` list."""
    dice = SeededDice(seed, system.die_sides)
    decider = RandomDecider(seed + 1)
    game = system.new_game(scenario_id, dice, log=log)
    # a watched game (the property tests) has every action tested again as it is applied
    player = RandomPlayer(game, random.Random(seed), list_every, trusted=after_action is None)
    if after_action is not None:
        after_action(game, "set-up")
    in_phase, phase_key = 0, None
    for count in range(MAX_ACTIONS):
        if game.state.over:
            return game
        key = (game.state.turn_index, game.state.phase_index)
        in_phase = in_phase + 1 if key == phase_key else 0
        phase_key = key
        action = player.choose(in_phase, count)
        game.apply(action, dice, decider)
        if after_action is not None:
            after_action(game, action.describe())
    raise RuntimeError(f"a random game of {scenario_id} (seed {seed}) did not end in {MAX_ACTIONS} actions")


class RandomPlayer:
    """Both sides of one game, choosing at random among actions it builds and the engine accepts."""

    def __init__(
        self, game: Game, chooser: random.Random, list_every: int = FULL_LIST_EVERY, *, trusted: bool = False
    ) -> None:
        self.game, self.chooser, self.list_every = game, chooser, list_every
        # whether an action the engine's own test has just accepted is applied untested (Game.vetted)
        self.trusted = trusted
        # Per side and kind of phase: the units whose counter lets them move by themselves in it.
        self._movers: dict[tuple[str, str], list[Unit]] = {}
        # Per side: its epoch and the hexes next to its units (where the other side may attack from).
        self._fronts: dict[str, tuple[int, frozenset[str]]] = {}
        # 15.x: every bulldozer in the game, on the map or not
        self._bulldozers = [u for u in game.state.units.values() if game.role(u).bulldozer]

    def choose(self, in_phase: int, count: int) -> Action:
        """The next action: ``in_phase`` actions were taken in this phase, ``count`` in the game."""
        game, chooser = self.game, self.chooser
        kind = game.phase.kind
        if kind not in (OVERLAND, ROAD) or count % self.list_every == 0:
            return chooser.choice(legal.legal_actions(game))
        if (in_phase >= PHASE_ACTIONS or chooser.random() < END_CHANCE) and game.end_phase_problem() is None:
            return EndPhase()
        if kind == ROAD and chooser.random() < 0.6:
            run = self._convoy_run()
            if run:
                return chooser.choice(run)
        decision = _Decision(game, chooser, self)
        for _ in range(KIND_TRIES):
            found = decision.options()
            if found:
                return chooser.choice(found)
        if game.end_phase_problem() is None:
            return EndPhase()
        return chooser.choice(self._duties() or legal.legal_actions(game))

    def movers(self) -> list[Unit]:
        """The active side's units on the map that may move by themselves in a phase of this kind,
        as far as their counters go (7.1, 7.3, 8.6, 13.2.2; the convoy runs apart)."""
        game = self.game
        key = (game.active_side, game.phase.kind)
        found = self._movers.get(key)
        if found is None:
            found = self._movers[key] = [
                u
                for u in game.state.by_side.get(key[0], ())
                if not (game.role(u).never_moves or game.role(u).convoy)
                and phase_refusal(game.role(u), key[1]) is None
            ]
        return [u for u in found if u.on_map]

    def bulldozers(self) -> list[Unit]:
        """The active side's bulldozers on the map (15.x)."""
        side = self.game.active_side
        return [u for u in self._bulldozers if u.on_map and u.side == side]

    def front(self, side: str) -> frozenset[str]:
        """The hexes next to ``side``'s units, kept until they change (the side's epoch)."""
        game = self.game
        epoch = game.state.side_epoch(side)
        found = self._fronts.get(side)
        if found is None or found[0] != epoch:
            neighbours = game.board.neighbours
            held = [s for s, here in game.state.occupants.items() if here[0].side == side]
            found = self._fronts[side] = (epoch, frozenset(n for s in held for n in neighbours[s]))
        return found[1]

    def _duties(self) -> list[Action]:
        """Actions that meet what may keep the phase from ending: reinforcements that must come on
        (14.2), the convoy's run (6.5), a lone Arab leader joining his units (12.3)."""
        game = self.game
        found: list[Action] = [*legal.entries(game), *legal.convoy_actions(game)]
        for leader in leaders.lone_leaders(game):
            for there, path in sorted(reachable(game, leader).items()):
                if game.state.side_at(there) == leader.side:
                    text = f"move {game.label(leader)} to {game.board.name(there)}"
                    found.append(Move((leader.uid,), path, text))
        return found

    def _convoy_run(self) -> list[Action]:
        """The convoy's next steps (its route, picking up its escorts, moving), so random games see
        it reach Jerusalem now and then."""
        game = self.game
        convoy = game.convoy_unit()
        if convoy is None or convoy.side != game.active_side or game.marks.convoy_done:
            return []
        steps: list[Action] = [a for a in legal.convoy_actions(game) if not isinstance(a, HaltConvoy)]
        if convoy.on_map and game.marks.route:
            escorts = set(game.marks.escorts) | {convoy.uid}
            steps.extend(a for a in legal.loads(game, escorts) if isinstance(a, Load))
        return steps


class _Decision:
    """One decision: a kind of action picked at random among those the phase and the side allow,
    then one action of that kind built at random and checked by the engine's own tests (or, for
    the rare kinds, the listed ones)."""

    def __init__(self, game: Game, chooser: random.Random, player: RandomPlayer) -> None:
        self.game, self.chooser, self.player = game, chooser, player
        side, kind, convoy = game.active_side, game.phase.kind, game.convoy_unit()
        weights = {"enter": 3.0, "move": 4.0, "attack": 4.0}
        if kind == ROAD:
            weights["load"] = 3.0
            if convoy is not None and convoy.side == side:
                weights["convoy"] = 3.0
        elif side == game.arab:
            weights["bomb"] = 0.3
        else:
            weights["terror"] = 0.5
            if player.bulldozers():
                weights["build"] = BUILD_WEIGHT
        if any(game.state.side_at(space) == side for space in game.tables.exits):
            weights["leave"] = LEAVE_WEIGHT
        self.kinds, self.weights = list(weights), list(weights.values())
        self._units: list[Unit] | None = None
        self._due: list[Unit] | None = None

    def options(self) -> list[Action]:
        """Actions of one kind, picked at random (often none)."""
        game, chooser = self.game, self.chooser
        pick = chooser.choices(self.kinds, self.weights)[0]
        if pick == "move":
            found: Action | None = self._move()
        elif pick == "attack":
            found = self._attack()
        elif pick == "enter":
            found = self._entry()
        elif pick == "load":
            found = self._load()
        elif pick == "leave":
            found = self._leave()
        elif pick == "build":
            found = self._build()
        elif pick == "convoy":
            return list(legal.convoy_actions(game))
        else:
            return list(legal.bombs(game) if pick == "bomb" else legal.terror_attacks(game))
        return [found] if found is not None else []

    @property
    def units(self) -> list[Unit]:
        if self._units is None:
            self._units = self.game.state.units_of(self.game.active_side)
        return self._units

    def _sample(self, units: list[Unit]) -> list[Unit]:
        return self.chooser.sample(units, min(TRIES, len(units)))

    def _move(self) -> Action | None:
        """A random walk of the first of a few units picked at random that can move."""
        game = self.game
        for unit in self._sample(self.player.movers()):
            path = random_path(game, unit, self.chooser)
            if path:
                move = Move((unit.uid,), path, f"move {game.label(unit)} to {game.board.name(path[-1])}")
                return self._vetted(move)  # the walk asked check_path's tests at every step
        return None

    def _attack(self) -> Action | None:
        """From a few units picked at random of those next to enemy units (or now and then a gun), one
        that may attack leads an attack."""
        game, chooser = self.game, self.chooser
        front = self.player.front(game.enemy_of(game.active_side))
        if chooser.random() < GUN_LEADS:
            ready = game.guns_of(game.active_side)
        else:
            ready = [u for u in self.units if u.space in front and not game.role(u).artillery]
        for unit in self._sample(ready):
            if combat.attacker_problem(game, unit, ()) is None:  # it may attack at all
                attack = random_attack(game, unit, self.chooser)
                if attack is not None:
                    return self._vetted(attack)
        return None

    def _entry(self) -> Action | None:
        """A reinforcement picked at random comes on at one of its entrance hexes (with what a
        transport may carry, now and then)."""
        game, chooser = self.game, self.chooser
        if self._due is None:
            self._due = [u for u in arrivals.due(game) if not game.role(u).convoy]
        if not self._due:
            return None
        unit = chooser.choice(self._due)
        spaces = arrivals.entry_hexes(game, unit)
        if not spaces:
            return None
        space, group, role = chooser.choice(spaces), [unit], game.role(unit)
        if role.transport and game.phase.kind == ROAD and chooser.random() < 0.5:
            riders = [r for r in self._due if r is not unit and game.role(r).carried_on_road]
            group += chooser.sample(riders, min(role.capacity, len(riders)))
        if arrivals.enter_problem(game, group, space) is not None:
            return None
        names = ", ".join(game.label(u) for u in group)
        entry = Enter(tuple(u.uid for u in group), (space,), f"bring {names} on at {game.board.name(space)}")
        return self._vetted(entry)

    def _vetted(self, action: Action) -> Action:
        """``action``, which the engine's own test has just accepted, marked so (if trusted)."""
        if self.player.trusted:
            self.game.vetted = action
        return action

    def _load(self) -> Action | None:
        """A transport picked at random (of those not alone) drops off one of its passengers or picks up
        a unit with it."""
        game, chooser = self.game, self.chooser
        carriers = [
            u
            for u in self.units
            if len(game.state.units_at(u.space or "")) > 1
            and game.role(u).transport
            and not game.role(u).convoy
        ]
        if not carriers:
            return None
        carrier = chooser.choice(carriers)
        name, riding = game.label(carrier), game.passengers(carrier)
        if riding and chooser.random() < 0.5:
            rider = chooser.choice(riding)
            return Unload(carrier.uid, (rider.uid,), f"{name} drops off {game.label(rider)}")
        others = [u for u in game.state.units_at(carrier.space or "") if u is not carrier]
        if not others:
            return None
        rider = chooser.choice(others)
        if transport.load_problem(game, carrier, [rider]) is not None:
            return None
        return Load(carrier.uid, (rider.uid,), f"{name} picks up {game.label(rider)}")

    def _leave(self) -> Action | None:
        """One of a few units picked at random in road hexes at the map's edge leaves the map (14.6)."""
        game = self.game
        for unit in self._sample([u for u in self.units if u.space in game.tables.exits]):
            if departures.leave_problem(game, [unit]) is None:
                where = game.board.name(unit.space or "")
                return Leave((unit.uid,), f"{game.label(unit)} leaves the map by the road at {where}")
        return None

    def _build(self) -> Action | None:
        """A bulldozer picked at random in a road hex (now and then with the others in its hex)
        builds a new road by a random walk, within what they may still build (15.2)."""
        game, chooser = self.game, self.chooser
        ready = [u for u in self.player.bulldozers() if bulldozers.is_road_hex(game, u.space or "")]
        for unit in self._sample(ready):
            group = [u for u in ready if u.space == unit.space] if chooser.random() < 0.5 else [unit]
            room = sum(bulldozers.work_left(game, u) for u in group)
            path = random_walk(
                game, group, chooser, room=room, may_step=lambda a, b: not bulldozers.road_joins(game, a, b)
            )
            if path and bulldozers.build_problem(game, group, path) is None:
                names = ", ".join(game.label(u) for u in group)
                return Build(
                    tuple(u.uid for u in group), path, f"{names} build a road to {game.board.name(path[-1])}"
                )
        return None


def random_attack(game: Game, unit: Unit, chooser: random.Random) -> Attack | None:
    """An attack led by ``unit`` on an enemy-held hex next to it (or in its range, for a gun), by
    some of the units next to that hex and now and then the guns that may fire at it, on some of
    the units the attacker can see there (or the face-down ones, 12.1); None unless the engine
    accepts it (``attack_problem``)."""
    side, state = unit.side, game.state
    if game.role(unit).artillery:
        reach = game.tables.within(unit.space or "", unit.face.range or 0)
        spaces = sorted(s for s, here in state.occupants.items() if here[0].side != side and s in reach)
    else:
        spaces = [n for n in game.board.neighbours[unit.space or ""] if state.side_at(n) not in (None, side)]
    if not spaces:
        return None
    space = chooser.choice(spaces)
    here = state.units_at(space)
    shown = [u for u in here if u.uid not in game.marks.face_down]
    open_targets = [u for u in shown if combat.target_problem(game, u, [unit]) is None]
    if shown and not open_targets:
        return None
    targets = (
        open_targets if len(open_targets) < 2 or chooser.random() < 0.5 else [chooser.choice(open_targets)]
    )
    hexes = () if shown else (space,)
    everyone = [*targets, *legal.face_down_in(game, hexes)]
    near = [
        u
        for n in game.board.neighbours[space]
        for u in state.units_at(n)
        if u.side == side
        and not game.role(u).artillery
        and combat.attacker_problem(game, u, everyone) is None
    ]
    group = _some(chooser, near)
    if not group or chooser.random() < 0.3:
        group += _some(chooser, artillery.guns_on(game, game.guns_of(side), space))
    if not group or combat.attack_problem(game, group, everyone) is not None:
        return None
    return Attack(
        tuple(u.uid for u in group),
        tuple(t.uid for t in targets),
        hexes,
        f"attack {', '.join(game.label(t) for t in everyone)} in {game.board.name(space)} "
        f"with {', '.join(game.label(u) for u in group)}",
    )


def _some(chooser: random.Random, units: list[Unit]) -> list[Unit]:
    """All of ``units`` more often than not (the strongest attack), else some of them."""
    if len(units) < 2 or chooser.random() < 0.6:
        return list(units)
    return chooser.sample(units, chooser.randint(1, len(units)))


def random_path(game: Game, unit: Unit, chooser: random.Random) -> tuple[str, ...]:
    """A legal move for ``unit`` (with its passengers) found by walking, or () when it has none."""
    return random_walk(game, [unit], chooser)


def random_walk(
    game: Game,
    group: Sequence[Unit],
    chooser: random.Random,
    *,
    room: float = INF,
    may_step: Callable[[str, str], bool] | None = None,
) -> tuple[str, ...]:
    """A path the group (of one movement class, with its passengers) may move along now, found by
    walking, or () when there is none; ``room`` caps what the walk spends and ``may_step`` vets
    each step (a bulldozer's new road, 15.2).

    Searching every destination (``reachable``) costs a shortest-path search per unit; a
    walk looks only at the neighbours of the hexes it enters. Each step is a random
    neighbour the group may enter with the MPs it has left, by the tests ``check_path``
    makes (the step costs, ``start_problem``, and what ``step_problem`` asks of the hex
    entered); the walk stops in an enemy ZOC (4.2) or at random, and ends on its last hex
    where the move may end (``end_problem``). The engine checks the path again.
    """
    lead = group[0]
    if lead.space is None or any(mover_problem(game, u) is not None for u in group):
        return ()
    riders = [p for u in group for p in game.passengers(u)]
    ezoc = zoc_hexes(game, game.enemy_of(lead.side))
    if start_problem(game, group, ezoc, None) is not None:
        return ()
    free = ignores_zoc(game, group)
    costs, may_enter = step_costs(game, lead), entry_test(game, group, riders)
    left = min(room, *(game.allowance(u) - game.spent(u) for u in group))
    here, spent, seen = lead.space, 0.0, {lead.space}
    walk: list[str] = []
    while True:
        options = [
            (there, step)
            for there, step in costs[here].items()
            if there not in seen
            and spent + step <= left
            and (free or walk or here not in ezoc or there not in ezoc)  # 4.4
            and (may_step is None or may_step(here, there))
            and may_enter(there)
        ]
        if not options:
            break
        there, step = chooser.choice(options)
        walk.append(there)
        seen.add(there)
        spent += step
        if (there in ezoc and not free) or chooser.random() < STOP_CHANCE:
            break
        here = there
    while walk and end_problem(game, group, walk[-1]) is not None:
        walk.pop()
    return tuple(walk)
