"""Read one JSON source file into data that remembers where it came from.

Every way a file can be broken ends here as a diagnostic, never as an
exception: a missing file, a folder in its place, a device or pipe in its
place (see ``files``), a file over the size limit, bytes that are not UTF-8,
an empty file, bad syntax, duplicate keys, NaN, numbers too large to be
meant, and nesting deeper than any game needs.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, codes, error
from compiler.diagnostics.text import shorten
from compiler.loading import limits
from compiler.loading.files import SourceFileError, read_bounded
from compiler.loading.folder import GameFolder
from compiler.loading.positions import (
    Position,
    PositionFinder,
    PositionIndex,
    join_pointer,
    nesting_depth,
    scan_positions,
)

MAX_DEPTH = 64
MAX_NUMBER_DIGITS = 18
MAX_NUMBER_CHARACTERS = 40


class _Rejected(Exception):
    """Raised from json.loads hooks for values we refuse to accept."""

    def __init__(self, code: str, literal: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.literal = literal
        self.message = message


@dataclass
class SourceDocument:
    """A parsed JSON file with lazy access to the positions of its values."""

    path: Path
    name: str
    text: str
    data: Any
    repeats_keys: bool = False  # an object of the text holds a key twice (json.loads keeps the last)
    _index: PositionIndex | None = field(default=None, repr=False)
    _finder: PositionFinder | None = field(default=None, repr=False)

    @property
    def index(self) -> PositionIndex:
        """Every position at once: needed to find duplicate keys, which json.loads hides."""
        if self._index is None:
            self._index = scan_positions(self.text)
        return self._index

    def position(self, pointer: str, prefer_key: bool = False) -> Position | None:
        if self._index is not None or self.repeats_keys:  # the finder takes the first of equal keys
            return self.index.find(pointer, prefer_key)
        if self._finder is None:
            self._finder = PositionFinder(self.text)
        return self._finder.find(pointer, prefer_key)


def read_json(path: Path, name: str) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Parse the file at ``path``; ``name`` is how diagnostics refer to it."""
    raw, problem = _read_bytes(path, name)
    if raw is None:
        return None, [problem] if problem else []
    return parse_json(raw, path, name)


