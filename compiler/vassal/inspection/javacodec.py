"""How VASSAL 3.7.26's Java reads a trait's fields and writes them back: a SequenceEncoder
that writes exactly as Java's does (it never refuses a token), a Decoder with Java's
defaults (nextInt, nextBoolean, nextNamedKeyStroke, nextColor, ...), and the canonical forms
the values take when written again (a key stroke's modifiers as AWT normalises them, a
colour without its alpha when opaque, a double as Double.toString prints it).

reencode.py uses these to write a decoded trait the way myGetType and myGetState would.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal

from compiler.javatext.numbers import parse_int, wrap_int
from compiler.javatext.sequence import decode

CTRL_DOWN = 128
NAMED_FIRST, NAMED_LAST = 0xE000, 0xF8FE  # NamedKeyManager's private key codes
# AWTKeyStroke keeps these modifier bits and sets the old and the new mask of each pair together.
MODIFIER_BITS = 0x3FEF
MODIFIER_PAIRS = ((1, 64), (2, 128), (4, 256), (8, 512), (32, 8192))


class Unreadable(Exception):
    """Java would throw while reading the trait (a required token is missing): VASSAL cannot
    build the piece, which is reported elsewhere; nothing is said about its re-encoding."""


def join(tokens: Iterable[str], delimiter: str) -> str:
    """SequenceEncoder: each token with the delimiter escaped, and quoted when it starts with
    a backslash or both starts and ends with a single quote; no refusals."""
    parts = []
    for token in tokens:
        escaped = token.replace(delimiter, "\\" + delimiter)
        if token.startswith("\\") or (token.startswith("'") and token.endswith("'")):
            escaped = f"'{escaped}'"
        parts.append(escaped)
    return delimiter.join(parts)


def modifiers(value: int) -> int:
    """KeyStroke.getKeyStroke(code, modifiers).getModifiers()."""
    value &= MODIFIER_BITS
    for old, new in MODIFIER_PAIRS:
        if value & (old | new):
            value |= old | new
    return value


def char_key(character: str) -> str:
    """NamedKeyStroke.of(c, CTRL_DOWN_MASK) written: the character's code as a key code."""
    return f"{ord(character) if len(character) == 1 else 0xFFFD},{modifiers(CTRL_DOWN)}"


def named_key(text: str) -> str:
    """NamedHotKeyConfigurer.decode then encode. A named key keeps its code here: VASSAL
    gives each name a code in the order it meets the names, which matches the module's own
    when VASSAL saved it last (a known limit: see reencode.py)."""
    parts = text.split(",")
    while parts and parts[-1] == "":
        parts.pop()  # Java's String.split drops trailing empty strings
    if len(parts) < 2:
        return ""
    code, mods = parse_int(parts[0]), parse_int(parts[1])
    if code is None or mods is None:
        return ""
    if len(parts) > 2 and parts[2]:
        if not NAMED_FIRST <= code <= NAMED_LAST:
            code = NAMED_FIRST  # VASSAL gives a name one of its private codes: never this one
        return f"{code},{modifiers(mods)},{parts[2]}"
    return f"{code},{modifiers(mods)}"


def plain_key(text: str) -> str:
    """HotKeyConfigurer.decode then encode (a KeyStroke without a name)."""
    code, _, mods = text.partition(",")
    number, modifier = parse_int(code), parse_int(mods)
    if number is None or modifier is None:
        return ""
    return f"{number},{modifiers(modifier)}"


def color(text: str) -> str:
    """ColorConfigurer.stringToColor then colorToString; black for a colour it cannot read."""
    if not text or text == "null":
        return ""
    if text[:2] in ("0x", "0X"):
        value = _hex_int(text[2:])
        return "0,0,0" if value is None else f"{(value >> 16) & 255},{(value >> 8) & 255},{value & 255}"
    parts = [p for p in text.split(",") if p]  # a StringTokenizer skips empty tokens
    numbers = [parse_int(p) for p in parts[: 4 if len(parts) > 3 else 3]]
    if len(numbers) < 3 or any(n is None or not 0 <= n <= 255 for n in numbers):
        return "0,0,0"
    if len(numbers) == 4 and numbers[3] != 255:
        return ",".join(str(n) for n in numbers)
    return ",".join(str(n) for n in numbers[:3])


