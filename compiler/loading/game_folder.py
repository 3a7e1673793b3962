"""Which files make up a game folder, and reading all of them at once.

A game folder holds one file per kind (game.json, map.json, terrain.json,
counters.json, and optionally charts.json, cards.json and boards.json) and one file per
scenario under scenarios/. A game with boards.json (an imported module's maps) may leave out
map.json, terrain.json and counters.json. Each file names its schema in ``$schema``; the
kind of a file is decided by where it is, and the ``$schema`` must agree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.loading.json_source import SourceDocument, read_json


@dataclass(frozen=True)
class FileKind:
    """One kind of source file and where it lives in a game folder."""

    kind: str
    schema: str
    location: str
    required: bool
    many: bool = False


FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("game", "game.schema.json", "game.json", required=True),
    FileKind("map", "map.schema.json", "map.json", required=True),
    FileKind("terrain", "terrain.schema.json", "terrain.json", required=True),
    FileKind("counters", "counters.schema.json", "counters.json", required=True),
    FileKind("charts", "charts.schema.json", "charts.json", required=False),
    FileKind("cards", "cards.schema.json", "cards.json", required=False),
    FileKind("boards", "boards.schema.json", "boards.json", required=False),
    FileKind("scenario", "scenario.schema.json", "scenarios", required=False, many=True),
    FileKind("replay", "replay.schema.json", "replays", required=False, many=True),
)
KIND_BY_NAME = {kind.kind: kind for kind in FILE_KINDS}
# An imported module's game (boards.json holds its maps) may do without the engine's files.
OPTIONAL_WITH_BOARDS = frozenset({"map", "terrain", "counters"})
KNOWN_FOLDERS = {"scenarios", "replays"}
# Each file is bounded (json_source.MAX_FILE_BYTES); these bound a game as a whole.
MAX_FILES_PER_FOLDER = 500
MAX_GAME_BYTES = 100 * 1024 * 1024


@dataclass
class GameSources:
    """Every document read from one game folder, by kind, with what went wrong."""

    root: Path
    documents: dict[str, list[SourceDocument]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    characters_read: int = 0

    def one(self, kind: str) -> SourceDocument | None:
        found = self.documents.get(kind, [])
        return found[0] if found else None

    def all(self, kind: str) -> list[SourceDocument]:
        return self.documents.get(kind, [])

    def by_name(self, name: str) -> SourceDocument | None:
        for documents in self.documents.values():
            for document in documents:
                if document.name == name:
                    return document
        return None


def load_game_folder(root: Path) -> GameSources:
    """Read every source file of the game in ``root``; never raises."""
    sources = GameSources(root)
    for kind in FILE_KINDS:
        if kind.many:
            _load_many(sources, kind)
        else:
            _load_one(sources, kind)
    sources.diagnostics.extend(_unknown_files(root))
    return sources


def _load_one(sources: GameSources, kind: FileKind) -> None:
    path = sources.root / kind.location
    if not path.exists() and not path.is_symlink():
        if kind.required and not (
            kind.kind in OPTIONAL_WITH_BOARDS and (sources.root / "boards.json").exists()
        ):
            sources.diagnostics.append(
                error(
                    codes.FILE_MISSING,
                    f"the game needs {kind.location} ({kind.kind} definitions)",
                    kind.location,
                    hint=f'create it with "$schema" naming {kind.schema}',
                )
            )
        return
    _read_into(sources, kind, path, kind.location)


def _load_many(sources: GameSources, kind: FileKind) -> None:
    folder = sources.root / kind.location
    if not folder.exists():
        return
    if not folder.is_dir():
        sources.diagnostics.append(
            error(codes.FILE_NOT_A_FILE, f"{kind.location} must be a folder of JSON files", kind.location)
        )
        return
    try:
        names = _json_names(folder)
    except OSError as exc:
        sources.diagnostics.append(
            error(codes.FILE_UNREADABLE, f"cannot list the folder: {exc}", kind.location)
        )
        return
    if names is None:
        sources.diagnostics.append(
            error(
                codes.FILE_TOO_LARGE,
                f"{kind.location}/ holds more than {MAX_FILES_PER_FOLDER} JSON files; none of them is read",
                kind.location,
                hint="a game needs far fewer; is this the right folder?",
            )
        )
        return
    for name in names:
        _read_into(sources, kind, folder / name, f"{kind.location}/{name}")


def _json_names(folder: Path) -> list[str] | None:
    """The .json names in ``folder``, sorted; None when there are more than the limit
    (the listing stops there, so a folder of a million files costs little)."""
    names: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.endswith(".json"):
                names.append(entry.name)
                if len(names) > MAX_FILES_PER_FOLDER:
                    return None
    return sorted(names)


def _read_into(sources: GameSources, kind: FileKind, path: Path, name: str) -> None:
    if sources.characters_read > MAX_GAME_BYTES:
        sources.diagnostics.append(
            error(
                codes.FILE_TOO_LARGE,
                f"not read: the game's files already hold more than {MAX_GAME_BYTES // (1024 * 1024)} MB",
                name,
                hint="a game needs far less; look for files that do not belong to it",
            )
        )
        return
    document, problems = read_json(path, name)
    sources.diagnostics.extend(problems)
    if document is not None:
        sources.characters_read += len(document.text)
        sources.documents.setdefault(kind.kind, []).append(document)


def _unknown_files(root: Path) -> list[Diagnostic]:
    known = {kind.location for kind in FILE_KINDS}
    try:
        names = _json_names(root)
    except OSError:
        return []
    if names is None:
        return [
            warning(
                codes.FILE_UNKNOWN,
                f"the game folder holds more than {MAX_FILES_PER_FOLDER} JSON files; only its own are read",
                hint="the files of a game folder are " + ", ".join(sorted(known - KNOWN_FOLDERS)),
            )
        ]
    return [
        warning(
            codes.FILE_UNKNOWN,
            "the compiler does not read this file",
            name,
            hint="the files of a game folder are " + ", ".join(sorted(known - KNOWN_FOLDERS)),
        )
        for name in names
        if name not in known
    ]
