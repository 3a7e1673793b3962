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
    """All tokens of an encoded string ('' gives one empty token, as VASSAL's reader does).

    Linear and at C speed for the text: split at every delimiter, then join back the parts
    whose delimiter a backslash escapes (dropping that backslash), and unwrap quoted tokens,
    which is what VASSAL's Decoder does character by character."""
    parts = text.split(delimiter)
    if len(parts) == 1 or "\\" + delimiter not in text:
        return [unquote(part) for part in parts] if "'" in text else parts
    tokens: list[str] = []
    pending: list[str] = []
    for part in parts[:-1]:
        if part.endswith("\\"):
            pending.append(part[:-1] + delimiter)
        else:
            pending.append(part)
            tokens.append(unquote("".join(pending)))
            pending.clear()
    pending.append(parts[-1])
    tokens.append(unquote("".join(pending)))
    return tokens


def unquote(token: str) -> str:
    """A token without the single quotes VASSAL wraps around some tokens."""
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token
