"""Map JSON pointers to line and column in the text they came from.

``json.loads`` is fast but forgets where things were. This scanner walks the
same (already valid) text once more and records, for every value and every
object key, its 1-based line and column. It runs only when a diagnostic needs
a position or a duplicate key must be found, so the common path stays fast.
The walk is iterative: deeply nested input cannot exhaust Python's stack.

The string pattern uses possessive repeats (``++``, ``*+``): with plain ones,
``re`` keeps a backtracking record of about 120 bytes per character of a
string, so one 15 MB name cost 1.8 GB here. Possessive repeats never
backtrack, and a JSON string never needs to.
"""

from __future__ import annotations

import bisect
import itertools
import json
import operator
import re
from dataclasses import dataclass, field

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null")

Position = tuple[int, int]


def escape_pointer_token(token: str) -> str:
    if "~" not in token and "/" not in token:
        return token
    return token.replace("~", "~0").replace("/", "~1")


def join_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_pointer_token(str(token))}"


@dataclass
class PositionIndex:
    """Where each value and key of one document starts."""

    values: dict[str, Position] = field(default_factory=dict)
    keys: dict[str, Position] = field(default_factory=dict)
    duplicate_keys: list[tuple[str, Position]] = field(default_factory=list)

    def find(self, pointer: str, prefer_key: bool = False) -> Position | None:
        """Position of ``pointer``, or of its nearest existing ancestor."""
        while True:
            if prefer_key and pointer in self.keys:
                return self.keys[pointer]
            if pointer in self.values:
                return self.values[pointer]
            if not pointer:
                return None
            pointer = pointer.rsplit("/", 1)[0]


class _LineTable:
    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line + 1, offset - self.starts[line] + 1


class _Frame:
    __slots__ = ("index", "is_object", "pointer", "seen")

    def __init__(self, pointer: str, is_object: bool) -> None:
        self.pointer = pointer
        self.is_object = is_object
        self.index = 0
        self.seen: set[str] = set()


def scan_positions(text: str) -> PositionIndex:
    """Index the positions of a JSON text; tolerant of junk after the value."""
    index = PositionIndex()
    lines = _LineTable(text)
    stack: list[_Frame] = []
    pos = _skip(text, 0)
    pointer = ""
    expecting_value = True
    try:
        while True:
            if expecting_value:
                index.values[pointer] = lines.position(pos)
                char = text[pos]
                if char in "{[":
                    frame = _Frame(pointer, char == "{")
                    stack.append(frame)
                    pos = _skip(text, pos + 1)
                    if text[pos] in "}]":
                        stack.pop()
                        pos += 1
                        expecting_value = False
                        continue
                    if frame.is_object:
                        pos, pointer = _read_key(text, pos, frame, index, lines)
                    else:
                        pointer = join_pointer(frame.pointer, 0)
                    continue
                match = (_STRING if char == '"' else _SCALAR).match(text, pos)
                if match is None:
                    return index
                pos = match.end()
                expecting_value = False
                continue
            pos = _skip(text, pos)
            if not stack:
                return index
            frame = stack[-1]
            char = text[pos]
            if char == ",":
                pos = _skip(text, pos + 1)
                frame.index += 1
                if frame.is_object:
                    pos, pointer = _read_key(text, pos, frame, index, lines)
                else:
                    pointer = join_pointer(frame.pointer, frame.index)
                expecting_value = True
            elif char in "}]":
                stack.pop()
                pos += 1
            else:
                return index
    except (IndexError, ValueError):
        return index


def _skip(text: str, pos: int) -> int:
    match = _WHITESPACE.match(text, pos)
    return match.end() if match else pos


def _read_key(text: str, pos: int, frame: _Frame, index: PositionIndex, lines: _LineTable) -> tuple[int, str]:
    match = _STRING.match(text, pos)
    if match is None:
        raise ValueError("expected a key")
    raw = match.group()
    key = raw[1:-1] if "\\" not in raw else json.loads(raw)
    child = join_pointer(frame.pointer, key)
    where = lines.position(pos)
    if key in frame.seen:
        index.duplicate_keys.append((child, where))
    else:
        frame.seen.add(key)
        index.keys[child] = where
    pos = _skip(text, match.end())
    if text[pos] != ":":
        raise ValueError("expected ':'")
    return _skip(text, pos + 1), child


