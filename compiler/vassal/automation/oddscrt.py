"""An odds CRT as expressions: the column the odds reach, and the cell of a modified roll.

Strengths are integers in a common scale (a quarter of a strength point, where halving and
the x1/2 leader make quarters), so ``attack:defence`` reaches column ``a-d`` exactly when
``attack * d >= a * defence``. Columns are read in the defender's favour (the highest the
odds reach); a defence of nothing reaches the highest column; odds below the lowest reach
none (the empty text). A modified roll below the table's first row reads that row, past the
last the last (an open-ended "8+" row takes everything from 8 up).
"""

from __future__ import annotations

from fractions import Fraction

from compiler.vassal.automation.expressions import choose, text
from rules_engine.definitions import Table


def columns_by_odds(table: Table) -> list[tuple[str, Fraction]]:
    """The CRT's column labels with their odds, lowest first."""
    found = []
    for label in table.columns:
        attack, _, defence = label.partition("-")
        found.append((label, Fraction(int(attack), int(defence))))
    return sorted(found, key=lambda pair: pair[1])


def column(table: Table, attack: str, defence: str) -> str:
    """An expression: the label of the column ``attack`` against ``defence`` reaches, or ""."""
    columns = columns_by_odds(table)
    highest = text(columns[-1][0])
    cases = [(f"{defence} <= 0", highest)]
    for label, odds in reversed(columns):
        cases.append((f"{attack} * {odds.denominator} >= {odds.numerator} * {defence}", text(label)))
    return choose(cases, '""')


def cell(table: Table, column_label: str, roll: str) -> str:
    """An expression: the CRT's result for the column ``column_label`` and the modified ``roll``."""
    rows = [row for row in table.rows if row.roll is not None]
    rows.sort(key=lambda row: row.roll.low if row.roll else 0)
    cases: list[tuple[str, str]] = []
    for index, name in enumerate(table.columns):
        results = []
        for number, row in enumerate(rows):
            assert row.roll is not None
            low = "true" if number == 0 else f"{roll} >= {row.roll.low}"
            high = "true" if number == len(rows) - 1 or row.roll.open_ended else f"{roll} <= {row.roll.high}"
            results.append((f"{low} && {high}", text(str(row.results[index]))))
        cases.append((f"{column_label}=={text(name)}", choose(results, '""')))
    return choose(cases, '""')
