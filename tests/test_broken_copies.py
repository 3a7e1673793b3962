"""Each kind of mistake in a copy of Israel 1948 gives its code at its place.

A case edits one file of a scratch copy and names the diagnostic it expects:
file, code and JSON pointer. Every case also checks that the diagnostic has a
line number (so an editor can jump there) and that no check crashed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from compiler.diagnostics import codes
from compiler.pipeline import validate_game

from .conftest import GameCopy, assert_reported


class Case(NamedTuple):
    name: str
    break_it: Callable[[GameCopy], None]
    file: str
    code: str
    pointer: str | None
    hint: str | None = None
    located: bool = True


def index_of(items: list[dict[str, Any]], item_id: str) -> int:
    return next(i for i, item in enumerate(items) if item.get("id") == item_id)


def edit(name: str, change: Callable[[Any], object]) -> Callable[[GameCopy], None]:
    return lambda game: game.edit(name, change)


def setitem(path: list[str | int], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for token in path[:-1]:
            data = data[token]
        data[path[-1]] = value

    return change


def counter(data: dict[str, Any], counter_id: str) -> dict[str, Any]:
    return data["counters"][index_of(data["counters"], counter_id)]


ONSLAUGHT = "scenarios/onslaught.json"
TEN_DAYS = "scenarios/ten-days.json"


def _placement(data: dict[str, Any], group: int, unit: str) -> dict[str, Any]:
    return next(p for p in data["setup"][group]["placements"] if p["unit"] == unit)


def _folder_in_place_of(game: GameCopy, name: str) -> None:
    (game.root / name).unlink()
    (game.root / name).mkdir()


def _remove_town(data: dict[str, Any]) -> None:
    acre = next(h for h in data["hexes"] if h.get("name") == "Acre")
    acre["features"].remove("town")


def _declared_and_given(declaration: dict[str, Any], value: Any) -> Callable[[GameCopy], None]:
    """game.json declares one more counter value, and YIFTACH's front gives it ``value``."""

    def both(game: GameCopy) -> None:
        game.edit("game.json", lambda d: d["counter_values"].append(declaration))
        game.edit(
            "counters.json", lambda d: counter(d, "yiftach")["front"].update({declaration["id"]: value})
        )

    return both


UNIT_SIZE = {"id": "size", "name": "Unit size", "kind": "choice", "choices": ["XX", "X", "III"]}
DESIGNATION = {"id": "designation", "name": "Designation", "kind": "text", "max_length": 8}


