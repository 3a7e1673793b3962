"""The engine core on its own: a toy system added with one registry line each, and the shared machinery.

The toy system (tests/toy_system.py) is written only against rules_engine/core
and compiler/replay/adapter.py; registering it is the whole of the work a new
system asks of shared code, and it then validates, plays random games and runs
a replay through the common runner.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from compiler.loading import read_json
from compiler.pipeline import GameReport, validate_game
from compiler.replay import adapters as replay_adapters
from compiler.replay import run_replay
from rules_engine import systems
from rules_engine.core import EndPhase, EngineError, ScriptedDice
from rules_engine.core.stacking import Member, Stacking
from rules_engine.definitions import Counter, Face, Origin, StackingRule
from rules_engine.systems import SYSTEMS

from .conftest import ROOT, valid_game

TOY = ROOT / "tests" / "fixtures" / "toy"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameReport]:
    """The toy game, validated, with its system and its replay adapter registered (one line each)."""
    monkeypatch.setitem(systems.SYSTEMS, "toy", "tests.toy_system")
    monkeypatch.setitem(replay_adapters.ADAPTERS, "toy", "tests.toy_system")
    report = validate_game(TOY)
    assert report.ok, [str(d) for d in report.diagnostics]
    yield report


def test_an_unregistered_system_is_reported_by_name() -> None:
    report = validate_game(TOY)
    assert [d.code for d in report.diagnostics if d.is_error] == ["ref.unknown-system"]


def test_random_games_of_the_toy_end_with_a_result_and_keep_stacking(toy: GameReport) -> None:
    system = systems.system_for(valid_game(toy))
    results = set()
    for seed in range(30):
        seen: list[str] = []

        def check(game: Any, what: str, seen: list[str] = seen) -> None:
            seen.append(what)
            for space, units in game.state.occupants.items():
                assert len(units) <= 1, f"after {what}: {len(units)} units in {space}"

        game = system.play_random("skirmish", seed, after_action=check)
        assert game.over and game.result in {"Red Victory", "Blue Victory", "Draw"}
        assert seen, "the random player took no action"
        again = system.play_random("skirmish", seed)
        assert again.result == game.result
        results.add(game.result)
    assert len(results) >= 2, "thirty random games all ended alike"


def test_legal_actions_include_ending_the_phase_and_only_free_hexes(toy: GameReport) -> None:
    game: Any = systems.system_for(valid_game(toy)).new_game("skirmish")
    actions = game.legal_actions()
    assert EndPhase() in actions
    steps = [a for a in actions if a.kind == "step"]
    assert steps and all(a.unit.startswith("RED") for a in steps)
    game.apply(steps[0], ScriptedDice({}))
    assert steps[0].unit not in {a.unit for a in game.legal_actions() if a.kind == "step"}


def _toy_replay(tmp_path: Path, steps: list[dict[str, Any]]) -> Any:
    replay = {"$schema": "replay.schema.json", "name": "toy replay", "scenario": "skirmish", "steps": steps}
    path = tmp_path / "toy-replay.json"
    path.write_text(json.dumps(replay), encoding="utf-8")
    document, problems = read_json(path, "replays/toy-replay.json")
    assert document is not None and not problems
    return document


def test_a_replay_runs_through_the_common_runner(toy: GameReport, tmp_path: Path) -> None:
    document = _toy_replay(
        tmp_path,
        [
            {"step": "RED FOOT#1", "to": "B2", "expect": {"control": {"Middleton": "red"}}},
            {"step": "RED FOOT#2", "to": "B2", "illegal": "toy 2"},
            {"end_phase": True, "expect": {"phase": "second-move", "turn": 1}},
            {"advance_to": {"turn": 3, "phase": "second-move"}},
            {"end_phase": True, "expect": {"over": True, "result": "Red Victory"}},
        ],
    )
    outcome = run_replay(toy.sources, valid_game(toy), document)
    assert outcome.passed, outcome.problem
    assert [s.summary for s in outcome.steps][:2] == ["step RED FOOT#1 to B2", "step RED FOOT#2 to B2"]


def test_a_failed_expectation_of_the_toy_points_at_its_key(toy: GameReport, tmp_path: Path) -> None:
    document = _toy_replay(
        tmp_path, [{"step": "RED FOOT#1", "to": "B2", "expect": {"control": {"B2": "blue"}}}]
    )
    outcome = run_replay(toy.sources, valid_game(toy), document)
    assert outcome.problem is not None
    assert outcome.problem.code == "replay.expectation-failed"
    assert outcome.problem.pointer == "/steps/0/expect/control/B2"


def test_an_unknown_scenario_is_reported_at_the_scenario_key(toy: GameReport, tmp_path: Path) -> None:
    document = _toy_replay(tmp_path, [{"end_phase": True}])
    document.data["scenario"] = "nowhere"
    outcome = run_replay(toy.sources, valid_game(toy), document)
    assert outcome.problem is not None and outcome.problem.pointer == "/scenario"


def test_an_unknown_optional_rule_names_its_field(toy: GameReport) -> None:
    with pytest.raises(EngineError) as raised:
        systems.system_for(valid_game(toy), frozenset({"fog-of-war"}))
    assert raised.value.field == "options"


def test_the_hooks_run_in_the_order_of_the_sequence_of_play(toy: GameReport) -> None:
    calls: list[str] = []
    game: Any = systems.system_for(valid_game(toy)).new_game("skirmish")
    game.on_phase_end = lambda dice: calls.append(f"end {game.phase.id}")
    game.on_phase_begin = lambda dice: calls.append(f"begin {game.phase.id}")
    game.on_turn_begin = lambda dice: calls.append(f"turn {game.state.turn}")
    dice = ScriptedDice({})
    game.end_phase(dice)
    game.end_phase(dice)
    assert calls == ["end first-move", "begin second-move", "end second-move", "turn 2", "begin first-move"]
    assert game.active_side == "red" and game.inactive_side == "blue"


# --- stacking as the data states it: one reading for the validator and the engine -----------------


def _counter(
    counter_id: str, kind: str = "unit", unit_class: str | None = "infantry", nation: str = "x"
) -> Counter:
    return Counter(
        counter_id,
        counter_id.upper(),
        (),
        kind,
        "a",
        nation,
        unit_class,
        None,
        1,
        None,
        False,
        Face(),
        None,
        (),
        Origin("counters.json"),
    )


def _stacking(*rules: StackingRule, limit: int | None = None) -> Stacking:
    report = validate_game(ROOT / "source_data" / "jerusalem", run_replays=False)
    game = valid_game(report).game
    return Stacking(game._replace(stacking=game.stacking._replace(limit=limit, rules=rules)))


def _rule(maximum: int, **fields: Any) -> StackingRule:
    values: dict[str, Any] = {
        "max": maximum,
        "classes": (),
        "kinds": (),
        "with_unit": None,
        "max_with_unit": None,
        "not_with_nations": (),
        "except_counters": (),
        "summary": None,
        "origin": Origin("game.json"),
    }
    values.update(fields)
    return StackingRule(**values)


def test_a_class_rule_counts_copies_and_rises_with_its_unit() -> None:
    stacking = _stacking(_rule(3, classes=("infantry",), with_unit="convoy", max_with_unit=6))
    infantry = _counter("foot")
    assert stacking.over_limit([Member(infantry, 3)]) is None
    assert stacking.over_limit([Member(infantry, 4)]) == "4 infantry; at most 3 may stack"
    assert stacking.over_limit([Member(infantry, 6), Member(_counter("convoy", unit_class=None))]) is None


def test_a_company_rule_bars_leaders_from_a_nation_but_not_the_excepted_one() -> None:
    rule = _rule(9, kinds=("leader",), not_with_nations=("legion",), except_counters=("tell",))
    stacking = _stacking(rule)
    legion = _counter("legion-1", nation="legion")
    other, tell = _counter("khader", kind="leader"), _counter("tell", kind="leader", nation="legion")
    assert [c.offender.id for c in stacking.bad_company([legion, other, tell])] == ["khader"]
    assert stacking.bad_company([other, tell]) == []


def test_the_overall_limit_counts_units_only() -> None:
    stacking = _stacking(limit=2)
    units = [_counter("a"), _counter("b"), _counter("leader", kind="leader")]
    assert stacking.problem(units, ["a", "a"]) is None
    assert stacking.problem([*units, _counter("c")], ["a"]) == "3 units; the stacking limit is 2"
    assert stacking.problem(units, ["a", "b"]) == "units of both sides cannot share a space"


def test_the_model_refuses_changes_to_its_mappings() -> None:
    game = valid_game(validate_game(ROOT / "source_data" / "israel1948", run_replays=False))
    mappings: list[Any] = [
        game.counters.counters,
        game.board.spaces,
        game.charts.tables,
        game.terrain.terrain,
    ]
    mappings.append(game.terrain.terrain["clear"].movement)
    for mapping in mappings:
        with pytest.raises(TypeError):
            mapping["intruder"] = None


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_a_system_package_exports_each_name_it_lists(name: str) -> None:
    """The packages import their names on first use (rules_engine/lazy.py): each name
    in ``__all__`` must resolve, SYSTEM to the class that plays the game, FACTS to its facts."""
    package = importlib.import_module(SYSTEMS[name])
    for exported in package.__all__:
        assert getattr(package, exported) is not None, exported
    assert package.SYSTEM.name == package.FACTS.name == name
    assert package.SYSTEM.phase_kinds == package.FACTS.phase_kinds
    assert package.SYSTEM.reads_values == package.FACTS.reads_values
    with pytest.raises(AttributeError):
        _ = package.NoSuchName
