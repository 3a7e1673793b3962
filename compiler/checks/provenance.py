"""Reconstructed values are allowed, but never silently: each mark is a warning."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.checks.context import CheckContext
from compiler.diagnostics import Diagnostic, codes, warning
from compiler.loading import FILE_KINDS
from compiler.loading.positions import join_pointer

MARK_KEYS = ("cite", "provenance")
# A path to a value: (path of its parent, its key or index), None at the top.
Trail = tuple["Trail", str | int] | None


def iter_marks(data: Any, pointer: str = "") -> Iterator[tuple[str, str, Any]]:
    """Yield (pointer of the record, 'cite' or 'provenance', value) for every mark, in document
    order. A record's pointer is written out only when it has a mark: most records have none."""
    pending: list[tuple[Any, Trail]] = [(data, None)]
    while pending:
        value, path = pending.pop()
        if isinstance(value, dict):
            for key in MARK_KEYS:
                if key in value:
                    yield _pointer(pointer, path), key, value[key]
            pending.extend(
                (child, (path, key))
                for key, child in reversed(value.items())
                if key not in MARK_KEYS and isinstance(child, (dict, list))
            )
        elif isinstance(value, list):
            pending.extend(
                (child, (path, index))
                for index, child in reversed(list(enumerate(value)))
                if isinstance(child, (dict, list))
            )


def _pointer(base: str, path: Trail) -> str:
    tokens: list[str | int] = []
    while path is not None:
        path, token = path
        tokens.append(token)
    for token in reversed(tokens):
        base = join_pointer(base, token)
    return base


def _may_hold_marks(text: str) -> bool:
    """Whether a document's text can hold a provenance mark: the key written out, or written
    with escapes (JSON allows "\\u0070rovenance"), which is then looked for the long way."""
    return '"provenance"' in text or "\\u" in text


def check_reconstructed(context: CheckContext) -> Iterator[Diagnostic]:
    for kind in FILE_KINDS:
        for document in context.valid_documents(kind.kind):
            if not _may_hold_marks(document.text):
                continue
            for pointer, key, value in iter_marks(document.data):
                if key != "provenance":
                    continue
                yield warning(
                    codes.PROVENANCE_RECONSTRUCTED,
                    _describe(value),
                    document.name,
                    join_pointer(pointer, "provenance"),
                )


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return "reconstructed value: " + value.removeprefix("reconstructed: ")
    parts = [f"{field} ({reason.removeprefix('reconstructed: ')})" for field, reason in value.items()]
    return "reconstructed fields: " + "; ".join(parts)