CASES = [
    # --- the game system ----------------------------------------------------------------------
    Case(
        "unknown system",
        edit("game.json", setitem(["system"], "israel1984")),
        "game.json",
        codes.REF_UNKNOWN_SYSTEM,
        "/system",
        hint="did you mean 'israel1948'?",
    ),
    Case(
        "phase kind the system does not run",
        edit("game.json", setitem(["sequence_of_play", 1, "kind"], "moving")),
        "game.json",
        codes.REF_UNKNOWN_PHASE_KIND,
        "/sequence_of_play/1/kind",
    ),
    Case(
        "phase without a kind",
        edit("game.json", lambda d: d["sequence_of_play"][2].pop("kind")),
        "game.json",
        codes.SCHEMA_REQUIRED,
        "/sequence_of_play/2",
    ),
    Case(
        "hex size in inches where millimetres were meant",
        edit("map.json", setitem(["grid", "hex_size"], {"value": 19, "unit": "in"})),
        "map.json",
        codes.SCHEMA_RANGE,
        "/grid/hex_size/value",
    ),
    Case(  # issue 19, item 17: this built a map without hexes, every unit in A1
        "hex size of 1e-300 in",
        edit("map.json", setitem(["grid", "hex_size"], {"value": 1e-300, "unit": "in"})),
        "map.json",
        codes.SCHEMA_RANGE,
        "/grid/hex_size/value",
    ),
    Case(
        "hex size of 2 mm",
        edit("map.json", setitem(["grid", "hex_size"], {"value": 2, "unit": "mm"})),
        "map.json",
        codes.SCHEMA_RANGE,
        "/grid/hex_size/value",
    ),
    Case(
        "a grid of 4 in hexes over 3,556 square inches",
        edit(
            "map.json",
            lambda d: d["grid"].update(hex_size={"value": 4, "unit": "in"}, rows={"from": 1, "to": 25}),
        ),
        "map.json",
        codes.MAP_TOO_LARGE,
        "/grid",
    ),
    # --- names a back end must print -------------------------------------------------------
    Case(
        "a title the font cannot draw",
        edit("game.json", setitem(["title"], "Israel 1948 \u062d\u0631\u0628")),
        "game.json",
        codes.TEXT_MISSING_GLYPHS,
        "/title",
    ),
    Case(
        "counter name ending in a backslash",
        edit("counters.json", lambda d: counter(d, "yiftach").__setitem__("name", "YIFTACH\\")),
        "counters.json",
        codes.NAME_UNPRINTABLE,
        "/counters/0/name",
    ),
    Case(
        "table name with a line break",
        edit("charts.json", setitem(["tables", 0, "name"], "Uncertain\nPeace")),
        "charts.json",
        codes.NAME_UNPRINTABLE,
        "/tables/0/name",
    ),
    Case(
        "side name with a tab",
        edit("game.json", setitem(["sides", 1, "name"], "Arab\tLeague")),
        "game.json",
        codes.NAME_UNPRINTABLE,
        "/sides/1/name",
    ),
    Case(  # JSON lets DEL through unescaped: the file holds no backslash to give it away
        "side name with a DEL written as it is",
        edit("game.json", setitem(["sides", 1, "name"], "Arab\x7fLeague")),
        "game.json",
        codes.NAME_UNPRINTABLE,
        "/sides/1/name",
    ),
    # --- files and JSON syntax -------------------------------------------------------------
    Case(
        "trailing comma",
        lambda g: g.write_text("map.json", '{"kind": "hex",}'),
        "map.json",
        codes.JSON_SYNTAX,
        None,
    ),
    Case(
        "empty file",
        lambda g: g.write_text("counters.json", ""),
        "counters.json",
        codes.JSON_EMPTY,
        None,
        located=False,
    ),
    Case(
        "not utf-8",
        lambda g: g.write_bytes("game.json", b'{"title": "Isra\xe9l"}'),
        "game.json",
        codes.FILE_ENCODING,
        None,
    ),
    Case(
        "folder in place of a file",
        lambda g: _folder_in_place_of(g, "terrain.json"),
        "terrain.json",
        codes.FILE_NOT_A_FILE,
        None,
        located=False,
    ),
    Case(
        "missing file",
        lambda g: (g.root / "counters.json").unlink(),
        "counters.json",
        codes.FILE_MISSING,
        None,
        located=False,
    ),
    Case(
        "duplicate key",
        lambda g: g.write_text(
            "game.json",
            (g.root / "game.json")
            .read_text()
            .replace('"title": "Israel 1948",', '"title": "Israel 1948", "title": "Israel 1949",'),
        ),
        "game.json",
        codes.JSON_DUPLICATE_KEY,
        "/title",
    ),
    Case(
        "huge number",
        lambda g: g.write_text(
            "charts.json",
            (g.root / "charts.json")
            .read_text()
            .replace('"hits_on": [4, 5, 6]', '"hits_on": [4, 5, ' + "9" * 400 + "]"),
        ),
        "charts.json",
        codes.JSON_NUMBER_TOO_LARGE,
        None,
    ),
    Case(
        "deep nesting",
        edit(
            "charts.json",
            setitem(
                ["note"],
                [
                    [
                        [
                            [
                                [
                                    [
                                        [
                                            [
                                                [
                                                    [
                                                        [
                                                            [
                                                                [
                                                                    [
                                                                        [
                                                                            [
                                                                                [
                                                                                    [
                                                                                        [
                                                                                            [
                                                                                                [
                                                                                                    [
                                                                                                        [
                                                                                                            [
                                                                                                                [
                                                                                                                    [
                                                                                                                        [
                                                                                                                            [
                                                                                                                                [
                                                                                                                                    [
                                                                                                                                        [
                                                                                                                                            [
                                                                                                                                                [
                                                                                                                                                    [
                                                                                                                                                        [
                                                                                                                                                            [
                                                                                                                                                                [
                                                                                                                                                                    [
                                                                                                                                                                        [
                                                                                                                                                                            [
                                                                                                                                                                                [
                                                                                                                                                                                    [
                                                                                                                                                                                        [
                                                                                                                                                                                            [
                                                                                                                                                                                                [
                                                                                                                                                                                                    [
                                                                                                                                                                                                        [
                                                                                                                                                                                                            [
                                                                                                                                                                                                                [
                                                                                                                                                                                                                    [
                                                                                                                                                                                                                        [
                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                                                            [
                                                                                                                                                                                                                                                                                [
                                                                                                                                                                                                                                                                                    [
                                                                                                                                                                                                                                                                                        [
                                                                                                                                                                                                                                                                                            []
                                                                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                                ]
                                                                                                                                                                                                                            ]
                                                                                                                                                                                                                        ]
                                                                                                                                                                                                                    ]
                                                                                                                                                                                                                ]
                                                                                                                                                                                                            ]
                                                                                                                                                                                                        ]
                                                                                                                                                                                                    ]
                                                                                                                                                                                                ]
                                                                                                                                                                                            ]
                                                                                                                                                                                        ]
                                                                                                                                                                                    ]
                                                                                                                                                                                ]
                                                                                                                                                                            ]
                                                                                                                                                                        ]
                                                                                                                                                                    ]
                                                                                                                                                                ]
                                                                                                                                                            ]
                                                                                                                                                        ]
                                                                                                                                                    ]
                                                                                                                                                ]
                                                                                                                                            ]
                                                                                                                                        ]
                                                                                                                                    ]
                                                                                                                                ]
                                                                                                                            ]
                                                                                                                        ]
                                                                                                                    ]
                                                                                                                ]
                                                                                                            ]
                                                                                                        ]
                                                                                                    ]
                                                                                                ]
                                                                                            ]
                                                                                        ]
                                                                                    ]
                                                                                ]
                                                                            ]
                                                                        ]
                                                                    ]
                                                                ]
                                                            ]
                                                        ]
                                                    ]
                                                ]
                                            ]
                                        ]
                                    ]
                                ]
                            ]
                        ]
                    ]
                ],
            ),
        ),
        "charts.json",
        codes.JSON_TOO_DEEP,
        None,
    ),
    Case(
        "NaN",
        lambda g: g.write_text("charts.json", '{"$schema": "x", "note": NaN}'),
        "charts.json",
        codes.JSON_SYNTAX,
        None,
    ),
    Case(
        "wrong $schema",
        edit("map.json", setitem(["$schema"], "../../compiler/schemas/counters.schema.json")),
        "map.json",
        codes.FILE_WRONG_SCHEMA,
        "/$schema",
    ),
    # --- schema -----------------------------------------------------------------------------
    Case(
        "count of the wrong type",
        edit("counters.json", lambda d: counter(d, "kibbutz").update(count="seven")),
        "counters.json",
        codes.SCHEMA_TYPE,
        "/counters/19/count",
    ),
    Case(
        "required name missing",
        edit("counters.json", lambda d: counter(d, "yiftach").pop("name")),
        "counters.json",
        codes.SCHEMA_REQUIRED,
        "/counters/0",
    ),
    Case(
        "property typo",
        edit("counters.json", lambda d: counter(d, "yiftach").update(coutn=3)),
        "counters.json",
        codes.SCHEMA_UNKNOWN_PROPERTY,
        "/counters/0/coutn",
        hint="did you mean 'count'?",
    ),
    Case(
        "orientation not allowed",
        edit("map.json", setitem(["grid", "orientation"], "flat")),
        "map.json",
        codes.SCHEMA_ENUM,
        "/grid/orientation",
        hint="did you mean 'flat-top'?",
    ),
    Case(
        "id with spaces",
        edit("counters.json", lambda d: counter(d, "yiftach").update(id="Yiftach Brigade")),
        "counters.json",
        codes.SCHEMA_PATTERN,
        "/counters/0/id",
    ),
    Case(
        "level below zero",
        edit("map.json", lambda d: d["hexes"][0].update(level=-1)),
        "map.json",
        codes.SCHEMA_RANGE,
        "/hexes/0/level",
    ),
    # --- ids and references -------------------------------------------------------------------
    Case(
        "duplicate counter id",
        edit("counters.json", lambda d: counter(d, "golani-2").update(id="golani-1")),
        "counters.json",
        codes.ID_DUPLICATE,
        "/counters/2/id",
    ),
    Case(
        "unknown side of a nation",
        edit("game.json", setitem(["nations", 0, "side"], "israelli")),
        "game.json",
        codes.REF_UNKNOWN_SIDE,
        "/nations/0/side",
        hint="did you mean 'israeli'?",
    ),
    Case(
        "unknown nation",
        edit("counters.json", lambda d: counter(d, "egypt-tank").update(nation="egipt")),
        "counters.json",
        codes.REF_UNKNOWN_NATION,
        "/counters/22/nation",
        hint="did you mean 'egypt'?",
    ),
    Case(
        "unknown unit class",
        edit("counters.json", lambda d: counter(d, "yiftach").update({"class": "infantery"})),
        "counters.json",
        codes.REF_UNKNOWN_CLASS,
        "/counters/0/class",
        hint="did you mean 'infantry'?",
    ),
    Case(
        "nation of the other side",
        edit("counters.json", lambda d: counter(d, "yiftach").update(nation="egypt")),
        "counters.json",
        codes.COUNTER_NATION_OF_OTHER_SIDE,
        "/counters/0/nation",
    ),
    Case(
        "terrain not in the chart",
        edit("map.json", lambda d: next(h for h in d["hexes"] if h["id"] == "G13").update(terrain="rugh")),
        "map.json",
        codes.MAP_TERRAIN_NOT_IN_CHART,
        None,
        hint="did you mean 'rough'?",
    ),
    Case(
        "hexside terrain on a hex",
        edit("map.json", lambda d: next(h for h in d["hexes"] if h["id"] == "G13").update(terrain="river")),
        "map.json",
        codes.MAP_TERRAIN_WRONG_KIND,
        None,
    ),
    Case(
        "hex typo G31",
        edit(TEN_DAYS, lambda d: _placement(d, 1, "jordan-r").update(at="G31")),
        TEN_DAYS,
        codes.REF_UNKNOWN_SPACE,
        None,
        hint="did you mean 'G13'? (the grid's hexes run from A1 to M18: columns A to M, rows 1 to 18)",
    ),
    Case(
        "place name typo",
        edit(TEN_DAYS, lambda d: _placement(d, 1, "e-gaza-ala").update(at="Gazza")),
        TEN_DAYS,
        codes.REF_UNKNOWN_SPACE,
        None,
        hint="did you mean 'Gaza'?",
    ),
    Case(
        "unknown counter in reinforcements",
        edit(ONSLAUGHT, setitem(["reinforcements", 0, "unit"], "9-armour")),
        ONSLAUGHT,
        codes.REF_UNKNOWN_COUNTER,
        "/reinforcements/0/unit",
        hint="did you mean '8-armour'?",
    ),
    Case(
        "unknown region in a constraint",
        edit(ONSLAUGHT, lambda d: d["setup"][1]["placements"][1]["constraint"].update(region="egipt")),
        ONSLAUGHT,
        codes.REF_UNKNOWN_REGION,
        "/setup/1/placements/1/constraint/region",
    ),
    Case(
        "unknown turn",
        edit(ONSLAUGHT, setitem(["reinforcements", 0, "turn"], 12)),
        ONSLAUGHT,
        codes.REF_UNKNOWN_TURN,
        "/reinforcements/0/turn",
    ),
    # --- map geometry ---------------------------------------------------------------------------
    Case(
        "hex outside the grid",
        edit("map.json", lambda d: d["hexes"].append({"id": "N5", "terrain": "clear"})),
        "map.json",
        codes.MAP_HEX_OUTSIDE_GRID,
        None,
    ),
    Case(
        "not a hex id",
        edit("map.json", lambda d: d["hexes"].append({"id": "5G", "terrain": "clear"})),
        "map.json",
        codes.MAP_BAD_HEX_ID,
        None,
    ),
    Case(
        "hexside between distant hexes",
        edit("map.json", lambda d: d["hexsides"].append({"between": ["J5", "K7"], "terrain": "river"})),
        "map.json",
        codes.MAP_HEXSIDE_NOT_ADJACENT,
        "/hexsides/23/between",
    ),
    Case(
        "road jumps",
        edit("map.json", setitem(["roads", 0, "path"], ["A15", "C13", "D13"])),
        "map.json",
        codes.MAP_ROAD_NOT_ADJACENT,
        "/roads/0/path/1",
    ),
    Case(
        "road crosses a river without bridge",
        edit(
            "map.json",
            lambda d: next(h for h in d["hexsides"] if h["between"] == ["J11", "K11"]).pop("bridge"),
        ),
        "map.json",
        codes.MAP_ROAD_CROSSES_WITHOUT_BRIDGE,
        None,
    ),
    Case(
        "hex in two countries",
        edit("map.json", lambda d: d["regions"][2]["spaces"].append("I1")),
        "map.json",
        codes.MAP_REGION_OVERLAP,
        None,
    ),
    # --- supply sources ---------------------------------------------------------------------------
    Case(
        "supply source of an unknown side",
        edit("map.json", setitem(["supply_sources", 2, "side"], "arabs")),
        "map.json",
        codes.SUPPLY_UNKNOWN_SIDE,
        "/supply_sources/2/side",
    ),
    Case(
        "supply source of an unknown nation",
        edit("map.json", setitem(["supply_sources", 5, "nation"], "iraqq")),
        "map.json",
        codes.SUPPLY_UNKNOWN_NATION,
        "/supply_sources/5/nation",
        hint="did you mean 'iraq'?",
    ),
    Case(
        "supply source of the other side's nation",
        edit("map.json", setitem(["supply_sources", 0, "nation"], "egypt")),
        "map.json",
        codes.SUPPLY_NATION_OF_OTHER_SIDE,
        "/supply_sources/0/nation",
    ),
    Case(
        "supply source in the sea",
        edit("map.json", setitem(["supply_sources", 0, "at"], "A1")),
        "map.json",
        codes.SUPPLY_IMPASSABLE,
        "/supply_sources/0/at",
    ),
    # --- counts the rulebook states ---------------------------------------------------------------
    Case(
        "88 counters",
        edit("counters.json", lambda d: counter(d, "kibbutz").update(count=8)),
        "game.json",
        codes.STATED_COUNTERS_TOTAL,
        "/stated_counts/0/count",
    ),
    Case(
        "15 towns",
        edit("map.json", _remove_town),
        "game.json",
        codes.STATED_COUNT_MISMATCH,
        "/stated_counts/1/count",
    ),
    # --- set-ups -------------------------------------------------------------------------------------
    Case(
        "eighth kibbutz",
        edit(ONSLAUGHT, lambda d: d["setup"][2]["placements"].append({"unit": "kibbutz", "at": "D16"})),
        ONSLAUGHT,
        codes.SETUP_TOO_MANY_COPIES,
        "/setup/2/placements/8/unit",
    ),
    Case(
        "unit in the sea",
        edit(TEN_DAYS, lambda d: _placement(d, 1, "lebanon").update(at="A1")),
        TEN_DAYS,
        codes.SETUP_IMPASSABLE,
        None,
    ),
    Case(
        "unit with the enemy",
        edit(TEN_DAYS, lambda d: _placement(d, 1, "lebanon").update(at="Tel Aviv")),
        TEN_DAYS,
        codes.SETUP_WITH_ENEMY,
        None,
    ),
    Case(
        "three in a hex",
        edit(TEN_DAYS, lambda d: _placement(d, 0, "givati-1").update(at="G11")),
        TEN_DAYS,
        codes.SETUP_OVER_STACKED,
        None,
    ),
    Case(
        "off the coast",
        edit(ONSLAUGHT, lambda d: _placement(d, 0, "alexandroni").update(at="D13")),
        ONSLAUGHT,
        codes.SETUP_CONSTRAINT_BROKEN,
        "/setup/0/placements/4/at",
    ),
    Case(
        "not adjacent to Hebron",
        edit(ONSLAUGHT, lambda d: _placement(d, 0, "negev-1").update(at="F15")),
        ONSLAUGHT,
        codes.SETUP_CONSTRAINT_BROKEN,
        "/setup/0/placements/11/at",
    ),
    Case(
        "two kibbutzim together",
        edit(ONSLAUGHT, setitem(["setup", 2, "placements", 1, "at"], "I3")),
        ONSLAUGHT,
        codes.SETUP_CONSTRAINT_BROKEN,
        None,
    ),
    Case(
        "Israeli unit in the Arab set-up",
        edit(TEN_DAYS, lambda d: d["setup"][1]["placements"].append({"unit": "minorities", "at": "K14"})),
        TEN_DAYS,
        codes.SETUP_WRONG_SIDE,
        None,
    ),
    Case(
        "damaged side that is blank",
        edit(TEN_DAYS, lambda d: d["setup"][0]["placements"][0].update(face="back")),
        TEN_DAYS,
        codes.SETUP_NO_BACK,
        "/setup/0/placements/0/face",
    ),
    Case(
        "reinforcement after the end",
        edit(ONSLAUGHT, setitem(["reinforcements", 0, "turn"], 5)),
        ONSLAUGHT,
        codes.SCENARIO_REINFORCEMENT_OUTSIDE,
        "/reinforcements/0/turn",
    ),
    # --- victory ---------------------------------------------------------------------------------------
    Case(
        "unknown city",
        edit(ONSLAUGHT, setitem(["victory", "conditions", 0, "places", 0], "Tel Avivv")),
        ONSLAUGHT,
        codes.VICTORY_UNKNOWN_PLACE,
        "/victory/conditions/0/places/0",
    ),
    Case(
        "wrong number of towns",
        edit(ONSLAUGHT, setitem(["victory", "conditions", 1, "total"], 16)),
        ONSLAUGHT,
        codes.VICTORY_TOTAL_MISMATCH,
        "/victory/conditions/1/total",
    ),
    Case(
        "victory levels with a gap",
        edit(ONSLAUGHT, lambda d: d["victory"]["conditions"][1]["levels"].pop(2)),
        ONSLAUGHT,
        codes.VICTORY_LEVELS_GAP,
        "/victory/conditions/1/levels",
    ),
    Case(
        "victory levels that overlap",
        edit(ONSLAUGHT, setitem(["victory", "conditions", 1, "levels", 1, "min"], 4)),
        ONSLAUGHT,
        codes.VICTORY_LEVELS_OVERLAP,
        "/victory/conditions/1/levels",
    ),
    Case(
        "wrong starting towns",
        edit(TEN_DAYS, setitem(["victory", "conditions", 1, "start"], 5)),
        TEN_DAYS,
        codes.SCENARIO_START_CONTROL_MISMATCH,
        "/victory/conditions/1/start",
    ),
    # --- charts -------------------------------------------------------------------------------------------
    Case(
        "table with a gap",
        edit("charts.json", setitem(["tables", 0, "rows", 0, "roll"], "1-3")),
        "charts.json",
        codes.TABLE_GAP,
        "/tables/0/rows",
    ),
    Case(
        "table with an overlap",
        edit("charts.json", setitem(["tables", 0, "rows", 1, "roll"], "4-6")),
        "charts.json",
        codes.TABLE_OVERLAP,
        "/tables/0/rows/1/roll",
    ),
    Case(
        "unknown die",
        edit("charts.json", setitem(["combat", "dice", 0, "die"], "blue")),
        "charts.json",
        codes.REF_UNKNOWN_DIE,
        "/combat/dice/0/die",
    ),
    Case(
        "strength colour without dice",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(strength_colour="yellow")),
        "counters.json",
        codes.COMBAT_MISSING_COLOUR,
        "/counters/0/front/strength_colour",
    ),
    # --- counter values (game.json counter_values, required_values) -------------------------------------
    Case(
        "unit without movement",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].pop("movement")),
        "counters.json",
        codes.COUNTER_MISSING_VALUE,
        "/counters/0/front",
        hint="game.json required_values: every unit carries strength, strength_colour, movement, movement_class",
    ),
    Case(
        "reduced side without its strength",
        edit("counters.json", lambda d: counter(d, "yiftach")["back"].pop("strength")),
        "counters.json",
        codes.COUNTER_MISSING_VALUE,
        "/counters/0/back",
    ),
    Case(
        "value typo on a face",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(strenght=3)),
        "counters.json",
        codes.VALUE_UNKNOWN,
        "/counters/0/front/strenght",
        hint="did you mean 'strength'?",
    ),
    Case(
        "value nothing declares",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(morale=3)),
        "counters.json",
        codes.VALUE_UNKNOWN,
        "/counters/0/front/morale",
        hint="declare it in game.json counter_values, or use a face key "
        "(label, text, blank, damaged, symbol, background, foreground, flag)",
    ),
    Case(
        "required value nothing declares",
        edit("game.json", lambda d: d["required_values"][0]["values"].append("attack")),
        "game.json",
        codes.VALUE_UNKNOWN,
        "/required_values/0/values/4",
        hint='declare it in game.json counter_values: {"id": "attack", ...}',
    ),
    Case(
        "required values of an unknown class",
        edit("game.json", lambda d: d["required_values"][0].update(classes=["infantri"])),
        "game.json",
        codes.REF_UNKNOWN_CLASS,
        "/required_values/0/classes/0",
        hint="did you mean 'infantry'?",
    ),
    Case(
        "a word for a number",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(strength="two")),
        "counters.json",
        codes.VALUE_WRONG_KIND,
        "/counters/0/front/strength",
        hint="write a number such as 3",
    ),
    Case(
        "a number for a flag",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(zoc=1)),
        "counters.json",
        codes.VALUE_WRONG_KIND,
        "/counters/0/front/zoc",
        hint="write true or false",
    ),
    Case(
        "a negative movement allowance",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(movement=-1)),
        "counters.json",
        codes.VALUE_OUT_OF_BOUNDS,
        "/counters/0/front/movement",
    ),
    Case(
        "half a strength point where the game prints whole numbers",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(strength=1.5)),
        "counters.json",
        codes.VALUE_OUT_OF_BOUNDS,
        "/counters/0/front/strength",
    ),
    Case(
        "a strength colour the combat system does not have",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(strength_colour="blak")),
        "counters.json",
        codes.COMBAT_MISSING_COLOUR,
        "/counters/0/front/strength_colour",
        hint="did you mean 'black'?",
    ),
    Case(
        "a unit size that is not one of its choices",
        _declared_and_given(UNIT_SIZE, "brigade"),
        "counters.json",
        codes.VALUE_UNKNOWN_CHOICE,
        "/counters/0/front/size",
        hint="choices: XX, X, III",
    ),
    Case(
        "a movement class terrain.json does not define",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(movement_class="fot")),
        "counters.json",
        codes.REF_UNKNOWN_MOVEMENT_CLASS,
        "/counters/0/front/movement_class",
        hint="did you mean 'foot'?",
    ),
    Case(
        "a designation longer than its max_length",
        _declared_and_given(DESIGNATION, "Palmach Yiftach"),
        "counters.json",
        codes.VALUE_OUT_OF_BOUNDS,
        "/counters/0/front/designation",
    ),
    Case(
        "a designation with a tab",
        _declared_and_given(DESIGNATION, "11\tBde"),
        "counters.json",
        codes.NAME_UNPRINTABLE,
        "/counters/0/front/designation",
    ),
    Case(
        "a mark the declaration does not allow",
        edit(
            "counters.json",
            lambda d: counter(d, "yiftach")["front"].update(strength={"value": 2, "mark": "box"}),
        ),
        "counters.json",
        codes.VALUE_MARK_NOT_ALLOWED,
        "/counters/0/front/strength/mark",
        hint='allow it in game.json: "marks": ["box"] in the declaration of strength',
    ),
    Case(
        "a mark on a flag",
        edit(
            "counters.json", lambda d: counter(d, "yiftach")["front"].update(zoc={"value": 1, "mark": "box"})
        ),
        "counters.json",
        codes.VALUE_WRONG_KIND,
        "/counters/0/front/zoc",
    ),
    Case(
        "a list as a face value",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update(movement_marks=["j"])),
        "counters.json",
        codes.SCHEMA_TYPE,
        "/counters/0/front/movement_marks",
    ),
    Case(
        "a face key that is not a value id",
        edit("counters.json", lambda d: counter(d, "yiftach")["front"].update({"Strength": 2})),
        "counters.json",
        codes.SCHEMA_PATTERN,
        "/counters/0/front",
    ),
    Case(
        "a reduced side that moves further",
        edit("counters.json", lambda d: counter(d, "yiftach")["back"].update(movement=4)),
        "counters.json",
        codes.COUNTER_BACK_NOT_REDUCED,
        "/counters/0/back/movement",
    ),
    Case(
        "bounds the wrong way round",
        edit("game.json", lambda d: d["counter_values"][0].update(min=9, max=1)),
        "game.json",
        codes.VALUE_BAD_DECLARATION,
        "/counter_values/0/min",
    ),
    Case(
        "a choice with no choices",
        edit("game.json", lambda d: d["counter_values"][1].pop("choices_from")),
        "game.json",
        codes.VALUE_BAD_DECLARATION,
        "/counter_values/1",
    ),
    Case(
        "a value named like a face key",
        edit(
            "game.json",
            lambda d: d["counter_values"].append({"id": "label", "name": "Label", "kind": "text"}),
        ),
        "game.json",
        codes.VALUE_BAD_DECLARATION,
        "/counter_values/8/id",
    ),
    Case(
        "a value declared twice",
        edit("game.json", lambda d: d["counter_values"].append({"id": "zoc", "name": "ZOC", "kind": "flag"})),
        "game.json",
        codes.ID_DUPLICATE,
        "/counter_values/8/id",
    ),
    Case(
        "a value kind that does not exist",
        edit("game.json", setitem(["counter_values", 6, "kind"], "boolean")),
        "game.json",
        codes.SCHEMA_ENUM,
        "/counter_values/6/kind",
        hint="allowed kinds: number, text, choice, flag",
    ),
    Case(
        "a value the rules read, not required of units",
        edit("game.json", lambda d: d["required_values"][0]["values"].remove("movement_class")),
        "game.json",
        codes.VALUE_ENGINE_NEEDS,
        "/required_values",
        hint='add it to required_values: {"kinds": ["unit"], "values": ["movement_class", ...]}',
    ),
    Case(
        "a value the rules read as a number, declared as text",
        edit(
            "game.json",
            setitem(["counter_values", 0], {"id": "strength", "name": "Strength", "kind": "text"}),
        ),
        "game.json",
        codes.VALUE_ENGINE_NEEDS,
        "/counter_values/0/kind",
        hint='make it "kind": "number"',
    ),
]


