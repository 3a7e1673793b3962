"""Named commands written with the codes VASSAL gives them, so that a save changes nothing.

A named command (a NamedKeyStroke with a name and no real key) is stored as
``<code>,<modifiers>,<name>``, but the code is not the module's to choose: VASSAL's
NamedKeyManager gives each name the next private code from 0xE000 (modifiers 0) the first
time it meets the name while the module loads, and writes that code back when it saves. The
writers put NAMED_FIRST in every named command; ``number_named_keys`` then gives each name
the code VASSAL will give it, so a module VASSAL opens and saves again comes back unchanged,
and the inspect re-encoder (inspection/reencode.py) numbers a module's names the same way to
say what VASSAL will write.

VASSAL meets the names in document order: each element's attributes in name order (Java's
XML parser keeps them sorted), then its text; a piece definition (a palette slot, a card
slot, a prototype) trait by trait from the innermost (the BasicPiece) outwards, the type of
each trait before its state. This order was read from VASSAL 3.7.26 numbering the six games
of source_data; tests/fixtures/vassal/resave/ keeps what it wrote.

A name is read up to the next separator of the text it is nested in (a comma, ``;``, ``:``,
``|``, ``/``, a TAB or a backslash): a name holding one of them is cut there (the writers'
names are identifiers; inspect may misnumber such a name in a foreign module).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from compiler.javatext.sequence import decode
from compiler.vassal.inspection.xml import attributes
from compiler.vassal.pieces import split_chain

NAMED_FIRST, NAMED_LAST = 0xE000, 0xF8FE  # NamedKeyManager's private key codes

# a private code, the (escaped) comma, modifiers, the comma, and the name
_NAMED = re.compile(r"(?<![0-9])(5[7-9][0-9]{3}|6[0-3][0-9]{3})(\\*,)[0-9]+(\\*,)([^\\,;:|/\t\r\n]+)")


def _named_in(text: str) -> Iterator[str]:
    """The names of the named commands in a text, in the order they stand."""
    for match in _NAMED.finditer(text):
        if NAMED_FIRST <= int(match.group(1)) <= NAMED_LAST:
            yield match.group(4)


def _named_in_piece(definition: str) -> Iterator[str]:
    """A piece definition's names in the order VASSAL decodes its traits: innermost first."""
    parts = decode(definition[2:], "/")
    if len(parts) < 3:
        yield from _named_in(definition)
        return
    types = split_chain(parts[1])
    try:
        states = split_chain(parts[2], len(types) - 1)
    except ValueError:
        yield from _named_in(definition)
        return
    for trait_type, state in reversed(list(zip(types, states, strict=True))):
        yield from _named_in(trait_type)
        yield from _named_in(state)


def _named_in_element(element: etree._Element) -> Iterator[str]:
    for _, value in sorted(attributes(element)):
        yield from _named_in(value)
    text = (element.text or "").strip()
    if text:
        yield from (_named_in_piece(text) if text.startswith("+/") else _named_in(text))


def meeting_order(root: etree._Element) -> list[str]:
    """Every name of a named command in the build file, in the order VASSAL meets them."""
    seen: dict[str, None] = {}
    for element in root.iter(etree.Element):
        for name in _named_in_element(element):
            seen.setdefault(name, None)
    return list(seen)


def named_key_codes(root: etree._Element) -> dict[str, int]:
    """The code VASSAL gives each name when it loads the module (beyond the last private code,
    it stops loading: the codes stay as the names' order gives them)."""
    return {name: NAMED_FIRST + index for index, name in enumerate(meeting_order(root))}


def renumber(text: str, codes: dict[str, int]) -> str:
    """The text with each named command written as VASSAL writes it back: the name's code and
    no modifiers (names not in ``codes`` are left as they are)."""

    def written(match: re.Match[str]) -> str:
        code = codes.get(match.group(4))
        if code is None or not NAMED_FIRST <= int(match.group(1)) <= NAMED_LAST:
            return match.group(0)
        return f"{code}{match.group(2)}0{match.group(3)}{match.group(4)}"

    return _NAMED.sub(written, text)


def number_named_keys(root: etree._Element) -> dict[str, int]:
    """Write every named command of the build file with VASSAL's code for it (in place), and
    return the codes."""
    codes = named_key_codes(root)
    for element in root.iter(etree.Element):
        for name, value in attributes(element):
            element.set(name, renumber(value, codes))
        if element.text and element.text.strip():
            element.text = renumber(element.text, codes)
    return codes
