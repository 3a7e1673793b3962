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


@pytest.mark.parametrize(
    ("expression", "answer"),
    [
        ("4294967296", 0),  # BeanShell checks for overflow before each digit only: this wraps to 0
        ("2147483648", -2147483648),
        ("11111111111", -1773790777),  # wraps to a negative value after the last digit: no error
        ("-2147483648", -2147483648),
        ("010 + 1", 9),  # a leading 0 is octal
        ("0 + 7", 7),
    ],
)
def test_int_literals_are_read_as_beanshell_reads_them(expression: str, answer: int) -> None:
    assert run(expression) == answer


@pytest.mark.parametrize(
    "expression",
    [
        "1" * 5000,
        "1" * 12,
        '"a" == "a" ? 1 : ' + "9" * 30,  # a parse error fails the expression, whichever branch runs
        "1" * 30 + "L",
        "09",  # 9 is no octal digit
    ],
)
def test_literals_beanshell_refuses_fail_the_expression(expression: str) -> None:
    node = parse(expression)
    with pytest.raises(JavaError, match=r"bsh\.ParseException"):
        evaluate(node, lambda name: "")


@pytest.mark.parametrize(
    ("value", "wrapped"),
    [
        ("1" * 5000, "1" * 5000),  # a large integer stays a string (NumberUtils.createBigInteger)
        ("0" * 5000 + "42", 42),  # Integer.parseInt reads any number of leading zeros
        ("1-2", "1-2"),  # neither an int nor a float: a string
        ("+5", 5),
        ("²", "²"),
    ],
)
def test_property_values_are_wrapped_whatever_their_length(value: str, wrapped: Value) -> None:
    assert wrap(value) == wrapped


def test_long_chains_of_one_operator_are_one_node() -> None:
    """`1 + 1 + ... + 1` (150 terms) nests no deeper than two nodes, and stays exact."""
    node = parse(" + ".join(["1"] * 150))
    assert node.height == 2
    assert evaluate(node, lambda name: "") == 150


def test_calculated_properties_reading_each_other_are_computed_once_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """20 references over 6 levels: 7 computations, not 20**6; the value is Java's (wrapped)."""
    levels = {f"C{n}": "{" + " + ".join([f"C{n + 1}"] * 20) + "}" for n in range(6)}
    levels["C6"] = "{1}"
    computed: list[str] = []
    original = Evaluation._compute

    def counting(self: Evaluation, calculated: Calculated) -> tuple[str, type[Exception] | None]:
        computed.append(calculated.name)
        assert len(computed) < 1000, "computed again at every reference"
        return original(self, calculated)

    monkeypatch.setattr(Evaluation, "_compute", counting)
    _, evaluation = _evaluation(levels, "Camp")
    assert evaluation.value_of(levels_calculated(evaluation, "C0")) == str(_wrap32(20**6))
    assert sorted(computed) == sorted(levels)


def levels_calculated(evaluation: Evaluation, name: str) -> Calculated:
    return evaluation.props.calculated[name]


def _wrap32(value: int) -> int:
    return (value + 2**31) % 2**32 - 2**31


def test_a_set_value_is_seen_by_properties_computed_before() -> None:
    """A kept value is forgotten when a Dynamic Property changes what it reads."""
    _, evaluation = _evaluation({"Twice": "{Level * 2}"}, "Camp")
    evaluation.props.values["Level"] = "2"
    twice = evaluation.props.calculated["Twice"]
    assert evaluation.value_of(twice) == "4"
    evaluation.set_value("Level", "5")
    assert evaluation.value_of(twice) == "10"


def test_properties_reading_themselves_are_not_judged() -> None:
    """VASSAL recurses until its RecursionLimiter reports a loop; inspect says nothing."""
    loop = {"A": "{B + 1}", "B": "{A.length()}", "C": '{"x".substring(3)}'}
    report = Inspection("m.vmod")
    check_calculated(*_evaluation(loop, "Camp"), report, "setup", set())
    assert [f.message.split(" Source")[0] for f in report.findings] == [
        "Piece: Post Trait: Calculated Property - C"
    ]


def test_wide_expression_graphs_stay_inside_the_stack() -> None:
    """150 references over 5 levels: each level one node high, no RecursionError."""
    levels = {f"C{n}": "{" + " + ".join([f"C{n + 1}"] * 150) + "}" for n in range(5)}
    levels["C5"] = "{1}"
    _, evaluation = _evaluation(levels, "Camp")
    assert evaluation.value_of(evaluation.props.calculated["C0"]) == str(_wrap32(150**5))
