"""Hypothesis strategies that mutate JSON documents in realistic and silly ways."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
    st.sampled_from(["", "G13", "Hebron", "israeli", "clear", "town", "0", "x-1"]),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=8,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (the root is the empty path)."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_paths(value, (*prefix, index)))
    return found


@st.composite
def mutated(draw: st.DrawFn, document: Any, max_changes: int = 3) -> Any:
    """A copy of ``document`` with one to ``max_changes`` random edits."""
    data = copy.deepcopy(document)
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            return draw(JSON_VALUES)
        path = draw(st.sampled_from(paths))
        parent = data
        for token in path[:-1]:
            parent = parent[token]
        key = path[-1]
        action = draw(st.sampled_from(["replace", "delete", "duplicate", "add-key", "swap-type"]))
        if action == "replace":
            parent[key] = draw(JSON_VALUES)
        elif action == "delete":
            del parent[key]
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "add-key" and isinstance(parent[key], dict):
            parent[key][draw(st.text(max_size=10))] = draw(JSON_VALUES)
        elif action == "swap-type":
            value = parent[key]
            parent[key] = [value] if not isinstance(value, list) else {"x": value}
    return data


def _scalars(data: Any) -> dict[type, list[Any]]:
    pools: dict[type, list[Any]] = {}
    for path in _paths(data):
        value = data
        for token in path:
            value = value[token]
        if isinstance(value, (str, int, float, bool)) and value is not None:
            pools.setdefault(type(value), []).append(value)
    return pools


@st.composite
def reshuffled(draw: st.DrawFn, document: Any, max_changes: int = 4) -> Any:
    """Edits that keep each value's type: ids, hexes and numbers swapped for others of
    the same document, so the result usually passes the schema and reaches the checks."""
    data = copy.deepcopy(document)
    pools = _scalars(data)
    scalar_paths = []
    for path in _paths(data):
        value = data
        for token in path:
            value = value[token]
        if path and isinstance(value, (str, int, float)) and not isinstance(value, bool):
            scalar_paths.append(path)
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        path = draw(st.sampled_from(scalar_paths))
        parent = data
        for token in path[:-1]:
            parent = parent[token]
        current = parent[path[-1]]
        pool = pools.get(type(current), [current])
        if isinstance(current, int) and draw(st.booleans()):
            parent[path[-1]] = draw(st.integers(min_value=0, max_value=30))
        else:
            parent[path[-1]] = draw(st.sampled_from(pool))
    return data


CONTROL_TEXT = st.sampled_from(
    ["\u001b[2J", "\u0007", "\u0000", "\u009b31m", "\u202e", "\u2028", "\r\n", "\u001b]0;title\u0007"]
)


@st.composite
def long_text(draw: st.DrawFn) -> str:
    """A string from a few hundred characters to past the size of any real value."""
    length = draw(st.sampled_from([130, 4_001, 70_000, 400_000]))
    stem = draw(st.sampled_from(["x", "a-", "G13 ", "\\", '"', "ي", "\u001b[2J"]))
    return (stem * (length // len(stem) + 1))[:length]


def _nested(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def hostile(draw: st.DrawFn, document: Any, max_changes: int = 3) -> Any:
    """Edits a hostile user would try: long strings and keys, control characters, lists
    grown past their limits, deep nesting, huge numbers, wrong types and deletions."""
    data = copy.deepcopy(document)
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for token in path[:-1]:
            parent = parent[token]
        key = path[-1]
        _apply_hostile(draw, parent, key)
    return data


def _apply_hostile(draw: st.DrawFn, parent: Any, key: Any) -> None:
    action = draw(
        st.sampled_from(["long", "control", "grow", "deep", "number", "long-key", "swap-type", "delete"])
    )
    value = parent[key]
    if action == "long":
        parent[key] = draw(long_text())
    elif action == "control":
        parent[key] = (value if isinstance(value, str) else "x") + draw(CONTROL_TEXT)
    elif action == "grow" and isinstance(value, list) and value:
        parent[key] = (value * (2_100 // len(value) + 1))[: draw(st.sampled_from([21, 2_001, 2_100]))]
    elif action == "deep":
        parent[key] = _nested(value, draw(st.sampled_from([10, 63, 65, 200])))
    elif action == "number":
        parent[key] = draw(st.sampled_from([10**19, -(10**30), 1e308, 2**63, 0.1 + 0.2]))
    elif action == "long-key" and isinstance(value, dict):
        value[draw(long_text())] = draw(JSON_VALUES)
    elif action == "swap-type":
        parent[key] = [value] if not isinstance(value, list) else {"x": value}
    else:  # "delete", and the actions that do not fit this value
        del parent[key]
