"""A CRT read with a sum of dice (docs/classic-rules.md, The roll): the table's dice, the rows
they must cover, the modifiers on the sum and what a roll beyond the rows is; replays give the
roll die by die or as its total (docs/replay-format.md). The game is tests/fixtures/classic/cadre,
whose CRT reads 2d6."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from rules_engine.core import ScriptedDice
from rules_engine.systems import system_for
from rules_engine.systems.classic import combat
from rules_engine.systems.classic.decisions import RandomDecider
from rules_engine.systems.classic.rolls import CrtDice, modifier_range
from tests.conftest import ROOT, GameCopy, assert_reported

CADRE = ROOT / "tests" / "fixtures" / "classic" / "cadre"
REPLAY = "replays/two-dice.json"


@pytest.fixture
def cadre(tmp_path: Path) -> GameCopy:
    shutil.copytree(CADRE, tmp_path / "cadre")
    return GameCopy(tmp_path / "cadre")


def test_two_dice_make_two_to_twelve_seven_most_often() -> None:
    chances = CrtDice(2, "d6", 6).chances()
    assert list(chances) == list(range(2, 13))
    assert chances[7] == pytest.approx(6 / 36) and chances[2] == pytest.approx(1 / 36)
    assert sum(chances.values()) == pytest.approx(1)


def test_the_engine_rolls_the_tables_dice_and_adds_them() -> None:
    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    game = system_for(report.valid).blank_game("the-cadre-line", log=False)
    state = game.state
    for uid, at in (("NORTH DIV#1", "0405"), ("NORTH DIV#2", "0406"), ("SOUTH DIV#1", "0505")):
        state.place(state.units[uid], at)
    state.phase_index = state.phase_ids.index("north-combat")
    attackers = [state.units["NORTH DIV#1"], state.units["NORTH DIV#2"]]
    dice = ScriptedDice({"combat": {"d6": [3, 4]}}, {"d6": 6})
    fought = combat.resolve(game.world, "north", attackers, ["0505"], RandomDecider(0), dice)
    # turn 1: North's surprise adds one to the sum
    assert (fought.roll, fought.modified, fought.column, fought.result) == (7, 8, "2-1", "D1")
    assert dice.unused() == []


def test_the_modifiers_on_the_map_reach_two_below_the_dice() -> None:
    report = validate_game(CADRE, run_replays=False)
    definition = report.valid
    assert definition is not None
    game = definition.game
    effects = game.rules.turn_effects if game.rules else ()
    sides = [s.id for s in game.sides]
    # rough (-1) behind a stream (-1); surprise adds one on turn 1
    assert modifier_range(definition.board, definition.terrain.terrain, effects, game.phases, sides) == (
        -2,
        1,
    )


def test_a_roll_the_rows_do_not_take_in_needs_the_combat_to_say_how_it_is_read(cadre: GameCopy) -> None:
    """2d6 makes 2; rough behind a stream takes two off: 0 is below the first row (2)."""
    cadre.edit("charts.json", lambda charts: charts["combat"].pop("below_lowest_roll"))
    report = validate_game(cadre.root)
    assert_reported(report, codes.COMBAT_ROLL_BEYOND_ROWS, "charts.json", "/combat", hint=None)
    message = next(d.message for d in report.diagnostics if d.code == codes.COMBAT_ROLL_BEYOND_ROWS)
    assert "2d6" in message and "can be 0" in message


def test_above_the_last_row_too(cadre: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["tables"][0]["rows"][-1]["roll"] = 12  # no longer 12+; surprise makes 13

    cadre.edit("charts.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.COMBAT_ROLL_BEYOND_ROWS, "charts.json", "/combat")
    message = next(d.message for d in report.diagnostics if d.code == codes.COMBAT_ROLL_BEYOND_ROWS)
    assert "can be 13" in message


def test_a_result_beyond_the_rows_needs_a_meaning(cadre: GameCopy) -> None:
    cadre.edit("charts.json", lambda charts: charts["combat"].update(below_lowest_roll={"result": "XX"}))
    report = validate_game(cadre.root)
    assert_reported(report, codes.COMBAT_RESULT_NO_MEANING, "charts.json", "/combat/below_lowest_roll/result")


def test_rows_cover_every_sum_of_the_dice(cadre: GameCopy) -> None:
    def change(charts: Any) -> None:
        charts["tables"][0]["rows"][3]["roll"] = 8  # 7 is lost; 8 twice
        charts["tables"][0]["rows"][4]["roll"] = 9

    cadre.edit("charts.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.TABLE_GAP, "charts.json", "/tables/0/rows")
    message = next(d.message for d in report.diagnostics if d.code == codes.TABLE_GAP)
    assert "roll of 7" in message and "roll of 1" not in message  # 2d6 starts at 2


def test_the_dice_name_a_die_of_the_game(cadre: GameCopy) -> None:
    cadre.edit("charts.json", lambda charts: charts["tables"][0].update(dice="2d8"))
    report = validate_game(cadre.root)
    assert_reported(report, codes.REF_UNKNOWN_DIE, "charts.json", "/tables/0/dice")


def test_a_die_and_dice_that_disagree(cadre: GameCopy) -> None:
    cadre.edit("game.json", lambda game: game["dice"].append({"id": "d10", "name": "Ten", "sides": 10}))
    cadre.edit("charts.json", lambda charts: charts["tables"][0].update(die="d10"))
    report = validate_game(cadre.root)
    assert_reported(report, codes.TABLE_DICE_CONFLICT, "charts.json", "/tables/0/dice")


def test_dice_on_a_table_the_combat_does_not_read(cadre: GameCopy) -> None:
    def change(charts: Any) -> None:
        extra = {
            "id": "weather",
            "name": "Weather",
            "kind": "die-roll",
            "dice": "2d6",
            "rows": [{"roll": "2-12", "result": "clear"}],
        }
        charts["tables"].append(extra)

    cadre.edit("charts.json", change)
    report = validate_game(cadre.root)
    assert_reported(report, codes.SYSTEM_UNPLAYED_FIELD, "charts.json", "/tables/1/dice")


# --- replays ----------------------------------------------------------------------------------


def _attack_dice(cadre: GameCopy, dice: Any) -> Any:
    def change(replay: Any) -> None:
        replay["steps"][0]["dice"] = {"combat": dice}

    cadre.edit(REPLAY, change)
    return validate_game(cadre.root)


def test_a_total_the_dice_cannot_make_is_refused(cadre: GameCopy) -> None:
    report = _attack_dice(cadre, 13)
    assert_reported(report, codes.REPLAY_DICE_MISMATCH, REPLAY, "/steps/0/dice/combat")
    message = next(d.message for d in report.diagnostics if d.code == codes.REPLAY_DICE_MISMATCH)
    assert "13 is not a total of 2d6" in message


def test_one_die_for_a_two_dice_roll_is_refused(cadre: GameCopy) -> None:
    report = _attack_dice(cadre, {"d6": [5]})
    assert_reported(report, codes.REPLAY_DICE_MISMATCH, REPLAY, "/steps/0/dice")


def test_the_same_roll_as_its_total_gives_the_same_combat(cadre: GameCopy) -> None:
    report = _attack_dice(cadre, 11)  # the replay's [5, 6]
    assert [d for d in report.diagnostics if d.is_error] == []


def test_a_total_is_refused_where_the_rules_read_each_die(tmp_path: Path) -> None:
    """A dice pool counts hits die by die: a total says nothing of them."""
    pool = tmp_path / "pool"
    shutil.copytree(ROOT / "tests" / "fixtures" / "classic" / "pool", pool)
    copy = GameCopy(pool)
    replay = next(iter(sorted((pool / "replays").glob("*.json"))))
    name = replay.relative_to(pool).as_posix()
    data = copy.load(name)
    index, step = next((i, s) for i, s in enumerate(data["steps"]) if "attack" in s)
    purpose = next(iter(step["dice"]))
    step["dice"][purpose] = 4
    copy.save(name, data)
    report = validate_game(pool)
    assert_reported(report, codes.REPLAY_DICE_MISMATCH, name, f"/steps/{index}/dice/{purpose}")


def test_the_printed_crt_heads_its_rows_with_its_dice_and_says_how_they_are_read() -> None:
    from compiler.render.chart_content import game_charts
    from compiler.render.charts import Paragraph, Table

    report = validate_game(CADRE, run_replays=False)
    assert report.valid is not None
    charts = {chart.id: chart for chart in game_charts(report.valid)}
    crt = next(b for c in charts.values() for b in c.blocks if isinstance(b, Table) and b.columns[0] == "2d6")
    assert [row[0].text for row in crt.rows] == ["2", "3-4", "5-6", "7", "8-9", "10-11", "12+"]
    words = " ".join(b.text for b in charts["combat"].blocks if isinstance(b, Paragraph))
    assert "Roll 2d6 and add them up" in words and "below the first row is A1" in words
