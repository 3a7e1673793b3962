"""Units of more than two steps in the classic system (docs/classic-rules.md, Counter values):
each face of more_faces is a step; losses walk down the faces, replacements walk back up, and
the validator refuses faces the rules could not play. The game is tests/fixtures/classic/cadre
(divisions of three steps: full, reduced and cadre); its replays play the rules, these tests the
engine's pieces and the checks."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from rules_engine.core import UnitStatus
from rules_engine.systems import system_for
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.results import step_worth
from tests.conftest import ROOT, GameCopy, assert_reported

CADRE = ROOT / "tests" / "fixtures" / "classic" / "cadre"


@pytest.fixture
def cadre(tmp_path: Path) -> GameCopy:
    shutil.copytree(CADRE, tmp_path / "cadre")
    return GameCopy(tmp_path / "cadre")


def _game() -> Any:
    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    return system_for(report.valid).blank_game("the-cadre-line", log=False)


def test_the_cadre_game_and_its_replays_validate() -> None:
    report = validate_game(CADRE)
    assert [d for d in report.diagnostics if d.is_error] == []
    assert len(list((CADRE / "replays").glob("*.json"))) >= 4


def test_each_step_loss_turns_a_division_to_its_next_face_and_the_last_eliminates_it() -> None:
    """Before more_faces were played, a full three-step unit had two steps: a D2 eliminated it."""
    game = _game()
    unit = game.state.units["NORTH DIV#1"]
    game.state.place(unit, "0302")
    world = game.world
    assert changes.steps_left(unit) == 3
    shown = []
    for _ in range(3):
        changes.step_loss(world, unit)
        shown.append((unit.face_index, unit.status))
    assert shown == [(1, UnitStatus.ON_MAP), (2, UnitStatus.ON_MAP), (2, UnitStatus.ELIMINATED)]
    assert unit.face_index == 2 and unit.face is unit.counter.more_faces[0]


def test_a_step_back_walks_up_one_face() -> None:
    game = _game()
    unit = game.state.units["SOUTH DIV#2"]
    game.state.place(unit, "0606")
    game.state.set_face(unit, 2)
    assert unit.damaged and game.tables.number(unit.face, "strength") == 1
    changes.restore_step(game.world, unit)
    assert (unit.face_index, game.tables.number(unit.face, "strength")) == (1, 3)
    changes.restore_step(game.world, unit)
    assert (unit.face_index, unit.damaged, game.tables.number(unit.face, "strength")) == (0, False, 5)


def test_a_step_is_worth_the_difference_of_the_faces_and_the_last_the_face_itself() -> None:
    """An exchange by strength counts printed values: 6-4-2 loses 2, 2 and 2 walking down."""
    game = _game()
    division = game.state.units["NORTH DIV#1"].counter
    assert [step_worth(division, 0, 3, nth, "strength") for nth in (1, 2, 3)] == [2.0, 2.0, 2.0]
    assert [step_worth(division, 1, 2, nth, "strength") for nth in (1, 2)] == [2.0, 2.0]
    assert step_worth(division, 2, 1, 1, "strength") == 2.0
    south = game.state.units["SOUTH DIV#1"].counter  # 5-3-1
    assert [step_worth(south, 0, 3, nth, "strength") for nth in (1, 2, 3)] == [2.0, 2.0, 1.0]


def test_random_games_show_only_faces_a_counter_has() -> None:
    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    system = system_for(report.valid)
    seen: set[int] = set()
    for seed in range(12):

        def check(game: Any, label: str) -> None:
            for unit in game.state.units.values():
                assert unit.damaged == (unit.face_index > 0), (label, unit)
                assert unit.face_index < changes.step_count(unit.counter), (label, unit)
                seen.add(unit.face_index)

        system.play_random("the-cadre-line", seed, after_action=check)
    assert seen == {0, 1, 2}  # the cadre is reached, not only the two first faces


def test_more_faces_need_a_reduced_back(cadre: GameCopy) -> None:
    def change(counters: Any) -> None:
        counters["counters"][0]["back"].pop("damaged")

    cadre.edit("counters.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.CLASSIC_UNPLAYABLE_FACES, "counters.json", "/counters/0/more_faces")


def test_a_further_face_is_a_reduced_step(cadre: GameCopy) -> None:
    def change(counters: Any) -> None:
        counters["counters"][2]["more_faces"][0].pop("damaged")

    cadre.edit("counters.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.CLASSIC_UNPLAYABLE_FACES, "counters.json", "/counters/2/more_faces/0")


def test_only_units_step_through_more_faces(cadre: GameCopy) -> None:
    def change(counters: Any) -> None:
        counters["counters"][5]["more_faces"] = [{"text": "TURN 2", "symbol": "turn"}]

    cadre.edit("counters.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.CLASSIC_UNPLAYABLE_FACES, "counters.json", "/counters/5/more_faces")


def test_a_further_face_carries_the_values_the_game_requires(cadre: GameCopy) -> None:
    def change(counters: Any) -> None:
        counters["counters"][0]["more_faces"][0].pop("movement")

    cadre.edit("counters.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.COUNTER_MISSING_VALUE, "counters.json", "/counters/0/more_faces/0")


def test_a_further_face_stronger_than_the_one_above_it_is_a_warning(cadre: GameCopy) -> None:
    def change(counters: Any) -> None:
        counters["counters"][0]["more_faces"][0]["strength"] = 5

    cadre.edit("counters.json", change)
    report = validate_game(cadre.root)
    assert_reported(
        report, codes.COUNTER_BACK_NOT_REDUCED, "counters.json", "/counters/0/more_faces/0/strength"
    )


def test_a_set_up_on_a_face_the_counter_lacks(cadre: GameCopy) -> None:
    scenario = "scenarios/the-cadre-line.json"

    def change(data: Any) -> None:
        data["setup"][1]["placements"][2]["face"] = 4

    cadre.edit(scenario, change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.SETUP_NO_BACK, scenario, "/setup/1/placements/2/face")


def test_a_position_on_a_face_the_counter_lacks(cadre: GameCopy) -> None:
    replay = "replays/step-losses.json"

    def change(data: Any) -> None:
        data["position"]["units"][3]["face"] = 3  # a brigade has two faces

    cadre.edit(replay, change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.REPLAY_BAD_START, replay, "/position/units/3/face")


def test_the_sheets_print_each_division_and_its_step_counter() -> None:
    """A division of three faces prints as its counter (full, reduced behind) and a step counter
    (the cadre, a blank back): the replacement counter of published games."""
    from compiler.render.sheets import counter_items

    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    pieces = [item.thing for item in counter_items(report.valid) if item.thing.counter.id == "north-division"]
    assert [(p.front, p.back) for p in pieces] == [("front", "back")] * 3 + [("face3", None)] * 3
    counter, name = pieces[-1].shown("back")
    assert name == "back" and counter.back is None  # drawn blank


def test_the_unit_identification_chart_shows_every_face() -> None:
    from compiler.render.chart_content import unit_chart
    from compiler.render.charts import Faces
    from compiler.render.names import Names

    report = validate_game(CADRE, run_replays=False)
    definition = report.valid
    assert definition is not None
    chart = unit_chart(definition, Names(definition))
    items = [item for block in chart.blocks if isinstance(block, Faces) for item in block.items]
    division = next(item for item in items if item.caption.startswith("NORTH DIV"))
    brigade = next(item for item in items if item.caption.startswith("NORTH BDE"))
    assert (division.shown, brigade.shown) == (3, 2)
    assert division.more[0].back == definition.counters.counters["north-division"].more_faces[0]
