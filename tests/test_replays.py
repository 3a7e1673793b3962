"""Replays: the shipped ones pass, broken ones fail at the right place, `wgc replay` reports both."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.pipeline import validate_game

from .conftest import SOURCE_DATA, GameCopy, copy_game

REPLAYS = SOURCE_DATA / "israel1948" / "replays"
COMBAT = "replays/combat-example.json"


def test_every_shipped_replay_passes() -> None:
    report = validate_game(SOURCE_DATA / "israel1948")
    replay_problems = [d for d in report.diagnostics if d.code.startswith("replay.")]
    assert replay_problems == []
    assert len(list(REPLAYS.glob("*.json"))) >= 9


def _run(game: GameCopy) -> list[Any]:
    report = validate_game(game.root)
    assert not any(d.code == codes.INTERNAL_CHECK_FAILED for d in report.diagnostics), report.diagnostics
    return [d for d in report.diagnostics if d.code.startswith("replay.")]


def _only(problems: list[Any], code: str, pointer: str) -> Any:
    assert [(p.code, p.pointer) for p in problems] == [(code, pointer)]
    problem = problems[0]
    assert problem.file == COMBAT and problem.line is not None and problem.line > 1
    return problem


def test_a_wrong_expectation_fails_at_its_pointer(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][1]["expect"]["units"]["7 ARMOUR"].update(at="G12"))
    problem = _only(_run(game), codes.REPLAY_EXPECTATION_FAILED, "/steps/1/expect/units/7 ARMOUR/at")
    assert "G12" in problem.message and "G13" in problem.message


def test_dice_the_rules_do_not_roll_are_a_mismatch(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0]["dice"]["defender"].update(black=[4]))
    problem = _only(_run(game), codes.REPLAY_DICE_MISMATCH, "/steps/0/dice")
    assert "1 black and 1 red" in problem.message and "2 black and 1 red" in problem.message


def test_a_step_marked_illegal_that_the_rules_allow_fails(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0].update(illegal="2.3"))
    _only(_run(game), codes.REPLAY_NOT_REFUSED, "/steps/0/illegal")


def test_an_illegal_choice_names_the_rule(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0]["hits"][1].update(to="G14"))
    problem = _only(_run(game), codes.REPLAY_ILLEGAL_ACTION, "/steps/0")
    assert problem.message.startswith("1.1: JORDAN R cannot retreat into G14")


def test_an_unknown_unit_is_a_bad_step(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0]["attack"].update(units=["7 ARMOR"]))
    _only(_run(game), codes.REPLAY_BAD_STEP, "/steps/0")


def test_an_unknown_scenario_is_a_bad_start(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d.update(scenario="tenn-days"))
    _only(_run(game), codes.REPLAY_BAD_START, "/scenario")


def test_a_schema_error_in_a_replay_is_located(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0].update(retreat="H14"))
    report = validate_game(game.root)
    assert any(d.code == codes.SCHEMA_UNKNOWN_PROPERTY and d.file == COMBAT for d in report.diagnostics)


def test_a_test_map_without_its_grid_is_a_schema_error(tmp_path: Path) -> None:
    """A hex test map cannot be built without the grid that numbers its hexes (a crash once)."""
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d.update(map={"kind": "hex"}))
    report = validate_game(game.root)
    assert not any(d.code == codes.INTERNAL_CHECK_FAILED for d in report.diagnostics)
    assert any(d.code == codes.SCHEMA_REQUIRED and d.pointer == "/map" for d in report.diagnostics)


def _write_replay(game: GameCopy, name: str, data: dict[str, Any]) -> None:
    game.save(f"replays/{name}", {"$schema": "../../../compiler/schemas/replay.schema.json", **data})


def test_a_small_test_map_with_a_test_unit(tmp_path: Path) -> None:
    """A 3x3 map with a river, and an invented tank: the rules run on them as on the real map."""
    game = copy_game("israel1948", tmp_path)
    tank = json.loads((SOURCE_DATA / "israel1948" / "counters.json").read_text())["counters"][15]
    assert tank["id"] == "7-armour"
    test_tank = {**tank, "id": "test-tank", "name": "TEST TANK"}
    test_tank.pop("provenance", None)
    _write_replay(
        game,
        "test-map.json",
        {
            "name": "test map",
            "scenario": "ten-days",
            "map": {
                "kind": "hex",
                "grid": {
                    "orientation": "flat-top",
                    "stagger": "first-low",
                    "columns": {"from": "A", "to": "C"},
                    "rows": {"from": 1, "to": 3},
                    "default_terrain": "clear",
                },
                "hexes": [{"id": "B2", "terrain": "rough"}],
                "hexsides": [{"between": ["A1", "B1"], "terrain": "river"}],
            },
            "counters": [test_tank],
            "position": {"turn": 1, "phase": "first-movement", "units": [{"unit": "TEST TANK", "at": "A1"}]},
            "steps": [
                {"move": "TEST TANK", "path": ["B1", "C1"], "illegal": "1.3"},
                {"expect": {"units": {"TEST TANK": {"can_reach": ["B1", "A2", "C1"]}}}},
                {"move": "TEST TANK", "path": ["A2", "B2"], "expect": {"units": {"TEST TANK": {"at": "B2"}}}},
            ],
        },
    )
    assert _run(game) == []


def test_overrides_change_the_map_for_one_replay(tmp_path: Path) -> None:
    game = copy_game("israel1948", tmp_path)
    _write_replay(
        game,
        "marsh.json",
        {
            "name": "a marsh in F9",
            "scenario": "ten-days",
            "overrides": {"hexes": [{"id": "F9", "terrain": "marsh"}]},
            "position": {"turn": 1, "phase": "first-movement", "units": [{"unit": "YIFTACH", "at": "F8"}]},
            "steps": [{"move": "YIFTACH", "path": ["F9", "F10"], "illegal": "1.3"}],
        },
    )
    assert _run(game) == []
    assert json.loads((game.root / "map.json").read_text()) == json.loads(
        (SOURCE_DATA / "israel1948" / "map.json").read_text()
    )


def test_games_without_an_engine_warn_that_replays_are_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every shipped game has an engine now: take Jerusalem!'s replay adapter away for this test."""
    from compiler.replay.adapters import ADAPTERS

    monkeypatch.delitem(ADAPTERS, "jerusalem")
    game = copy_game("jerusalem", tmp_path)
    report = validate_game(game.root)
    found = [d for d in report.diagnostics if d.code == codes.REPLAY_NO_ENGINE]
    assert len(found) == 1 and not found[0].is_error


