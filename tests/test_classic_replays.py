"""The classic template and test games validate with every replay, and each replay fails where a
changed rule would make it fail: the replays pin the options down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.new_game import new_game
from compiler.pipeline import validate_game
from tests.conftest import ROOT, GameCopy, copy_game

FIXTURES = ROOT / "tests" / "fixtures" / "classic"
GAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "game.json").is_file())


@pytest.fixture
def template(tmp_path: Path) -> GameCopy:
    new_game(tmp_path / "border-war", "classic")
    return GameCopy(tmp_path / "border-war")


def _steps(folder: Path) -> list[dict[str, object]]:
    return [
        step
        for path in sorted(folder.glob("replays/*.json"))
        for step in json.loads(path.read_text())["steps"]
    ]


@pytest.mark.parametrize("name", GAMES)
def test_a_test_game_validates_with_every_replay(name: str) -> None:
    report = validate_game(FIXTURES / name)
    assert [f"{d.file}: {d.message}" for d in report.diagnostics] == []


def test_the_template_validates_with_every_replay(template: GameCopy) -> None:
    assert validate_game(template.root).diagnostics == []
    steps = _steps(template.root)
    assert sum("illegal" in step for step in steps) >= 20
    assert sum("illegal" not in step for step in steps) >= 40


def test_a_changed_terrain_chart_changes_what_the_replays_see(template: GameCopy) -> None:
    """Editing the terrain chart (forest no longer shifts a column) changes the engine's answer."""

    def flatten_forest(terrain: dict[str, list[dict[str, object]]]) -> None:
        for kind in terrain["terrain"]:
            if kind["id"] == "forest":
                kind.pop("combat")

    template.edit("terrain.json", flatten_forest)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert [(d.file, d.pointer.startswith("/steps/1")) for d in problems] == [
        ("replays/combat-terrain.json", True)
    ]


def test_a_changed_crt_changes_the_result(template: GameCopy) -> None:
    def swap(charts: dict[str, list[dict[str, list[dict[str, list[str]]]]]]) -> None:
        charts["tables"][0]["rows"][2]["results"][2] = "DR"  # a 3 at 2-1: DR instead of EX

    template.edit("charts.json", swap)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert problems and problems[0].file == "replays/combat-odds.json"


def test_a_changed_counter_value_changes_the_odds(template: GameCopy) -> None:
    def weaker(counters: dict[str, list[dict[str, dict[str, int]]]]) -> None:
        counters["counters"][0]["front"]["strength"] = 3

    template.edit("counters.json", weaker)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert any(d.file == "replays/combat-odds.json" and d.pointer.startswith("/steps/0") for d in problems)


def test_the_cite_a_stacking_rule_and_a_phase_give_is_what_their_refusals_name(template: GameCopy) -> None:
    """With a cite of their own, a stacking refusal and a unit that does not act in a phase name it
    (the template's replays expect the options' names, so they now fail, showing the cite)."""

    def cite(game: dict[str, object]) -> None:
        stacking = game["stacking"]
        assert isinstance(stacking, dict)
        stacking["cite"] = ["6.2", "6.3"]
        phases = game["sequence_of_play"]
        assert isinstance(phases, list)
        next(p for p in phases if p["id"] == "north-exploitation")["cite"] = "3.4"

    template.edit("game.json", cite)
    problems = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    said = {d.file: d.message for d in problems}
    assert said["replays/movement.json"].startswith("6.2: ")
    assert "(the replay expected a refusal by stacking)" in said["replays/movement.json"]
    assert said["replays/zones-of-control.json"].startswith("3.4: ")
    assert "may not move in the North Exploitation Phase" in said["replays/zones-of-control.json"]


