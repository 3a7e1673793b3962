"""Seeded random legal games of both Jerusalem! scenarios, with the invariants checked after every action.

The random player takes only actions the engine offers as legal and applies
them through the protocol (``Game.apply``), so a refusal or a broken invariant
is a rules bug: an over-full hex or both sides in one, a unit that left the
enemy ZOC it stopped in while the ZOC lasts, MPs spent beyond a unit's
allowance, a passenger away from its transport, a face-down Arab leader the
Jewish player can see or name, a unit back on the map in the turn it left or
by another road (14.6), a bulldozer past its 4 MP of road a turn (15.2), or a
new road in use in the turn it was built (15.4). The scripted "objectives" policy is played the
same way, and held to what it promises (attacks at 2-1 or better, leaders kept
company, only listed actions).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.cli.main import cli
from compiler.pipeline import validate_game
from rules_engine.core import EndPhase, SeededDice, UnitStatus
from rules_engine.systems import system_for
from rules_engine.systems.jerusalem import Attack, Game, Jerusalem, Move
from rules_engine.systems.jerusalem.legal import legal_actions
from rules_engine.systems.jerusalem.policies import ObjectivesPolicy, attack_odds, play_objectives_game
from rules_engine.systems.jerusalem.random_play import play_random_game
from rules_engine.systems.jerusalem.zoc import zoc_hexes

from .conftest import SOURCE_DATA
from .conftest import valid_game as _valid

SCENARIOS = ("standard-game", "latrun-and-the-burma-road")
RESULTS = {"Jewish victory", "Arab victory"}
# How often the checker also lists every legal action and looks for a hidden leader in them, and
# how often the random player plays from that list (far more often than in benches).
LIST_EVERY = 40


@functools.cache
def jerusalem() -> Jerusalem:
    system = system_for(_valid(validate_game(SOURCE_DATA / "jerusalem", run_replays=False)))
    assert isinstance(system, Jerusalem)
    return system


class InvariantChecker:
    """Called after every action of a random game."""

    def __init__(self) -> None:
        self.actions = 0
        self.off_map: dict[str, tuple[str, int]] = {}  # as it was after the last action
        self.seen: Counter[str] = Counter()  # how often units left, came back, and roads were built

    def __call__(self, game: Game, what: str) -> None:
        self.actions += 1
        self._positions(game, what)
        self._zoc_and_moves(game, what)
        self._secrets(game, what)
        self._off_map(game, what)
        self._new_roads(game, what)

    def _positions(self, game: Game, what: str) -> None:
        state, stacking = game.state, game.system.stacking
        for space, units in state.occupants.items():
            assert units, f"after {what}: empty list kept for {space}"
            problem = stacking.problem([u.counter for u in units], [u.side for u in units])
            assert problem is None, f"after {what}: {space}: {problem}"
            for unit in units:
                assert unit.on_map and unit.space == space, f"after {what}: {unit} indexed in {space}"
        for unit in state.units.values():
            if not unit.on_map:
                assert unit.space is None, f"after {what}: {unit} off the map keeps a hex"
        for passenger, carrier in game.marks.carried_by.items():
            rider, transport = state.units[passenger], state.units[carrier]
            assert rider.on_map and transport.on_map and rider.space == transport.space, (
                f"after {what}: {passenger} is not with {carrier}"
            )

    def _zoc_and_moves(self, game: Game, what: str) -> None:
        for uid, spent in game.marks.spent.items():
            unit = game.state.units[uid]
            assert spent >= 0 and game.allowance(unit) - spent >= 0, f"after {what}: {uid} spent {spent} MP"
        for uid, space in game.marks.zoc_lock.items():
            unit = game.state.units[uid]
            if unit.on_map and space in zoc_hexes(game, game.enemy_of(unit.side)):
                assert unit.space == space, f"after {what}: {uid} left the enemy ZOC it stopped in ({space})"

    def _secrets(self, game: Game, what: str) -> None:
        hidden = {u.uid for u in game.state.units_of(game.arab) if u.uid in game.marks.face_down}
        seen = {label for _, label in game.view(game.jewish)}
        assert not hidden & seen, f"after {what}: the Jewish player sees {hidden & seen}"
        if game.active_side == game.jewish and not game.state.over and self.actions % LIST_EVERY == 0:
            for action in legal_actions(game):
                shown = repr(action)
                assert not any(uid in shown for uid in hidden), (
                    f"after {what}: '{shown}' names a hidden leader"
                )

    def _off_map(self, game: Game, what: str) -> None:
        """14.6: a unit off the map keeps no hex and left by a road at the edge; one that comes back
        does so on a later turn, by its road, or within three edge hexes of it while the enemy
        holds it (14.3)."""
        state, now = game.state, game.state.turn_index
        for uid, (road, left) in game.marks.off_map.items():
            unit = state.units[uid]
            assert not unit.on_map and unit.space is None, f"after {what}: {uid} is off the map and on it"
            assert road in game.tables.exits and left <= now, f"after {what}: {uid} left by {road}"
            if uid not in self.off_map:
                self.seen["left"] += 1
        for uid, (road, left) in self.off_map.items():
            unit = state.units[uid]
            if uid in game.marks.off_map or not unit.on_map:
                continue
            self.seen["came back"] += 1
            assert now > left, f"after {what}: {uid} came back in the turn it left"
            blocked = state.side_at(road) == game.enemy_of(unit.side)
            near = unit.space in game.tables.edge and game.tables.distance(road, unit.space or "") <= 3
            assert unit.space == road or (blocked and near), (
                f"after {what}: {uid} left by {road}, came back at {unit.space}"
            )
        self.off_map = dict(game.marks.off_map)

    def _new_roads(self, game: Game, what: str) -> None:
        """15.2: no bulldozer builds more than 4 MP worth a turn, and what the links built this turn
        are worth is what the bulldozers were charged; 15.4: a new road is in no one's road network
        (nor step costs) in the turn it is built, and in everyone's from the next turn on."""
        marks, now = game.marks, game.state.turn_index
        for uid, work in marks.road_work.items():
            assert game.role(game.state.units[uid]).bulldozer and 0 <= work <= 4, (
                f"after {what}: {uid} built {work}"
            )
        this_turn = [worth for turn, worth in marks.new_roads.values() if turn == now]
        if game.active_side == game.jewish and game.phase.kind in ("overland-movement", "road-movement"):
            assert sum(this_turn) == sum(marks.road_work.values()), f"after {what}: road work miscounted"
        self.seen["road links"] = max(self.seen["road links"], len(marks.new_roads))
        for (a, b), (turn, _) in marks.new_roads.items():
            usable = turn < now
            assert (b in game.tables.roads.get(a, {})) is usable, f"after {what}: road {a}-{b} of turn {turn}"
            for cls in game.tables.classes:
                on_road = b in game.tables.costs(cls, True)[a] and a in game.tables.costs(cls, True)[b]
                assert on_road is usable, f"after {what}: {cls} may follow the road {a}-{b} of turn {turn}"


