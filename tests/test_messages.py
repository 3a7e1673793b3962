"""Messages a designer or a player reads, checked where they were found wanting (issue 20):
validator hints, the JSON syntax hints, the inspect summary line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.diagnostics import codes
from compiler.loading.json_source import _syntax_hint
from compiler.pipeline import validate_game
from compiler.vassal.module import build_module

from .conftest import GameCopy, copy_game, shipped


def _found(game: GameCopy, code: str) -> list[Any]:
    report = validate_game(game.root, run_replays=False)
    return [d for d in report.diagnostics if d.code == code]


def test_an_unknown_hex_is_told_the_grids_range(israel: GameCopy) -> None:
    israel.edit("scenarios/ten-days.json", lambda d: d["setup"][1]["placements"][31].update(at="N4"))
    (found,) = _found(israel, codes.REF_UNKNOWN_SPACE)
    assert (
        found.hint == "'N4' is off the map: the grid's hexes run from A1 to M18: columns A to M, rows 1 to 18"
    )
    israel.edit("scenarios/ten-days.json", lambda d: d["setup"][1]["placements"][31].update(at="G61"))
    (found,) = _found(israel, codes.REF_UNKNOWN_SPACE)
    assert (
        found.hint
        == "did you mean 'G16'? (the grid's hexes run from A1 to M18: columns A to M, rows 1 to 18)"
    )
    israel.edit("scenarios/ten-days.json", lambda d: d["setup"][1]["placements"][31].update(at="Atlantis"))
    (found,) = _found(israel, codes.REF_UNKNOWN_SPACE)
    assert "the grid's hexes" not in (found.hint or ""), "a name that is no hex ID gets no grid range"


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('{"a": 1,, "b": 2}', "two commas in a row"),
        ("[1,,2]", "two commas in a row"),
        ('{"a": 1,}', "a trailing comma before '}'"),
        ("[1, 2,]", "a trailing comma before ']'"),
        ("[,1]", "a comma right after '['"),
        ("{'a': 1}", "JSON strings and keys take double quotes, not single"),
        ('{"a": 1', "the file ends before every bracket is closed"),
        ('{"a": ', "the file ends where a value should be"),
    ],
)
def test_json_syntax_hints_say_what_stands_there(text: str, hint: str) -> None:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    found = _syntax_hint(caught.value)
    assert found is not None and found.startswith(hint), found
    if "two commas" in hint:
        assert "trailing" not in found


def test_a_double_comma_in_a_game_file_is_diagnosed_as_one(israel: GameCopy) -> None:
    israel.write_text("map.json", '{"kind": "hex",, "name": "x"}')
    report = validate_game(israel.root, run_replays=False)
    (found,) = [d for d in report.diagnostics if d.code == codes.JSON_SYNTAX]
    assert found.hint is not None and found.hint.startswith("two commas in a row") and found.line == 1


def _river(israel: GameCopy, cross: str) -> None:
    israel.edit("map.json", lambda d: d["hexsides"][18].pop("bridge"))  # J11-K11, on the road
    israel.edit("terrain.json", lambda d: d["terrain"][8]["movement"].update(cross=cross))


def test_a_road_over_a_river_a_unit_may_cross_anyway_is_a_warning(israel: GameCopy) -> None:
    _river(israel, "all")
    (found,) = _found(israel, codes.MAP_ROAD_CROSSES_WITHOUT_BRIDGE)
    assert not found.is_error and "between J11 and K11" in found.message


def test_a_road_over_a_river_only_a_bridge_lets_units_cross_is_an_error(israel: GameCopy) -> None:
    _river(israel, "impassable")
    (found,) = _found(israel, codes.MAP_ROAD_CROSSES_WITHOUT_BRIDGE)
    assert found.is_error
    assert found.message.endswith("no foot or mechanised unit may cross it, so the road leads nowhere")


def test_a_missing_face_value_names_the_rule_that_asks_for_it(israel: GameCopy) -> None:
    """The values a counter must carry are the game's own (game.json required_values): the hint
    quotes that rule and names no system after a game ("a israel1948 game")."""
    israel.edit("counters.json", lambda d: d["counters"][0]["front"].pop("movement"))
    (found,) = _found(israel, codes.COUNTER_MISSING_VALUE)
    assert found.hint == (
        "game.json required_values: every unit carries strength, strength_colour, movement, movement_class"
    )
    assert "israel1948" not in found.hint


def test_a_strength_colour_the_combat_chart_does_not_declare_is_refused(tmp_path: Path) -> None:
    lawrence = copy_game("lawrence", tmp_path)
    lawrence.edit("counters.json", lambda d: d["counters"][0]["front"].update(strength_colour="yellow"))
    (found,) = _found(lawrence, codes.VALUE_UNKNOWN)  # Lawrence declares no strength colour at all
    assert found.is_error and found.pointer == "/counters/0/front/strength_colour"
    lawrence.edit(
        "game.json",
        lambda d: d["counter_values"].append(
            {"id": "strength_colour", "name": "Colour", "kind": "choice", "choices_from": "strength_colours"}
        ),
    )
    (found,) = _found(lawrence, codes.COMBAT_MISSING_COLOUR)
    assert found.is_error and found.pointer == "/counters/0/front/strength_colour"
    assert "lists none: leave strength_colour out" in (found.hint or "")
    israel = copy_game("israel1948", tmp_path)
    israel.edit("counters.json", lambda d: d["counters"][0]["front"].update(strength_colour="yellow"))
    (found,) = _found(israel, codes.COMBAT_MISSING_COLOUR)
    assert found.hint == "known: black, red, white"
    jerusalem = copy_game("jerusalem", tmp_path)
    assert not _found(jerusalem, codes.COMBAT_MISSING_COLOUR), "Jerusalem!'s chart declares yellow"


def test_inspect_says_which_vassal_saved_the_module_and_which_it_emulates(tmp_path: Path) -> None:
    module = tmp_path / "lawrence.vmod"
    module.write_bytes(build_module(shipped("lawrence")))
    result = CliRunner().invoke(cli, ["inspect", str(module)])
    first = result.output.splitlines()[0]
    assert first.endswith(
        "saved by VASSAL 3.6.0 (opens in VASSAL 3.6 and later); checked the way VASSAL 3.7 loads it"
    ), first
    assert "written for" not in result.output
    helped = CliRunner().invoke(cli, ["inspect", "--help"])
    assert "the way VASSAL 3.7 loads it" in helped.output and "oldest VASSAL that opens it" in helped.output
