"""Small helpers for reading schema-valid JSON into definitions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Json = Mapping[str, Any]


def text(data: Json, key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None


def strings(data: Json, key: str) -> tuple[str, ...]:
    return tuple(str(v) for v in data.get(key, ()))


def turn(value: Any) -> str | None:
    """Turns are compared as their labels: 1 and '1' are the same turn."""
    return None if value is None else str(value)


def cite_text(data: Json) -> str:
    cite = data.get("cite")
    if isinstance(cite, list):
        return ", ".join(str(c) for c in cite)
    return str(cite) if cite is not None else ""
