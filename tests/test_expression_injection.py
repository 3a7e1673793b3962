"""No value from a game's data reaches a BeanShell expression or a property-match expression as
code (issue 28, defect 5).

Every game system's template gets names (sides, nations, classes, phases, counters, terrain)
holding `"`, `'`, `\\`, `$`, `{`, `}`, `(`, `)` and `+`, and a side named as the issue's
reproduction (`Isr"+(new java.io.File("/tmp/PW")).createNewFile()+"`). Its module is built, and
every expression in it (each trait's fields and every attribute of the build file, decoded
through every level of VASSAL's encoding) is read as VASSAL reads it:

- a filter inside ``Count``/``Sum`` (a string literal) is read again after VASSAL's
  ``$...$`` substitution and ``unescape``;
- a `$name$` names only a property whose value wgc writes as a whole number or true/false;
- no word of the data is ever an identifier of an expression, and each name reaches a string
  literal whole (it decodes to the name exactly).

What the real VASSAL engine evaluates for such literals is recorded in
tests/fixtures/vassal/literals.json (bench/vassal_literals.py) and checked at the end.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from lxml import etree

from compiler.javatext.sequence import decode
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from compiler.vassal.inspection.beanshell import Undecidable, string_value, tokens_of
from compiler.vassal.literals import literal
from compiler.vassal.module import build_module

from .conftest import ROOT

PAYLOAD = 'Isr"+(new java.io.File("/tmp/PW")).createNewFile()+"'
MARKS = "\"'\\$Side${}()+"
WORDS = {"new", "java", "io", "File", "createNewFile", "tmp", "PW", "Isr", "Evil"}
# properties a filter may take from its source piece as text: wgc writes each as a whole number
# (Battle, StackPos is VASSAL's own, SideNo, AttackerNo, Strength) or true/false (JSyrian)
SUBSTITUTED = {"Battle", "StackPos", "SideNo", "AttackerNo", "Strength", "JSyrian"}
SYSTEMS = ["classic", "israel1948", "jerusalem", "raiders"]
FIXTURE = ROOT / "tests" / "fixtures" / "vassal" / "literals.json"


def hostile_game(tmp_path: Path, system: str) -> Path:
    folder = tmp_path / system
    new_game(folder, system=system)
    game = json.loads((folder / "game.json").read_text("utf-8"))
    for n, side in enumerate(game["sides"]):
        side["name"] = PAYLOAD if n == 0 else f"Evil {n}{MARKS}"
    for part in ("nations", "unit_classes", "phases"):
        for n, item in enumerate(game.get(part, [])):
            item["name"] = f"Evil {part} {n} {MARKS}"
    (folder / "game.json").write_text(json.dumps(game), "utf-8")
    for name, key in (("counters.json", "counters"), ("terrain.json", "terrain")):
        path = folder / name
        data = json.loads(path.read_text("utf-8"))
        for n, item in enumerate(data.get(key, [])):
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                item["name"] = f"Evil {n} {MARKS}"
        path.write_text(json.dumps(data), "utf-8")
    return folder


def module_texts(data: bytes) -> Iterator[str]:
    """Every attribute value and text of buildFile.xml, and of the saved games."""
    with zipfile.ZipFile(BytesIO(data)) as archive:
        root = etree.fromstring(archive.read("buildFile.xml"))
        for element in root.iter(etree.Element):
            yield from element.attrib.values()
            if element.text and element.text.strip():
                yield element.text


def leaves(text: str, depth: int = 0) -> Iterator[str]:
    """``text`` and what every level of VASSAL's sequence encoding holds inside it."""
    yield text
    if depth > 8:
        return
    for delimiter in ";,:|\t/":
        if delimiter in text:
            parts = decode(text, delimiter)
            if len(parts) > 1:
                for part in parts:
                    yield from leaves(part, depth + 1)


def expressions(data: bytes) -> set[str]:
    found: set[str] = set()
    for text in module_texts(data):
        for leaf in leaves(text):
            stripped = leaf.strip()
            if stripped.startswith("{") and stripped.endswith("}") and len(stripped) > 2:
                found.add(stripped)
    return found


