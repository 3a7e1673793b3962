"""The module's automation against the rules engine, on battles the real VASSAL played.

bench/automation/differential.py took battles from seeded random games, played each in the
module in VASSAL 3.7.26 and recorded the module's answers (tests/fixtures/automation/). Here
the engine resolves each battle again from its position with the dice the module rolled:
the dice pools, odds columns, modifiers, results, tactical edges and combat values must be
the module's, battle for battle. VASSAL is not needed.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline import validate_game
from compiler.vassal.automation.differential import CHECKS, check_for, game_folder
from compiler.vassal.automation.differential.position import BattlePosition
from rules_engine.systems import system_for

from .conftest import GAMES, valid_game

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "automation"
RECORDED = sorted(FIXTURES.glob("*.json"))
_GAMES: dict[str, Any] = {}


def recorded(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def game_of(data: dict[str, Any], scratch: pytest.TempPathFactory) -> Any:
    """The game a fixture's battles were taken from, validated once per test run."""
    source = data["source"]
    if source not in _GAMES:
        folder = game_folder(source, ROOT, scratch.mktemp("game"))
        _GAMES[source] = valid_game(validate_game(folder, run_replays=False))
    return _GAMES[source]


def test_every_system_with_a_check_has_its_battles_recorded() -> None:
    systems = {recorded(path)["system"] for path in RECORDED}
    assert systems == set(CHECKS)


def test_every_game_of_source_data_has_its_battles_recorded() -> None:
    """Each seed game's module was played in VASSAL (Napoleon at Waterloo's included)."""
    sources = {recorded(path)["source"] for path in RECORDED}
    assert [game for game in GAMES if f"source_data/{game}" not in sources] == []


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_the_engine_agrees_with_the_module_on_every_recorded_battle(
    path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = recorded(path)
    definition = game_of(data, tmp_path_factory)
    check, system = check_for(data["system"]), system_for(definition)
    assert len(data["battles"]) >= 50
    disagreements = []
    for number, battle in enumerate(data["battles"], start=1):
        position = BattlePosition.from_json(battle["position"])
        module = battle["module"]
        engine = check.engine_answer(system, position, check.rolls_of(module))
        disagreements += [
            f"battle {number} (seed {position.seed}): {d}" for d in check.compare(engine, module)
        ]
    assert disagreements == []


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_a_changed_answer_is_a_disagreement(path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The comparison sees a module that answered otherwise: each battle's first compared value,
    changed, makes the engine and the module disagree."""
    data = recorded(path)
    definition = game_of(data, tmp_path_factory)
    check, system = check_for(data["system"]), system_for(definition)
    battle = data["battles"][0]
    position = BattlePosition.from_json(battle["position"])
    module = battle["module"]
    engine = check.engine_answer(system, position, check.rolls_of(module))
    changed = copy.deepcopy(module)
    name = next(key for key in engine if key in changed and changed[key] is not None)
    changed[name] = "something else"
    assert check.compare(engine, changed) != []


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_battles_are_taken_from_seeded_games_the_same_way_each_time(
    path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = recorded(path)
    system_id = data["system"]
    definition = game_of(data, tmp_path_factory)
    check, system = check_for(system_id), system_for(definition)
    scenarios = [s.id for s in definition.scenarios]
    first = [p.to_json() for p in check.capture(system, scenarios, range(3), 3)]
    again = [p.to_json() for p in check.capture(system, scenarios, range(3), 3)]
    assert first == again and len(first) == 3
    assert all(p["attackers"] and p["defenders"] for p in first)


def test_the_bench_names_the_battles_there_are_for_a_battle_beyond_them() -> None:
    """``--only`` past the fixture's battles is a clear message, not an IndexError (no VASSAL
    is started: the battles are checked before any is played)."""
    bench = ROOT / "bench" / "automation" / "differential.py"
    run = subprocess.run(
        [sys.executable, str(bench), "source_data/vallon", "--replay", "--only", "56"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "WGC_AUTOMATION_HARNESS": "/nonexistent"},
        timeout=300,
    )
    assert (run.returncode, run.stderr.strip()) == (
        2,
        "--only [56]: there are battles 1 to 55 (in the fixture)",
    )


class RecordedMarker:
    """A stand-in for the harness that answers as VASSAL did in a recorded classic CRT battle
    (the battle marker's properties and the chat), so the module's answer is read again."""

    def __init__(self, module: dict[str, Any]) -> None:
        resolved = {
            "Die": "" if module["roll"] is None else str(module["roll"]),
            "Outcome": module["result"],
            "Mod": "",
            "Result": "",
        }
        resolved |= {f"Die_{n}": str(die) for n, die in enumerate(module.get("dice", []), start=1)}
        self.marker, self.chat = {**module["declared"], **resolved}, module["chat"]

    def command(self, name: str, *arguments: str) -> Any:
        if name == "props":
            return [{"props": {key: self.marker[key] for key in arguments[1].split(",")}}]
        return self.chat if name == "chat" else None


CRT_RECORDED = [
    path
    for path in RECORDED
    if recorded(path)["system"] == "classic" and "roll" in recorded(path)["battles"][0]["module"]
]


@pytest.mark.parametrize("path", CRT_RECORDED, ids=lambda p: p.stem)
def test_a_classic_battle_is_read_as_it_was_recorded(
    path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The module's answer has the shape of its fixture (bench --replay compares every key: a
    one-die CRT's answer has no ``dice``, a sum's has each die), read from the marker again."""
    data = recorded(path)
    definition = game_of(data, tmp_path_factory)
    check = check_for("classic")
    for number, battle in enumerate(data["battles"], start=1):
        position = BattlePosition.from_json(battle["position"])
        ids = {uid: uid for uid in [*position.attackers, *position.defenders]}
        answer = check.module_answer(RecordedMarker(battle["module"]), definition, position, ids)
        expected = {key: value for key, value in battle["module"].items() if key != "problems"}
        assert (number, answer) == (number, expected)
