"""Reading JSON: positions of every value, and every broken input as a diagnostic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.diagnostics import codes
from compiler.loading import read_json
from compiler.loading.json_source import _deeper_than, _first_pointer_deeper_than
from compiler.loading.positions import PositionFinder, nesting_depth, scan_positions

from .conftest import SOURCE_DATA


def test_positions_of_values_and_keys() -> None:
    text = '{\n  "a": [1, {"b/c": true}],\n  "d": "x"\n}'
    index = scan_positions(text)
    assert index.values["/a/1/b~1c"] == (2, 20)
    assert index.keys["/d"] == (3, 3)
    assert index.find("/a/1/missing") == (2, 12)


def test_duplicate_keys_are_found_with_their_pointer() -> None:
    index = scan_positions('{"x": {"y": 1, "y": 2}}')
    assert index.duplicate_keys == [("/x/y", (1, 16))]


@pytest.mark.parametrize(
    "raw, code",
    [
        (b"", codes.JSON_EMPTY),
        (b"   \n", codes.JSON_EMPTY),
        (b'{"a": 1,}', codes.JSON_SYNTAX),
        (b'{"a": Infinity}', codes.JSON_SYNTAX),
        (b'{"a": 1e999}', codes.JSON_NUMBER_TOO_LARGE),
        (b'{"a": ' + b"7" * 5000 + b"}", codes.JSON_NUMBER_TOO_LARGE),
        (b"[" * 100000 + b"]" * 100000, codes.JSON_TOO_DEEP),
        (b"[" * 80 + b"]" * 80, codes.JSON_TOO_DEEP),
        (b'{"a": "\xff"}', codes.FILE_ENCODING),
        (b'{"a": 1, "a": 2}', codes.JSON_DUPLICATE_KEY),
    ],
)
def test_broken_input_becomes_a_diagnostic(tmp_path: Path, raw: bytes, code: str) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(raw)
    _document, problems = read_json(path, "f.json")
    assert [p.code for p in problems] == [code]
    assert problems[0].file == "f.json"


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    document, problems = read_json(path, "f.json")
    assert problems == [] and document is not None and document.data == {"a": 1}


def test_missing_and_folder(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope.json", "nope.json")[1][0].code == codes.FILE_MISSING
    (tmp_path / "dir.json").mkdir()
    assert read_json(tmp_path / "dir.json", "dir.json")[1][0].code == codes.FILE_NOT_A_FILE


JSON_TREES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(data=JSON_TREES, indent=st.sampled_from([None, 0, 2]), ascii_only=st.booleans())
def test_position_finder_agrees_with_the_full_index(
    data: object, indent: int | None, ascii_only: bool
) -> None:
    text = json.dumps(data, indent=indent, ensure_ascii=ascii_only)
    index = scan_positions(text)
    pointers = [*index.values, *(p + "/nope" for p in index.values)]
    # in document order, and backwards: a list is walked only as far as the item sought
    for order in (pointers, pointers[::-1]):
        finder = PositionFinder(text)
        for pointer in order:
            for prefer_key in (False, True):
                assert finder.find(pointer, prefer_key) == index.find(pointer, prefer_key), pointer


@given(data=JSON_TREES, limit=st.integers(0, 6))
def test_the_nesting_counted_on_the_text_is_the_depth_of_the_value(data: object, limit: int) -> None:
    """The depth check counts brackets outside strings; it must agree with a walk of the value."""
    text = json.dumps(data)
    assert (nesting_depth(text) - 1 > limit) == (_first_pointer_deeper_than(data, limit) is not None)


@pytest.mark.parametrize("path", sorted(SOURCE_DATA.rglob("*.json")), ids=lambda p: p.name)
def test_position_finder_agrees_on_the_shipped_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    index = scan_positions(text)
    finder = PositionFinder(text)
    assert all(finder.find(pointer) == index.find(pointer) for pointer in index.values)


def _height(value: object) -> int:
    """Levels of lists and objects below ``value`` (0: none), the plain recursive way."""
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return max((1 + _height(c) for c in children if isinstance(c, (dict, list))), default=0)


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=3),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
        max_leaves=40,
    ),
    st.integers(min_value=0, max_value=8),
)
def test_depth_check_level_by_level_agrees_with_recursion(data: object, limit: int) -> None:
    assert _deeper_than(data, limit) == (_height(data) > limit)


def test_a_text_that_repeats_a_key_is_placed_by_its_last_value(tmp_path: Path) -> None:
    """The finder walks an object only as far as the key sought, which with a key written twice
    is the first; json.loads keeps the last, and so must the positions."""
    (tmp_path / "twice.json").write_text('{"a": 1,\n "a": {"b": [1, 2]}}', encoding="utf-8")
    document, problems = read_json(tmp_path / "twice.json", "twice.json")
    assert document is not None and [p.code for p in problems] == [codes.JSON_DUPLICATE_KEY]
    assert document.position("/a/b/1") == (2, 17)
