"""Lengths and paper sizes as people write them: '5/8in', '16mm', 'a4'."""

from __future__ import annotations

import re

PAPER_INCHES = {
    "letter": (8.5, 11.0),
    "a4": (210 / 25.4, 297 / 25.4),
    "legal": (8.5, 14.0),
    "a3": (297 / 25.4, 420 / 25.4),
    "tabloid": (11.0, 17.0),
}
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?(?:/\d+)?)\s*(in|inch|inches|\"|mm|cm)\s*$")
_FORMS = "a number with its unit, such as 5/8in, 0.625in, 16mm or 1.6cm"


class LengthError(ValueError):
    """A length that cannot be read."""


def parse_length(text: str) -> float:
    """Inches from '5/8in', '0.625in', '16mm', '1.6cm'; a bare number is refused (inches or mm?)."""
    match = _LENGTH.match(text.lower())
    if match is None:
        raise LengthError(f"'{text}' is not a length: write {_FORMS}")
    _, _, denominator = match.group(1).partition("/")
    if denominator and int(denominator) == 0:
        raise LengthError(f"'{text}' divides by zero: write {_FORMS}")
    from fractions import Fraction  # only when a length is given

    number = float(Fraction(match.group(1)))
    unit = match.group(2)
    inches = number / 25.4 if unit == "mm" else number / 2.54 if unit == "cm" else number
    if not 0 <= inches <= 100:
        raise LengthError(f"'{text}' is out of range")
    return inches


def to_pixels(inches: float, dpi: float) -> int:
    return round(inches * dpi)
