"""The BeanShell subset `wgc inspect` evaluates: Java's answers, Java's exceptions, and no
guess outside the subset."""

from __future__ import annotations

import pytest

from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value, evaluate, parse, wrap
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.properties import Calculated, Evaluation, Properties, check_calculated


def run(expression: str, **values: str) -> Value:
    def lookup(name: str) -> Value:
        if name not in values:
            raise Undecidable(name)
        return wrap(values[name])

    return evaluate(parse(expression), lookup)


@pytest.mark.parametrize(
    ("expression", "values", "answer"),
    [
        ('LocationName.indexOf("(")', {"LocationName": "Quebec (Fort)"}, 7),
        ("LocationName.substring(0, Paren-1)", {"LocationName": "Quebec (Fort)", "Paren": "7"}, "Quebec"),
        (
            'LocationName.substring(Paren + 1, LocationName.indexOf(")"))',
            {"LocationName": "Q (F)", "Paren": "2"},
            "F",
        ),
        ("-7 / 2", {}, -3),
        ("-7 % 2", {}, -1),
        ("2147483647 + 1", {}, -2147483648),
        ('"n" + 1 + true', {}, "n1true"),
        ('(Flag != 1) ? "on" : "off"', {"Flag": "1"}, "off"),
        ('Flag == 1 && Side == "US"', {"Flag": "1", "Side": "US"}, True),
        ("Big", {"Big": "1796012701566"}, "1796012701566"),  # too large for an int: a string
        ('Name.length() > 3 || Name.contains("x")', {"Name": "ax"}, True),
        # VASSAL's BeanShell: an int against "" compares with 0, other mixes as strings
        ('Flag == ""', {"Flag": "1"}, False),
        ('Flag == ""', {"Flag": "0"}, True),
        ('(Start != "") ? Start : 1', {"Start": "3"}, 3),
        ('(Start != "") ? Start : 1', {"Start": ""}, 1),
        ('Flag == "1"', {"Flag": "1"}, True),
        ('Shown == "true"', {"Shown": "true"}, True),
        ("Flag != Shown", {"Flag": "1", "Shown": "true"}, True),
    ],
)
def test_java_answers(expression: str, values: dict[str, str], answer: object) -> None:
    assert run(expression, **values) == answer


@pytest.mark.parametrize(
    ("expression", "values", "exception"),
    [
        (
            "LocationName.substring(0, Paren-1)",
            {"LocationName": "Table", "Paren": "-1"},
            "StringIndexOutOfBounds",
        ),
        ('Name.substring(Name.indexOf(")"))', {"Name": "Table"}, "StringIndexOutOfBounds"),
        ("Count / Zero", {"Count": "4", "Zero": "0"}, "ArithmeticException"),
    ],
)
def test_java_exceptions(expression: str, values: dict[str, str], exception: str) -> None:
    with pytest.raises(JavaError, match=exception):
        run(expression, **values)


@pytest.mark.parametrize(
    ("expression", "values"),
    [
        ('GetProperty("X").length()', {}),  # VASSAL's functions are not evaluated
        ("Unknown + 1", {}),  # a property inspect does not know
        ("Price * 2", {"Price": "1.5"}),  # floats
        ("x = 1; x", {"x": "1"}),  # statements
        ("Side.substring(1)", {"Side": "12"}),  # a method on an int
    ],
)
def test_outside_the_subset_is_undecided(expression: str, values: dict[str, str]) -> None:
    with pytest.raises(Undecidable):
        run(expression, **values)


@pytest.mark.parametrize(
    "expression",
    ["(" * 5000 + "1" + ")" * 5000, "!" * 5000 + "true", " + ".join(["1"] * 5000), "1 ? " * 3000 + "1"],
)
def test_hostile_expressions_are_undecided_not_crashes(expression: str) -> None:
    with pytest.raises(Undecidable):
        run(expression)


def _evaluation(
    calculated: dict[str, str], location: str, on_map: bool = True
) -> tuple[PlacedPiece, Evaluation]:
    props = Properties()
    for name, text in calculated.items():
        props.calculated[name] = Calculated(name, text, parse(text[1:-1]))
    piece = PlacedPiece("1", "Post", "Land" if on_map else None, 5, 5, location)
    return piece, Evaluation(props, piece, "Post")


def test_a_failing_calculated_property_is_reported_once_and_only_on_a_map() -> None:
    failing = {"Paren": '{LocationName.indexOf("(")}', "Short": "{LocationName.substring(0, Paren-1)}"}
    report, seen = Inspection("m.vmod"), set[tuple[str, str, str]]()
    check_calculated(*_evaluation(failing, "Camp", on_map=False), report, "setup", seen)
    assert report.findings == []
    for location in ("Fort (Hill)", "Camp", "Camp"):
        check_calculated(*_evaluation(failing, location), report, "setup", seen)
    assert [f.code for f in report.findings] == ["piece.expression-error"]
    assert "Short Source: {LocationName.substring(0, Paren-1)}" in report.findings[0].message
    assert "Paren = '-1'" in report.findings[0].message


def test_calculated_properties_reading_each_other_deeply_are_not_judged() -> None:
    """A chain of 3,000 properties: those within reach of the depth limit are judged, as VASSAL
    would judge them (a failing one gives "" to the one that reads it), and nothing crashes."""
    chain = {f"P{n}": "{P" + str(n + 1) + ".length() + 1}" for n in range(3000)}
    chain["P3000"] = '{"abc".substring(5)}'
    report = Inspection("m.vmod")
    check_calculated(*_evaluation(chain, "Camp"), report, "setup", set())
    assert [f.message.split(" Source")[0] for f in report.findings] == [
        "Piece: Post Trait: Calculated Property - P3000"
    ]
