"""One rule at a time on small positions: Israel 1948's supply, ZOC, movement, combat and end phase.

Each test sets up only the units the rule needs on the real map (hex IDs as in
source_data/israel1948/map.json) and checks what the engine decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import validate_game
from rules_engine.core import (
    EndPhase,
    EngineError,
    EventLog,
    IllegalAction,
    ScriptedDice,
    SeededDice,
    Unit,
    UnitStatus,
)
from rules_engine.core.movement_costs import StepCosts
from rules_engine.definitions import Constraint
from rules_engine.systems import system_for
from rules_engine.systems.israel1948 import Game, HitTaken, Israel1948
from rules_engine.systems.israel1948.actions import Attack, ChooseSupplySource, Move
from rules_engine.systems.israel1948.combat import CombatReport
from rules_engine.systems.israel1948.movement import PathCache, check_path, reachable

from .conftest import SOURCE_DATA, engine_cache
from .conftest import valid_game as _valid


@engine_cache
def system(options: frozenset[str] = frozenset()) -> Israel1948:
    report = validate_game(Path(SOURCE_DATA / "israel1948"), run_replays=False)
    built = system_for(_valid(report), options)
    assert isinstance(built, Israel1948)
    return built


def position(
    units: Sequence[tuple[str, str]],
    phase: str = "first-movement",
    scenario: str = "ten-days",
    options: frozenset[str] = frozenset(),
    out_of_supply: Sequence[str] = (),
    damaged: Sequence[str] = (),
) -> Game:
    game = system(options).blank_game(scenario)
    game.state.phase_index = game.state.phase_ids.index(phase)
    for name, at in units:
        space = game.rules.board.resolve(at)
        assert space is not None, at
        game.put(game.unit(name), space)
    for name in out_of_supply:
        game.state.set_out_of_supply(game.unit(name), True)
    for name in damaged:
        game.state.set_damaged(game.unit(name), True)
    game.begin_phase(ScriptedDice({}))
    return game


class Choices:
    """A Decider with fixed answers, for tests."""

    def __init__(
        self,
        halt: Sequence[str] = (),
        losses: Sequence[str] = (),
        all_in: Sequence[str] = (),
        drop: str = "red",
        hits: Sequence[tuple[str, str | None]] = (),
        advance: Sequence[str] = (),
        air: dict[str, tuple[str, int]] | None = None,
        game: Game | None = None,
    ) -> None:
        self.answers = {"halt": halt, "losses": losses, "all_in": all_in, "advance": advance}
        self.drop, self.hits, self.air = drop, list(hits), air or {}
        self.game: Game | None = game

    def _units(self, names: Sequence[str]) -> list[Unit]:
        assert self.game is not None
        return [self.game.unit(n) for n in names]

    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        return self._units(self.answers["halt"]) or list(attackers[:hits])

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        return self._units(self.answers["losses"])

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        return self._units(self.answers["all_in"])

    def drop_die(self, counts: dict[str, int]) -> str:
        return self.drop

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        name, to = self.hits[number - 1]
        unit = self._units([name])[0]
        return HitTaken(unit, to is not None, to if to != "?" else None)

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        return self._units(self.answers["advance"]) or [eligible[0]]

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        return self.air.get(side)


def attack(
    game: Game, units: Sequence[str], target: str, rolls: dict[str, dict[str, list[int]]], **choices: Any
) -> CombatReport:
    decider = Choices(game=game, **choices)
    space = game.rules.board.resolve(target)
    assert space is not None, target
    return game.attack([game.unit(u) for u in units], space, decider, ScriptedDice(rolls))


# --- supply (2.1, 2.4) -----------------------------------------------------------------


def test_a_unit_on_its_sides_source_is_in_supply() -> None:
    game = position([("EGYPT 2/2", "A15")])
    assert game.in_supply("arab") == {"EGYPT 2/2"}


def test_a_unit_next_to_a_connected_road_is_in_supply_and_chains_pass_it_on() -> None:
    game = position(
        [("EGYPT M/1", "C16"), ("EGYPT TANK", "D16"), ("EGYPT 2/1", "E16"), ("KIRYATI", "Tel Aviv")]
    )
    assert game.in_supply("arab") == {"EGYPT M/1", "EGYPT TANK", "EGYPT 2/1"}


def test_an_enemy_unit_on_the_road_cuts_it() -> None:
    cut = position(
        [("E. GAZA ALA", "Gaza"), ("GIVATI-1", "Khan Younis"), ("KIRYATI", "Tel Aviv"), ("8 ARMOUR", "E15")]
    )
    assert "E. GAZA ALA" not in cut.in_supply("arab")
    open_road = position([("E. GAZA ALA", "Gaza"), ("KIRYATI", "Tel Aviv"), ("8 ARMOUR", "E15")])
    assert "E. GAZA ALA" in open_road.in_supply("arab")


def test_an_ezoc_cuts_the_road_unless_a_friendly_unit_holds_the_hex() -> None:
    units = [("EGYPT 2/2", "D14"), ("GIVATI-1", "Khan Younis"), ("KIRYATI", "Tel Aviv"), ("8 ARMOUR", "E15")]
    assert "EGYPT 2/2" not in position(units).in_supply("arab")
    assert "EGYPT 2/2" in position([*units, ("EGYPT 2/1", "E14")]).in_supply("arab")


def test_a_unit_without_a_zoc_does_not_cut_the_road() -> None:
    units = [("EGYPT 2/2", "D14"), ("GIVATI-1", "Khan Younis"), ("KIRYATI", "Tel Aviv"), ("NEGEV-1", "E15")]
    assert "EGYPT 2/2" in position(units).in_supply("arab")


def test_the_supply_check_marks_only_units_without_a_supply_symbol() -> None:
    units = [
        ("EGYPT 2/2", "D14"),
        ("E. GAZA ALA", "Gaza"),
        ("GIVATI-1", "Khan Younis"),
        ("KIRYATI", "Tel Aviv"),
        ("8 ARMOUR", "E15"),
    ]
    game = position(units, phase="second-supply-check", scenario="ten-days")
    assert game.active_side == "arab"
    assert game.unit("EGYPT 2/2").out_of_supply
    assert not game.unit("E. GAZA ALA").out_of_supply
    assert "E. GAZA ALA" not in game.in_supply("arab")


def test_the_recheck_only_removes_markers() -> None:
    game = position(
        [
            ("EGYPT 2/2", "A15"),
            ("EGYPT 2/1", "D14"),
            ("GIVATI-1", "Khan Younis"),
            ("KIRYATI", "Tel Aviv"),
            ("8 ARMOUR", "E15"),
        ],
        phase="second-supply-recheck",
        out_of_supply=["EGYPT 2/2"],
    )
    assert not game.unit("EGYPT 2/2").out_of_supply  # back in supply: marker removed
    assert not game.unit("EGYPT 2/1").out_of_supply  # out of supply but not checked in a re-check


def test_arab_supply_constraints_tie_units_to_their_own_country() -> None:
    units = [("JORDAN 4", "A16"), ("KIRYATI", "M11")]  # an Israeli unit sits on the Jordanian source
    assert position(units).in_supply("arab") == {"JORDAN 4"}
    constrained = position(units, options=frozenset({"arab-supply-constraints"}))
    assert constrained.in_supply("arab") == set()


@pytest.mark.parametrize("enmity", [False, True])
def test_arab_enmity_keeps_two_arab_nations_apart_but_not_palestinians(enmity: bool) -> None:
    """Optional Rules (Arab Enmity): Arab units of two countries may not stack; Palestinian units
    stack with any; without the rule the limit alone counts."""
    options = frozenset({"arab-enmity"}) if enmity else frozenset()
    game = position([("JORDAN 4", "H12")], phase="first-movement", options=options)
    problem = game.stacking_problem("H12", [game.unit("EGYPT 2/2")])
    assert (problem is not None and "Enmity" in problem) is enmity
    assert game.stacking_problem("H12", [game.unit("ALA#1")]) is None
    assert game.stacking_problem("H12", [game.unit("JORDAN 3")]) is None


def _source_choices(game: Game) -> list[str]:
    return [a.at for a in game.legal_actions() if isinstance(a, ChooseSupplySource)]


@pytest.mark.parametrize("phase", ["first-supply-check", "first-supply-recheck"])
def test_the_israeli_player_is_offered_each_source_not_chosen_yet(phase: str) -> None:
    """2.1 (docs/rules-engine.md): at each Israeli supply check and re-check, either source may be
    named, the one in use no more; the Arab player is never asked."""
    units = [("KIRYATI", "F10"), ("JORDAN 4", "H12")]
    game = position(units, phase=phase)
    assert game.active_side == "israeli" and _source_choices(game) == ["E9", "F3"]
    game.apply(ChooseSupplySource("E9"), ScriptedDice({}), None)
    assert _source_choices(game) == ["F3"]
    assert _source_choices(position(units, phase="second-supply-check")) == []


# --- zones of control ----------------------------------------------------------------------


def test_no_zoc_across_a_river_even_at_a_bridge() -> None:
    game = position([("JORDAN 1", "K8")])
    zoc = game.zoc.zoc_of(game.state, "arab")
    assert "J8" not in zoc  # across the bridged Jordan
    assert "L8" in zoc


def test_out_of_supply_units_have_no_zoc() -> None:
    game = position([("JORDAN 1", "H10")], out_of_supply=["JORDAN 1"])
    assert game.zoc.zoc_of(game.state, "arab") == frozenset()


# --- movement ------------------------------------------------------------------------------


def test_every_offered_move_passes_the_path_check() -> None:
    game = position(
        [("JORDAN 1", "H10"), ("7 ARMOUR", "E8"), ("KIRYATI", "F10"), ("GOLANI-1", "K9"), ("ODED", "H16")]
    )
    for name in ("7 ARMOUR", "KIRYATI", "GOLANI-1", "ODED"):
        unit = game.unit(name)
        moves = game.legal_moves(unit)
        assert moves
        for path in moves.values():
            check_path(game.rules, game.zoc, game.state, unit, list(path))


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    game = position([("YIFTACH", "F8")])
    with pytest.raises(IllegalAction) as refused:
        game.move(game.unit("YIFTACH"), ["F9", "G9", "G10"])
    assert refused.value.rule == "2.2"
    assert game.unit("YIFTACH").space == "F8"
    assert "YIFTACH" not in game.state.moved


def test_moving_into_a_town_takes_control() -> None:
    game = position([("KIRYATI", "F10")])
    game.move(game.unit("KIRYATI"), ["F11"])
    assert game.state.control["F11"] == "israeli"


def test_moving_through_a_town_takes_control_of_it() -> None:
    """1.2 (docs/rules-engine.md): the last player to have a unit in the hex controls it, so a town
    passed through changes hands as well as the one a move ends in."""
    game = position([("KIRYATI", "G9")])
    game.move(game.unit("KIRYATI"), ["F10", "F11", "G11"])
    assert game.state.control.get("F11") == "israeli"


# --- combat --------------------------------------------------------------------------------


def test_the_plus_die_needs_clear_terrain_without_town_or_hexside() -> None:
    game = position([("7 ARMOUR", "F8"), ("FAZA'A#1", "F9")], phase="first-combat")
    report = attack(
        game, ["7 ARMOUR"], "F9", {"defender": {"black": [1]}, "attacker": {"red": [1, 1], "black": [1]}}
    )
    assert report.attacker_dice == {"red": [1, 1], "black": [1]}
    town = position([("7 ARMOUR", "E10"), ("FAZA'A#1", "Ramle")], phase="first-combat")
    report = attack(town, ["7 ARMOUR"], "Ramle", {"defender": {"black": [1, 1]}, "attacker": {"red": [1, 1]}})
    assert report.attacker_dice == {"red": [1, 1], "black": []}


def test_out_of_supply_attackers_lose_a_die_and_defenders_give_one() -> None:
    game = position(
        [("HAREL", "F8"), ("FAZA'A#1", "F9")], phase="first-combat", out_of_supply=["HAREL", "FAZA'A#1"]
    )
    report = attack(
        game,
        ["HAREL"],
        "F9",
        {"defender": {"black": [1]}, "attacker": {"red": [1], "black": [1]}},
        drop="red",
    )
    assert report.attacker_dice == {"red": [1], "black": [1]}


def test_an_out_of_supply_attacker_with_one_die_keeps_a_black_one() -> None:
    game = position(
        [("GOLANI-1", "F8"), ("FAZA'A#1", "F9")], phase="first-combat", out_of_supply=["GOLANI-1"]
    )
    report = attack(game, ["GOLANI-1"], "F9", {"defender": {"black": [1]}, "attacker": {"black": [2]}})
    assert report.attacker_dice == {"red": [], "black": [2]}


def test_white_units_cannot_attack_and_all_sea_sides_forbid_attacks() -> None:
    game = position(
        [("KIBBUTZ#1", "F8"), ("FAZA'A#1", "F9"), ("CARMELI", "Haifa"), ("ALA#1", "Acre")],
        phase="first-combat",
    )
    with pytest.raises(IllegalAction, match="only defend"):
        attack(game, ["KIBBUTZ#1"], "F9", {})
    with pytest.raises(IllegalAction, match="all sea"):
        attack(game, ["CARMELI"], "Acre", {})


def test_every_group_of_a_hex_is_offered_each_adjacent_enemy_hex() -> None:
    """2.3: any of the units in a hex, alone or together, may attack an adjacent enemy hex."""
    game = position([("HAREL", "F8"), ("7 ARMOUR", "F8"), ("FAZA'A#1", "F9")], phase="first-combat")
    offered = {(a.units, a.target) for a in game.legal_actions() if isinstance(a, Attack)}
    groups = {("7 ARMOUR",), ("HAREL",), ("7 ARMOUR", "HAREL")}
    assert {(tuple(sorted(units)), target) for units, target in offered} == {(g, "F9") for g in groups}


def test_a_unit_attacks_once_per_phase() -> None:
    game = position([("HAREL", "F8"), ("FAZA'A#1", "F9"), ("FAZA'A#2", "G8")], phase="first-combat")
    attack(game, ["HAREL"], "F9", {"defender": {"black": [1]}, "attacker": {"red": [1, 1]}})
    with pytest.raises(IllegalAction, match="already attacked"):
        attack(game, ["HAREL"], "G8", {})


def test_extra_hits_are_step_losses_and_the_first_defender_hit_must_be_a_step() -> None:
    game = position([("HAREL", "F8"), ("JORDAN 1", "F9")], phase="first-combat")
    report = attack(game, ["HAREL"], "F9", {"defender": {"red": [6, 6]}}, losses=["HAREL"])
    assert report.halted == ["HAREL"] and report.attacker_losses == ["HAREL"]
    assert game.unit("HAREL").damaged
    second = position([("HAREL", "F8"), ("JORDAN 1", "F9")], phase="first-combat")
    with pytest.raises(IllegalAction, match="first hit"):
        attack(
            second,
            ["HAREL"],
            "F9",
            {"defender": {"red": [1, 1]}, "attacker": {"red": [6, 6]}},
            hits=[("JORDAN 1", "F10")],
        )


def test_a_unit_that_cannot_retreat_takes_a_step_loss_instead() -> None:
    game = position(
        [
            ("HAREL", "F8"),
            ("GOLANI-1", "F10"),
            ("GOLANI-2", "E9"),
            ("KIRYATI", "G8"),
            ("ODED", "G9"),
            ("YIFTACH", "E8"),
            ("JORDAN 1", "F9"),
        ],
        phase="first-combat",
    )
    report = attack(
        game,
        ["HAREL"],
        "F9",
        {"defender": {"red": [1, 1]}, "attacker": {"red": [6, 6]}},
        hits=[("JORDAN 1", None), ("JORDAN 1", "?")],
    )
    assert report.step_losses == ["JORDAN 1", "JORDAN 1"]
    assert game.unit("JORDAN 1").status is UnitStatus.ELIMINATED
    assert game.unit("HAREL").space == "F9"  # advanced into the vacated hex


def test_air_points_one_per_player_and_arab_only_with_egyptians() -> None:
    game = position([("HAREL", "F8"), ("JORDAN 4", "F9")], phase="first-combat")
    assert not game.may_use_air("arab", [game.unit("HAREL"), game.unit("JORDAN 4")])
    assert game.may_use_air("israeli", [game.unit("HAREL")])
    cooperation = position(
        [("HAREL", "F8"), ("JORDAN 4", "F9")],
        phase="first-combat",
        options=frozenset({"arab-air-cooperation"}),
    )
    assert cooperation.may_use_air("arab", [cooperation.unit("JORDAN 4")])
    report = attack(
        game,
        ["HAREL"],
        "F9",
        {"defender": {"red": [1]}, "attacker": {"red": [1, 2]}, "attacker re-roll": {"red": [6]}},
        air={"israeli": ("red", 0)},
        hits=[("JORDAN 4", None)],
    )
    assert report.air_rerolls == {"israeli": ("red", 1, 6)}
    assert game.state.points["israeli"] == 1


def test_air_points_follow_the_scenarios_schedule() -> None:
    """3.1: in Onslaught the Israelis receive one air point for turn 3 only; the Arabs one a turn."""
    game = system().new_game("onslaught", ScriptedDice({}))
    assert [game.air_allowance("israeli", index) for index in range(3)] == [0, 0, 1]
    assert [game.air_allowance("arab", index) for index in range(3)] == [1, 1, 1]
    assert game.air_allowance("israeli", 3) == 0  # past the last turn


# --- end phase and victory ------------------------------------------------------------------


def test_reinforcements_enter_on_their_own_countrys_source_or_wait() -> None:
    game = system().new_game("onslaught", ScriptedDice({}))
    game.state.phase_index = game.state.phase_ids.index("end")
    armour = game.unit("7 ARMOUR")
    assert set(game.reinforcement_spaces(armour)) <= {"E9", "F3"}
    with pytest.raises(IllegalAction, match=r"^2\.5"):
        game.place_reinforcement(armour, "A15")
    with pytest.raises(IllegalAction, match="must be placed"):
        game.end_phase(ScriptedDice({}))


def test_blocked_reinforcements_are_delayed_and_air_points_reset() -> None:
    game = system().new_game("onslaught", ScriptedDice({}))
    iraq_source = "M6"
    occupants = list(game.state.units_at(iraq_source))
    assert len(occupants) == 2  # the two IRAQ 1 units fill the Iraqi source
    game.state.phase_index = game.state.phase_ids.index("end")
    game.state.points["arab"] = 0
    for unit in game.due_reinforcements():
        spaces = game.reinforcement_spaces(unit)
        if spaces:
            game.place_reinforcement(unit, spaces[0])
    game.end_phase(ScriptedDice({}))
    assert game.state.turn == "2" and game.phase.id == "first-supply-check"
    assert game.unit("IRAQ 2").status is UnitStatus.WAITING
    next_turn_index = game.state.turn_index
    assert (next_turn_index, game.unit("IRAQ 2")) in game.state.reinforcements
    assert game.state.points == {"israeli": 0, "arab": 1}


def test_victory_levels_follow_control() -> None:
    game = system().new_game("ten-days", ScriptedDice({}))
    assert (
        sum(
            1
            for s, side in game.state.control.items()
            if side == "israeli" and game.rules.board.has_feature(s, "town")
        )
        == 4
    )
    assert game.victory() == "Arab Victory"
    game.state.control["E9"] = "arab"
    assert game.victory() == "Arab Major Victory"


def _at_last_end_phase(game: Game) -> Game:
    game.state.turn_index = game.state.last_turn_index
    game.state.phase_index = len(game.state.phase_ids) - 2
    return game


def test_uncertain_peace_rolls_at_the_end() -> None:
    game = _at_last_end_phase(system(frozenset({"uncertain-peace"})).new_game("ten-days", ScriptedDice({})))
    game.end_phase(ScriptedDice({"uncertain peace": {"black": [5]}}))
    assert not game.state.over and game.state.last_turn_index == 2


@pytest.mark.parametrize(("roll", "ends"), [(1, True), (4, True), (5, False), (6, False)])
def test_uncertain_peace_ends_the_game_on_the_first_row_only(roll: int, ends: bool) -> None:
    """Optional Rules: 1-4 the game ends; 5-6 one more turn, after which it ends without a roll."""
    game = _at_last_end_phase(system(frozenset({"uncertain-peace"})).new_game("ten-days", ScriptedDice({})))
    game.end_phase(ScriptedDice({"uncertain peace": {"black": [roll]}}))
    assert game.state.over is ends
    if not ends:
        _at_last_end_phase(game).end_phase(ScriptedDice({}))
        assert game.state.over


def test_late_peace_adds_exactly_one_turn() -> None:
    """Optional Rules (Late Peace): the scenario lasts one more turn than it prints."""
    standard = system().new_game("ten-days", ScriptedDice({}))
    late = system(frozenset({"late-peace"})).new_game("ten-days", ScriptedDice({}))
    assert late.state.last_turn_index == standard.state.last_turn_index + 1


# --- naming ---------------------------------------------------------------------------------


def test_units_are_named_as_printed_with_copy_numbers() -> None:
    game = system().blank_game("onslaught")
    assert game.unit("KIBBUTZ#3").uid == "KIBBUTZ#3"
    assert game.unit("jordan-r") is game.unit("JORDAN-R") is game.unit("JORDAN R")
    assert game.unit("iraq-1-infantry").uid == "IRAQ 1#2"
    with pytest.raises(EngineError, match="could mean"):
        game.unit("IRAQ 1")
    with pytest.raises(EngineError, match="no unit"):
        game.unit("PALMACH")


def test_step_rows_are_worked_out_when_first_read() -> None:
    """A replay moves through a few hexes of the whole map: only their rows are worked out."""
    board = system().board
    table = StepCosts(board, ("foot",)).tables["foot"]
    assert len(table) == 0
    assert set(table["G13"]) == set(system().rules.steps["foot"]["G13"]) <= set(board.neighbours["G13"])
    assert list(table) == ["G13"] and table["G13"]


class RetreatWhenOffered(Choices):
    """Takes each hit after the first on one unit, as a retreat whenever one is offered."""

    def __init__(self, game: Game, target: str) -> None:
        super().__init__(game=game)
        self.target = target
        self.offered: list[list[str]] = []

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        unit = self._units([self.target])[0]
        if must_be_step:
            return HitTaken(unit, False)
        options = retreats(unit)
        self.offered.append(options)
        return HitTaken(unit, True, options[0]) if options else HitTaken(unit, False)


def test_a_defender_that_has_retreated_is_offered_no_second_retreat() -> None:
    """1.1: each unit retreats once, so the engine offers a unit that retreated no retreat; the
    random player (seed 2883 of Onslaught) once chose one and the engine refused its own offer."""
    game = position(
        [("HAREL", "F8"), ("GIVATI-1", "F8"), ("JORDAN 1", "F9"), ("JORDAN 4", "F9")], phase="first-combat"
    )
    decider = RetreatWhenOffered(game, "JORDAN 4")
    space = game.rules.board.resolve("F9")
    assert space is not None
    dice = ScriptedDice({"defender": {"red": [1, 1, 1]}, "attacker": {"red": [6, 6, 6, 6, 6, 6]}})
    report = game.attack([game.unit("HAREL"), game.unit("GIVATI-1")], space, decider, dice)
    assert decider.offered[0] and decider.offered[1:] and all(o == [] for o in decider.offered[1:])
    assert list(report.retreats) == ["JORDAN 4"]


# --- what mutation testing found unpinned (docs/mutation.md) ------------------------------

# Haifa (F3) cut off from Tel Aviv by three Jordanian units on its roads
HAIFA_CUT_OFF = [
    ("CARMELI", "F3"),
    ("KIRYATI", "F10"),
    ("GIVATI-1", "D10"),
    ("JORDAN 4", "F4"),
    ("JORDAN 5", "G3"),
    ("JORDAN 6", "G2"),
]


def test_a_source_chosen_at_the_recheck_redoes_the_recheck_from_the_markers_it_began_with() -> None:
    """2.1, 2.4: the Jordanians around Haifa cut it off from Tel Aviv. The re-check first traces to
    Tel Aviv (it supplies more units) and lifts KIRYATI's marker; when the player names Haifa the
    re-check is redone from the markers as they were: KIRYATI, not supplied from Haifa, keeps his,
    CARMELI loses his, and GIVATI-1 (no marker) gets none, for a re-check only lifts markers."""
    game = position(HAIFA_CUT_OFF, phase="first-supply-recheck", out_of_supply=["KIRYATI", "CARMELI"])
    marked = ("CARMELI", "KIRYATI", "GIVATI-1")
    assert [game.unit(n).out_of_supply for n in marked] == [True, False, False]
    game.apply(ChooseSupplySource("F3"), ScriptedDice({}), None)
    assert [game.unit(n).out_of_supply for n in marked] == [False, True, False]


def test_attacks_are_offered_from_every_hex_next_to_the_enemy() -> None:
    """2.3: the enemy hex placed first, then two hexes of the active side next to it."""
    game = position([("FAZA'A#1", "F9"), ("HAREL", "F8"), ("KIRYATI", "F10")], phase="first-combat")
    assert sorted((origin, target) for origin, target, _ in game.legal_attacks()) == [
        ("F10", "F9"),
        ("F8", "F9"),
    ]
    # a hex of the active side far from the enemy, placed first, does not end the search
    game = position([("CARMELI", "F3"), ("FAZA'A#1", "F9"), ("HAREL", "F8")], phase="first-combat")
    assert [(origin, target) for origin, target, _ in game.legal_attacks()] == [("F8", "F9")]


def test_moves_are_offered_only_to_the_active_sides_units_on_the_map_in_movement() -> None:
    game = position([("KIRYATI", "F10"), ("JORDAN 1", "H10")], phase="first-movement")
    game.state.take_off(game.unit("HAREL"), UnitStatus.ELIMINATED)
    assert game.legal_moves(game.unit("KIRYATI"))
    assert game.legal_moves(game.unit("JORDAN 1")) == {}
    assert game.legal_moves(game.unit("HAREL")) == {}
    assert position([("KIRYATI", "F10")], phase="first-combat").legal_moves(game.unit("KIRYATI")) == {}
    moves = {a.path: a.describe() for a in game.legal_actions() if isinstance(a, Move)}
    assert moves[("F11",)] == "move KIRYATI to Ramle (F11) via F11"  # wgc play names the place
    assert moves[("E10", "E11")] == "move KIRYATI to E11 via E10 E11"


def test_a_reinforcement_is_placed_only_in_the_end_phase() -> None:
    game = system().new_game("onslaught", ScriptedDice({}))
    with pytest.raises(IllegalAction) as refused:
        game.place_reinforcement(game.unit("7 ARMOUR"), "E9")
    assert refused.value.rule == "2.5"


def test_a_retreat_avoids_enemy_units_their_zoc_and_full_hexes() -> None:
    """1.1, 2.3: an Israeli defender retreats only where no Arab unit, Arab ZOC or full stack is."""
    game = position(
        [("HAREL", "F9"), ("JORDAN 1", "F8"), ("JORDAN 2", "H9"), ("KIRYATI", "E9"), ("GIVATI-1", "E9")],
        phase="second-combat",
    )
    assert game.retreat_options(game.unit("HAREL")) == ["F10"]


def test_an_out_of_supply_attacker_loses_only_a_die_it_has() -> None:
    game = position([("HAREL", "F8"), ("FAZA'A#1", "F9")], phase="first-combat", out_of_supply=["HAREL"])
    with pytest.raises(IllegalAction, match="no green die"):
        attack(game, ["HAREL"], "F9", {"defender": {"black": [1]}, "attacker": {"red": [1]}}, drop="green")


def test_a_lone_die_kept_out_of_supply_is_rolled_as_one_black_die() -> None:
    """2.3 step 2 with fair dice: the one die left is black, and no other die is rolled."""
    game = position(
        [("GOLANI-1", "F8"), ("FAZA'A#1", "F9")], phase="first-combat", out_of_supply=["GOLANI-1"]
    )
    report = game.attack(
        [game.unit("GOLANI-1")], "F9", Choices(game=game), SeededDice(2, {"red": 6, "black": 6})
    )
    assert report.defender_hits == 0  # seed 2: the defender misses, so GOLANI-1 rolls
    assert {die: len(values) for die, values in report.attacker_dice.items()} == {"red": 0, "black": 1}


def _saudi_sources(constraint: Constraint | None) -> list[str]:
    """The sources EGT. SAUDI may enter on, with the scenario's entry constraint for it replaced."""
    built = system()
    scenario = built.scenario("onslaught")
    reinforcements = tuple(
        r._replace(constraint=constraint) if r.unit == "egt-saudi" else r for r in scenario.reinforcements
    )
    game = Game(built, scenario._replace(reinforcements=reinforcements), EventLog())
    game.put(game.unit("EGYPT TANK"), "A15")
    return game.reinforcement_spaces(game.unit("EGT. SAUDI"))


