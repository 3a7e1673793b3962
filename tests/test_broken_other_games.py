"""Jerusalem! and Lawrence of Arabia: clean as shipped, and each kind of mistake found.

As in test_broken_copies.py (Israel 1948), a case edits one file of a scratch copy
of a shipped game and names the diagnostic it expects: file, code and JSON pointer.
Every case also checks that the diagnostic has a line number and that no check
crashed. Positions in long lists (hexes, set-up entries) are looked up in the
shipped data, so that adding a hex or a unit elsewhere does not break a case.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.pipeline import validate_game

from .conftest import SOURCE_DATA, GameCopy, assert_reported, copy_game

JERUSALEM = "jerusalem"
LAWRENCE = "lawrence"

STANDARD = "scenarios/standard-game.json"
LATRUN = "scenarios/latrun-and-the-burma-road.json"
AQABA = "scenarios/aqaba.json"
DAMASCUS = "scenarios/damascus.json"


class Case(NamedTuple):
    game: str
    name: str
    break_it: Callable[[GameCopy], None]
    file: str
    code: str
    pointer: str | None
    hint: str | None = None
    located: bool = True


def edit(name: str, change: Callable[[Any], object]) -> Callable[[GameCopy], None]:
    return lambda game: game.edit(name, change)


def _shipped(game: str, name: str) -> Any:
    return json.loads((SOURCE_DATA / game / name).read_text(encoding="utf-8"))


def _hex_index(hex_id: str) -> int:
    hexes = _shipped(JERUSALEM, "map.json")["hexes"]
    return next(i for i, h in enumerate(hexes) if h["id"] == hex_id)


def _hex(data: dict[str, Any], hex_id: str) -> dict[str, Any]:
    return next(h for h in data["hexes"] if h["id"] == hex_id)


def _placement_index(game: str, scenario: str, group: int, unit: str) -> int:
    placements = _shipped(game, scenario)["setup"][group]["placements"]
    return next(i for i, p in enumerate(placements) if p["unit"] == unit)


def _placement(data: dict[str, Any], group: int, unit: str) -> dict[str, Any]:
    return next(p for p in data["setup"][group]["placements"] if p["unit"] == unit)


def _terrain_index(terrain_id: str) -> int:
    return next(
        i for i, t in enumerate(_shipped(JERUSALEM, "terrain.json")["terrain"]) if t["id"] == terrain_id
    )


def _terrain_count() -> int:
    return len(_shipped(JERUSALEM, "terrain.json")["terrain"])


def _charts_over(game: GameCopy, hexes: list[str], **changes: Any) -> None:
    """A feature for hexes under the map's charts, cited to the book's map, over ``hexes``
    (``changes`` set or, with None, take away its fields)."""
    feature = {
        "id": "off-map",
        "name": "Under the map's charts",
        "kind": "feature",
        "off_map": True,
        "movement": {"enter": "impassable"},
        "cite": ["1.3"],
    }
    feature.update(changes)
    feature = {key: value for key, value in feature.items() if value is not None}
    game.edit("terrain.json", lambda d: d["terrain"].append(feature))
    game.edit(
        "map.json",
        lambda d: d["hexes"].extend({"id": h, "terrain": "clear", "features": ["off-map"]} for h in hexes),
    )


def _stream_pointer(hex_id: str) -> str:
    features = _shipped(JERUSALEM, "map.json")["hexes"][_hex_index(hex_id)]["features"]
    return f"/hexes/{_hex_index(hex_id)}/features/{features.index('stream')}"


def _add_isolated_stream(data: dict[str, Any]) -> None:
    _hex(data, "2505").setdefault("features", []).append("stream")


def _swap_crt_columns(data: dict[str, Any]) -> None:
    columns = data["tables"][0]["columns"]
    three, four = columns.index("3-1"), columns.index("4-1")
    columns[three], columns[four] = columns[four], columns[three]


def _remove_card(data: dict[str, Any]) -> None:
    operations = next(deck for deck in data["decks"] if deck["id"] == "operations")
    operations["cards"].pop()


def _double_mission_card(data: dict[str, Any]) -> None:
    missions = next(deck for deck in data["decks"] if deck["id"] == "missions")
    missions["cards"][0]["count"] = 2


JERUSALEM_CASES = [
    # --- streams and roads ------------------------------------------------------------------
    # --- the hexes under the map's charts ------------------------------------------------------
    Case(
        JERUSALEM,
        "a set-up under the map's charts",
        lambda game: (
            _charts_over(game, ["0122"]),
            game.edit(STANDARD, lambda d: _placement(d, 0, "david-shaltiel").update(at="0122")),
        ),
        STANDARD,
        codes.MAP_OFF_MAP_IN_PLAY,
        f"/setup/0/placements/{_placement_index(JERUSALEM, STANDARD, 0, 'david-shaltiel')}",
    ),
    Case(
        JERUSALEM,
        "hexes under the charts that units may enter",
        lambda game: _charts_over(game, ["0122"], movement=None),
        "terrain.json",
        codes.MAP_OFF_MAP_IN_PLAY,
        f"/terrain/{_terrain_count()}",
        hint='give it "movement": {"enter": "impassable"}',
    ),
    Case(
        JERUSALEM,
        "hexes taken out of play to make room for the charts",
        lambda game: _charts_over(
            game, ["0122", "0123"], cite=None, provenance="reconstructed: room for the CRT"
        ),
        "terrain.json",
        codes.MAP_OFF_MAP_UNCITED,
        f"/terrain/{_terrain_count()}",
    ),
    Case(
        JERUSALEM,
        "stream loses a middle hex",
        edit("map.json", lambda d: _hex(d, "2017")["features"].remove("stream")),
        "map.json",
        codes.MAP_LINE_BROKEN,
        _stream_pointer("1917"),
        hint="add the stream to 2017 or 2018, unless these are two separate streams",
    ),
    Case(
        JERUSALEM,
        "stream cut off from its first hex",
        edit("map.json", lambda d: _hex(d, "0219")["features"].remove("stream")),
        "map.json",
        codes.MAP_LINE_BROKEN,
        _stream_pointer("0118"),
    ),
    Case(
        JERUSALEM,
        "stream hex on its own",
        edit("map.json", _add_isolated_stream),
        "map.json",
        codes.MAP_LINE_BROKEN,
        f"/hexes/{_hex_index('2505')}/features/0",
    ),
    Case(
        JERUSALEM,
        "road that stops in open country",
        edit("map.json", lambda d: d["roads"][3].update(path=d["roads"][3]["path"][:6])),
        "map.json",
        codes.MAP_ROAD_DEAD_END,
        "/roads/3/path/5",
    ),
    # --- leaders in the set-up ------------------------------------------------------------
    Case(
        JERUSALEM,
        "Arab leader with Arab Legion units",
        edit(LATRUN, lambda d: _placement(d, 1, "emile-ghory").update(at="Latrun")),
        LATRUN,
        codes.SETUP_LEADER_STACKING,
        f"/setup/1/placements/{_placement_index(JERUSALEM, LATRUN, 1, 'emile-ghory')}/at",
        hint="Only Major Abdullah Tell may be in a hex with an Arab Legion unit.",
    ),
    Case(
        JERUSALEM,
        "dummy leader with Arab Legion units",
        edit(
            LATRUN,
            lambda d: d["setup"][1]["placements"].append({"unit": "arab-dummy-leader", "at": "Latrun"}),
        ),
        LATRUN,
        codes.SETUP_LEADER_STACKING,
        f"/setup/1/placements/{len(_shipped(JERUSALEM, LATRUN)['setup'][1]['placements'])}/at",
    ),
    Case(
        JERUSALEM,
        "Arab leader joins Abdullah Tell and the Legion",
        edit(LATRUN, lambda d: _placement(d, 1, "fawzi-el-kaukji").update(at="Sheikh Jarrah")),
        LATRUN,
        codes.SETUP_LEADER_STACKING,
        f"/setup/1/placements/{_placement_index(JERUSALEM, LATRUN, 1, 'fawzi-el-kaukji')}/at",
    ),
    # --- charts ---------------------------------------------------------------------------------
    Case(
        JERUSALEM,
        "CRT columns 3-1 and 4-1 swapped",
        edit("charts.json", _swap_crt_columns),
        "charts.json",
        codes.TABLE_COLUMNS_ORDER,
        "/tables/0/columns/4",
        hint="order columns from lowest to highest odds",
    ),
    Case(
        JERUSALEM,
        "CRT without a row for 7",
        edit("charts.json", lambda d: d["tables"][0]["rows"][6].update(roll=8)),
        "charts.json",
        codes.TABLE_GAP,
        "/tables/0/rows",
    ),
    Case(
        JERUSALEM,
        "Scenario II Haganah table without a 3",
        edit("charts.json", lambda d: d["tables"][1]["rows"].pop(2)),
        "charts.json",
        codes.TABLE_GAP,
        "/tables/1/rows",
        hint="rows must cover every result from 1 to 6",
    ),
    Case(
        JERUSALEM,
        "Scenario II Mufti table covers 5 twice",
        edit("charts.json", lambda d: d["tables"][2]["rows"][3].update(roll="4-5")),
        "charts.json",
        codes.TABLE_OVERLAP,
        "/tables/2/rows/4/roll",
    ),
    # --- turns ----------------------------------------------------------------------------------
    Case(
        JERUSALEM,
        "reinforcement in July",
        edit(STANDARD, lambda d: d["reinforcements"][0].update(turn="July I")),
        STANDARD,
        codes.REF_UNKNOWN_TURN,
        "/reinforcements/0/turn",
        hint="did you mean 'June I'?",
    ),
    Case(
        JERUSALEM,
        "scenario ending in July",
        edit(STANDARD, lambda d: d["turns"].update(last="July I")),
        STANDARD,
        codes.REF_UNKNOWN_TURN,
        "/turns/last",
    ),
    Case(
        JERUSALEM,
        "date marker off the turn track",
        edit(
            STANDARD, lambda d: next(m for m in d["markers"] if m["counter"] == "date").update(box="July I")
        ),
        STANDARD,
        codes.SCENARIO_BOX_OFF_TRACK,
        "/markers/3/box",
        hint="it holds the turns May I to June IV",
    ),
    # --- places ---------------------------------------------------------------------------------
    Case(
        JERUSALEM,
        "set-up in hex 5114, beyond column 50",
        edit(STANDARD, lambda d: _placement(d, 0, "david-shaltiel").update(at="5114")),
        STANDARD,
        codes.REF_UNKNOWN_SPACE,
        f"/setup/0/placements/{_placement_index(JERUSALEM, STANDARD, 0, 'david-shaltiel')}/at",
        hint="did you mean '1514'? (the grid's hexes run from 0101 to 5027: columns 01 to 50, rows 01 to 27)",
    ),
    Case(
        JERUSALEM,
        "set-up in a misspelt place",
        edit(STANDARD, lambda d: _placement(d, 0, "gadna-2-4").update(at="Katamonn")),
        STANDARD,
        codes.REF_UNKNOWN_SPACE,
        f"/setup/0/placements/{_placement_index(JERUSALEM, STANDARD, 0, 'gadna-2-4')}/at",
        hint="did you mean 'Katamon'?",
    ),
    Case(
        JERUSALEM,
        "reinforcement entering off the map",
        edit(STANDARD, lambda d: d["reinforcements"][2].update(at="5115")),
        STANDARD,
        codes.REF_UNKNOWN_SPACE,
        "/reinforcements/2/at",
    ),
]

LAWRENCE_CASES = [
    # --- the map --------------------------------------------------------------------------------
    Case(
        LAWRENCE,
        "route to a misspelt space",
        edit("map.json", lambda d: d["routes"][0].update(between=["damascus", "deraaa"])),
        "map.json",
        codes.REF_UNKNOWN_SPACE,
        "/routes/0/between/1",
        hint="did you mean 'deraa'?",
    ),
    Case(
        LAWRENCE,
        "route to a space the map does not have",
        edit("map.json", lambda d: d["routes"].append({"between": ["aqaba", "petra"], "terrain": "track"})),
        "map.json",
        codes.REF_UNKNOWN_SPACE,
        f"/routes/{len(_shipped(LAWRENCE, 'map.json')['routes'])}/between/1",
    ),
    Case(  # issue 19, item 18: under 120 in a side, yet 318 M pixels at 150 dpi
        LAWRENCE,
        "a sheet of 119 x 119 in",
        edit("map.json", lambda d: d["size"].update(width=119, height=119)),
        "map.json",
        codes.MAP_TOO_LARGE,
        "/size",
    ),
    Case(
        LAWRENCE,
        "a sheet of 121 in",
        edit("map.json", lambda d: d["size"].update(width=121)),
        "map.json",
        codes.SCHEMA_RANGE,
        "/size/width",
    ),
    Case(
        LAWRENCE,
        "a sheet 0.001 mm high",
        edit("map.json", lambda d: d["size"].update(height=0.001, unit="mm")),
        "map.json",
        codes.SCHEMA_RANGE,
        "/size/height",
    ),
    Case(
        LAWRENCE,
        "a space past the sheet's edge",
        edit("map.json", lambda d: d["spaces"][0].update(x=12.5)),
        "map.json",
        codes.MAP_SPACE_OFF_SHEET,
        "/spaces/0/x",
    ),
    # --- cards ----------------------------------------------------------------------------------
    Case(
        LAWRENCE,
        "operations deck one card short",
        edit("cards.json", _remove_card),
        "game.json",
        codes.STATED_COUNT_MISMATCH,
        "/stated_counts/3/count",
    ),
    Case(
        LAWRENCE,
        "18 cards in all, one too many",
        edit("cards.json", _double_mission_card),
        "game.json",
        codes.STATED_COUNT_MISMATCH,
        "/stated_counts/1/count",
    ),
    Case(
        LAWRENCE,
        "mission card that does not exist",
        edit(AQABA, lambda d: d["mission"].update(card="aqabba")),
        AQABA,
        codes.REF_UNKNOWN_CARD,
        "/mission/card",
        hint="did you mean 'aqaba'?",
    ),
    Case(
        LAWRENCE,
        "mission deck that does not exist",
        edit(AQABA, lambda d: d["mission"].update(deck="mission")),
        AQABA,
        codes.REF_UNKNOWN_CARD,
        "/mission/deck",
        hint="did you mean 'missions'?",
    ),
    # --- tracks ---------------------------------------------------------------------------------
    Case(
        LAWRENCE,
        "Leadership 6 on a track of 1 to 5",
        edit(AQABA, lambda d: d["markers"][0].update(box=6)),
        AQABA,
        codes.SCENARIO_BOX_OFF_TRACK,
        "/markers/0/box",
        hint="it holds the boxes 1 to 5",
    ),
    Case(
        LAWRENCE,
        "25 pounds on a track of 0 to 20",
        edit(DAMASCUS, lambda d: d["markers"][1].update(box=25)),
        DAMASCUS,
        codes.SCENARIO_BOX_OFF_TRACK,
        "/markers/1/box",
    ),
    # --- set-up ---------------------------------------------------------------------------------
    Case(
        LAWRENCE,
        "Lawrence set up in a misspelt space",
        edit(AQABA, lambda d: _placement(d, 0, "lawrence").update(at="Yenboo")),
        AQABA,
        codes.REF_UNKNOWN_SPACE,
        f"/setup/0/placements/{_placement_index(LAWRENCE, AQABA, 0, 'lawrence')}/at",
    ),
    # --- charts ---------------------------------------------------------------------------------
    Case(
        LAWRENCE,
        "Demolition Table without a 3",
        edit("charts.json", lambda d: d["tables"][2]["rows"][1].update(roll=2)),
        "charts.json",
        codes.TABLE_GAP,
        "/tables/2/rows",
    ),
    Case(
        LAWRENCE,
        "Leader Escape Table covers 2 twice",
        edit("charts.json", lambda d: d["tables"][3]["rows"][1].update(roll="2-4")),
        "charts.json",
        codes.TABLE_OVERLAP,
        "/tables/3/rows/1/roll",
    ),
]

CASES = JERUSALEM_CASES + LAWRENCE_CASES


@pytest.mark.parametrize("case", CASES, ids=[f"{case.game}: {case.name}" for case in CASES])
def test_broken_copy_gives_its_code(tmp_path: Path, case: Case) -> None:
    game = copy_game(case.game, tmp_path)
    case.break_it(game)
    report = validate_game(game.root)
    assert_reported(report, case.code, case.file, case.pointer, case.hint, case.located)


def test_each_new_kind_of_fault_is_covered() -> None:
    wanted = {
        codes.MAP_LINE_BROKEN,
        codes.MAP_ROAD_DEAD_END,
        codes.SETUP_LEADER_STACKING,
        codes.TABLE_COLUMNS_ORDER,
        codes.TABLE_GAP,
        codes.TABLE_OVERLAP,
        codes.REF_UNKNOWN_TURN,
        codes.REF_UNKNOWN_SPACE,
        codes.REF_UNKNOWN_CARD,
        codes.STATED_COUNT_MISMATCH,
        codes.SCENARIO_BOX_OFF_TRACK,
        codes.MAP_OFF_MAP_IN_PLAY,
        codes.MAP_OFF_MAP_UNCITED,
    }
    assert wanted <= {case.code for case in CASES}
    assert {case.game for case in CASES} == {JERUSALEM, LAWRENCE}


# --- the games as shipped ----------------------------------------------------------------------


@pytest.mark.parametrize("game", [JERUSALEM, LAWRENCE])
def test_game_validates_clean(game: str) -> None:
    report = validate_game(SOURCE_DATA / game)
    assert [d for d in report.diagnostics if d.is_error] == []
    assert not any(d.code == codes.INTERNAL_CHECK_FAILED for d in report.diagnostics)
    assert report.ok


def test_stream_gap_is_only_a_warning(tmp_path: Path) -> None:
    """Two streams may end a hex apart on a real map: the gap warns, it does not stop a build."""
    game = copy_game(JERUSALEM, tmp_path)
    game.edit("map.json", lambda d: _hex(d, "2017")["features"].remove("stream"))
    report = validate_game(game.root)
    broken = [d for d in report.diagnostics if d.code == codes.MAP_LINE_BROKEN]
    assert len(broken) == 1 and not broken[0].is_error
    assert "1917" in broken[0].message and "2117" in broken[0].message
    assert report.ok


def test_overlap_does_not_also_report_a_gap(tmp_path: Path) -> None:
    """'1-2', '2-4', '5-6' covers 2 twice; 3 and 4 are still covered."""
    game = copy_game(LAWRENCE, tmp_path)
    game.edit("charts.json", lambda d: d["tables"][3]["rows"][1].update(roll="2-4"))
    found = {d.code for d in validate_game(game.root).diagnostics}
    assert codes.TABLE_OVERLAP in found and codes.TABLE_GAP not in found


def test_abdullah_tell_with_the_legion_is_legal(tmp_path: Path) -> None:
    """The one exception the stacking rule names: Tell with Arab Legion units, alone as leader."""
    game = copy_game(JERUSALEM, tmp_path)
    report = validate_game(game.root)
    assert not any(d.code == codes.SETUP_LEADER_STACKING for d in report.diagnostics)
    tell = _placement(game.load(LATRUN), 1, "abdullah-tell")
    legion = _placement(game.load(LATRUN), 1, "legion-6th-12-8")
    assert tell["at"] == legion["at"]


@pytest.mark.parametrize(("game", "title"), [(JERUSALEM, "Jerusalem!"), (LAWRENCE, "Lawrence of Arabia")])
def test_info_summarises_the_game(game: str, title: str) -> None:
    runner = CliRunner()
    text = runner.invoke(cli, ["info", str(SOURCE_DATA / game)])
    assert text.exit_code == 0, text.output
    assert title in text.output
    result = runner.invoke(cli, ["info", "--format", "json", str(SOURCE_DATA / game)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["title"] == title and summary["errors"] == 0
    assert summary["map"]["spaces"] > 0
    assert summary["counters"]["physical"] > 0
    assert summary["scenarios"] and all(s["units_at_start"] > 0 for s in summary["scenarios"])
    assert summary["charts"]["tables"]
    if game == LAWRENCE:
        assert [deck["cards"] for deck in summary["decks"]] == [4, 14]
    else:
        assert summary["turns"] == 8 and summary["map"]["by_feature"]["stream"] > 0
