"""VASSAL's SequenceEncoder: tokens joined by one delimiter character.

Rules (VASSAL.tools.SequenceEncoder): only the delimiter is escaped, by a
backslash in front of it; a token that starts with a backslash, or starts and
ends with a single quote, is wrapped in single quotes; decoding drops one
backslash before an escaped delimiter and unwraps quoted tokens. The one lossy
case is a token that ends with a backslash followed by another token, so
``encode`` refuses such tokens instead of writing something VASSAL misreads.
"""

from __future__ import annotations

from collections.abc import Sequence


class EncodingError(ValueError):
    """A token VASSAL could not read back as written."""


def encode(tokens: Sequence[str | None], delimiter: str) -> str:
    parts = []
    for index, token in enumerate(tokens):
        text = "" if token is None else str(token)
        if text.endswith("\\") and index < len(tokens) - 1:
            raise EncodingError(f"a token may not end with a backslash: {text!r}")
        escaped = text.replace(delimiter, "\\" + delimiter)
        if text.startswith("\\") or (text.startswith("'") and text.endswith("'")):
            escaped = f"'{escaped}'"
        parts.append(escaped)
    return delimiter.join(parts)


def decode(text: str, delimiter: str) -> list[str]:
    """All tokens of an encoded string ('' gives one empty token, as VASSAL's reader does)."""
    tokens: list[str] = []
    current: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == delimiter:
            if current and current[-1] == "\\":
                current[-1] = delimiter
            else:
                tokens.append(_unquote("".join(current)))
                current = []
        else:
            current.append(char)
        index += 1
    tokens.append(_unquote("".join(current)))
    return tokens


def _unquote(token: str) -> str:
    if len(token) > 1 and token.startswith("'") and token.endswith("'"):
        return token[1:-1]
    return token