def test_a_replay_may_name_a_long_heading_cite_as_illegal(template: GameCopy) -> None:
    """A rulebook without numbered sections cites headings ("Zones of Control (C.)"); a replay's
    "illegal" must be able to name any cite an option may carry, not only short section numbers."""
    heading = "Zones of Control (C.)"

    def cite(game: dict[str, dict[str, dict[str, object]]]) -> None:
        game["rules"]["zoc"]["cite"] = heading

    def expect_the_heading(replay: dict[str, list[dict[str, object]]]) -> None:
        for step in replay["steps"]:
            if step.get("illegal") == "zoc":
                step["illegal"] = heading

    template.edit("game.json", cite)
    template.edit("replays/zones-of-control.json", expect_the_heading)
    assert [f"{d.file}: {d.message}" for d in validate_game(template.root).diagnostics] == []


def test_a_reinforcement_may_not_be_placed_in_a_hex_no_unit_may_enter(template: GameCopy) -> None:
    """A hex the reinforcement rule allows (here the north edge) is no place to come on when its
    terrain is impassable: the template's replay that places a unit there now fails."""

    def marsh(terrain: dict[str, list[dict[str, object]]]) -> None:
        terrain["terrain"].append(
            {"id": "marsh", "name": "Marsh", "kind": "hex", "movement": {"enter": "impassable"}}
        )

    def flood(board: dict[str, list[dict[str, object]]]) -> None:
        board["hexes"].append({"id": "0301", "terrain": "marsh"})

    def north_edge(game: dict[str, dict[str, dict[str, object]]]) -> None:
        game["rules"]["reinforcements"]["at"] = [{"edge": "north"}]

    def into_the_marsh(replay: dict[str, list[dict[str, object]]]) -> None:
        [step] = [s for s in replay["steps"] if s.get("place") == "NORTH INF#4" and "illegal" not in s]
        step["at"] = "0301"
        step["expect"] = {"units": {"NORTH INF#4": {"at": "0301"}}}

    template.edit("terrain.json", marsh)
    template.edit("map.json", flood)
    template.edit("game.json", north_edge)
    template.edit("replays/reinforcements-and-victory.json", into_the_marsh)
    problems = [f"{d.file}: {d.message}" for d in validate_game(template.root).diagnostics]
    assert len(problems) == 1
    assert problems[0].startswith("replays/reinforcements-and-victory.json: reinforcements: ")
    assert "not 0301" in problems[0]


def test_a_differential_attack_below_the_table_is_refused_in_differential_words(tmp_path: Path) -> None:
    """The refusal of an attack below a differential CRT names the differential, not odds."""
    game = copy_game("vallon", tmp_path)

    def expect_it_allowed(replay: dict[str, list[dict[str, object]]]) -> None:
        [step] = [
            s for s in replay["steps"] if "below the table" in str(s.get("note", "")) and "illegal" in s
        ]
        del step["illegal"]

    game.edit("replays/combat-differential.json", expect_it_allowed)
    [problem] = [d for d in validate_game(game.root).diagnostics if d.code.startswith("replay.")]
    assert "the differential -4 is below -3..-1, the table's lowest column" in problem.message
    assert "odds" not in problem.message


@pytest.mark.parametrize(
    ("note", "why"),
    [
        ("out of supply", "NORTH INF#3 is out of supply"),
        ("costs two points", "bringing it back for NORTH INF#2 costs 2 point(s); north has 1"),
        ("held by North", "Ford (0404) is not a place SOUTH INF#2 may come back in (now: Millby (0705))"),
        ("no city or town", "0905 is not a place SOUTH INF#2 may come back in"),
    ],
)
def test_a_refused_replacement_says_why(template: GameCopy, note: str, why: str) -> None:
    """Each refusal of a replacement names what the purchase lacks: supply, points, a place."""

    def expect_it_allowed(replay: dict[str, list[dict[str, object]]]) -> None:
        [step] = [s for s in replay["steps"] if note in str(s.get("note", "")) and "illegal" in s]
        del step["illegal"]

    template.edit("replays/replacements.json", expect_it_allowed)
    [problem] = [d for d in validate_game(template.root).diagnostics if d.code.startswith("replay.")]
    assert why in problem.message
