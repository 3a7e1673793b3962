"""Reconstructed values are allowed, but never silently: each mark is a warning."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.checks.context import CheckContext
from compiler.diagnostics import Diagnostic, codes, warning
from compiler.loading import FILE_KINDS
from compiler.loading.positions import join_pointer


def iter_marks(data: Any, pointer: str = "") -> Iterator[tuple[str, str, Any]]:
    """Yield (pointer of the record, 'cite' or 'provenance', value) for every mark."""
    pending: list[tuple[Any, str]] = [(data, pointer)]
    while pending:
        value, where = pending.pop()
        if isinstance(value, dict):
            for key in ("cite", "provenance"):
                if key in value:
                    yield where, key, value[key]
            pending.extend(
                (child, join_pointer(where, key))
                for key, child in reversed(value.items())
                if key not in ("cite", "provenance")
            )
        elif isinstance(value, list):
            pending.extend(
                (child, join_pointer(where, index)) for index, child in reversed(list(enumerate(value)))
            )


def check_reconstructed(context: CheckContext) -> Iterator[Diagnostic]:
    for kind in FILE_KINDS:
        for document in context.valid_documents(kind.kind):
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