# Diagnostics about counter values speak of the game's own declarations, never of another
# game's system ("every unit of a israel1948 game needs ..."); only value.engine-needs names
# the rules system, as the system.
VALUE_CODES = {code for code in codes.DESCRIPTIONS if code.startswith("value.")} | {
    codes.COUNTER_MISSING_VALUE,
    codes.COUNTER_BACK_NOT_REDUCED,
}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_broken_copy_gives_its_code(israel: GameCopy, case: Case) -> None:
    case.break_it(israel)
    report = validate_game(israel.root)
    assert_reported(report, case.code, case.file, case.pointer, case.hint, case.located)
    for found in report.diagnostics:
        words = f"{found.message} {found.hint or ''}"
        if found.code == codes.VALUE_ENGINE_NEEDS:
            assert "the rules of the 'israel1948' system" in words and "israel1948 game" not in words
        elif found.code in VALUE_CODES:
            assert "israel1948" not in words, words


def test_there_are_enough_distinct_cases() -> None:
    assert len({case.code for case in CASES}) >= 25


def test_every_problem_is_reported_at_once(israel: GameCopy) -> None:
    """Three independent mistakes in three files give three diagnostics, not one."""
    israel.edit("game.json", setitem(["nations", 0, "side"], "israelli"))
    israel.edit("map.json", setitem(["supply_sources", 2, "side"], "arabs"))
    israel.edit(TEN_DAYS, lambda d: _placement(d, 1, "jordan-r").update(at="G31"))
    report = validate_game(israel.root)
    found = {d.code for d in report.diagnostics}
    assert {codes.REF_UNKNOWN_SIDE, codes.SUPPLY_UNKNOWN_SIDE, codes.REF_UNKNOWN_SPACE} <= found


def test_diagnostics_are_sorted_by_file_and_position(israel: GameCopy) -> None:
    israel.edit(TEN_DAYS, lambda d: _placement(d, 1, "jordan-r").update(at="G31"))
    israel.edit(TEN_DAYS, lambda d: _placement(d, 1, "lebanon").update(at="A1"))
    israel.edit("game.json", setitem(["nations", 0, "side"], "israelli"))
    report = validate_game(israel.root)
    keys = [d.sort_key() for d in report.diagnostics]
    assert keys == sorted(keys)
