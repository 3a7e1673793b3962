"""Read an imported game's vassal/ folder into the model (rules_engine/definitions/kept.py).

Everything is read bounded (compiler/loading/files.py: regular files only, never past a limit)
and checked for its shape; what cannot be used is a `vassal.extension` diagnostic naming the
file, never an exception. The files the module holds (images/, files/, vassal/files/) are
listed here, bounded in number and size, and read again only by the build; a link among them
is not followed.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from compiler.diagnostics import Diagnostic, codes, error
from compiler.loading.files import SourceFileError, read_bounded
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
from rules_engine.definitions.kept import KeptFile, KeptModule, KeptPieces, KeptSetup

MiB = 1 << 20
TEMPLATE_BYTES = 64 * MiB  # as inspect's XML_ENTRY
JSON_BYTES = 256 * MiB  # pieces.json and each setup: the largest modules keep some tens of MB
MAX_SETUPS = 2000
MAX_FILES = 100_000
MAX_FILE_BYTES = 512 * MiB  # as inspect's IMAGE_ENTRY
MAX_TOTAL_BYTES = 4 << 30  # everything a module may hold (a ZIP without extensions)
FOLDERS = (("images", "images/"), ("files", ""), (FILES, ""))


def read_kept(root: Path, problems: list[Diagnostic]) -> KeptModule | None:
    """The game's kept module, or None when it has no vassal/module.xml (or it is unusable)."""
    if not (root / TEMPLATE).exists():
        return None
    try:
        template = read_bounded(root / TEMPLATE, TEMPLATE_BYTES)
        moduledata = read_bounded(root / MODULEDATA, TEMPLATE_BYTES) if (root / MODULEDATA).exists() else None
        pieces = pieces_from_json(_json(root, PIECES)) if (root / PIECES).exists() else KeptPieces({}, {})
        setups = _setups(root)
        files = _files(root)
    except SourceFileError as exc:
        problems.append(error(codes.VASSAL_EXTENSION, exc.message, TEMPLATE, hint=exc.hint))
        return None
    except ExtensionError as exc:
        problems.append(error(codes.VASSAL_EXTENSION, exc.message, exc.file, hint="import the module again"))
        return None
    except OSError as exc:
        problems.append(error(codes.VASSAL_EXTENSION, f"cannot be read: {exc.strerror or exc}", "vassal"))
        return None
    return KeptModule(template, moduledata, pieces, setups, files)


def _json(root: Path, relative: str) -> object:
    try:
        return json.loads(read_bounded(root / relative, JSON_BYTES))
    except SourceFileError as exc:
        raise ExtensionError(relative, exc.message) from None
    except (ValueError, RecursionError) as exc:
        raise ExtensionError(relative, f"not JSON: {str(exc)[:200]}") from None


def _setups(root: Path) -> dict[str, KeptSetup]:
    folder = root / SETUPS
    if not folder.is_dir():
        return {}
    names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith(".json"))
    if len(names) > MAX_SETUPS:
        raise ExtensionError(SETUPS, f"more than {MAX_SETUPS} setups")
    shared = shared_from_json(_json(root, DEFINITIONS)) if (root / DEFINITIONS).exists() else NOTHING_SHARED
    return {
        name.removesuffix(".json"): setup_from_json(
            _json(root, f"{SETUPS}/{name}"), f"{SETUPS}/{name}", shared
        )
        for name in names
    }


def _files(root: Path) -> tuple[KeptFile, ...]:
    """The module's files kept in the game folder: (archive entry, path), sorted by entry."""
    found: dict[str, KeptFile] = {}
    total = 0
    for folder, prefix in FOLDERS:
        base = root / folder
        if not base.is_dir() or base.is_symlink():
            continue
        for path in _walk(base):
            relative = path.relative_to(base).as_posix()
            size = path.lstat().st_size
            total += size
            if size > MAX_FILE_BYTES or total > MAX_TOTAL_BYTES or len(found) >= MAX_FILES:
                raise ExtensionError(folder, "the module's files are past the limits a module may hold")
            found.setdefault(prefix + relative, KeptFile(prefix + relative, str(path)))
    return tuple(found[name] for name in sorted(found))


def _walk(base: Path) -> list[Path]:
    """Regular files under ``base``; links are neither followed nor taken."""
    found = []
    pending = [base]
    while pending:
        folder = pending.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                mode = entry.stat(follow_symlinks=False).st_mode
                if stat.S_ISDIR(mode):
                    pending.append(Path(entry.path))
                elif stat.S_ISREG(mode):
                    found.append(Path(entry.path))
        if len(found) > MAX_FILES:
            raise ExtensionError(base.name, f"more than {MAX_FILES} files")
    return found
