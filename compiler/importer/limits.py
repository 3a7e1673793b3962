"""The limits `wgc build` applies to a game folder (compiler/loading/limits.py), applied by
`wgc import` first: a module whose folder build would refuse is refused before anything is
written, with the limit it passes, and as early as that can be known (the number of files from
the archive's list of entries, before one is copied; the sizes of the files the import writes,
before the folder is renamed into place).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler.loading import limits
from compiler.vassal.extension.format import FOLDER, MODULEDATA, PIECES, SETUPS, TEMPLATE


class ImportRefused(Exception):
    """The module holds more than a game folder may: the reason, naming the limit."""


def check_entry_count(names: Iterable[str], saves_at_most: int) -> None:
    """The module's files (every entry but its tree, moduledata and up to ``saves_at_most``
    saved games that become scenarios) against the number a game folder may hold."""
    check_file_count(sum(1 for name in names if not name.endswith("/")) - 2 - saves_at_most)


def check_file_count(files: int) -> None:
    """``files`` the module would keep in the folder, against the number build reads."""
    if files > limits.MAX_FILES:
        raise ImportRefused(
            f"the module holds {files:,} files besides its component tree and setups; a game folder "
            f"may keep at most {limits.MAX_FILES:,} (wgc build refuses more)"
        )


def check_files(sizes: Mapping[str, int]) -> None:
    """The files copied out of the module (name in the folder -> size) against build's limits."""
    check_file_count(len(sizes))
    total = sum(sizes.values())
    if total > limits.MAX_TOTAL_BYTES:
        raise ImportRefused(
            f"the module's files hold {total:,} bytes; a game folder may keep at most "
            f"{limits.MAX_TOTAL_BYTES >> 30} GiB"
        )


def check_texts(texts: Mapping[str, bytes]) -> None:
    """The files the import writes (path in the folder -> bytes) against what validate reads."""
    scenarios = sum(1 for name in texts if name.startswith("scenarios/"))
    if scenarios > limits.JSON_FILES_PER_FOLDER:
        raise ImportRefused(
            f"{scenarios} scenarios; scenarios/ may hold at most {limits.JSON_FILES_PER_FOLDER} files"
        )
    characters = 0
    for name, data in sorted(texts.items()):
        limit = _limit(name)
        if len(data) > limit:
            raise ImportRefused(
                f"{name} would be {len(data):,} bytes, more than the {_size(limit)} it may be"
            )
        if not name.startswith(FOLDER + "/"):
            characters += len(data.decode("utf-8"))
    if characters > limits.GAME_JSON_CHARACTERS:
        raise ImportRefused(
            f"the game's JSON files would hold {characters:,} characters, more than the "
            f"{_size(limits.GAME_JSON_CHARACTERS)} a game's files may hold together"
        )


def _limit(name: str) -> int:
    if name in (TEMPLATE, MODULEDATA):
        return limits.TEMPLATE_BYTES
    if name == PIECES or name.startswith(SETUPS + "/"):
        return limits.KEPT_JSON_BYTES
    return limits.JSON_FILE_BYTES


def _size(count: int) -> str:
    return f"{count >> 20} MiB"
