"""Read an imported game's vassal/ folder into the model (rules_engine/definitions/kept.py).

Everything is read through the game folder's one reader (compiler/loading/folder.py: inside
the folder, links followed only where they stay inside it; regular files only, never past a
limit) and checked for its shape; what cannot be used is a `vassal.extension` diagnostic naming
the file, never an exception. The files the module holds (images/, files/, vassal/files/) are
listed here, bounded in number and size, and read again, through the same reader, only by the
build.
"""

from __future__ import annotations

import json
from pathlib import Path

from lxml import etree

from compiler.diagnostics import Diagnostic, codes, error
from compiler.loading import limits
from compiler.loading.files import SourceFileError
from compiler.loading.folder import GameFolder
from compiler.vassal.entries import entry_name_problem
from compiler.vassal.extension.format import (
    DEFINITIONS,
    FILES,
    MODULEDATA,
    NOTHING_SHARED,
    PIECES,
    SETUPS,
    TEMPLATE,
    ExtensionError,
    pieces_from_json,
    setup_from_json,
    shared_from_json,
)
from compiler.vassal.inspection.xml import crowded_element, parse
from rules_engine.definitions.kept import KeptFile, KeptModule, KeptPieces, KeptSetup

FOLDERS = (("images", "images/"), ("files", ""), (FILES, ""))


def read_kept(root: Path, problems: list[Diagnostic]) -> KeptModule | None:
    """The game's kept module, or None when it has no vassal/module.xml (or it is unusable).
    Every file is read through the game folder's one reader (compiler/loading/folder.py)."""
    folder = GameFolder(root)
    if not folder.exists(TEMPLATE):
        return None
    try:
        template = _read(folder, TEMPLATE, limits.TEMPLATE_BYTES)
        moduledata = _moduledata(folder) if folder.exists(MODULEDATA) else None
        pieces = pieces_from_json(_json(folder, PIECES)) if folder.exists(PIECES) else KeptPieces({}, {})
        setups = _setups(folder)
        files = _files(folder)
    except _Unreadable as exc:
        problems.append(error(codes.VASSAL_EXTENSION, exc.error.message, exc.file, hint=exc.error.hint))
        return None
    except ExtensionError as exc:
        problems.append(error(codes.VASSAL_EXTENSION, exc.message, exc.file, hint="import the module again"))
        return None
    return KeptModule(template, moduledata, pieces, setups, files, str(root))


class _Unreadable(Exception):
    """A file of vassal/ (or a folder the module's files are in) the reader refused."""

    def __init__(self, file: str, error: SourceFileError) -> None:
        super().__init__(error.message)
        self.file = file
        self.error = error


def _read(folder: GameFolder, name: str, limit: int) -> bytes:
    try:
        return folder.read(name, limit)
    except SourceFileError as exc:
        raise _Unreadable(name, exc) from None


def _moduledata(folder: GameFolder) -> bytes:
    """The kept moduledata, read as inspect reads a module's (inspection/xml.py). The build copies
    it into the module as it is but for its name: unread, a hand-edited one that is not XML, or
    that declares an external entity (which Java's parser in VASSAL would resolve on each
    player's machine), went into a module `wgc inspect` then refused."""
    data = _read(folder, MODULEDATA, limits.TEMPLATE_BYTES)
    try:
        root = parse(data)
    except etree.XMLSyntaxError as exc:
        raise ExtensionError(MODULEDATA, f"not well-formed XML: {exc}") from None
    crowded = crowded_element(root)
    if crowded is not None:
        raise ExtensionError(
            MODULEDATA, f"an element has {crowded[1]:,} attributes, more than VASSAL's XML parser accepts"
        )
    return data


def _json(folder: GameFolder, relative: str) -> object:
    try:
        return json.loads(_read(folder, relative, limits.KEPT_JSON_BYTES))
    except (ValueError, RecursionError) as exc:
        raise ExtensionError(relative, f"not JSON: {str(exc)[:200]}") from None


def _setups(folder: GameFolder) -> dict[str, KeptSetup]:
    try:
        if not folder.is_folder(SETUPS):
            return {}
        names = folder.names(SETUPS, ".json", limits.MAX_SETUPS)
    except SourceFileError as exc:
        raise _Unreadable(SETUPS, exc) from None
    if names is None:
        raise ExtensionError(SETUPS, f"more than {limits.MAX_SETUPS} setups")
    shared = shared_from_json(_json(folder, DEFINITIONS)) if folder.exists(DEFINITIONS) else NOTHING_SHARED
    return {
        name.removesuffix(".json"): setup_from_json(
            _json(folder, f"{SETUPS}/{name}"), f"{SETUPS}/{name}", shared
        )
        for name in names
    }


def _files(folder: GameFolder) -> tuple[KeptFile, ...]:
    """The module's files kept in the game folder: (archive entry, name in the game folder),
    sorted by entry. Each entry name passes the one rule build writes by (compiler/vassal/entries.py)."""
    found: dict[str, KeptFile] = {}
    total = 0
    for base, prefix in FOLDERS:
        try:
            if not folder.is_folder(base):
                continue
            names = folder.walk(base, limits.MAX_FILES)
        except SourceFileError as exc:
            raise _Unreadable(base, exc) from None
        for name in names:
            entry = prefix + name.removeprefix(base + "/")
            problem = entry_name_problem(entry)
            if problem is not None:
                raise ExtensionError(name, f"cannot be an entry of the module: {problem}")
            try:
                size = folder.locate(name).stat().st_size
            except (SourceFileError, OSError):
                size = 0  # the build's read says what is wrong with it
            total += size
            if (
                size > limits.MAX_FILE_BYTES
                or total > limits.MAX_TOTAL_BYTES
                or len(found) >= limits.MAX_FILES
            ):
                raise ExtensionError(base, "the module's files are past the limits a module may hold")
            found.setdefault(entry, KeptFile(entry, name))
    return tuple(found[name] for name in sorted(found))