def check_expression(expression: str, names: set[str], literals: set[str], nested: int = 0) -> None:
    """The expression as BeanShell reads it: no word of the data as an identifier, each `$x$`
    of an allowed property, and each filter inside a string read again as VASSAL reads it."""
    body = expression.strip()[1:-1]
    for reference in re.findall(r"\$([^$]*)\$", body):
        assert reference in SUBSTITUTED, (reference, expression[:300])
    tokens = tokens_of(body.replace("$", "_"))
    for kind, token in tokens:
        if kind == "name":
            assert token not in WORDS, (token, expression[:300])
        if kind == "string":
            value = string_value(token[1:-1])
            literals.add(value)
            if value.startswith("{") and value.endswith("}") and nested < 3:
                # ExpressionInterpreter.createFilter: $...$ replaced, then \" made a quote
                substituted = re.sub(r"\$([A-Za-z]+)\$", "1", value).replace('\\"', '"')
                check_expression(substituted, names, literals, nested + 1)


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_name_of_the_data_becomes_code_in_any_expression(tmp_path: Path, system: str) -> None:
    folder = hostile_game(tmp_path, system)
    report = validate_game(folder, run_replays=False)
    assert report.valid is not None, [
        (d.file, d.pointer, d.message) for d in report.diagnostics if d.is_error
    ]
    data = build_module(report.valid)
    found = expressions(data)
    assert len(found) > 20
    literals: set[str] = set()
    undecided = 0
    for expression in found:
        body = expression.strip()[1:-1].strip()
        if body[:1] == body[-1:] == '"' and body.find('"', 1) == len(body) - 1:
            assert "\\" not in body, expression  # VASSAL keeps a lone literal's escapes unread
        try:
            check_expression(expression, set(), literals)
        except Undecidable:
            # a field still encoded one level up (its delimiters escaped): its decoded form is
            # among the expressions too
            undecided += not re.search(r"\\[;,:|\t/]", expression)
    assert undecided == 0
    sides = {side.name for side in report.valid.game.sides}
    assert PAYLOAD in sides and sides <= literals, sides - literals  # whole, as text


def test_a_lone_literal_is_braced_so_that_beanshell_reads_it() -> None:
    from compiler.vassal.automation.expressions import braces

    assert braces(literal('a"b')) == '{("a\\042b")}'
    assert braces('"a" + "b"') == '{"a" + "b"}'


def test_a_literal_holds_only_printable_ascii_and_no_quote_backslash_or_dollar() -> None:
    for value in [PAYLOAD, MARKS, "é€😀\n\t\x00\x7f", "\\u0022", "0123", "\\042"]:
        written = literal(value)
        inner = written[1:-1]
        assert all(" " <= c <= "~" for c in inner) and '"' not in inner and "$" not in inner
        assert not re.search(r"\\(?![0-3][0-7]{2}|u[0-9a-f]{4})", inner)
        # BeanShell's strings are Java's, in UTF-16 units: an emoji is two of them
        assert string_value(inner).encode("utf-16-le", "surrogatepass") == value.encode("utf-16-le")


def test_every_literal_vassal_read_back_is_the_value_written() -> None:
    """Recorded with the real VASSAL 3.7.26 (bench/vassal_literals.py): each literal written
    by `literal`, evaluated alone, concatenated and inside a Count filter."""
    recorded = json.loads(FIXTURE.read_text("utf-8"))
    assert recorded["vassal"] == "3.7.26" and recorded["values"], "no recorded answers"
    assert recorded["payload_ran"] is False
    for case in recorded["values"]:
        assert literal(case["value"]) == case["literal"], "the literal changed: record again"
        for where, answer in case["answers"].items():
            assert answer == case["expected"][where], (case["value"], where, answer)
    sides = [case["value"] for case in recorded["values"] if case["expected"]["count"] != "0"]
    assert PAYLOAD in sides


def test_the_filters_vassal_ran_are_the_ones_the_module_writes() -> None:
    """The side filters VASSAL evaluated, with the unit's or the marker's number put in, and the
    units each accepted (recorded with the real engine)."""
    from compiler.vassal.automation.battle import DEFENDERS

    recorded = json.loads(FIXTURE.read_text("utf-8"))
    filters = recorded["filters"]
    assert {f["filter"] for f in filters} == {"{" + DEFENDERS + "}", '{Wgc=="unit" && SideNo==$SideNo$}'}
    for check in filters:
        assert check["agrees"] and sorted(check["answer"]["accepted"]) == sorted(check["units"])
        assert "$" not in check["answer"]["evaluated"] and check["answer"]["accepted"]
