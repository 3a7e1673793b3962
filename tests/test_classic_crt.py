"""The classic CRT (rules_engine/systems/classic/crt.py) on tables built in Python: odds and
differentials rounded as docs/classic-rules.md says, columns, shifts and the table's ends."""

from __future__ import annotations

from fractions import Fraction

import pytest

from compiler.render.classic_charts import procedure_text
from rules_engine.core.errors import EngineError
from rules_engine.definitions import CombatProcedure, DieRange, Origin, Table, TableEnd
from rules_engine.definitions.charts import TableRow
from rules_engine.systems.classic.crt import ABOVE, BELOW, Crt, Span, parse_differential, parse_odds

ODDS = ("1-2", "1-1", "2-1", "3-1", "5-1")
DIFFERENTIALS = ("<=-3", "-2..-1", "0", "+1..+2", "+4", ">=+6")
NO_ATTACK, LOWEST, HIGHEST = TableEnd("no-attack"), TableEnd("lowest"), TableEnd("highest")


def _table(columns: tuple[str, ...]) -> Table:
    rows = tuple(
        TableRow(
            DieRange(roll, roll),
            None,
            None,
            tuple(f"{roll}{c}" for c in "abcdef"[: len(columns)]),
            Origin(""),
        )
        for roll in range(1, 7)
    )
    return Table("crt", "CRT", "crt", "d6", rows, columns, {}, None, False, Origin(""))


def _odds(rounding: str | None = None) -> Crt:
    return Crt("odds-crt", _table(ODDS), rounding)


def _differential(rounding: str | None = None) -> Crt:
    return Crt("differential-crt", _table(DIFFERENTIALS), rounding)


def test_odds_labels_read_as_fractions() -> None:
    assert parse_odds("3-1") == Fraction(3)
    assert parse_odds("1-2") == Fraction(1, 2)
    assert parse_odds(" 2-1 ") == Fraction(2)
    for wrong in ("3:1", "0-1", "1-0", "3", "a-1", "1-2-3", "+1"):
        assert parse_odds(wrong) is None, wrong


def test_differential_labels_read_as_spans() -> None:
    assert parse_differential("0") == Span(0, 0)
    assert parse_differential("+3") == Span(3, 3)
    assert parse_differential("-2") == Span(-2, -2)
    assert parse_differential("+1..+2") == Span(1, 2)
    assert parse_differential("<=-4") == Span(None, -4)
    assert parse_differential(">=+7") == Span(7, None)
    assert parse_differential(">=-1") == Span(-1, None)
    assert parse_differential("<=+2") == Span(None, 2)
    assert parse_differential("+1..+1") == Span(1, 1)  # a span of one
    for wrong in ("3-1", "+2..+1", "<=", "x", "1..", ">=a", "X3"):
        assert parse_differential(wrong) is None, wrong


@pytest.mark.parametrize(
    ("rounding", "attack", "defense", "odds"),
    [
        ("defender", 15, 4, (3, 1)),
        ("defender", 4, 5, (1, 2)),
        ("defender", 6, 3, (2, 1)),
        ("defender", 5, 5, (1, 1)),
        (None, 15, 4, (3, 1)),
        ("attacker", 15, 4, (4, 1)),
        ("attacker", 4, 5, (1, 1)),
        ("attacker", 3, 7, (1, 2)),
        ("attacker", 6, 4, (2, 1)),  # 1.5 to 1 rounds up to 2-1
        ("attacker", 2, 4, (1, 2)),  # exactly 1-2 stays 1-2
        ("nearest", 15, 4, (4, 1)),
        ("nearest", 7, 2, (3, 1)),
        ("nearest", 4, 5, (1, 1)),
        ("nearest", 2, 5, (1, 3)),  # 1 to 2.5: the half goes to the defender
        ("nearest", 3, 7, (1, 2)),
        ("defender", 0, 3, (0, 1)),
        ("defender", 7.5, 2.5, (3, 1)),
        ("defender", 3, 1, (3, 1)),  # a defense of 1 is a defense
        ("defender", 1, 2, (1, 2)),  # an attack of 1 is an attack
    ],
)
def test_odds_are_rounded_as_the_combat_section_says(
    rounding: str | None, attack: float, defense: float, odds: tuple[int, int]
) -> None:
    assert _odds(rounding).odds_ratio(attack, defense) == odds


