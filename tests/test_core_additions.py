"""What the Raiders system added to the shared core, tested on its own.

Scripted dice serve a purpose rolled several times in one step; stacking rules
read a side, limits raised by a class or by a unit plus a track, and spaces
without a limit; a counter's own id wins over a printed name it shares;
``following_phase`` lets a system skip phases; a replay's ``setup_dice``
script the rolls of a scenario's set-up.
"""

from __future__ import annotations

from typing import Any

import pytest

from compiler.pipeline import validate_game
from rules_engine import systems
from rules_engine.core import DiceMismatch, EngineError, ScriptedDice
from rules_engine.core.stacking import Member, Stacking
from rules_engine.core.units import find_unit
from rules_engine.definitions import Counter, Face, Origin, StackingRule, StackingWith

from .conftest import ROOT, valid_game

# --- scripted dice in sequence ---------------------------------------------------------------


def test_a_purpose_rolled_several_times_takes_its_dice_in_order() -> None:
    dice = ScriptedDice({"fire": {"d6": [3, 5, 1]}, "pick": {"d9": [4], "d8": [2]}})
    assert [dice.roll("fire", {"d6": 1})["d6"] for _ in range(3)] == [[3], [5], [1]]
    assert dice.roll("pick", {"d9": 1}) == {"d9": [4]}
    assert dice.roll("pick", {"d8": 1}) == {"d8": [2]}
    assert dice.unused() == []


def test_running_out_of_a_purpose_is_a_mismatch_and_left_overs_are_reported() -> None:
    dice = ScriptedDice({"fire": {"d6": [3]}, "edge": {"d6": [2, 2]}})
    dice.roll("fire", {"d6": 1})
    with pytest.raises(DiceMismatch, match="no more dice"):
        dice.roll("fire", {"d6": 1})
    dice.roll("edge", {"d6": 1})
    assert dice.unused() == ["edge (1 d6 dice left over)"]


def test_a_single_roll_still_checks_its_count_as_before() -> None:
    dice = ScriptedDice({"defender": {"red": [4]}})
    with pytest.raises(
        DiceMismatch, match="the defender roll is 2 red dice, but the replay gives 1 red dice"
    ):
        dice.roll("defender", {"red": 2})
    assert ScriptedDice({"attacker": {"red": [1]}}).unused() == ["attacker"]


# --- stacking: side, raised limits, unlimited spaces ----------------------------------------------


def _counter(
    counter_id: str, kind: str = "unit", unit_class: str = "bedouin", side: str = "arab-revolt"
) -> Counter:
    return Counter(
        counter_id,
        counter_id,
        (),
        kind,
        side,
        None,
        unit_class,
        None,
        1,
        None,
        False,
        Face(),
        None,
        (),
        Origin("c"),
    )


def _lawrence_stacking() -> Stacking:
    report = validate_game(ROOT / "source_data" / "lawrence", run_replays=False)
    return Stacking(valid_game(report).game)


def test_the_book_stacking_of_lawrence_two_four_and_four_plus_leadership() -> None:
    stacking = _lawrence_stacking()
    units = [Member(_counter(f"u{n}")) for n in range(7)]
    leader = Member(_counter("leader-2", kind="leader", unit_class="leader"))
    lawrence = Member(_counter("lawrence", kind="leader", unit_class="leader"))
    assert stacking.over_limit(units[:2]) is None
    assert stacking.over_limit(units[:3]) == "3 unit; at most 2 may stack"
    assert stacking.over_limit([*units[:4], leader]) is None
    assert stacking.over_limit([*units[:5], leader]) == "5 unit; at most 4 may stack"
    assert stacking.over_limit([*units[:6], lawrence], {"leadership": 2}) is None
    assert stacking.over_limit([*units[:7], lawrence], {"leadership": 2}) == "7 unit; at most 6 may stack"
    assert stacking.over_limit([*units[:7], lawrence], {"leadership": 3}) is None


