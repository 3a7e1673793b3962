"""A value from the game's data as a BeanShell string literal that stays one wherever VASSAL
puts it: the one way any text of the data enters a generated expression.

An expression's text passes through more hands than BeanShell's parser (VASSAL 3.7.26,
ExpressionInterpreter and BeanShellExpression):

- a property-match expression (a Global Key Command's filter, a Trigger Action's condition) has
  every ``$name$`` in it replaced by the source piece's property before it is parsed, even
  inside a string literal, so a ``$`` of the data would read a property;
- the filter of ``Count``, ``Sum`` and their kin is a string literal inside the expression: its
  value has ``$name$`` replaced, then every ``\\"`` turned into ``"`` (``unescape``), then it is
  parsed again, so a quote escaped as ``\\"`` inside it would end its string;
- BeanShell reads ``\\uXXXX`` as that character before it reads anything else (as Java does), so
  ``\\u0022`` is a quote that ends the string, and ``\\u000a`` a line break it refuses.

So the literal written here holds printable ASCII only, and no ``"``, ``\\`` or ``$`` but its own
delimiting quotes and escapes: a quote, a backslash, a dollar sign and every other character
below 256 outside printable ASCII are three-digit octal escapes (``\\042``, ``\\134``, ``\\044``;
BeanShell's BSHLiteral reads at most three digits), and characters from 256 up are ``\\uXXXX``
(UTF-16 units), which only become characters inside the literal. Nested once inside a filter
(``expressions.matching``), such a literal survives each step unchanged.
"""

from __future__ import annotations

_PLAIN = frozenset(chr(c) for c in range(0x20, 0x7F)) - {'"', "\\", "$"}


def literal(value: str) -> str:
    """``value`` as a BeanShell string literal, safe at any depth VASSAL evaluates it."""
    out = []
    for char in value:
        if char in _PLAIN:
            out.append(char)
        elif ord(char) < 0x100:
            out.append(f"\\{ord(char):03o}")
        else:
            out.extend(f"\\u{unit:04x}" for unit in _utf16(char))
    return '"' + "".join(out) + '"'


def _utf16(char: str) -> list[int]:
    data = char.encode("utf-16-be")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]