def test_no_defense_is_above_the_table() -> None:
    crt = _odds()
    assert crt.odds_ratio(3, 0) is None
    assert crt.column(3, 0) == ABOVE


def test_the_column_is_the_highest_the_odds_reach() -> None:
    crt = _odds()
    assert crt.label(crt.column(3, 3)) == "1-1"
    assert crt.label(crt.column(9, 3)) == "3-1"
    assert crt.label(crt.column(12, 3)) == "3-1"  # 4-1 reads on 3-1: the table has no 4-1
    assert crt.label(crt.column(15, 3)) == "5-1"
    assert crt.column(18, 3) == ABOVE
    assert crt.label(crt.column(2, 4)) == "1-2"
    assert crt.column(1, 4) == BELOW
    assert crt.column(0, 4) == BELOW


@pytest.mark.parametrize(
    ("rounding", "difference", "rounded"),
    [
        ("defender", 2.5, 2),
        ("defender", -0.5, -1),
        ("attacker", 2.5, 3),
        ("attacker", -0.5, 0),
        ("nearest", 2.5, 2),
        ("nearest", 2.75, 3),
        ("nearest", -1.5, -2),
        (None, 3.0, 3),
    ],
)
def test_differentials_are_rounded_as_the_combat_section_says(
    rounding: str | None, difference: float, rounded: int
) -> None:
    assert _differential(rounding).rounded(difference) == rounded


def test_the_differential_column_holds_the_difference() -> None:
    crt = _differential()
    assert crt.label(crt.column(1, 10)) == "<=-3"
    assert crt.label(crt.column(4, 6)) == "-2..-1"
    assert crt.label(crt.column(5, 5)) == "0"
    assert crt.label(crt.column(7, 5)) == "+1..+2"
    assert crt.label(crt.column(8, 5)) == "+1..+2"  # +3 falls between columns: the lower one
    assert crt.label(crt.column(9, 5)) == "+4"
    assert crt.label(crt.column(20, 5)) == ">=+6"
    closed = Crt("differential-crt", _table(("-1", "0", "+1")), None)
    assert closed.column(1, 5) == BELOW
    assert closed.column(9, 5) == ABOVE


def test_a_closed_differential_table_with_gaps_reads_the_column_below_a_gap() -> None:
    """docs/classic-rules.md, The combat results table: a difference between two columns reads on
    the lower one; below the first column's low end or above the last's high end is off the table."""
    crt = Crt("differential-crt", _table(("-1", "+1..+2", "+4", "+6..+7")), None)
    assert [crt.column(5 + difference, 5) for difference in range(-2, 9)] == [
        BELOW,  # -2
        0,  # -1
        0,  # 0: between -1 and +1..+2
        1,
        1,
        1,  # +3: between +1..+2 and +4
        2,
        2,  # +5: between +4 and +6..+7
        3,
        3,
        ABOVE,  # +8
    ]


def test_odds_tables_that_start_at_1_1_or_end_below_it() -> None:
    """The first and last columns bound the table whatever odds they print."""
    crt = Crt("odds-crt", _table(("1-1", "2-1", "3-1")), None)
    assert [crt.column(a, 4) for a in (3, 4, 8, 12, 16)] == [BELOW, 0, 1, 2, ABOVE]
    low = Crt("odds-crt", _table(("1-4", "1-3", "1-2")), None)
    assert [low.column(a, 12) for a in (2, 3, 4, 6, 12)] == [BELOW, 0, 1, 2, ABOVE]


def test_shifts_move_the_column_and_stop_at_the_ends() -> None:
    crt = _odds()
    assert crt.shifted(2, -1, NO_ATTACK, HIGHEST) == 1
    assert crt.shifted(2, 2, NO_ATTACK, HIGHEST) == 4
    assert crt.shifted(2, 5, NO_ATTACK, HIGHEST) == 4  # right of the last column: read on it
    assert crt.shifted(0, -2, NO_ATTACK, HIGHEST) == 0  # on the table before shifts: the first column


def test_below_the_table_before_shifts() -> None:
    crt = _odds()
    assert crt.shifted(BELOW, 0, NO_ATTACK, HIGHEST) is None
    assert crt.shifted(BELOW, 3, NO_ATTACK, HIGHEST) is None  # no attack, whatever shifts it
    assert crt.shifted(BELOW, 0, LOWEST, HIGHEST) == 0
    assert crt.shifted(BELOW, 2, LOWEST, HIGHEST) == 1  # one column past the end, shifted from there
    assert crt.shifted(BELOW, 0, TableEnd("result", "AE"), HIGHEST) == "AE"
    assert crt.shifted(BELOW, 1, TableEnd("result", "AE"), HIGHEST) == 0


