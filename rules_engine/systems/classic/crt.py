"""The combat results table: its columns read as odds or differentials, and the column of a combat.

``Crt`` is built once per game from charts.json (the table the combat section names);
``column`` finds where a combat falls before shifts, ``shifted`` applies the shifts and
the table's ends (``below_lowest``, ``above_highest``), and ``result`` reads the row of a
modified roll (the sum of the table's dice plus the modifiers: rolls.py), or what the combat
says of a roll beyond the rows (``below_lowest_roll``, ``above_highest_roll``). Nothing here
reads the game's state: the same totals always give the same column, which the validator, the
painter of the aids and the engine can all rely on.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from rules_engine.core.errors import EngineError
from rules_engine.definitions import Table, TableEnd, TableRow
from rules_engine.systems.classic.rolls import CrtDice

# Strengths are sums of halves and quarters: this absorbs what floating point adds to them.
EPSILON = 1e-9
# Where a combat falls: a column index, or one of these beyond the table's ends.
BELOW = -1
ABOVE = -2


class Span(NamedTuple):
    """The differentials a column covers (None: open at that end)."""

    low: int | None
    high: int | None

    def holds(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


def parse_odds(label: str) -> Fraction | None:
    """'3-1' is 3, '1-2' is 1/2; None for anything else."""
    parts = label.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        return None
    return Fraction(int(parts[0]), int(parts[1]))


def _integer(text: str) -> int | None:
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body.isdigit():
        return None
    return -int(body) if text.startswith("-") else int(body)


def parse_differential(label: str) -> Span | None:
    """'-2', '+3', '0', '+1..+2', '<=-4', '>=+7'; None for anything else."""
    text = label.strip()
    if text.startswith("<="):
        high = _integer(text[2:])
        return None if high is None else Span(None, high)
    if text.startswith(">="):
        low = _integer(text[2:])
        return None if low is None else Span(low, None)
    if ".." in text:
        first, _, last = text.partition("..")
        low, high = _integer(first), _integer(last)
        return None if low is None or high is None or low > high else Span(low, high)
    value = _integer(text)
    return None if value is None else Span(value, value)


class Crt:
    """One CRT of a combat kind ("odds-crt" or "differential-crt"), ready to look up."""

    def __init__(
        self,
        kind: str,
        table: Table,
        rounding: str | None,
        dice: CrtDice | None = None,
        below_roll: TableEnd | None = None,
        above_roll: TableEnd | None = None,
    ) -> None:
        self.kind = kind
        self.table = table
        self.rounding = rounding or "defender"
        self.dice = dice or CrtDice(1, table.die or "d6", 6)
        # what the combat says of a modified roll beyond the rows (None: nothing, no roll gets there)
        self.below_roll = below_roll
        self.above_roll = above_roll
        # each sum of the dice with its chance (the greedy player's expectations)
        self.chances = self.dice.chances()
        self.columns = table.columns
        self.odds: tuple[Fraction, ...] = ()
        self.spans: tuple[Span, ...] = ()
        if kind == "differential-crt":
            self.spans = tuple(parse_differential(c) or Span(0, 0) for c in table.columns)
        else:
            self.odds = tuple(parse_odds(c) or Fraction(1) for c in table.columns)
        rolls = [row for row in table.rows if row.roll is not None]
        self.rows = rolls
        self.lowest_roll = min((r.roll.low for r in rolls if r.roll), default=1)
        self.highest_roll = max((r.roll.high for r in rolls if r.roll), default=6)
        # an open-ended last row ("8+") takes every roll above it
        self.open_top = any(r.roll is not None and r.roll.open_ended for r in rolls)

    # --- where a combat falls ----------------------------------------------------------------

    def column(self, attack: float, defense: float) -> int:
        """The column index of these totals before shifts, or BELOW / ABOVE the table."""
        if self.kind == "differential-crt":
            return self._differential_column(self.rounded(attack - defense))
        return self._odds_column(attack, defense)

    def rounded(self, value: float) -> int:
        if self.rounding == "attacker":
            return math.ceil(value - EPSILON)
        if self.rounding == "nearest":
            return math.ceil(value - 0.5 - EPSILON)  # a half goes to the defender
        return math.floor(value + EPSILON)

    def _differential_column(self, value: int) -> int:
        spans = self.spans
        for index, span in enumerate(spans):
            if span.holds(value):
                return index
        if spans and spans[0].low is not None and value < spans[0].low:
            return BELOW
        if spans and spans[-1].high is not None and value > spans[-1].high:
            return ABOVE
        # in a gap between columns: the column below it
        below = [i for i, s in enumerate(spans) if s.high is not None and s.high < value]
        return below[-1] if below else BELOW

    def odds_ratio(self, attack: float, defense: float) -> tuple[int, int] | None:
        """The odds as the table reads them, rounded as the combat section says, as (attacker,
        defender): (3, 1) for 3-1, (1, 2) for 1-2; None when there is no defense."""
        if defense <= 0:
            return None
        if attack <= 0:
            return (0, 1)
        ratio = attack / defense
        if ratio >= 1 - EPSILON:
            return (max(1, self.rounded(ratio)), 1)
        # below 1-1: 1-n with n rounded the other way (4 against 5 is 1-2 in the defender's favour)
        inverse = defense / attack
        if self.rounding == "attacker":
            return (1, max(1, math.floor(inverse + EPSILON)))
        if self.rounding == "nearest":
            return (1, max(1, math.floor(inverse + 0.5 + EPSILON)))
        return (1, math.ceil(inverse - EPSILON))

    def _odds_column(self, attack: float, defense: float) -> int:
        ratio = self.odds_ratio(attack, defense)
        if ratio is None:
            return ABOVE
        a, b = ratio
        odds = self.odds
        # a column p-q is at or below a-b when p * b <= a * q
        if not odds or odds[0].numerator * b > a * odds[0].denominator:
            return BELOW
        if odds[-1].numerator * b < a * odds[-1].denominator:
            return ABOVE
        return max(i for i, value in enumerate(odds) if value.numerator * b <= a * value.denominator)

    def shifted(
        self, column: int, shift: int, below: TableEnd, above: TableEnd, ends_first: bool = False
    ) -> int | str | None:
        """The final column after ``shift``, or the result code an end of the table gives instead
        (None: the attack may not be made: it is below the table before shifts). A combat beyond
        an end stands one column past it, and shifts move it from there; with ``ends_first`` it
        is brought to the end before the shifts (9-1 on a table ending at 6-1 is read as 6-1, and
        a shift of -1 then gives 5-1), or given the end's result without a roll."""
        last = len(self.columns) - 1
        if column == BELOW and below.rule == "no-attack":
            return None
        if ends_first and column in (BELOW, ABOVE):
            end = below if column == BELOW else above
            if end.rule == "result":
                return end.result or ""
            column = 0 if column == BELOW else last
        index = (-1 if column == BELOW else last + 1 if column == ABOVE else column) + shift
        if index < 0:
            return below.result or "" if below.rule == "result" else 0
        if index > last:
            return above.result or "" if above.rule == "result" else last
        return index

    # --- the roll ------------------------------------------------------------------------------

    def result(self, column: int, roll: int) -> str:
        """The code in ``column`` of the row of a modified roll; beyond the rows, what the combat
        says of it (read on the first or last row, or its result)."""
        row = self.row_of(roll)
        if isinstance(row, str):
            return row
        return row.results[column] if column < len(row.results) else ""

    def row_of(self, roll: int) -> TableRow | str:
        """The row a modified roll reads, or the result an end of the rows gives for it. A roll
        beyond the rows the data says nothing of is the data's mistake, which the validator finds
        on the game's own map (an EngineError, should a replay's terrain reach one)."""
        if roll < self.lowest_roll:
            end, key, nearest = self.below_roll, "below_lowest_roll", self.lowest_roll
        elif roll > self.highest_roll and not self.open_top:
            end, key, nearest = self.above_roll, "above_highest_roll", self.highest_roll
        else:
            end = None
            key, nearest = "", min(roll, self.highest_roll)
        if key:
            if end is None:
                which = "first" if key.startswith("below") else "last"
                raise EngineError(
                    f"the modified roll {roll} is beyond the CRT's {which} row ({nearest}), and "
                    f"charts.json's combat does not say how it is read ({key})"
                )
            if end.rule == "result":
                return end.result or ""
        for row in self.rows:
            if row.roll is not None and row.roll.low <= nearest <= row.roll.high:
                return row
        return ""

    def label(self, column: int) -> str:
        return self.columns[column]