def test_reinforcements_enter_on_their_own_countrys_sources_within_the_scenarios_constraint() -> None:
    """2.5: Egypt's two sources, A15 with room for one more; a scenario may narrow them further."""
    assert _saudi_sources(None) == ["A15", "A17"]  # no Jordanian, Iraqi or Syrian source
    assert _saudi_sources(Constraint(supply_source="same")) == ["A15", "A17"]  # the shipped one
    assert _saudi_sources(Constraint(no_units=True)) == ["A17"]
    assert _saudi_sources(Constraint(alone=True)) == ["A17"]
    assert _saudi_sources(Constraint(one_of=("A15",))) == ["A15"]


def _ends_of_legal_paths(game: Game, unit: Unit) -> set[str]:
    """Every hex some path ``check_path`` accepts ends in, found by trying every path that does not
    come back to a hex it has passed (a path refused on the way is refused however it goes on, but
    for a full stack at its end, which a move may pass through)."""
    found: set[str] = set()

    def extend(path: list[str]) -> None:
        for there in game.rules.board.neighbours[path[-1] if path else unit.space or ""]:
            if there in path or there == unit.space:
                continue
            candidate = [*path, there]
            try:
                check_path(game.rules, game.zoc, game.state, unit, candidate)
            except IllegalAction as refused:
                if "cannot end its move" not in refused.message:
                    continue
            else:
                found.add(there)
            extend(candidate)

    extend([])
    return found