def play_and_check(scenario: str, seed: int, checker: InvariantChecker | None = None) -> Game:
    checker = checker or InvariantChecker()
    game = play_random_game(jerusalem(), scenario, seed, after_action=checker, list_every=LIST_EVERY)
    assert game.state.over and game.state.result in RESULTS
    assert game.state.turn == "June IV"
    assert checker.actions > 50
    assert all(u.space is None for u in game.state.units.values() if u.status is UnitStatus.ELIMINATED)
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_keep_the_invariants(scenario: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        checker = InvariantChecker()
        play_and_check(scenario, seed, checker)
        seen.update(checker.seen)
    # the rules of 14.6 and 15.x are played, so their invariants are put to the test
    assert seen["left"] > 0 and seen["came back"] > 0 and seen["road links"] > 0, seen


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), scenario=st.sampled_from(SCENARIOS))
def test_any_seed_plays_to_a_result(seed: int, scenario: str) -> None:
    play_and_check(scenario, seed)


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_random_game(jerusalem(), "standard-game", 5, log=True)
    second = play_random_game(jerusalem(), "standard-game", 5, log=True)
    assert [str(e) for e in first.state.log.events] == [str(e) for e in second.state.log.events]
    assert len(first.state.log.events) > 100


def test_every_listed_action_is_legal() -> None:
    """legal_actions() at the start of a movement phase: each one applies without a refusal."""
    system = jerusalem()
    game = system.new_game("standard-game", SeededDice(3, system.die_sides))
    game.apply(EndPhase(), SeededDice(3))
    actions = legal_actions(game)
    kinds = {a.kind for a in actions}
    assert {"move", "attack", "end_phase"} <= kinds
    for index, action in enumerate(actions[:: max(1, len(actions) // 60)]):
        trial = system.new_game("standard-game", SeededDice(3, system.die_sides))
        trial.apply(EndPhase(), SeededDice(3))
        trial.apply(action, SeededDice(index, system.die_sides), system.random_decider(index))


# --- the scripted policy ("objectives") ---------------------------------------------------


def _leaders_alone(game: Game, side: str) -> set[str]:
    """Hexes where ``side`` has a leader (or dummy) and no other unit."""
    found = set()
    for space, units in game.state.occupants.items():
        mine = [u for u in units if u.side == side]
        lonely = [u for u in mine if game.role(u).leader or game.role(u).dummy]
        if mine and len(lonely) == len(mine):
            found.add(space)
    return found


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_objectives_policy_plays_each_scenario_to_its_end(scenario: str) -> None:
    checker = InvariantChecker()
    game = play_objectives_game(jerusalem(), scenario, 1, after_action=checker)
    assert game.state.over and game.state.result in RESULTS
    assert game.state.turn == "June IV" and checker.actions > 100


def test_the_objectives_policy_attacks_at_two_to_one_and_keeps_leaders_company() -> None:
    """Every attack it makes is at 2-1 or better (or needs no roll); no move of its leaves a leader
    that had company alone; and what it takes is among the listed legal actions."""
    system = jerusalem()
    dice = SeededDice(4, system.die_sides)
    game = system.new_game("latrun-and-the-burma-road", dice, log=False)
    policy, decider = ObjectivesPolicy(4), system.random_decider(5)
    kinds: Counter[str] = Counter()
    for count in range(5000):
        if game.state.over:
            break
        action = policy.decide(game)
        kinds[action.kind] += 1
        if isinstance(action, Attack):
            assert attack_odds(game, action) >= 2, action
        if count % 50 == 0:
            assert action in legal_actions(game), action
        alone = _leaders_alone(game, game.active_side)
        game.apply(action, dice, decider)
        if isinstance(action, Move) and not game.state.over:
            mover = game.unit(action.units[0])
            if not (game.role(mover).leader or game.role(mover).dummy):
                assert _leaders_alone(game, mover.side) <= alone, f"{action.describe()} left a leader alone"
    assert game.state.over
    assert {"move", "attack", "enter", "end_phase"} <= set(kinds)


def test_the_objectives_policy_plays_the_same_game_from_the_same_seed() -> None:
    first = play_objectives_game(jerusalem(), "standard-game", 3)
    second = play_objectives_game(jerusalem(), "standard-game", 3)
    place = sorted((u.uid, u.space) for u in first.state.units.values())
    assert place == sorted((u.uid, u.space) for u in second.state.units.values())
    assert first.state.result == second.state.result


def test_the_roads_goal_runs_from_the_city_to_the_far_end() -> None:
    game = jerusalem().new_game("standard-game")
    places, road, keeper = ObjectivesPolicy().targets(game)
    assert keeper == game.jewish and len(places) == 12
    assert road[0] in places and road[-1] in {game.board.resolve("0103"), game.board.resolve("Hulda")}
    assert all(b in game.tables.roads[a] for a, b in itertools.pairwise(road))


def test_wgc_simulate_plays_jerusalem_with_the_objectives_policy() -> None:
    arguments = ["simulate", str(SOURCE_DATA / "jerusalem"), "--policy", "objectives", "--games", "2"]
    result = CliRunner().invoke(
        cli, [*arguments, "--scenario", "latrun-and-the-burma-road", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    (table,) = json.loads(result.stdout)
    assert table["policy"] == "objectives" and table["games"] == 2
    assert sum(row["count"] for row in table["results"]) == 2
