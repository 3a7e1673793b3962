"""The Raiders system (Lawrence of Arabia): seeded random missions keep the rules' invariants.

After every action of every random mission: stacking holds where a force has
just moved, the Ops (the draw deck) are never negative, the decks hold every
operations card once and the boxes and the map every counter once, gear rides
with a unit of its space within that unit's capacity, Leadership stays within
1-5 and the Pounds within their track. Every action the engine lists must be
one it accepts: the random player only takes listed actions, so a refusal
fails the test. The scripted policy and a recorded policy game are checked too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from compiler.pipeline import validate_game
from rules_engine.core import SeededDice
from rules_engine.core.recording import play_recorded
from rules_engine.core.state import UnitStatus
from rules_engine.systems import system_for
from rules_engine.systems.raiders import Game, RecordingDecider
from rules_engine.systems.raiders.battle import resolve_battle
from rules_engine.systems.raiders.force import force_units
from rules_engine.systems.raiders.pieces import (
    carry,
    gear_of,
    hostiles_at,
    place,
    raiders_at,
    set_track,
    to_box,
)
from rules_engine.systems.raiders.policy import PolicyDecider, RaiderPolicy
from rules_engine.systems.raiders.rules import GARRISON_BOX, HOSTILES_BIN, RECRUIT_BOX
from rules_engine.systems.raiders.stacking import space_problem
from rules_engine.systems.raiders.state import LOST, SET_ASIDE, BattleReport

from .conftest import ROOT, valid_game

MISSIONS = ("aqaba", "hejaz-railroad", "gaza-offensive", "damascus")
BOXES = {RECRUIT_BOX, HOSTILES_BIN, GARRISON_BOX, SET_ASIDE, LOST}
MOVES = {"move", "sail", "fly", "play"}


@pytest.fixture(scope="module")
def system() -> Any:
    return system_for(valid_game(validate_game(ROOT / "source_data" / "lawrence", run_replays=False)))


def check_invariants(game: Game, what: str) -> None:
    mission = game.mission
    assert game.ops == len(mission.draw) >= 0, what
    cards = [*mission.draw, *mission.reserve, *mission.discard, *mission.hand]
    operation = mission.operation
    if operation.card is not None and not operation.card_done:
        cards.append(operation.card)
    assert Counter(cards) == Counter(c.id for c in game.rules.operations), f"after {what}: cards {cards}"
    for unit in game.state.units.values():
        if unit.on_map:
            assert unit.uid not in mission.where and unit in game.state.units_at(unit.space or ""), what
        else:
            assert mission.where.get(unit.uid) in BOXES, f"after {what}: {unit.uid} is nowhere"
    for gear, carrier_name in mission.carrier.items():
        carrier = game.state.units[carrier_name]
        assert carrier.on_map and game.state.units[gear].space == carrier.space, f"after {what}: {gear}"
    for unit in game.state.on_map():
        assert len(gear_of(game, unit)) <= game.rules.gear_capacity(unit.counter), f"after {what}: {unit.uid}"
    low, high = game.rules.level_range
    assert low <= game.leadership <= high and 0 <= game.pounds <= game.rules.points_range[1], what


def _play_checked(system: Any, mission: str, seed: int) -> Game:
    seen: list[str] = []

    def check(game: Game, what: str) -> None:
        seen.append(what)
        check_invariants(game, what)
        if not game.over and what.split()[0] in MOVES and game.mission.operation.moved:
            units = force_units(game)
            if units and units[0].space is not None and not game.mission.operation.rallied:
                assert space_problem(game, units[0].space) is None, f"after {what}: stacking"

    game: Game = system.play_random(mission, seed, after_action=check)
    assert game.over and game.result in ("Mission won", "Mission lost"), seen[-5:]
    assert seen, "the random player took no action"
    return game


@pytest.mark.parametrize("mission", MISSIONS)
def test_random_missions_keep_the_invariants_to_their_end(system: Any, mission: str) -> None:
    results = Counter(_play_checked(system, mission, seed).result for seed in range(40))
    assert sum(results.values()) == 40


def test_the_same_seed_plays_the_same_mission(system: Any) -> None:
    first, second = (system.play_random("damascus", 7) for _ in range(2))
    assert first.result == second.result and first.state.turn == second.state.turn
    assert [(u.uid, u.space) for u in first.state.units.values()] == [
        (u.uid, u.space) for u in second.state.units.values()
    ]


def test_the_scripted_policy_wins_some_missions_and_keeps_the_invariants(system: Any) -> None:
    won = 0
    for seed in range(60):
        dice = SeededDice(seed, system.die_sides)
        game = system.new_game("aqaba", dice, log=False)
        policy = RaiderPolicy(seed)
        decider = policy.decider(game)
        while not game.over:
            action = policy.choose(game, game.legal_actions())
            game.apply(action, dice, decider)
            check_invariants(game, action.describe())
        won += game.result == "Mission won"
    assert 0 < won < 60, "the policy should win some Aqaba! missions and lose others"


def test_a_recorded_policy_game_has_every_die_and_choice_in_its_steps(system: Any) -> None:
    game, setup, steps = play_recorded(
        system,
        "hejaz-railroad",
        5,
        lambda g, actions: RaiderPolicy(5).choose(g, actions),
        RecordingDecider(PolicyDecider(system.blank_game("hejaz-railroad")), str),
    )
    assert game.over and setup["deal operations"] and setup["draw garrison"]["d6"]
    fights = [s for s in steps if "fight" in s]
    assert fights and all("raider edge" in s["dice"] for s in fights)


def test_hostiles_never_outlast_their_battle(system: Any) -> None:
    def check(game: Game, what: str) -> None:
        if game.phase.kind in ("recruit-scout", "movement"):
            on_map = [u for s in game.state.occupants for u in hostiles_at(game, s)]
            assert not on_map, f"after {what}: {on_map}"

    for seed in range(15):
        system.play_random("gaza-offensive", seed, after_action=check)


def test_tracks_stay_within_their_range(system: Any) -> None:
    game = system.blank_game("aqaba")
    set_track(game, game.rules.level_track, 9)
    set_track(game, game.rules.points_track, -3)
    assert (game.leadership, game.pounds) == (5, 0)
    set_track(game, game.rules.level_track, 0)
    assert game.leadership == 1
    assert raiders_at(game, "yenbo") == []


def test_random_campaigns_carry_on_from_mission_to_mission(system: Any) -> None:
    from rules_engine.core.policies import RandomPolicy, play_with_policy
    from rules_engine.systems.raiders import RandomDecider

    lengths: Counter[int] = Counter()
    for seed in range(30):
        dice = SeededDice(seed, system.die_sides)
        game = system.new_campaign(dice, log=False)
        play_with_policy(game, RandomPolicy(seed), dice, RandomDecider(seed), after_action=check_invariants)
        assert game.result in ("Campaign won", "Campaign lost")
        assert game.campaign is not None and game.campaign.lost <= 2
        lengths[len(game.campaign.results)] += 1
    assert max(lengths) >= 2, "no random campaign went past its first mission"


def _unit(game: Game, uid: str) -> Any:
    return game.state.units[uid]


def _regulars_with_gear(system: Any) -> tuple[Game, Any, list[Any]]:
    """Arab Regulars in Yenbo carrying a machinegun and a demolition charge (23.1, 23.2), revealed."""
    game: Game = system.new_game("aqaba", SeededDice(1, system.die_sides), log=False)
    regulars = _unit(game, "Arab Regulars#1")
    place(game, regulars, "yenbo")
    gear = [_unit(game, "Demolition Charges#1"), _unit(game, "Machineguns#1")]
    for item in gear:
        place(game, item, "yenbo")
        carry(game, item, regulars)
    game.mission.revealed.add(regulars.uid)
    game.state.set_damaged(regulars, True)
    return game, regulars, gear


def test_a_unit_eliminated_takes_its_gear_with_it_into_the_lost_box(system: Any) -> None:
    """23.3 and 18.4: gear goes with its eliminated carrier, lost for the rest of the mission; the unit
    leaves the map eliminated, no longer revealed, face up in its box (37.0: only Bedouin lie face down)."""
    game, regulars, gear = _regulars_with_gear(system)
    to_box(game, regulars, LOST)
    where = game.mission.where
    assert (regulars.status, where[regulars.uid], regulars.space) == (UnitStatus.ELIMINATED, LOST, None)
    assert [(g.status, where[g.uid], g.space) for g in gear] == [(UnitStatus.ELIMINATED, LOST, None)] * 2
    assert game.mission.carrier == {} and regulars.uid not in game.mission.revealed
    assert not regulars.damaged
    check_invariants(game, "regulars eliminated")


def test_a_unit_sent_back_to_its_box_sends_its_gear_to_the_recruit_box(system: Any) -> None:
    """23.4: gear leaving play other than by elimination returns to the Recruit Pool; the unit goes to
    the box its counter waits in (the Recruit Box for the Arab units), removed, not eliminated."""
    game, regulars, gear = _regulars_with_gear(system)
    to_box(game, regulars)
    where = game.mission.where
    assert (regulars.status, where[regulars.uid]) == (UnitStatus.REMOVED, RECRUIT_BOX)
    assert [(g.status, where[g.uid]) for g in gear] == [(UnitStatus.REMOVED, RECRUIT_BOX)] * 2
    assert game.mission.carrier == {} and not regulars.damaged
    check_invariants(game, "regulars sent back")


def test_hidden_units_and_garrisons_go_back_face_down_and_hostiles_to_the_bin(system: Any) -> None:
    """37.0 and 32.0: a Bedouin (hidden, not a garrison) and a garrison go back face down; an
    Ottoman unit goes to the hostiles' bin, face up."""
    game: Game = system.new_game("aqaba", SeededDice(1, system.die_sides), log=False)
    bedouin, infantry = _unit(game, "Arab Bedouin#1"), _unit(game, "Ottoman Infantry#1")
    garrison = next(u for u in game.state.on_map() if game.rules.is_garrison(u.counter))
    for unit in (bedouin, infantry):
        place(game, unit, "yenbo")
        game.state.set_damaged(unit, unit is infantry)
    for unit in (bedouin, infantry, garrison):
        to_box(game, unit)
    where = game.mission.where
    assert (where[bedouin.uid], bedouin.damaged) == (RECRUIT_BOX, True)
    assert (where[garrison.uid], garrison.damaged) == (GARRISON_BOX, True)
    assert (where[infantry.uid], infantry.damaged) == (HOSTILES_BIN, False)


class _NoDice:
    """Fails the test if the battle rolls a die or asks the player anything."""

    def roll(self, *args: Any, **kwargs: Any) -> int:
        raise AssertionError("a die was rolled")

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the battle asked for {name}")


def test_raiders_facing_only_an_ottoman_aeroplane_win_without_a_roll(system: Any) -> None:
    """29.0: the Ottoman aeroplane only adds +1 to the strongest Ottoman unit and to the tactical
    edge; alone it has no one to strengthen, so the raiders win at once: no edge roll, no round."""
    game: Game = system.new_game("aqaba", SeededDice(1, system.die_sides), log=False)
    regulars, aeroplane = _unit(game, "Arab Regulars#1"), _unit(game, "Aeroplane#2")
    for unit in (regulars, aeroplane):
        place(game, unit, "yenbo")
    report = resolve_battle(game, "yenbo", _NoDice(), _NoDice())  # type: ignore[arg-type]
    raiders = [u.uid for u in raiders_at(game, "yenbo")]
    assert regulars.uid in raiders and "Lawrence" in raiders
    expected = BattleReport("yenbo", raiders, [], game.rules.player_side, (0, 0), (0, 0))
    expected.outcome = "win"
    assert report == expected
    assert game.mission.last_battle is report
