"""Text from the data, made safe to show: bounded in length, harmless on a terminal.

A message quotes what the data holds (an unknown key, a name, a hex), and the
data may hold anything: a 15 MB name, or an escape sequence that clears the
screen. ``shorten`` keeps the start of a long value and says how long it was;
``bounded`` is the last guard every message and hint passes through;
``printable`` escapes control characters for text output, and ``json_text``
does the same inside JSON strings, so the JSON still parses to the same values.
"""

from __future__ import annotations

import re

SHOWN_CHARACTERS = 60
MAX_MESSAGE_CHARACTERS = 1000

_LONG_RUN = re.compile(rf"\S{{{SHOWN_CHARACTERS + 1},}}")
# C0 and C1 control characters, DEL, the line and paragraph separators, and the
# bidirectional controls that can make a line read differently than it is.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# What JSON leaves unescaped among those (json.dumps escapes C0 itself).
_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def shorten(value: str, keep: int = SHOWN_CHARACTERS) -> str:
    """``value``, or its first ``keep`` characters and its length when it is longer."""
    if len(value) <= keep:
        return value
    return f"{value[:keep]}… ({len(value)} characters)"


def bounded(text: str) -> str:
    """A message or hint of reasonable length, whatever value was put into it."""
    if len(text) <= MAX_MESSAGE_CHARACTERS:
        return text
    text = _LONG_RUN.sub(lambda match: shorten(match.group()), text)
    return shorten(text, MAX_MESSAGE_CHARACTERS)


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (ESC as \\x1b)."""
    return _UNSAFE.sub(_escape, text)


def json_text(text: str) -> str:
    """JSON text with the control characters that json.dumps leaves raw written as \\u escapes.

    Those characters can only stand inside JSON strings, where the escape
    means the same character: the document parses to the same values.
    """
    return _UNSAFE_IN_JSON.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
