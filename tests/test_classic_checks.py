"""The validator's coherence checks of a classic game: each problem is an error at its own JSON
line, before any replay runs (docs/classic-rules.md, What the validator checks)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from compiler.diagnostics import codes
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from tests.conftest import GameCopy, assert_reported

Edit = Callable[[Any], object]


@pytest.fixture
def classic(tmp_path: Path) -> GameCopy:
    new_game(tmp_path / "border-war", "classic")
    return GameCopy(tmp_path / "border-war")


def _validated(game: GameCopy, name: str, change: Edit) -> Any:
    game.edit(name, change)
    report = validate_game(game.root)
    errors = [d for d in report.diagnostics if d.is_error]
    assert errors and all(d.line is not None for d in errors)
    assert not [d for d in report.diagnostics if d.code == codes.INTERNAL_CHECK_FAILED]
    return report


def test_the_template_has_no_diagnostic(classic: GameCopy) -> None:
    report = validate_game(classic.root)
    assert report.diagnostics == []


def test_a_result_code_with_no_meaning(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["tables"][0]["rows"][2]["results"][3] = "DX"

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.COMBAT_RESULT_NO_MEANING, "charts.json", "/tables/0/rows/2/results/3")


def test_a_table_end_whose_result_has_no_meaning(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["combat"]["above_highest"] = {"result": "DEX"}

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.COMBAT_RESULT_NO_MEANING, "charts.json", "/combat/above_highest/result")


def test_a_crt_of_another_kind_than_the_combat_section_names(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["combat"]["kind"] = "differential-crt"

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.COMBAT_CRT_COLUMNS, "charts.json", "/tables/0/columns/0")


def test_a_combat_table_that_is_no_crt(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["tables"][0]["kind"] = "die-roll"
        for row in charts["tables"][0]["rows"]:
            row["result"] = row.pop("results")[0]
        del charts["tables"][0]["columns"]

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.REF_WRONG_KIND, "charts.json", "/combat/table")


def test_an_option_naming_an_undeclared_value(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["combat"]["attack"] = "strenght"

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.VALUE_UNKNOWN, "charts.json", "/combat/attack", "did you mean 'strength'?")


def test_an_option_reading_a_value_of_another_kind(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["counter_values"].append(
            {"id": "size", "name": "Unit Size", "kind": "choice", "choices": ["XX"]}
        )
        game["rules"]["movement"]["allowance"] = "size"

    report = _validated(classic, "game.json", change)
    assert_reported(
        report,
        codes.VALUE_ENGINE_NEEDS,
        "game.json",
        "/rules/movement/allowance",
        'name a number value, or declare \'size\' with "kind": "number"',
    )


def test_an_option_reading_a_value_units_need_not_carry(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["required_values"][0]["values"].remove("movement")

    report = _validated(classic, "game.json", change)
    assert_reported(
        report,
        codes.VALUE_ENGINE_NEEDS,
        "game.json",
        "/required_values",
        'add it to required_values: {"kinds": ["unit"], "values": ["movement", ...]}',
    )


def test_a_unit_lacking_a_value_the_options_read(classic: GameCopy) -> None:
    def change(counters: Any) -> None:
        del counters["counters"][0]["front"]["movement"]

    report = _validated(classic, "counters.json", change)
    assert_reported(report, codes.COUNTER_MISSING_VALUE, "counters.json", "/counters/0/front")


def test_a_phase_naming_an_undeclared_mode(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["sequence_of_play"][7]["mode"] = "rial"

    report = _validated(classic, "game.json", change)
    assert_reported(
        report, codes.REF_UNKNOWN_MODE, "game.json", "/sequence_of_play/7/mode", "did you mean 'rail'?"
    )


def test_a_selector_naming_an_unknown_class(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["sequence_of_play"][4]["units"] = {"classes": ["panzer"]}

    report = _validated(classic, "game.json", change)
    assert_reported(report, codes.REF_UNKNOWN_CLASS, "game.json", "/sequence_of_play/4/units/classes/0")


def test_a_turn_effect_on_a_turn_off_the_track(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["rules"]["turn_effects"][0]["turns"] = [9]

    report = _validated(classic, "game.json", change)
    assert_reported(report, codes.REF_UNKNOWN_TURN, "game.json", "/rules/turn_effects/0/turns/0")


def test_a_mode_along_a_terrain_that_is_no_road(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["rules"]["movement"]["modes"][0]["along"] = ["river"]

    report = _validated(classic, "game.json", change)
    assert_reported(report, codes.REF_WRONG_KIND, "game.json", "/rules/movement/modes/0/along/0")


def test_a_place_in_an_unknown_region(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        game["rules"]["reinforcements"]["at"] = [{"region": "east-bank"}]

    report = _validated(classic, "game.json", change)
    assert_reported(report, codes.REF_UNKNOWN_REGION, "game.json", "/rules/reinforcements/at/0/region")


def test_a_victory_condition_the_system_does_not_evaluate(classic: GameCopy) -> None:
    def change(scenario: Any) -> None:
        scenario["victory"]["conditions"][0]["kind"] = "road-free-of-zoc"

    report = _validated(classic, "scenarios/the-river-line.json", change)
    assert_reported(
        report, codes.VICTORY_UNPLAYABLE_KIND, "scenarios/the-river-line.json", "/victory/conditions/0/kind"
    )


def test_combat_without_the_values_it_totals(classic: GameCopy) -> None:
    def change(charts: Any) -> None:
        del charts["combat"]["defense"]

    report = _validated(classic, "charts.json", change)
    assert_reported(report, codes.CLASSIC_MISSING_OPTION, "charts.json", "/combat")


def test_movement_phases_without_movement_options(classic: GameCopy) -> None:
    def change(game: Any) -> None:
        del game["rules"]["movement"]
        for phase in game["sequence_of_play"]:
            phase.pop("mode", None)
        game["rules"]["turn_effects"][0]["movement"].pop("except_modes")

    report = _validated(classic, "game.json", change)
    assert_reported(report, codes.CLASSIC_MISSING_OPTION, "game.json", "/rules")


def test_classic_options_in_a_game_of_another_system_are_refused(tmp_path: Path) -> None:
    game = tmp_path / "other"
    new_game(game, "israel1948")
    copy = GameCopy(game)
    copy.edit("game.json", lambda g: g.update(rules={"zoc": {"kind": "stop"}}))
    scenario = next(iter(sorted((game / "scenarios").glob("*.json")))).relative_to(game).as_posix()
    copy.edit(scenario, lambda s: s.update(eliminated=[{"unit": s["setup"][0]["placements"][0]["unit"]}]))
    report = validate_game(game)
    assert_reported(report, codes.SYSTEM_UNPLAYED_FIELD, "game.json", "/rules")
    assert_reported(report, codes.SYSTEM_UNPLAYED_FIELD, scenario, "/eliminated")
    assert report.valid is None  # an error: the game is not built with rules nobody plays


@pytest.mark.parametrize(
    ("entry", "code", "pointer"),
    [
        ({"unit": "north-infantry-x"}, codes.REF_UNKNOWN_COUNTER, "/eliminated/0/unit"),
        ({"unit": "south-infantry", "from_turn": 99}, codes.REF_UNKNOWN_TURN, "/eliminated/0/from_turn"),
        ({"unit": "north-infantry"}, codes.SETUP_TOO_MANY_COPIES, "/eliminated/0/unit"),
    ],
)
def test_units_eliminated_at_the_start_are_checked(
    classic: GameCopy, entry: dict[str, object], code: str, pointer: str
) -> None:
    """A scenario's replacement pool names counters that exist, turns on the track, and no more
    copies than the counter mix has left (the template places all four NORTH INF)."""

    def change(scenario: Any) -> None:
        scenario["eliminated"] = [entry]

    report = _validated(classic, "scenarios/the-river-line.json", change)
    assert_reported(report, code, "scenarios/the-river-line.json", pointer)


def test_units_eliminated_at_the_start_start_in_the_pool(classic: GameCopy) -> None:
    """The engine puts them in the eliminated pile at set-up; one with a from_turn may not come back
    before it (replays/replacements.json brings SOUTH INF back on turn 2)."""
    from rules_engine.systems import system_for
    from rules_engine.systems.classic import pool

    def change(scenario: Any) -> None:
        scenario["eliminated"] = [{"unit": "south-infantry", "count": 1, "from_turn": 3}]

    def one_more(counters: Any) -> None:
        next(c for c in counters["counters"] if c["id"] == "south-infantry")["count"] += 1

    classic.edit("scenarios/the-river-line.json", change)
    classic.edit("counters.json", one_more)
    report = validate_game(classic.root, run_replays=False)
    assert report.valid is not None
    game = system_for(report.valid).new_game("the-river-line")
    gone = [u for u in game.state.units.values() if u.status.name == "ELIMINATED"]
    assert [u.counter.id for u in gone] == ["south-infantry"]
    assert not pool.available(game.world, gone[0])
    game.state.turn_index = game.state.turn_labels.index("3")
    assert pool.available(game.world, gone[0])


def test_a_road_without_an_along_cost_is_reported_not_free(classic: GameCopy) -> None:
    """A road whose chart gives no 'along' cost would make moving along it free: a warning at its
    movement line names the classes and says how to mean "no effect" instead; "none" is quiet."""

    def no_along(railway_movement: Any) -> Callable[[Any], None]:
        def change(terrain: Any) -> None:
            for kind in terrain["terrain"]:
                if kind["id"] == "railway":
                    kind["movement"] = railway_movement

        return change

    classic.edit("terrain.json", no_along({"along": {"foot": 1}}))
    report = validate_game(classic.root)
    assert_reported(report, codes.CLASSIC_ROAD_WITHOUT_COST, "terrain.json", "/terrain/7/movement")
    [found] = [d for d in report.diagnostics if d.code == codes.CLASSIC_ROAD_WITHOUT_COST]
    assert "'railway' gives no 'along' cost for mechanised" in found.message
    assert found.hint is not None and '"along": "none"' in found.hint
    assert not [d for d in report.diagnostics if d.is_error]
    classic.edit("terrain.json", no_along({"along": "none"}))
    assert validate_game(classic.root).diagnostics == []