def test_hostiles_and_an_enemy_leader_neither_count_nor_raise_the_limit() -> None:
    stacking = _lawrence_stacking()
    raiders = [Member(_counter("a")), Member(_counter("b"))]
    hostiles = [Member(_counter(f"h{n}", side="ottoman", unit_class="ottoman-infantry")) for n in range(5)]
    pasha = Member(_counter("pasha", kind="leader", unit_class="leader", side="ottoman"))
    assert stacking.over_limit([*raiders, *hostiles]) is None
    assert stacking.over_limit([*raiders, Member(_counter("c")), pasha]) == "3 unit; at most 2 may stack"


def test_a_staging_area_holds_any_number() -> None:
    stacking = _lawrence_stacking()
    units = [Member(_counter(f"u{n}")) for n in range(9)]
    assert stacking.over_limit(units, space_kinds={"staging-area", "city"}) is None
    assert stacking.over_limit(units, space_kinds={"city"}) is not None


def test_a_raised_limit_applies_the_highest_alternative() -> None:
    rule = StackingRule(
        2,
        (),
        ("unit",),
        None,
        None,
        (),
        (),
        None,
        Origin("game.json"),
        side="arab-revolt",
        raised_by=(StackingWith(4, classes=("leader",)), StackingWith(1, unit="hero", plus_track="level")),
    )
    game = valid_game(validate_game(ROOT / "source_data" / "lawrence", run_replays=False)).game
    stacking = Stacking(game._replace(stacking=game.stacking._replace(rules=(rule,))))
    hero = _counter("hero", kind="leader", unit_class="leader")
    assert stacking.rule_limit(rule, [hero], {"level": 5}) == 6
    assert stacking.rule_limit(rule, [hero], {"level": 1}) == 4
    assert stacking.rule_limit(rule, [_counter("x")], {}) == 2


# --- names, phases, set-up dice ---------------------------------------------------------------------


def _lawrence_system() -> Any:
    report = validate_game(ROOT / "source_data" / "lawrence", run_replays=False)
    return systems.system_for(valid_game(report))


def test_a_counter_id_wins_over_a_printed_name_it_shares() -> None:
    game = _lawrence_system().blank_game("aqaba")
    assert find_unit(game.state, "aeroplane").counter.id == "aeroplane"
    assert find_unit(game.state, "ottoman-aeroplane").counter.id == "ottoman-aeroplane"
    with pytest.raises(EngineError, match="could mean"):
        find_unit(game.state, "Arab Leader")


def test_following_phase_lets_a_system_skip_segments_with_nothing_to_do() -> None:
    system = _lawrence_system()
    rolls = _aqaba_setup_dice()
    rolls["deal operations"]["d14"] = [7]  # British Gold on top
    game = system.new_game("aqaba", ScriptedDice(rolls, system.die_sides))
    dice = ScriptedDice({})
    game.end_phase(dice)  # the set-up ends: operation 1
    game.apply(next(a for a in game.legal_actions() if a.kind == "operate"), dice)
    game.end_phase(dice)
    game.end_phase(dice)
    assert game.phase.kind == "operations-card" and game.mission.operation.card == "british-gold"
    game.apply(game.legal_actions()[0], dice)
    game.end_phase(dice)  # no hostiles, no Garrison: combat and objective are skipped
    assert (game.state.turn, game.phase.kind) == ("2", "recruit-scout")


def _aqaba_setup_dice() -> dict[str, dict[str, list[int]]]:
    deal = {f"d{n}": [1] for n in range(2, 15)}
    return {
        "deal operations": deal,
        "draw garrison": {"d6": [1], "d5": [1], "d4": [1], "d3": [1]},
        "camp": {"d6": [3]},
    }


def test_set_up_dice_script_the_set_up_and_must_all_be_taken() -> None:
    system = _lawrence_system()
    game = system.new_game("aqaba", ScriptedDice(_aqaba_setup_dice(), system.die_sides))
    assert game.mission.draw == [c.id for c in system.rules.operations][:8]
    assert game.unit("Feisal's Camp").space == "hamra"
    with pytest.raises(DiceMismatch):
        system.new_game("aqaba", ScriptedDice({}, system.die_sides))
