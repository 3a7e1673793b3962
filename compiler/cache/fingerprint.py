"""A stable hash of model values: what a drawing reads, as the key of its cached image.

The value is written out in a canonical text (``canonical``) and hashed once. The
text knows the model's shapes (named tuples, frozen dataclasses, read-only
mappings, tuples, scalars): every leaf is written as its ``repr``, a Python literal,
so no two different values give the same text. Records carry their class's name.
Mappings keep their order (a painter draws in that order); sets are sorted.
``Origin`` (which file and JSON pointer a value came from) is left out, as are a
dataclass's fields that take no part in comparing it (derived state, such as a
compiled pattern): no drawing prints where its data was written, and a counter
moved within its file draws the same. Any other type is refused rather than
guessed at, so a key can never silently miss a change.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from typing import Any

from rules_engine.definitions import Origin

_LEAVES = (str, int, float, bool, bytes, type(None))


def fingerprint(*parts: object) -> str:
    """The SHA-256 (hex) of ``parts``: equal for equal values, different otherwise."""
    return hashlib.sha256(canonical(parts).encode("utf-8", "surrogatepass")).hexdigest()


def canonical(value: Any) -> str:
    """The value as a text that only an equal value also gives."""
    kind = type(value)
    if kind in _LEAVES:
        return repr(value)
    if kind is Origin:
        return "Origin"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        items = ",".join(canonical(getattr(value, name)) for name in value._fields)
        return f"{kind.__module__}.{kind.__qualname__}({items})"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (f for f in dataclasses.fields(value) if f.compare)
        items = ",".join(canonical(getattr(value, f.name)) for f in fields)
        return f"{kind.__module__}.{kind.__qualname__}({items})"
    if isinstance(value, (tuple, list)):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{canonical(k)}:{canonical(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return "set(" + ",".join(sorted(canonical(item) for item in value)) + ")"
    raise TypeError(f"cannot fingerprint a {kind.__name__}: teach compiler/cache/fingerprint.py")
