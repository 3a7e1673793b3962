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
    texts = ["" if token is None else str(token) for token in tokens]
    joined = delimiter.join(texts)
    if "\\" not in joined and "'" not in joined and joined.count(delimiter) == len(texts) - 1:
        return joined  # nothing to escape or quote (most tokens): the join, at C speed
    return _encode_each(texts, delimiter)


def _encode_each(tokens: list[str], delimiter: str) -> str:
    parts = []
    for index, text in enumerate(tokens):
        if text.endswith("\\") and index < len(tokens) - 1:
            raise EncodingError(f"a token may not end with a backslash: {text!r}")
        escaped = text.replace(delimiter, "\\" + delimiter)
        if text.startswith("\\") or (text.startswith("'") and text.endswith("'")):
            escaped = f"'{escaped}'"
        parts.append(escaped)
    return delimiter.join(parts)


def decode(text: str, delimiter: str) -> list[str]:
    """All tokens of an encoded string ('' gives one empty token, as VASSAL's reader does).

    Linear and at C speed for the text: split at every delimiter no backslash escapes (with a
    character the text lacks standing for each escaped one), drop the backslash of each escaped
    one, and unwrap quoted tokens, which is what VASSAL's Decoder does character by character."""
    escaped = "\\" + delimiter
    parts = text.split(delimiter)
    if escaped not in text:
        return [unquote(part) for part in parts] if "'" in text else parts
    stand_in = next((c for c in STAND_INS if c not in text), None) if len(parts) > len(text) // 100 else None
    if stand_in is None:
        return _decode_by_parts(parts, delimiter)
    tokens = text.replace(escaped, stand_in).split(delimiter)
    return [unquote(token.replace(stand_in, delimiter) if stand_in in token else token) for token in tokens]


# Characters that stand for an escaped delimiter while a text is split (one the text lacks):
# then splitting costs a few passes over the text at C speed, however many escaped delimiters
# it holds; a long text of few parts is quicker joined back part by part.
STAND_INS = ("\x00", "\x01", "\x02", "\x03", "\ufffe")


def _decode_by_parts(parts: list[str], delimiter: str) -> list[str]:
    """Split at every delimiter, then join back the parts whose delimiter a backslash escapes."""
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