def _hex_int(text: str) -> int | None:
    if not text or any(c not in "0123456789abcdefABCDEF" for c in text) or len(text.lstrip("0")) > 8:
        return None
    value = int(text, 16)
    return value if value < 2**31 else None  # Integer.decode refuses what leaves the int range


def double_text(value: float) -> str:
    """Double.toString: plain between 10**-3 and 10**7, else d.dddE<n>; the shortest digits
    that read back (Java 17 prints more in rare cases)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1, value) < 0 else "0.0"
    if 1e-3 <= abs(value) < 1e7:
        text = repr(value)
        return text if "." in text else text + ".0"
    _, digits, exponent = Decimal(repr(abs(value))).as_tuple()
    text = "".join(str(d) for d in digits)
    stripped = text.rstrip("0") or "0"
    power = len(text) - 1 + int(exponent)
    sign = "-" if value < 0 else ""
    return f"{sign}{stripped[0]}.{stripped[1:] or '0'}E{power}"


class Tokens:
    """SequenceEncoder.Decoder over one trait's fields, with Java's defaults."""

    def __init__(self, text: str | None, delimiter: str = ";") -> None:
        self.items = decode(text, delimiter) if text is not None else []
        self.index = 0

    def more(self) -> bool:
        return self.index < len(self.items)

    def token(self, default: str | None = None) -> str:
        """nextToken(default); a missing token without a default is Java's exception."""
        if not self.more():
            if default is None:
                raise Unreadable("a required field is missing")
            return default
        self.index += 1
        return self.items[self.index - 1]

    def remaining(self, delimiter: str = ";") -> str:
        """getRemaining: the rest of the text as it was (delimiters and escapes kept)."""
        return join(self.items[self.index :], delimiter) if self.more() else ""

    def integer(self, default: int) -> str:
        if not self.more():
            return str(default)
        value = parse_int(self.token())
        return str(default if value is None else value)

    def boolean(self, default: bool) -> str:
        value = self.token() == "true" if self.more() else default
        return "true" if value else "false"

    def char(self, default: str = "") -> str:
        """nextChar: the token's first character (UTF-16 unit), or the default."""
        if not self.more():
            return default
        text = self.token()
        return text[0] if text else default

    def double(self, default: float) -> str:
        if not self.more():
            return double_text(default)
        text = self.token()
        try:
            value = float(text.strip()) if _is_java_double(text) else default
        except ValueError:
            value = default
        return double_text(value)

    def named_key(self, default: str | None = "") -> str:
        """nextNamedKeyStroke: '' for an empty token, a character for one without a comma;
        ``default`` is what is written when the field is missing ('' for none, or the
        character VASSAL defaults to)."""
        if not self.more():
            return char_key(default) if default else ""
        text = self.token()
        if not text:
            return ""
        return named_key(text) if "," in text else char_key(text[0])

    def key(self, default: str | None = "") -> str:
        """nextKeyStroke (a plain KeyStroke): as named_key, without a name."""
        if not self.more():
            return char_key(default) if default else ""
        text = self.token()
        if not text:
            return ""
        return plain_key(text) if "," in text else char_key(text[0])

    def color(self, default: str) -> str:
        if not self.more():
            return default
        text = self.token()
        return color(text) if text else ""

    def strings(self, minimum: int = 0) -> list[str]:
        """nextStringArray(minimum): the token's items, padded with empty ones."""
        items = string_array(self.token()) if self.more() else []
        return items + [""] * max(0, minimum - len(items))


def string_array(text: str) -> list[str]:
    """StringArrayConfigurer.stringToArray."""
    return decode(text, ",") if text else []


def array_text(items: list[str]) -> str:
    """StringArrayConfigurer.arrayToString."""
    return join(items, ",") if items else ""


def _is_java_double(text: str) -> bool:
    """Double.parseDouble accepts surrounding whitespace, a sign, digits, a point, an exponent
    and a trailing f/F/d/D; not Python's 'inf', 'nan' or underscores."""
    body = text.strip().rstrip("fFdD")
    if not body or "_" in body:
        return False
    return all(c in "+-.0123456789eE" for c in body) and any(c.isdigit() for c in body)


def java_int_text(value: int) -> str:
    return str(wrap_int(value))
