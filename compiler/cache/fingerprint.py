"""A stable hash of model values: what a drawing reads, as the key of its cached image.

The walk knows the model's shapes (named tuples, frozen dataclasses, read-only
mappings, tuples, scalars) and feeds each value with its type and length, so two
different inputs never feed the same bytes. Mappings keep their order (a painter
draws in that order); sets are sorted. ``Origin`` (which file and JSON pointer a
value came from) is left out, as are a dataclass's fields that take no part in
comparing it (derived state, such as a compiled pattern): no drawing prints where its data was written, and a
counter moved within its file draws the same. Any other type is refused rather
than guessed at, so a key can never silently miss a change.
"""

from __future__ import annotations

import dataclasses
import hashlib
import struct
from collections.abc import Mapping
from typing import Any, Protocol

from rules_engine.definitions import Origin


class _Hash(Protocol):
    def update(self, data: bytes, /) -> None: ...


def fingerprint(*parts: object) -> str:
    """The SHA-256 (hex) of ``parts``: equal for equal values, different otherwise."""
    digest = hashlib.sha256()
    for part in parts:
        _feed(digest, part)
    return digest.hexdigest()


def _text(digest: _Hash, tag: bytes, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    digest.update(tag + struct.pack(">Q", len(data)) + data)


def _feed(digest: _Hash, value: Any) -> None:
    kind = type(value)
    if value is None or kind is bool:
        digest.update(b"N" if value is None else b"T" if value else b"F")
    elif kind is int or kind is float:
        _text(digest, b"i" if kind is int else b"f", repr(value))
    elif kind is str:
        _text(digest, b"s", value)
    elif kind is Origin:
        digest.update(b"O")
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        _record(digest, kind, ((name, getattr(value, name)) for name in value._fields))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        # Fields left out of comparison are derived (a compiled pattern), not part of the value.
        fields = (f for f in dataclasses.fields(value) if f.compare)
        _record(digest, kind, ((f.name, getattr(value, f.name)) for f in fields))
    else:
        _container(digest, value)


def _record(digest: _Hash, kind: type, fields: Any) -> None:
    _text(digest, b"r", f"{kind.__module__}.{kind.__qualname__}")
    for name, item in fields:
        _text(digest, b"k", name)
        _feed(digest, item)
    digest.update(b"e")


def _container(digest: _Hash, value: Any) -> None:
    if isinstance(value, (tuple, list)):
        digest.update(b"l" + struct.pack(">Q", len(value)))
        for item in value:
            _feed(digest, item)
    elif isinstance(value, Mapping):
        digest.update(b"m" + struct.pack(">Q", len(value)))
        for key, item in value.items():
            _feed(digest, key)
            _feed(digest, item)
    elif isinstance(value, (set, frozenset)):
        digest.update(b"u" + struct.pack(">Q", len(value)))
        for item in sorted(fingerprint(item) for item in value):
            digest.update(item.encode())
    elif isinstance(value, bytes):
        digest.update(b"b" + struct.pack(">Q", len(value)) + value)
    else:
        raise TypeError(
            f"cannot fingerprint a {type(value).__name__}: add it to compiler/cache/fingerprint.py"
        )