# Both sides close together around Lydda and Ramle: EZOCs (some units start in one), enemy-held
# hexes, roads, rough, a river, stacks of two, foot and mechanised units.
CROWDED = [
    ("KIRYATI", "F10"),
    ("7 ARMOUR", "E8"),
    ("HAREL", "G9"),
    ("GIVATI-1", "H12"),
    ("YIFTACH", "F8"),
    ("ODED", "F8"),
    ("8 ARMOUR", "E11"),
    ("JORDAN 1", "G11"),
    ("JORDAN 2", "H10"),
    ("FAZA'A#1", "F9"),
    ("EGYPT 2/2", "E13"),
    ("EGYPT TANK", "F13"),
    ("JORDAN 4", "H8"),
]


@pytest.mark.parametrize("crowded", [False, True], ids=["onslaught-set-up", "crowded"])
@pytest.mark.parametrize("phase", ["first-movement", "second-movement"])
def test_the_moves_offered_are_exactly_the_paths_the_move_check_accepts(phase: str, crowded: bool) -> None:
    """2.2: for every unit of the side moving (some out of supply), the hexes offered are those
    some legal path ends in, with and without the path cache."""
    if crowded:
        game = position(CROWDED, phase=phase)
    else:
        game = system().new_game("onslaught", ScriptedDice({}))
        game.state.phase_index = game.state.phase_ids.index(phase)
    units = game.state.units_of(game.active_side)
    for unit in units[::4]:
        game.state.set_out_of_supply(unit, True)
    cache = PathCache()
    for unit in units:
        expected = _ends_of_legal_paths(game, unit)
        assert set(reachable(game.rules, game.zoc, game.state, unit)) == expected, unit.uid
        assert set(reachable(game.rules, game.zoc, game.state, unit, cache)) == expected, unit.uid


