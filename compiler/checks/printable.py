"""Names a back end can print: one line, no control characters, no trailing backslash.

The schema lets any string through; a name is drawn on a counter, a card or a
chart and written into VASSAL's piece definitions, where a tab or a trailing
backslash changes the meaning of what follows, and a line break has no room.
So every name a player reads is checked here, at its place in its file.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.checks.context import CheckContext
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.diagnostics.text import shorten
from compiler.loading import FILE_KINDS
from compiler.loading.positions import join_pointer

# The keys whose strings are printed as one line: names, titles, headings, labels.
NAME_KEYS = frozenset(
    {
        "name",
        "title",
        "subtitle",
        "heading",
        "label",
        "short_name",
        "abbreviation",
        "name_heading",
        "rules_heading",
    }
)
# Keys of longer printed text (card text, a counter's printed text), checked for glyphs only.
TEXT_KEYS = frozenset({"text"})


def _names(data: Any, keys: frozenset[str] = NAME_KEYS) -> Iterator[tuple[str, str]]:
    """(pointer, text) of every string under one of ``keys``, anywhere in a document."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        here, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():  # a pointer is made only for what is yielded or walked
                if key in keys and isinstance(item, str):
                    yield join_pointer(here, key), item
                elif isinstance(item, (dict, list)):
                    stack.append((join_pointer(here, key), item))
        elif isinstance(value, list):
            stack.extend((f"{here}/{index}", item) for index, item in enumerate(value))


def problem_in_name(text: str) -> str | None:
    """What makes ``text`` unprintable on one line (None: nothing)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        return "holds a line break, tab or other control character"
    if text.endswith("\\"):
        return "ends with a backslash, which VASSAL reads as escaping what follows"
    return None


def _may_hold_unprintable(text: str) -> bool:
    """Whether a document's text can hold a name with a control character or a backslash: JSON
    writes these only as escapes (json.loads refuses a raw control character in a string), all
    but DEL, which it lets through as it is."""
    return "\\" in text or "\x7f" in text


def _may_hold_non_ascii(text: str) -> bool:
    """Whether a document's text can hold a string beyond ASCII: written as it is, or escaped."""
    return "\\" in text or not text.isascii()


def check_printable_names(context: CheckContext) -> Iterator[Diagnostic]:
    for kind in FILE_KINDS:
        if kind.kind == "replay":
            continue
        for document in context.valid_documents(kind.kind):
            if not _may_hold_unprintable(document.text):
                continue
            for pointer, text in _names(document.data):
                problem = problem_in_name(text)
                if problem is not None:
                    yield error(
                        codes.NAME_UNPRINTABLE,
                        f"the name '{shorten(text)}' {problem}",
                        document.name,
                        pointer,
                        hint="write names on one line, without control characters or a final backslash",
                    )


def check_printable_glyphs(context: CheckContext) -> Iterator[Diagnostic]:
    """Characters the drawing font has no glyph for would print as empty boxes: say which."""
    found: list[tuple[str, str, str]] = []
    for kind in FILE_KINDS:
        if kind.kind == "replay":
            continue
        for document in context.valid_documents(kind.kind):
            if not _may_hold_non_ascii(document.text):
                continue
            found.extend(
                (document.name, pointer, text)
                for pointer, text in _names(document.data, NAME_KEYS | TEXT_KEYS)
                if not text.isascii()
            )
    if not found:
        return  # the font covers ASCII; only then is the drawing library worth loading
    from compiler.render.fonts import missing_glyphs

    for file, pointer, text in found:
        missing = missing_glyphs(text)
        if missing:
            shown = " ".join(f"{c} (U+{ord(c):04X})" for c in missing[:8])
            yield warning(
                codes.TEXT_MISSING_GLYPHS,
                f"the font wgc draws with has no glyph for {shown}; it would print as an empty box",
                file,
                pointer,
                hint="spell the name with letters of the basic Latin alphabet where the book allows it",
            )
