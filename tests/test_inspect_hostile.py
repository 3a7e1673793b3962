"""`wgc inspect` on hostile modules (issue 19, items 12-16): each answers with findings, within
bounded work, where inspect used to end in a traceback, run for minutes or take gigabytes.

What VASSAL 3.7.26 does with the same modules was tried with the real engine: it reports a
literal BeanShell cannot parse as an expression error (and a Trigger Action's condition that
throws as false); it refuses an element of more than 10,000 attributes (the JDK's limit) and
so the whole module; it takes an SVG width too large for a float as 2,147,483,647 px, and
fails to read an SVG whose viewBox is not four numbers ("Error reading image"). The
differential cases `literals` and `drawn` of tests/inspect_modules.py record its answers.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import properties
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.properties import Prototypes
from compiler.vassal.inspection.traits import PieceKind, PieceReader
from compiler.vassal.pieces import add_piece, basic_piece, marker, prototype

from . import inspect_hostile as hostile


def inspected(tmp_path: Path, data: bytes) -> Inspection:
    module = tmp_path / "hostile.vmod"
    module.write_bytes(data)
    return inspect_module(module)


def codes(result: Inspection) -> Counter[str]:
    return Counter(f.code for f in result.findings)


def test_a_literal_of_5000_digits_is_an_expression_error(tmp_path: Path) -> None:
    """In a Calculated Property and in a Trigger Action's condition run at startup: both are
    reported, the condition does not hold, so the marker it would place is not placed."""
    result = inspected(tmp_path, hostile.long_literal(5000))
    errors = [f.message for f in result.findings if f.code == "piece.expression-error"]
    assert [m.split(" Source")[0] for m in errors] == [
        "Piece: Piece Trait: Calculated Property - Big",
        "Piece: Piece Trait: Trigger Action",
    ]
    assert all("Number too big for integer type" in m and "(5,002 characters)" in m for m in errors[:1])
    assert [p.name for s in result.setups for p in s.pieces] == ["Piece"]


@pytest.mark.parametrize(("references", "levels"), [(2, 19), (20, 6), (150, 5)])
def test_calculated_properties_that_read_each_other_are_computed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, references: int, levels: int
) -> None:
    """Each property is computed once per piece, however often it is read, and a throwing
    one at the bottom is still found (and gives "" to those reading it)."""
    computed: list[str] = []
    original = properties.Evaluation._compute

    def counting(
        self: properties.Evaluation, calculated: properties.Calculated
    ) -> tuple[str, type[Exception] | None]:
        computed.append(calculated.name)
        assert len(computed) <= 10 * (levels + 1), "a property computed at every reference"
        return original(self, calculated)

    monkeypatch.setattr(properties.Evaluation, "_compute", counting)
    result = inspected(tmp_path, hostile.calculated_graph(references, levels, '"abc".substring(4)'))
    assert sorted(computed) == sorted(f"C{n}" for n in range(levels + 1))
    errors = [f.message.split(" Source")[0] for f in result.findings if f.code == "piece.expression-error"]
    assert errors == [f"Piece: Piece Trait: Calculated Property - C{levels}"]


@pytest.mark.parametrize(("count", "uses"), [(24, 2), (60, 2), (12, 5)])
def test_prototypes_using_each_other_many_times_are_bounded(tmp_path: Path, count: int, uses: int) -> None:
    """60 prototypes each using the next twice would make 2**60 traits: the piece is reported
    as too large to judge, and each prototype's expansion holds at most the bound."""
    result = inspected(tmp_path, hostile.prototype_graph(count, uses))
    assert codes(result) == {"piece.too-large": 1}
    assert "prototype 'P0' expands to more than 10,000 traits" in result.findings[0].message


def test_each_prototype_is_expanded_once_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """10 prototypes each using the next twice: the piece has 2**10 - 1 prototype traits, and
    the work is one expansion per prototype (each definition decoded once)."""
    reader = PieceReader()
    definitions = {
        f"P{n}": add_piece(
            "null",
            [*[prototype(f"P{n + 1}")] * (2 if n < 9 else 0), marker({f"M{n}": str(n)}), basic_piece("", "")],
        )
        for n in range(10)
    }
    _, kind, states = reader.add_piece(add_piece("null", [prototype("P0"), basic_piece("", "Piece")]))
    decoded: list[str] = []
    original = reader.add_piece

    def counting(command: str) -> tuple[str, PieceKind, list[str]]:
        decoded.append(command)
        return original(command)

    monkeypatch.setattr(reader, "add_piece", counting)
    traits = Prototypes(reader, definitions).expand(kind, states)
    assert len(traits) == 2**10 - 1 + 1
    assert Counter(t.split(";")[0] for t, _ in traits) == {"mark": 2**10 - 1, "piece": 1}
    assert len(decoded) == 10


def test_an_element_with_200000_attributes_is_refused_as_java_refuses_it(tmp_path: Path) -> None:
    result = inspected(tmp_path, hostile.many_attributes(200_000))
    assert codes(result) == {"xml.too-many-attributes": 1}
    assert "200,000 attributes, more than the 10,000" in result.findings[0].message


def test_10000_attributes_are_read_whole(tmp_path: Path) -> None:
    """The JDK's limit itself loads; every attribute is read (an icon named in the last one is
    looked for)."""
    result = inspected(tmp_path, hostile.many_attributes(10_000, icon="gone.png"))
    assert codes(result) == {"image.missing": 1}
    assert "'gone.png'" in result.findings[0].message


@pytest.mark.parametrize(
    ("attributes", "found", "location"),
    [
        ('width="' + "9" * 400 + '" height="10"', {"image.oversized": 1}, "2148/01"),
        ('viewBox="0 0 nan inf"', {"image.unreadable": 2}, "offboard"),
        ('width="1e39" height="10"', {"image.oversized": 1}, "2148/01"),
        ('width="3000000.4" height="10"', {}, "04/01"),
        ('viewBox="0 0 ' + "9" * 400 + ' 10"', {"image.oversized": 1}, "2148/01"),
    ],
)
def test_svg_boards_of_absurd_sizes_get_findings(
    tmp_path: Path, attributes: str, found: dict[str, int], location: str
) -> None:
    """A size too large for a float is the int limit (the grid, numbered from the right edge,
    names the piece after it); a viewBox that is not four numbers does not load."""
    result = inspected(tmp_path, hostile.svg_board(attributes))
    assert codes(result) == found
    assert [p.location for p in result.setups[0].pieces] == [location]