def test_paths_kept_for_a_unit_are_found_again_once_the_enemy_has_moved() -> None:
    """The path cache: JORDAN 1 moving next to KIRYATI's road puts an EZOC in the way."""
    game = position([("KIRYATI", "F10"), ("JORDAN 1", "K10")], phase="first-movement")
    kiryati = game.unit("KIRYATI")
    before = game.legal_moves(kiryati)
    game.state.place(game.unit("JORDAN 1"), "G11")
    after = game.legal_moves(kiryati)
    assert after != before
    assert after == reachable(game.rules, game.zoc, game.state, kiryati)
    assert position([("KIRYATI", "F10"), ("JORDAN 1", "G11")]).legal_moves(kiryati).keys() == after.keys()


def test_a_step_off_the_map_and_a_step_to_a_far_hex_cite_their_rules() -> None:
    """1.3: no such hex on the map; 2.2: a hex that is not next to the last one."""
    game = position([("KIRYATI", "F10")])
    with pytest.raises(IllegalAction) as refused:
        game.move(game.unit("KIRYATI"), ["Z99"])
    assert refused.value.rule == "1.3" and "no hex Z99" in refused.value.message
    with pytest.raises(IllegalAction) as refused:
        game.move(game.unit("KIRYATI"), ["H10"])
    assert refused.value.rule == "2.2" and "not adjacent" in refused.value.message