@pytest.mark.parametrize("trace", [False, True])
def test_wgc_replay_passes_and_traces(trace: bool) -> None:
    arguments = ["replay", str(SOURCE_DATA / "israel1948"), str(REPLAYS / "combat-example.json")]
    result = CliRunner().invoke(cli, [*arguments, "--trace"] if trace else arguments)
    assert result.exit_code == 0, result.output
    assert "passed" in result.output
    assert ("goes all in" in result.output) == trace


def test_wgc_replay_fails_with_the_first_problem(tmp_path: Path) -> None:
    replay = json.loads((REPLAYS / "combat-example.json").read_text())
    replay["steps"][1]["expect"]["combat"]["attacker_hits"] = 3
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(replay, indent=2))
    result = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / "israel1948"), str(path)])
    assert result.exit_code == 1
    assert "replay.expectation-failed" in result.output and "attacker hits" in result.output
    assert "wrong.json:" in result.output


def test_wgc_replay_rejects_a_file_that_is_not_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x",}')
    result = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / "israel1948"), str(path)])
    assert result.exit_code == 1
    assert "json.syntax" in result.output
    assert "Traceback" not in result.output


def test_replays_shared_out_with_a_forked_copy_give_the_same_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many replays run half here and half in a forked copy: the problems are the same, in the
    same order, whether the copy runs, cannot be started, or fails."""
    from compiler.cache.aside import Waiter, fork_call
    from compiler.replay import runner

    on_test_map = "replays/rule-combat-attacking-units.json"
    game = copy_game("israel1948", tmp_path)
    game.edit(COMBAT, lambda d: d["steps"][0]["dice"]["defender"].update(black=[4]))
    game.edit(on_test_map, lambda d: d.update(scenario="no-such-scenario"))
    alone = _run(game)
    assert [p.file for p in alone] == [COMBAT, on_test_map]
    forked: list[object] = []

    def counted(work: Callable[[], bytes]) -> Waiter | None:
        forked.append(work)
        return fork_call(work)

    def broken() -> bytes:
        raise RuntimeError("the copy fails")

    def failing(work: Callable[[], bytes]) -> Waiter | None:
        return fork_call(broken)

    monkeypatch.setattr(runner, "SHARE_OUT_FROM", 1)
    monkeypatch.setattr(runner, "_idle_core", lambda: True)
    for fork in (counted, lambda work: None, failing):
        monkeypatch.setattr(runner, "fork_call", fork)
        assert _run(game) == alone
    assert len(forked) == 1
