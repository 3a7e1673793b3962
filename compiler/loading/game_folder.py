"""Which files make up a game folder, and reading all of them at once.

A game folder holds one file per kind (game.json, map.json, terrain.json,
counters.json, and optionally charts.json, cards.json and boards.json) and one file per
scenario under scenarios/. A game with boards.json (an imported module's maps) may leave out
map.json, terrain.json and counters.json. Each file names its schema in ``$schema``; the
kind of a file is decided by where it is, and the ``$schema`` must agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.loading import limits
from compiler.loading.files import SourceFileError
from compiler.loading.folder import GameFolder
from compiler.loading.json_source import SourceDocument, read_game_json


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
# Each file is bounded, and the game as a whole: compiler/loading/limits.py.


@dataclass
class GameSources:
    """Every document read from one game folder, by kind, with what went wrong."""

    root: Path
    documents: dict[str, list[SourceDocument]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    characters_read: int = 0
    folder: GameFolder = field(init=False)

    def __post_init__(self) -> None:
        self.folder = GameFolder(self.root)

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
    sources.diagnostics.extend(_unknown_files(sources.folder))
    return sources


def _load_one(sources: GameSources, kind: FileKind) -> None:
    if not sources.folder.exists(kind.location):
        if kind.required and not (kind.kind in OPTIONAL_WITH_BOARDS and sources.folder.exists("boards.json")):
            sources.diagnostics.append(
                error(
                    codes.FILE_MISSING,
                    f"the game needs {kind.location} ({kind.kind} definitions)",
                    kind.location,
                    hint=f'create it with "$schema" naming {kind.schema}',
                )
            )
        return
    _read_into(sources, kind, kind.location)


def _load_many(sources: GameSources, kind: FileKind) -> None:
    folder = sources.folder
    try:
        if not folder.exists(kind.location):
            return
        if not folder.is_folder(kind.location):
            sources.diagnostics.append(
                error(codes.FILE_NOT_A_FILE, f"{kind.location} must be a folder of JSON files", kind.location)
            )
            return
        names = folder.names(kind.location, ".json", limits.JSON_FILES_PER_FOLDER)
    except SourceFileError as exc:
        sources.diagnostics.append(error(exc.code, exc.message, kind.location, hint=exc.hint))
        return
    if names is None:
        sources.diagnostics.append(
            error(
                codes.FILE_TOO_LARGE,
                f"{kind.location}/ holds more than {limits.JSON_FILES_PER_FOLDER} JSON files; "
                "none of them is read",
                kind.location,
                hint="a game needs far fewer; is this the right folder?",
            )
        )
        return
    for name in names:
        _read_into(sources, kind, f"{kind.location}/{name}")


def _read_into(sources: GameSources, kind: FileKind, name: str) -> None:
    if sources.characters_read > limits.GAME_JSON_CHARACTERS:
        sources.diagnostics.append(
            error(
                codes.FILE_TOO_LARGE,
                f"not read: the game's files already hold more than "
                f"{limits.GAME_JSON_CHARACTERS // (1024 * 1024)} MB",
                name,
                hint="a game needs far less; look for files that do not belong to it",
            )
        )
        return
    document, problems = read_game_json(sources.folder, name)
    sources.diagnostics.extend(problems)
    if document is not None:
        sources.characters_read += len(document.text)
        sources.documents.setdefault(kind.kind, []).append(document)


def _unknown_files(folder: GameFolder) -> list[Diagnostic]:
    known = {kind.location for kind in FILE_KINDS}
    try:
        names = folder.names("", ".json", limits.JSON_FILES_PER_FOLDER)
    except SourceFileError:
        return []
    if names is None:
        return [
            warning(
                codes.FILE_UNKNOWN,
                f"the game folder holds more than {limits.JSON_FILES_PER_FOLDER} JSON files; "
                "only its own are read",
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