def test_a_chain_of_units_carries_supply_hex_by_hex() -> None:
    """2.1: H13 is next to a road; I13 and I14 are not, and reach it only through each other."""
    chain = [("KIRYATI", "H13"), ("GIVATI-1", "I13"), ("HAREL", "I14")]
    assert position(chain).in_supply("israeli") == {"KIRYATI", "GIVATI-1", "HAREL"}
    assert position(chain[1:]).in_supply("israeli") == set()


def test_under_supply_constraints_a_unit_traces_to_its_own_countrys_open_source() -> None:
    """Optional Rules (Arab Supply Constraints): JORDAN 4 next to the road from Jordan's source."""
    game = position([("JORDAN 4", "M10")], options=frozenset({"arab-supply-constraints"}))
    assert game.in_supply("arab") == {"JORDAN 4"}


def test_without_a_choice_the_israeli_check_takes_the_source_supplying_most() -> None:
    """2.1 (docs/rules-engine.md): with Haifa cut off, the source that supplies more units counts,
    the first listed (Tel Aviv) on a tie."""
    tie = position([*HAIFA_CUT_OFF, ("ALEXANDR.", "F3")])
    assert tie.in_supply("israeli") == {"KIRYATI", "GIVATI-1"}
    haifa = position([*HAIFA_CUT_OFF, ("ALEXANDR.", "F3"), ("YIFTACH", "E3")])
    assert haifa.in_supply("israeli") == {"CARMELI", "ALEXANDR.", "YIFTACH"}