def read_game_json(folder: GameFolder, name: str) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Parse the file ``name`` of a game folder, read through its one reader (loading/folder.py)."""
    try:
        raw = folder.read(name, limits.JSON_FILE_BYTES)
    except SourceFileError as exc:
        return None, [error(exc.code, exc.message, name, hint=exc.hint)]
    return parse_json(raw, folder.root / name, name)


def parse_json(raw: bytes, path: Path, name: str) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """The document in ``raw`` (the bytes of ``path``), or the diagnostics that say why not."""
    text, problem = _decode(raw, name)
    if text is None:
        return None, [problem] if problem else []
    if not text.strip():
        return None, [
            error(
                codes.JSON_EMPTY,
                "the file is empty; it must hold one JSON object",
                name,
                hint="start from the example in docs/data-model.md",
            )
        ]
    duplicates_seen: list[bool] = []
    data, problem = _parse(text, name, duplicates_seen)
    if problem is not None:
        return None, [problem]
    document = SourceDocument(path, name, text, data, repeats_keys=bool(duplicates_seen))
    too_deep = _too_deep(document)
    if too_deep is not None:
        return None, [too_deep]
    return document, _duplicate_keys(document) if duplicates_seen else []


def _parse(text: str, name: str, duplicates_seen: list[bool]) -> tuple[Any, Diagnostic | None]:
    """The JSON value, or the one diagnostic that says why the text is not acceptable JSON."""
    try:
        data = json.loads(
            text,
            object_pairs_hook=lambda pairs: _object_from_pairs(pairs, duplicates_seen),
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as exc:
        return None, _syntax_error(exc, name)
    except _Rejected as exc:
        return None, _rejected_value(exc, text, name)
    except RecursionError:
        hint = f"no source file needs more than {MAX_DEPTH} levels"
        return None, error(
            codes.JSON_TOO_DEEP, "the JSON is nested far too deeply to be game data", name, hint=hint
        )
    except ValueError as exc:  # e.g. an integer longer than Python will convert
        return None, error(codes.JSON_NUMBER_TOO_LARGE, f"a number cannot be read: {exc}", name)
    return data, None


def _too_deep(document: SourceDocument) -> Diagnostic | None:
    if nesting_depth(document.text) - 1 <= MAX_DEPTH:  # the root's children are one level deep
        return None
    depth_pointer = _first_pointer_deeper_than(document.data, MAX_DEPTH)
    if depth_pointer is None:
        return None
    problem = error(
        codes.JSON_TOO_DEEP,
        f"the JSON is nested more than {MAX_DEPTH} levels deep",
        document.name,
        depth_pointer,
        hint="no source file needs this depth; look for runaway brackets",
    )
    return _located(document, problem)


def _duplicate_keys(document: SourceDocument) -> list[Diagnostic]:
    """JSON keeps the last of two equal keys; each earlier one is reported where it stands."""
    problems = []
    for pointer, (line, column) in document.index.duplicate_keys:
        key = pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
        problems.append(
            error(
                codes.JSON_DUPLICATE_KEY,
                f"the key '{shorten(key)}' appears twice in the same object",
                document.name,
                pointer,
                hint="JSON keeps only the last one; remove or rename the other",
            ).located(line, column)
        )
    return problems


def _read_bytes(path: Path, name: str) -> tuple[bytes | None, Diagnostic | None]:
    try:
        return read_bounded(path, limits.JSON_FILE_BYTES), None
    except SourceFileError as exc:
        return None, error(exc.code, exc.message, name, hint=exc.hint)


def _decode(raw: bytes, name: str) -> tuple[str | None, Diagnostic | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        return None, error(
            codes.FILE_ENCODING,
            f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
            name,
            hint="save the file as UTF-8 (most editors offer it under 'encoding')",
        ).located(line, column)
    return text.removeprefix("\ufeff"), None


def _object_from_pairs(pairs: list[tuple[str, Any]], duplicates_seen: list[bool]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        duplicates_seen.append(True)
    return result


def _reject_constant(literal: str) -> Any:
    raise _Rejected(codes.JSON_SYNTAX, literal, f"'{literal}' is not valid JSON")


def _parse_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _Rejected(
            codes.JSON_NUMBER_TOO_LARGE,
            literal,
            f"the number {literal[:20]}... has more digits than any game value needs",
        )
    return int(literal)


def _parse_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value) or len(literal) > MAX_NUMBER_CHARACTERS:
        raise _Rejected(
            codes.JSON_NUMBER_TOO_LARGE, literal, f"the number {literal[:20]} is too large to be meant"
        )
    return value


def _syntax_error(exc: json.JSONDecodeError, name: str) -> Diagnostic:
    return error(codes.JSON_SYNTAX, f"invalid JSON: {exc.msg}", name, hint=_syntax_hint(exc)).located(
        exc.lineno, exc.colno
    )


def _syntax_hint(exc: json.JSONDecodeError) -> str | None:
    """A hint from what stands where the parser stopped (a comma, a bracket, a quote) and
    just before it, so that a double comma is not mistaken for a trailing one."""
    here = exc.doc[exc.pos : exc.pos + 1]
    before = exc.doc[max(0, exc.pos - 200) : exc.pos].rstrip()[-1:]
    if "Expecting property name" in exc.msg or "Expecting value" in exc.msg:
        return _missing_value_hint(here, before, key="Expecting property name" in exc.msg)
    if "Extra data" in exc.msg:
        return "a file holds exactly one JSON value; is a bracket closed too early?"
    if "Unterminated string" in exc.msg:
        return "a string is missing its closing double quote"
    if "delimiter" in exc.msg and not here:
        return "the file ends before every bracket is closed: is it cut short?"
    if "Expecting ',' delimiter" in exc.msg:
        return "a comma is missing between two values (or a string is missing a double quote)"
    return None


def _missing_value_hint(here: str, before: str, *, key: bool) -> str:
    if not here:
        return "the file ends where a value should be: is it cut short?"
    if here == "," and before == ",":
        return "two commas in a row: a value is missing between them, or one comma is too many"
    if here == "," and before in ("[", "{"):
        return f"a comma right after '{before}': the first value is missing"
    if here in ("}", "]") and before == ",":
        return f"a trailing comma before '{here}' is not allowed in JSON: remove it"
    if here == "'":
        return "JSON strings and keys take double quotes, not single ones"
    if key:
        return "keys need double quotes"
    return "a value is missing here, or a string lacks its double quotes"


def _rejected_value(exc: _Rejected, text: str, name: str) -> Diagnostic:
    offset = text.find(exc.literal)
    diagnostic = error(exc.code, exc.message, name)
    if offset < 0:
        return diagnostic
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return diagnostic.located(line, column)


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether a list or object lies more than ``limit`` levels below ``data``. Every document is
    asked, so the containers of a level are gathered in one comprehension, level by level,
    rather than pushing and popping a (value, depth) pair per value: half the cost of loading."""
    level = [data]
    for _ in range(limit + 1):
        level = [
            child
            for node in level
            for child in (node.values() if isinstance(node, dict) else node if isinstance(node, list) else ())
            if isinstance(child, (dict, list))
        ]
        if not level:
            return False
    return True


def _first_pointer_deeper_than(data: Any, limit: int) -> str | None:
    """Iteratively find a value nested more than ``limit`` levels, if any.

    The first pass only measures depth (cheap); pointers are built only when
    the limit is exceeded and the place must be reported.
    """
    if not _deeper_than(data, limit):
        return None
    pointer, node = "", data
    for _ in range(limit + 1):
        children = (
            list(node.items())
            if isinstance(node, dict)
            else list(enumerate(node))
            if isinstance(node, list)
            else []
        )
        deepest = max(children, key=lambda item: _depth(item[1]), default=None)
        if deepest is None:
            break
        pointer, node = join_pointer(pointer, deepest[0]), deepest[1]
    return pointer


def _depth(value: Any) -> int:
    depth, level = 0, [value]
    while level:
        next_level: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                next_level.extend(item.values())
            elif isinstance(item, list):
                next_level.extend(item)
        if next_level:
            depth += 1
        level = next_level
    return depth


def _located(document: SourceDocument, diagnostic: Diagnostic) -> Diagnostic:
    where = document.position(diagnostic.pointer)
    return diagnostic.located(*where) if where else diagnostic
