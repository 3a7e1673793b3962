"""Numbers read from a module the way Java reads them, whatever their length.

A module is text anyone can write, and its numbers may be thousands of digits long. Python's
int() refuses more than 4,300 digits, and str.isdigit() accepts characters ('²') that int()
then rejects; either would end inspect in a traceback. Java's Integer.parseInt reads any run
of decimal digits, leading zeros included, and throws only when the value leaves the int
range; these functions answer None where Java throws, after looking at no more digits than
the range allows.
"""

from __future__ import annotations

import math
import struct
import unicodedata

INT_BITS, LONG_BITS = 32, 64


def parse_int(text: str, bits: int = INT_BITS) -> int | None:
    """Integer.parseInt (``bits`` 32) or Long.parseLong (64): an optional sign, then decimal
    digits (any script's, as Character.digit reads them); None where Java throws
    NumberFormatException (no digits, another character, out of range)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits or not digits.isdecimal():
        return None
    start = 0
    while start < len(digits) and unicodedata.decimal(digits[start]) == 0:
        start += 1
    significant = digits[start:]
    half = 1 << (bits - 1)
    if len(significant) > len(str(half)):
        return None
    value = int(significant) if significant else 0
    value = -value if text[0] == "-" else value
    return value if -half <= value < half else None


def to_int(text: str | None, default: int = 0) -> int:
    """NumberUtils.toInt: Integer.parseInt, or ``default`` where it throws."""
    value = parse_int(text) if text is not None else None
    return default if value is None else value


def bsh_literal(text: str, bits: int = INT_BITS) -> int | None:
    """BeanShell's own parseInt (``bits`` 32) or parseLong (64) for an integer literal
    (bsh Parser.parseInt): hexadecimal after
    '0x', octal after a leading '0', else decimal. It checks for overflow only before taking
    each next digit (a value that wraps to a positive one passes) and throws
    NumberFormatException on a negative one: None then, which fails the whole expression."""
    if text[:2] in ("0x", "0X"):
        radix, digits = 16, text[2:]
    elif text.startswith("0") and len(text) > 1:
        radix, digits = 8, text[1:]
    else:
        radix, digits = 10, text
    result = 0
    for character in digits:
        if result < 0:
            return None
        try:
            digit = int(character, radix) if character.isascii() else -1
        except ValueError:
            digit = -1
        if digit < 0:
            return None
        result = wrap_int(wrap_int(result * radix, bits) + digit, bits)
    return result


def wrap_int(value: int, bits: int = INT_BITS) -> int:
    """Java int (or long) arithmetic: the value modulo 2**bits, read as signed."""
    half = 1 << (bits - 1)
    return (value + half) % (half << 1) - half


def java_float(text: str) -> float | None:
    """A decimal text as a Java float (single precision): too large gives an infinity, as
    parsing a float does; None when it is not a finite-or-infinite number Java could read
    ('nan', 'inf' and the like are not numbers in SVG)."""
    stripped = text.strip()
    if not stripped or any(c not in "+-.0123456789eE" for c in stripped):
        return None
    try:
        value = float(stripped)
    except ValueError:
        return None
    try:
        single: float = struct.unpack(">f", struct.pack(">f", value))[0]
    except OverflowError:  # beyond the largest float: an infinity
        return math.copysign(math.inf, value)
    return single


def java_round_to_int(value: float) -> int:
    """(int) (value + 0.5f): an infinity becomes the int limit, NaN 0."""
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return 2**31 - 1 if value > 0 else -(2**31)
    return max(-(2**31), min(2**31 - 1, math.trunc(value + 0.5)))