def test_air_points_need_a_point_and_count_none_past_the_track() -> None:
    game = system().new_game("onslaught", ScriptedDice({}))
    assert game.state.points["israeli"] == 0 and not game.may_use_air("israeli", [game.unit("KIRYATI")])
    assert game.air_allowance("israeli", 2) == 1  # turn 3 (3.1)
    assert game.air_allowance("israeli", len(game.state.turn_labels)) == 0


def test_ending_the_last_phase_through_apply_rolls_for_uncertain_peace() -> None:
    game = _at_last_end_phase(system(frozenset({"uncertain-peace"})).new_game("ten-days", ScriptedDice({})))
    game.apply(EndPhase(), ScriptedDice({"uncertain peace": {"black": [6]}}), None)
    assert not game.state.over and game.state.last_turn_index == 2


def test_moves_and_attacks_outside_their_phase_cite_their_rules() -> None:
    game = position([("KIRYATI", "F10"), ("FAZA'A#1", "F11")], phase="first-combat")
    with pytest.raises(IllegalAction) as refused:
        game.move(game.unit("KIRYATI"), ["E10"])
    assert refused.value.rule == "2.2"
    game = position([("KIRYATI", "F10"), ("FAZA'A#1", "F11")], phase="first-movement")
    with pytest.raises(IllegalAction) as refused:
        attack(game, ["KIRYATI"], "F11", {})
    assert refused.value.rule == "2.3"


