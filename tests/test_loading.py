"""Reading JSON: positions of every value, and every broken input as a diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.diagnostics import codes
from compiler.loading import read_json
from compiler.loading.positions import scan_positions


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
