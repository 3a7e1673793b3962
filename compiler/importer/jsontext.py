"""JSON as the import writes it: a container that fits on a line stays on one line, a larger one
has an item per line, so the files read and diff well (a scenario's piece, a counter's face, a
kept trait each on a line) and big files are written by the C encoder, a line at a time."""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any

WIDTH = 120
_CONSTANTS = {True: "true", False: "false"}


def dumps(value: Any) -> str:
    return _format(value, 0) + "\n"


def _scalar(value: Any) -> str:
    """A string, number or constant as json.dumps(value, ensure_ascii=False) gives it, without its
    per-call set-up: a large scenario has some hundred thousand of them."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return _CONSTANTS[value]
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False)


def _format(value: Any, indent: int) -> str:
    if not isinstance(value, dict | list):
        return _scalar(value)
    if not value:
        return "[]" if isinstance(value, list) else "{}"
    if len(value) < WIDTH // 3:  # a longer container cannot fit on a line: do not try
        compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if len(compact) + indent <= WIDTH:
            return compact
    inner = " " * (indent + 2)
    if isinstance(value, list):
        items = [inner + _format(item, indent + 2) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    entries = [f"{inner}{_scalar(key)}: {_format(item, indent + 2)}" for key, item in value.items()]
    return "{\n" + ",\n".join(entries) + "\n" + " " * indent + "}"