def test_a_delayed_reinforcement_waits_for_the_next_turn_only() -> None:
    game = system().new_game("onslaught", ScriptedDice({}))
    game.state.phase_index = game.state.phase_ids.index("end")
    for unit in game.due_reinforcements():
        spaces = game.reinforcement_spaces(unit)
        if spaces:
            game.place_reinforcement(unit, spaces[0])
    game.end_phase(ScriptedDice({}))
    iraq = game.unit("IRAQ 2")
    assert [turn for turn, unit in game.state.reinforcements if unit is iraq] == [game.state.turn_index]


def test_a_hit_a_retreat_cannot_take_is_a_step_loss_and_the_next_hit_still_counts() -> None:
    """2.3 step 2: three hits (HAREL's two red dice and GIVATI-1's one) on two Jordanian units boxed
    in at F9: a step loss, a retreat that cannot be made (so a step loss), and a third step loss."""
    boxed = [("GOLANI-1", "F10"), ("GOLANI-2", "E9"), ("KIRYATI", "G8"), ("ODED", "G9"), ("YIFTACH", "E8")]
    attackers = [("HAREL", "F8"), ("GIVATI-1", "F8")]
    game = position([*attackers, *boxed, ("JORDAN 1", "F9"), ("JORDAN 2", "F9")], phase="first-combat")
    report = attack(
        game,
        ["HAREL", "GIVATI-1"],
        "F9",
        {"defender": {"red": [1, 1, 1, 1]}, "attacker": {"red": [6, 6, 6]}},
        hits=[("JORDAN 1", None), ("JORDAN 2", "?"), ("JORDAN 2", None)],
    )
    assert report.step_losses == ["JORDAN 1", "JORDAN 2", "JORDAN 2"]
    assert game.unit("JORDAN 2").status is UnitStatus.ELIMINATED and game.unit("JORDAN 1").damaged


