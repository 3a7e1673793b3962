"""The BeanShell subset `wgc inspect` evaluates: Java's answers, Java's exceptions, and no
guess outside the subset."""

from __future__ import annotations

import pytest

from compiler.vassal.inspection.beanshell import JavaError, Undecidable, Value, evaluate, parse, wrap


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
        ('Flag == ""', {"Flag": "1"}),  # VASSAL's BeanShell compares these its own way
        ("x = 1; x", {"x": "1"}),  # statements
        ("Side.substring(1)", {"Side": "12"}),  # a method on an int
    ],
)
def test_outside_the_subset_is_undecided(expression: str, values: dict[str, str]) -> None:
    with pytest.raises(Undecidable):
        run(expression, **values)