def test_above_the_table() -> None:
    crt = _odds()
    assert crt.shifted(ABOVE, 0, NO_ATTACK, HIGHEST) == 4
    assert crt.shifted(ABOVE, -1, NO_ATTACK, HIGHEST) == 4  # one past the end, one left: the last
    assert crt.shifted(ABOVE, -2, NO_ATTACK, HIGHEST) == 3
    assert crt.shifted(ABOVE, 0, NO_ATTACK, TableEnd("result", "DE")) == "DE"
    assert crt.shifted(3, 2, NO_ATTACK, TableEnd("result", "DE")) == "DE"


def test_the_ends_before_the_shifts() -> None:
    """table_ends: before-shifts brings a combat to the end of the table first (Battle for Moscow:
    9-1 in forest is 6-1 less one column, 5-1), or gives the end's result whatever the shifts."""
    crt = _odds()
    assert crt.shifted(ABOVE, -1, NO_ATTACK, HIGHEST, ends_first=True) == 3
    assert crt.shifted(ABOVE, 0, NO_ATTACK, HIGHEST, ends_first=True) == 4
    assert crt.shifted(ABOVE, 2, NO_ATTACK, HIGHEST, ends_first=True) == 4
    assert crt.shifted(ABOVE, -2, NO_ATTACK, TableEnd("result", "DE"), ends_first=True) == "DE"
    assert crt.shifted(BELOW, 1, LOWEST, HIGHEST, ends_first=True) == 1
    assert crt.shifted(BELOW, -1, LOWEST, HIGHEST, ends_first=True) == 0
    assert crt.shifted(BELOW, 2, TableEnd("result", "AE"), HIGHEST, ends_first=True) == "AE"
    assert crt.shifted(BELOW, 2, NO_ATTACK, HIGHEST, ends_first=True) is None
    assert crt.shifted(0, -1, TableEnd("result", "NE"), HIGHEST, ends_first=True) == "NE"
    assert crt.shifted(2, -1, NO_ATTACK, HIGHEST, ends_first=True) == 1  # on the table: as before


def test_the_result_is_read_on_the_row_of_the_modified_roll() -> None:
    crt = Crt("odds-crt", _table(ODDS), None, None, TableEnd("lowest-row"), TableEnd("highest-row"))
    assert crt.result(0, 1) == "1a"
    assert crt.result(3, 4) == "4d"
    assert crt.result(4, 6) == "6e"
    assert crt.result(2, -3) == "1c"  # below the rows: the first, as the combat says
    assert crt.result(2, 9) == "6c"  # beyond them: the last


def test_a_roll_beyond_the_rows_gives_the_result_the_combat_names() -> None:
    crt = Crt("odds-crt", _table(ODDS), None, None, TableEnd("result", "AE"), TableEnd("result", "DE"))
    assert crt.result(2, 0) == "AE"
    assert crt.result(2, 7) == "DE"
    assert crt.result(2, 6) == "6c"


def test_a_roll_beyond_the_rows_the_data_says_nothing_of_is_refused() -> None:
    """Reading it on the nearest row would be a rule nobody wrote (the validator finds such a
    roll on the game's map: tests/test_classic_dice.py)."""
    crt = _odds()
    with pytest.raises(EngineError, match="above_highest_roll"):
        crt.result(2, 7)
    with pytest.raises(EngineError, match="below_lowest_roll"):
        crt.result(2, 0)


def test_an_open_ended_row_takes_every_roll_above_it() -> None:
    rows = (
        *_table(ODDS).rows[:5],
        TableRow(DieRange(6, 6, open_ended=True), None, None, ("x",) * 5, Origin("")),
    )
    crt = Crt("odds-crt", _table(ODDS)._replace(rows=rows), None)
    assert crt.result(1, 11) == "x"


def test_the_aid_says_when_the_ends_apply() -> None:
    """The printed combat procedure tells players which way the table's ends are read."""
    before = procedure_text("odds-crt", CombatProcedure(table_ends="before-shifts"), "defender")
    after = procedure_text("odds-crt", CombatProcedure(), "defender")
    assert "brought to it before the column shifts" in before
    assert "before the column shifts" not in after
    assert "one column past it" in after