PLENTY = {"defender": {"red": [1] * 4, "black": [1] * 4}, "attacker": {"red": [1] * 4, "black": [1] * 4}}


@pytest.mark.parametrize(
    ("armour", "target", "plus"),
    [("C11", "D11", True), ("F10", "G9", False), ("K2", "J3", False)],
    ids=["clear-by-the-sea", "rough", "across-a-river"],
)
def test_the_plus_die_needs_clear_terrain_and_no_hexside(armour: str, target: str, plus: bool) -> None:
    """2.3 step 2: D11 is clear (its partly-sea edge changes nothing), G9 is rough, and J3 is clear
    but across a river from K2."""
    game = position([("7 ARMOUR", armour), ("FAZA'A#1", target)], phase="first-combat")
    report = attack(game, ["7 ARMOUR"], target, PLENTY)
    assert len(report.attacker_dice["black"]) == (1 if plus else 0)
    assert report.attacking_from == armour and report.target == target
    assert report.attackers == ["7 ARMOUR"] and report.defenders == ["FAZA'A#1"]


def test_air_points_are_refused_to_a_side_that_may_not_use_them_and_name_a_die_rolled() -> None:
    """2.3: the Arab air point serves only a combat with Egyptian units; a re-roll names a die
    that was rolled."""
    game = position([("HAREL", "F8"), ("JORDAN 4", "F9")], phase="first-combat")
    game.state.points["arab"] = 1
    report = attack(
        game,
        ["HAREL"],
        "F9",
        {"defender": {"red": [1]}, "attacker": {"red": [1, 1]}},
        air={"arab": ("red", 0)},
    )
    assert report.air_rerolls == {} and game.state.points["arab"] == 1
    game = position([("HAREL", "F8"), ("JORDAN 4", "F9")], phase="first-combat")
    with pytest.raises(IllegalAction, match="no red die number 3"):
        attack(
            game,
            ["HAREL"],
            "F9",
            {"defender": {"red": [1]}, "attacker": {"red": [1, 1]}},
            air={"israeli": ("red", 2)},
        )


class _AllIn(Choices):
    """Goes all in with every unit offered, and keeps what it was offered."""

    def __init__(self, game: Game) -> None:
        super().__init__(game=game)
        self.offered: list[str] = []

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        self.offered = [u.uid for u in candidates]
        return list(candidates)


def test_only_halted_full_strength_attackers_are_offered_all_in() -> None:
    """2.3 step 2: EGYPT 2/1's two hits halt HAREL and 7 ARMOUR; 7 ARMOUR is damaged, so only HAREL
    may go all in."""
    game = position(
        [("HAREL", "F8"), ("7 ARMOUR", "F8"), ("EGYPT 2/1", "F9")], phase="first-combat", damaged=["7 ARMOUR"]
    )
    decider = _AllIn(game=game)
    rolls = {"defender": {"black": [6, 6, 1, 1], "red": [1, 1]}, "attacker": {"red": [1, 1]}}
    report = game.attack([game.unit("HAREL"), game.unit("7 ARMOUR")], "F9", decider, ScriptedDice(rolls))
    assert report.halted == ["HAREL", "7 ARMOUR"] and report.all_in == ["HAREL"]
    assert decider.offered == ["HAREL"]
    assert game.unit("HAREL").damaged


@pytest.mark.parametrize("kind", [None, "odds"])
def test_the_system_needs_a_dice_pool_combat(kind: str | None) -> None:
    valid = _valid(validate_game(Path(SOURCE_DATA / "israel1948"), run_replays=False))
    combat = valid.charts.combat
    assert combat is not None
    other = valid._replace(charts=valid.charts._replace(combat=combat._replace(kind=kind) if kind else None))
    with pytest.raises(EngineError, match="dice-pool"):
        Israel1948(other)