# Each child of an opened object or list: the offsets of its key (None in a list) and its value.
_Children = dict[str, tuple[int | None, int]]
_DECODER = json.JSONDecoder()


class _Opened:
    """An object or a list the finder has opened: its children so far, and where the walk over
    them stopped (None once it reached the closing bracket)."""

    __slots__ = ("children", "index", "is_object", "resume")

    def __init__(self, is_object: bool, resume: int) -> None:
        self.children: _Children = {}
        self.is_object = is_object
        self.index = 0
        self.resume: int | None = resume


class PositionFinder:
    """Positions of single pointers, without indexing the whole document.

    ``scan_positions`` records every value: for a 17 MB file, a million entries,
    6 s and 350 MB, to place a handful of diagnostics. The finder opens only the
    objects and lists on the way to a pointer (each once: their children's
    offsets are kept) and steps over every other value (`_skip_value`), each only as far
    as the child sought: a replay of a million steps placed its diagnostics, all among
    the first steps, by stepping over every step (10 s). Its text must repeat no key in
    an object (where JSON keeps the last value, the finder would give the first):
    SourceDocument indexes a text that does in full instead.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines = _LineTable(text)
        self._root = _skip(text, 0)
        self._opened: dict[str, _Opened | None] = {}

    def find(self, pointer: str, prefer_key: bool = False) -> Position | None:
        """Position of ``pointer``, or of its nearest existing ancestor (as PositionIndex.find)."""
        if self._root >= len(self._text):
            return None
        offset, key, path = self._root, None, ""
        for token in pointer.split("/")[1:]:
            child = self._child(path, offset, token)
            if child is None:
                break
            key, offset = child
            path = f"{path}/{token}"
        if prefer_key and key is not None:
            return self._lines.position(key)
        return self._lines.position(offset)

    def _child(self, path: str, offset: int, token: str) -> tuple[int | None, int] | None:
        if path not in self._opened:
            char = self._text[offset]
            self._opened[path] = _Opened(char == "{", _skip(self._text, offset + 1)) if char in "{[" else None
        opened = self._opened[path]
        if opened is None:
            return None
        try:
            while token not in opened.children and opened.resume is not None:
                self._walk(opened, until=token)
        except (IndexError, ValueError):  # text that json.loads refused; keep what is known
            opened.resume = None
        return opened.children.get(token)

    def _walk(self, opened: _Opened, until: str) -> None:
        """Record children of ``opened`` from where its walk stopped, up to the child ``until``
        (or to the end)."""
        text = self._text
        pos = opened.resume
        assert pos is not None
        children = opened.children
        while text[pos] not in "}]":
            key: int | None = None
            token = str(opened.index)
            if opened.is_object:
                end = _STRING.match(text, pos)
                if end is None:
                    raise ValueError("expected a key")
                raw = end.group()
                token = escape_pointer_token(raw[1:-1] if "\\" not in raw else json.loads(raw))
                key = children[token][0] if token in children else pos  # a repeated key: the first
                pos = _skip(text, end.end())
                pos = _skip(text, pos + 1)  # the ':'
            children[token] = (key, pos)
            pos = _skip(text, _skip_value(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
            opened.index += 1
            if token == until:
                opened.resume = pos
                return
        opened.resume = None


_NOT_A_BRACKET = re.compile(r"[^\[\]{}]++")
_OPENING = str.maketrans("{}", "[]")


def nesting_depth(text: str) -> int:
    """How many objects and lists deep the (valid JSON) text nests: its strings taken out, the
    running count of its brackets, every step in C. A walk over the parsed value took 4 s for a
    file of a million empty objects, in every file read."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text)).translate(_OPENING).encode("ascii")
    return max(itertools.accumulate(map(operator.sub, itertools.repeat(ord("[") + 1), brackets)), default=0)


def _skip_value(text: str, pos: int) -> int:
    """Where the value starting at ``pos`` ends. The text is JSON that json.loads took, so
    the decoder's C scanner steps over an object or a list faster than a walk from bracket
    to bracket (the value is parsed again and dropped)."""
    char = text[pos]
    if char == '"':
        match = _STRING.match(text, pos)
    elif char not in "{[":
        match = _SCALAR.match(text, pos)
    else:
        return _DECODER.raw_decode(text, pos)[1]
    if match is None:
        raise ValueError("expected a value")
    return match.end()
