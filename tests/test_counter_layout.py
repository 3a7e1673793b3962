"""Counter layouts a game declares (game.json counter_layout, counter_names, counter_charts).

The templates as the renderer and the names read them; the checks, each at its line;
faces of a classic-style game (tests/layout_game.py) and the default layout; the
layout drawn onto a picture; and VASSAL pieces whose properties and names follow the
face shown, compared with what the real engine answered (tests/fixtures/vassal).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from compiler.diagnostics import codes
from compiler.javatext.sequence import decode
from compiler.pipeline import validate_game
from compiler.presentation.colours import COLOUR_CODES
from compiler.render.chart_content import game_charts
from compiler.render.charts import Table
from compiler.render.counter_layout import SLOTS
from compiler.render.counter_values import DIGIT_COLOURS
from compiler.render.counters import CounterPainter
from compiler.render.names import Names, counter_label
from compiler.replay import adapters as replay_adapters
from compiler.vassal.catalogue import PieceDefinition, piece_definitions
from compiler.vassal.inspection import beanshell
from compiler.vassal.literals import literal
from compiler.vassal.pieces import Trait
from rules_engine import systems
from rules_engine.core.facts import SystemFacts
from rules_engine.definitions import ValidGame
from rules_engine.definitions.layout import (
    POSITIONS,
    SHAPE_MARKS,
    STYLES,
    SYMBOLS,
    TemplateError,
    first_filled,
    parse_template,
)

from .conftest import ROOT, GameCopy, assert_reported, shipped
from .layout_game import classic_game
from .test_code_shape import FACE_VALUE_READS, _format_words, _shipped_value_ids, _value_by_name

FIXTURES = ROOT / "tests" / "fixtures" / "vassal"

# --- templates ---------------------------------------------------------------------------------


def _text(texts: tuple[str, ...], values: dict[str, Any], name: str = "") -> str | None:
    pieces = first_filled(texts, values, name)
    return None if pieces is None else "".join(p.text for p in pieces)


def test_a_template_prints_values_flags_and_braces() -> None:
    raiders = ("{strength}{elite:+|-}{movement}", "{strength}{elite:+}", "?-{movement}")
    assert _text(raiders, {"strength": 1, "elite": True, "movement": 5}) == "1+5"
    assert _text(raiders, {"strength": 2, "movement": 3}) == "2-3"
    assert _text(raiders, {"strength": 4, "elite": True}) == "4+"
    assert _text(raiders, {"movement": 3}) == "?-3"
    assert _text(raiders, {}) is None
    assert (
        _text(("{name} {attack}-{movement} {{x}}",), {"attack": 1.5, "movement": 4}, "HGH") == "HGH 1.5-4 {x}"
    )


def test_a_value_left_out_takes_its_joiner_with_it() -> None:
    line = ("{attack?}-{defense?}-{movement?}",)
    assert _text(line, {"attack": 4, "defense": 3, "movement": 5}) == "4-3-5"
    assert _text(line, {"attack": 4, "movement": 5}) == "4-5"
    assert _text(line, {"defense": 3, "movement": 5}) == "3-5"
    assert _text(line, {"movement": 5}) == "5"
    assert _text(line, {}) == ""


@pytest.mark.parametrize("text", ["{attack", "attack}", "{Attack}", "{}", "{a:{b}}"])
def test_an_unreadable_template_says_why(text: str) -> None:
    with pytest.raises(TemplateError):
        parse_template(text)


def test_the_vocabulary_is_the_schemas() -> None:
    """The positions, styles, symbols, colour codes and marks the code knows are the schema's."""
    schema = json.loads((ROOT / "compiler" / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    entry = schema["$defs"]["layoutEntry"]["properties"]
    assert tuple(entry["at"]["enum"]) == POSITIONS
    assert tuple(entry["style"]["enum"]) == STYLES
    assert tuple(entry["symbol"]["enum"]) == SYMBOLS
    assert set(schema["$defs"]["valueStyle"]["properties"]["colour_default"]["enum"]) == set(COLOUR_CODES)
    assert set(DIGIT_COLOURS) == set(COLOUR_CODES)
    assert set(SLOTS) | {"band"} == set(POSITIONS)
    marks = json.loads((ROOT / "compiler" / "schemas" / "common.schema.json").read_text(encoding="utf-8"))
    pattern = re.compile(marks["$defs"]["markId"]["pattern"])
    assert all(pattern.fullmatch(mark) for mark in (*SHAPE_MARKS, "parentheses", "L", "+", "*"))


# --- no value known by name ---------------------------------------------------------------------


def test_no_renderer_or_module_writer_knows_a_counter_value_by_name() -> None:
    """The painter, the charts, the names and the module writer read values only through the
    game's declarations and layout: no value id as a string, no value read off a face by name,
    and no per-system layout switch."""
    names = _shipped_value_ids()
    # a value id that is also a key of the format (a layout entry's "size") or a presentation
    # attribute (an image's front.size) is not a read of that value
    strings, reads = names - _format_words(), names & FACE_VALUE_READS
    assert {"strength", "strength_colour", "movement_class"} <= strings
    found = []
    for folder in ("render", "vassal"):
        for path in (ROOT / "compiler" / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            for node in ast.walk(ast.parse(source)):
                switch = (isinstance(node, ast.Attribute) and node.attr == "counter_layout") or (
                    isinstance(node, ast.FunctionDef) and node.name == "counter_layout"
                )
                if switch:
                    found.append(f"{path.name}:{getattr(node, 'lineno', 0)} a counter_layout switch")
                what = _value_by_name(node, strings, reads)
                if what is not None:
                    found.append(f"{path.name}:{getattr(node, 'lineno', 0)} {what}")
    assert found == []
    assert "counter_layout" not in {f.name for f in SystemFacts.__dataclass_fields__.values()}


def test_the_seed_games_declare_their_layouts() -> None:
    for name in ("israel1948", "jerusalem", "lawrence"):
        game = shipped(name).game
        assert game.counter_layout and game.counter_names, name
    assert [c.id for c in shipped("jerusalem").game.counter_charts] == ["leaders"]


# --- checks -------------------------------------------------------------------------------------


def _layout(game: dict[str, Any]) -> dict[str, Any]:
    layout: dict[str, Any] = game["counter_layout"][0]
    return layout


def _entry(index: int, **change: Any) -> Callable[[dict[str, Any]], None]:
    return lambda game: _layout(game)["print"][index].update(change)


CHECKS: list[tuple[str, Callable[[dict[str, Any]], object], str, str, str | None]] = [
    (
        "undeclared value",
        _entry(2, text="{strenght}"),
        codes.VALUE_UNKNOWN,
        "/counter_layout/0/print/2/text",
        "did you mean 'strength'?",
    ),
    (
        "position used twice",
        lambda g: _layout(g)["print"].append({"at": "bottom-left", "text": "{movement}"}),
        codes.LAYOUT_POSITION_TWICE,
        "/counter_layout/0/print/4/at",
        None,
    ),
    ("unknown style", _entry(1, style="figurs"), codes.SCHEMA_ENUM, "/counter_layout/0/print/1/style", None),
    ("unknown position", _entry(1, at="corner"), codes.SCHEMA_ENUM, "/counter_layout/0/print/1/at", None),
    (
        "band away from the band",
        lambda g: _layout(g)["print"].append({"at": "bottom", "style": "band", "colour": "strength_colour"}),
        codes.LAYOUT_WRONG_STYLE,
        "/counter_layout/0/print/4/at",
        'write "at": "band"',
    ),
    (
        "a nation's mark in the middle",
        lambda g: _layout(g)["print"].append({"at": "middle", "style": "nation-mark"}),
        codes.LAYOUT_WRONG_STYLE,
        "/counter_layout/0/print/4/at",
        'write "at": "top-left" (or "left")',
    ),
    (
        "symbol without its symbol",
        lambda g: _layout(g)["print"][1].pop("symbol"),
        codes.LAYOUT_WRONG_STYLE,
        "/counter_layout/0/print/1/style",
        None,
    ),
    (
        "unreadable template in a list",
        _entry(2, text=["{strength", "{strength}"]),
        codes.LAYOUT_BAD_TEMPLATE,
        "/counter_layout/0/print/2/text/0",
        None,
    ),
    ("a flag printed as a word", _entry(2, text="{strength}{zoc}"), codes.LAYOUT_WRONG_KIND, None, None),
    ("a number printed as a flag", _entry(2, text="{strength:+}"), codes.LAYOUT_WRONG_KIND, None, None),
    ("a symbol's flag is a number", _entry(1, when="movement"), codes.LAYOUT_WRONG_KIND, None, None),
    (
        "a colour from a number",
        lambda g: _layout(g)["values"]["strength"].update(colour="movement"),
        codes.LAYOUT_WRONG_KIND,
        "/counter_layout/0/values/strength/colour",
        None,
    ),
    (
        "a colour from movement classes",
        lambda g: _layout(g)["values"]["strength"].update(colour="movement_class"),
        codes.LAYOUT_UNKNOWN_COLOUR,
        "/counter_layout/0/values/strength/colour",
        None,
    ),
    (
        "a plain line loses a colour code",
        _entry(2, style="plain"),
        codes.LAYOUT_WRONG_STYLE,
        "/counter_layout/0/print/2/style",
        'use the figures style (leave "style" out)',
    ),
    (
        "a layout after a wider one",
        lambda g: g["counter_layout"].append({"kinds": ["unit"], "classes": ["infantry"], "print": []}),
        codes.LAYOUT_UNREACHABLE,
        "/counter_layout/1",
        None,
    ),
    (
        "an unknown class",
        lambda g: _layout(g).update(classes=["infantri"]),
        codes.REF_UNKNOWN_CLASS,
        "/counter_layout/0/classes/0",
        "did you mean 'infantry'?",
    ),
    (
        "a name format naming an undeclared value",
        lambda g: g["counter_names"][0].update(format="{name} {strength}-{movment}"),
        codes.VALUE_UNKNOWN,
        "/counter_names/0/format",
        "did you mean 'movement'?",
    ),
    (
        "a glyph the font lacks",
        _entry(2, text=["{strength}\u2192", "{strength}"]),
        codes.TEXT_MISSING_GLYPHS,
        "/counter_layout/0/print/2/text/0",
        None,
    ),
]


@pytest.mark.parametrize("name, change, code, pointer, hint", CHECKS, ids=[c[0] for c in CHECKS])
def test_a_broken_layout_is_reported_at_its_line(
    israel: GameCopy,
    name: str,
    change: Callable[[dict[str, Any]], object],
    code: str,
    pointer: str,
    hint: str | None,
) -> None:
    israel.edit("game.json", change)
    report = validate_game(israel.root, run_replays=False)
    assert_reported(report, code, "game.json", pointer, hint)


def test_a_counter_chart_naming_an_undeclared_value_is_reported(tmp_path: Path) -> None:
    copy = GameCopy(_copy(tmp_path, "jerusalem"))
    copy.edit("game.json", lambda g: g["counter_charts"][0]["columns"][1].update(value="movment"))
    report = validate_game(copy.root, run_replays=False)
    assert_reported(report, codes.VALUE_UNKNOWN, "game.json", "/counter_charts/0/columns/1/value", None)


def _copy(tmp_path: Path, game: str) -> Path:
    target = tmp_path / game
    shutil.copytree(ROOT / "source_data" / game, target)
    return target


# --- faces --------------------------------------------------------------------------------------


@pytest.fixture
def toy_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(systems.SYSTEMS, "toy", "tests.toy_system")
    monkeypatch.setitem(replay_adapters.ADAPTERS, "toy", "tests.toy_system")


def _classic(tmp_path: Path, layout: bool = True) -> ValidGame:
    report = validate_game(classic_game(tmp_path, layout), run_replays=False)
    assert [str(d) for d in report.diagnostics if d.is_error] == []
    assert report.valid is not None
    return report.valid


def _drawn(
    game: ValidGame, counter_id: str, face: str, size: int = 188
) -> tuple[Image.Image, CounterPainter]:
    painter = CounterPainter(game)
    counter = game.counters.get(counter_id)
    assert counter is not None
    return painter.render(counter, face, size), painter


@pytest.mark.usefixtures("toy_system")
def test_a_classic_counter_prints_its_layout(tmp_path: Path) -> None:
    game = _classic(tmp_path)
    _, painter = _drawn(game, "21-pz", "front")
    roles = {(t.role, t.text) for t in painter.last_drawn}
    assert {("attack", "6"), ("defense", "5"), ("movement", "8"), ("joiner", "-")} <= roles
    assert {("size", "XX"), ("designation", "21"), ("name", "21 PZ")} <= roles
    by_role = {t.role: t for t in painter.last_drawn}
    assert by_role["size"].bbox[3] < by_role["attack"].bbox[1]  # the size above, the values below
    _, painter = _drawn(game, "21-pz", "back")
    assert ("attack", "(3)") in {(t.role, t.text) for t in painter.last_drawn}  # its parentheses mark
    _, painter = _drawn(game, "heavy-guns", "front")
    roles = {(t.role, t.text) for t in painter.last_drawn}
    assert {("range", "3"), ("mark", "*"), ("mark", "L"), ("attack", "12")} <= roles


@pytest.mark.usefixtures("toy_system")
def test_shape_marks_are_drawn_around_their_figure(tmp_path: Path) -> None:
    """GUARDS prints its attack in a box, its defense in a circle and its movement underlined:
    ink around each figure that the same figures without marks do not have."""
    game = _classic(tmp_path)
    marked, painter = _drawn(game, "guards", "front")
    figures = {t.role: t.bbox for t in painter.last_drawn if t.role in ("attack", "defense", "movement")}
    guards = game.counters.get("guards")
    assert guards is not None
    plain_face = guards.front._replace(marks={})
    plain = CounterPainter(game).render(guards._replace(front=plain_face), "front", 188)
    for role, (left, top, right, bottom) in figures.items():
        around = (round(left) - 6, round(top) - 8, round(right) + 6, round(bottom) + 8)
        assert marked.crop(around).tobytes() != plain.crop(around).tobytes(), role


@pytest.mark.usefixtures("toy_system")
def test_without_a_layout_every_number_stands_on_the_bottom_line(tmp_path: Path) -> None:
    game = _classic(tmp_path, layout=False)
    _, painter = _drawn(game, "heavy-guns", "front")
    line = [
        t.text for t in painter.last_drawn if t.role in ("attack", "defense", "movement", "range", "joiner")
    ]
    assert line == ["12", "-", "2", "-", "4", "-", "3"]  # declaration order, joined by '-'
    assert "II" not in painter.last_texts  # a choice is not a number: not in the default line


@pytest.mark.usefixtures("toy_system")
def test_the_layout_is_drawn_onto_a_given_picture(tmp_path: Path) -> None:
    """A face whose picture is an image gets its name and values drawn over it, nothing else."""
    game = _classic(tmp_path)
    counter = game.counters.get("21-pz")
    assert counter is not None
    picture = Image.new("RGB", (120, 120), "#808080")
    painter = CounterPainter(game)
    painter.draw_layout(picture, counter, "front", bleed=10)
    assert {"21 PZ", "6", "5", "8", "XX", "21"} <= set(painter.last_texts)
    assert picture.getpixel((60, 52)) == (128, 128, 128)  # no symbol drawn over the picture
    assert picture.getpixel((10, 60)) == (128, 128, 128)  # no outline either


def test_the_seed_names_and_leader_chart_come_from_the_declarations() -> None:
    jerusalem = shipped("jerusalem")
    names = Names(jerusalem)
    assert names.counter("haganah-4-6") == "HGH 4-6"
    assert names.counter("jerusalem-convoy") == "JC"  # unlimited movement is not spelt in a name
    assert names.counter("abdul-khader") == "Abdul Khader Husseini"  # a leader: no format selects it
    leaders = next(c for c in game_charts(jerusalem) if c.id == "leaders")
    table = leaders.blocks[0]
    assert isinstance(table, Table) and table.columns == ("Leader", "Strength", "MP", "Abilities")
    assert leaders.title == "Arab Leader Abilities"


# --- VASSAL pieces ------------------------------------------------------------------------------


def _piece_states(piece: PieceDefinition) -> Iterator[tuple[str, dict[str, str | None]]]:
    """(name, property lookup) of a piece as VASSAL shows it on each side it can show: a layered
    piece at Face_Level 1 and 2, a masked one hidden from the one who looks."""
    traits = list(piece.traits)
    basic_name = decode(traits[-1].type[len("piece;") :], ";")[3]
    layer = next((t for t in traits if t.prefix == "emb2;"), None)
    masked = any(t.prefix == "obs;" for t in traits)
    levels = [1, 2] if layer is not None else [1]
    for level in levels:
        name = basic_name if level == 1 or layer is None else _level_name(layer, basic_name)
        if masked:
            name = decode(next(t for t in traits if t.prefix == "obs;").type, ";")[5]
        yield name, _properties(traits, level, masked)


def _level_name(layer: Trait, basic: str) -> str:
    """Embellishment.getName for level 2: '+ suffix' adds, anything else is the whole name."""
    fields = decode(layer.type, ";")
    name = decode(fields[17], ",")[1]
    if name.startswith("+"):
        return basic + name[1:]
    return name.replace("\\+", "+") or basic


def _properties(traits: list[Trait], level: int, masked: bool) -> dict[str, str | None]:
    """The piece's properties as VASSAL evaluates them at Layer level ``level``."""
    known: dict[str, beanshell.Value] = {"Face_Level": level, "Obscured": masked}
    found: dict[str, str | None] = {}
    for trait in traits:
        if trait.prefix == "mark;":
            keys = decode(trait.type[len("mark;") :], ",")
            found.update(zip(keys, decode(trait.state, ","), strict=True))
        elif trait.prefix == "calcProp;":
            _, name, expression, _ = decode(trait.type, ";")
            node = beanshell.parse(expression.strip()[1:-1])
            found[name] = beanshell.java_string(beanshell.evaluate(node, known.__getitem__))
    return found


def _engine_answers(name: str) -> list[tuple[str, dict[str, str | None]]]:
    answers = []
    for line in (FIXTURES / f"properties-{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        piece, *pairs = line.split("\t")
        values = dict(pair.split("=", 1) for pair in pairs)
        answers.append((piece, {k: None if v == "null" else v for k, v in values.items()}))
    return answers


def _assert_engine_agrees(game: ValidGame, fixture: str) -> None:
    computed = [(name, props) for piece in piece_definitions(game) for name, props in _piece_states(piece)]
    for name, expected in _engine_answers(fixture):
        assert any(
            name == ours and all(props.get(key) == value for key, value in expected.items())
            for ours, props in computed
        ), (name, expected)


@pytest.mark.parametrize("game, fixture", [("israel1948", "israel"), ("jerusalem", "jerusalem")])
def test_pieces_report_the_values_of_the_face_shown_as_vassal_does(game: str, fixture: str) -> None:
    """Each answer the real engine gave (a piece's name and its properties, set up and flipped,
    hidden leaders masked) is what the module's traits give at that Layer level."""
    _assert_engine_agrees(shipped(game), fixture)


@pytest.mark.usefixtures("toy_system")
def test_text_values_reach_vassal_exactly(tmp_path: Path) -> None:
    """Quotes, backslashes, the delimiters and '$' and letters outside ASCII survive the
    Calculated Property's string literal (VASSAL read them back, tests/fixtures/vassal)."""
    game_dir = classic_game(tmp_path)
    counters = json.loads((game_dir / "counters.json").read_text(encoding="utf-8"))
    red = counters["counters"][0]
    red["front"]["designation"] = "Ü$1"
    red["back"] = dict(red["front"], damaged=True, attack=1, designation='Ä"\\2;,')
    (game_dir / "counters.json").write_text(json.dumps(counters), encoding="utf-8")
    report = validate_game(game_dir, run_replays=False)
    assert report.valid is not None
    _assert_engine_agrees(report.valid, "classic")
    assert literal('a"b\\$é\n') == '"a\\042b\\134\\044\\351\\012"'


@pytest.mark.usefixtures("toy_system")
def test_a_piece_is_named_by_the_game_and_flips_to_its_backs_name(tmp_path: Path) -> None:
    game = _classic(tmp_path)
    panzer = next(p for p in piece_definitions(game) if p.counter.id == "21-pz")
    assert [name for name, _ in _piece_states(panzer)] == ["21 PZ 6-5-8", "21 PZ 3-3-8 (damaged)"]
    counter = game.counters.get("21-pz")
    assert counter is not None and counter_label(game.game, counter) == "21 PZ 6-5-8"


# --- the docs -------------------------------------------------------------------------------------


def _docs_blocks() -> list[str]:
    text = (ROOT / "docs" / "data-model.md").read_text(encoding="utf-8")
    section = text.split("\n## Counter layout\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```json\n(.*?)```", section, re.S)


@pytest.mark.usefixtures("toy_system")
def test_the_classic_layout_of_the_docs_validates_and_prints_as_it_says(tmp_path: Path) -> None:
    declared = json.loads("{" + _docs_blocks()[0] + "}")
    game_dir = classic_game(tmp_path)
    game = json.loads((game_dir / "game.json").read_text(encoding="utf-8"))
    game.update(declared)
    (game_dir / "game.json").write_text(json.dumps(game), encoding="utf-8")
    report = validate_game(game_dir, run_replays=False)
    assert [str(d) for d in report.diagnostics if d.is_error] == []
    assert report.valid is not None
    _, painter = _drawn(report.valid, "21-pz", "back")
    assert {"21 PZ", "XX", "21", "(3)", "3", "8"} <= set(painter.last_texts)
    panzer = next(p for p in piece_definitions(report.valid) if p.counter.id == "21-pz")
    assert [name for name, _ in _piece_states(panzer)] == ["21 PZ 6-5-8", "21 PZ 3-3-8 (damaged)"]


def test_the_docs_show_israel_1948s_layout_as_it_is() -> None:
    shown = json.loads(_docs_blocks()[2])
    game = json.loads((ROOT / "source_data" / "israel1948" / "game.json").read_text(encoding="utf-8"))
    declared = game["counter_layout"][0]
    assert {k: declared[k] for k in shown} == shown
