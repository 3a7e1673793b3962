"""`wgc new`: start a game that validates and builds, from a system's template or from another game.

A designer starts from something that works and changes it a file at a time.
The template of each system is a tiny complete game (compiler/templates/<system>/);
`--from` copies any game instead. Either way the new game's files point their
``$schema`` at a ``schemas`` folder beside the game (docs/editors.md), which is
written too, so an editor checks the files wherever the game lives.

Nothing is written until everything has been read and checked: the target (a new or
empty folder, not a link, a name the file system takes), the game id its name gives,
and, for `--from`, every file of the game copied (JSON objects, game.json with an id).
Everything else in the game's folder (its art, an imported module's kept `vassal/`,
`images/` and `files/`, notes) is copied byte for byte, so the copy validates as the
game does; links are not followed and hidden names are left out.
The game is then written into a scratch folder beside the target and renamed into
place, so a failure leaves nothing behind. A schema file already in the ``schemas``
folder is the user's and is kept; only missing ones are written.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import stat
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from compiler.diagnostics import Diagnostic, codes, error
from compiler.errors import DataError, UsageError
from compiler.loading import limits
from compiler.loading.files import SourceFileError, read_bounded
from compiler.loading.folder import GameFolder, game_json_names
from compiler.loading.json_source import read_game_json
from compiler.output.atomic import write_bytes_atomic
from compiler.output.folders import writing
from compiler.schema.export import schema_files

GAME_FOLDERS = ("scenarios", "replays")  # besides the game folder's own JSON files
SCHEMA_BY_FOLDER = {"scenarios": "scenario", "replays": "replay"}
MAX_COPIED_BYTES = 10 * 1024 * 1024
# What else a copied game may hold (art, a module's kept files): as much as a module may hold.
MAX_OTHER_FILES = 100_000
MAX_OTHER_BYTES = 4 << 30
MAX_ID_LENGTH = 64  # common.schema.json's id
# Letters that Unicode does not decompose into a Latin letter and a mark.
_LATIN_FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i"}


@dataclass
class NewGame:
    """What `wgc new` wrote: the game's files, the schemas that were missing, and the schema
    files of the user's own it left as they were."""

    files: list[Path] = field(default_factory=list)
    schemas: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)


def template_systems() -> list[str]:
    """The systems that have a template."""
    root = resources.files("compiler.templates")
    return sorted(entry.name for entry in root.iterdir() if entry.is_dir() and not entry.name.startswith("_"))


def new_game(target: Path, system: str | None = None, source: Path | None = None) -> NewGame:
    """Write a new game into ``target`` (which must not hold one yet)."""
    check_target(target)
    game_id = game_id_of(target.name)
    title = game_id.replace("-", " ").title()  # in letters the drawing font has (text.missing-glyphs)
    files = _from_folder(source) if source is not None else _from_template(system or "classic")
    others = _other_files(source, set(files)) if source is not None else {}
    texts = {
        relative: _with_schema(_renamed(text, game_id, title) if relative == "game.json" else text, relative)
        for relative, text in sorted(files.items())
    }
    done = NewGame([target / relative for relative in [*texts, *others]])
    with writing(target.parent, hint="choose another folder for the new game"):
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = _staged(target.parent, texts, others)
        try:
            done.schemas, done.kept = write_schemas(target.parent / "schemas")
            os.rename(staged, target)
        finally:
            shutil.rmtree(staged, ignore_errors=True)
    return done


def check_target(target: Path) -> None:
    """A usage error unless ``target`` can become the new game's folder."""
    length, longest = len(os.fsencode(target.name)), _longest_name(target.parent)
    if length > longest:
        raise UsageError(
            f"the name '{target.name[:40]}…' has {length} bytes; the file system takes at most {longest}",
            hint="choose a shorter folder name",
        )
    if target.is_symlink():
        raise UsageError(
            f"{target} is a symbolic link (to {os.readlink(target)}); choose a new folder for the new game"
        )
    if target.exists():
        if not target.is_dir():
            raise UsageError(f"{target} is a file; choose a new folder for the new game")
        if any(target.iterdir()):
            raise UsageError(f"{target} is not empty; choose a new folder for the new game")


def _longest_name(folder: Path) -> int:
    """The longest file name the file system holding ``folder`` (or its nearest existing parent) takes."""
    for existing in (folder, *folder.parents):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if existing.is_dir():
                return int(os.pathconf(existing, "PC_NAME_MAX"))
    return 255


def game_id_of(name: str) -> str:
    """The game id a folder name gives: lower case, accents and ligatures spelt in a-z
    (über-spiel gives uber-spiel), words joined by '-'. UsageError when that loses letters."""
    folded = "".join(_LATIN_FOLDS.get(c, c) for c in name.lower())
    lost = [c for c in folded if c.isalnum() and not _ascii(c)]
    if lost:
        raise UsageError(
            f"'{name}' holds letters a game id cannot spell ({''.join(dict.fromkeys(lost))}): "
            "ids are written with a-z, 0-9 and '-'",
            hint="name the folder in Latin letters; game.json's title may then be written in any script",
        )
    game_id = re.sub(r"[^a-z0-9]+", "-", _ascii(folded)).strip("-")
    if not game_id or not game_id[0].isalpha():
        raise UsageError(f"'{name}' cannot name a game: use a folder name that starts with a letter")
    if len(game_id) > MAX_ID_LENGTH:
        raise UsageError(
            f"'{name[:40]}…' gives a game id over {MAX_ID_LENGTH} characters; choose a shorter name"
        )
    return game_id


def _ascii(text: str) -> str:
    """``text`` with each letter's marks dropped and what has no Latin spelling left out."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _from_template(system: str) -> dict[str, str]:
    known = template_systems()
    if system not in known:
        raise UsageError(
            f"no template for the system '{system}' (there are: {', '.join(known)}); try --from GAME"
        )
    root = resources.files("compiler.templates").joinpath(system)
    return dict(_template_files(root, ""))


def _template_files(folder: Traversable, prefix: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for entry in folder.iterdir():
        if entry.is_dir():
            found += _template_files(entry, f"{prefix}{entry.name}/")
        elif entry.name.endswith(".json"):
            found.append((prefix + entry.name, entry.read_text(encoding="utf-8")))
    return found


def _from_folder(source: Path) -> dict[str, str]:
    """Every game file of ``source``, read and checked as JSON objects; DataError naming each
    file that is not one (nothing is written then)."""
    from compiler.report.diagnostics_text import format_diagnostic

    if not (source / "game.json").is_file():
        raise UsageError(f"{source} holds no game.json to copy")
    files: dict[str, str] = {}
    problems: list[str] = []
    folder = GameFolder(source)
    try:
        names = game_json_names(folder, GAME_FOLDERS, limits.JSON_FILES_PER_FOLDER)
    except SourceFileError as exc:
        raise DataError(f"{source} cannot be copied: {exc.message}", hint=exc.hint) from None
    if names is None:
        raise DataError(
            f"{source} cannot be copied: a folder holds more than {limits.JSON_FILES_PER_FOLDER} JSON files"
        )
    for relative in names:
        document, found = read_game_json(folder, relative)
        errors = [d for d in found if d.is_error]
        if document is not None and not errors:
            errors = _not_game_data(relative, document.data)
        problems += [format_diagnostic(d, source) for d in errors]
        if document is not None and not errors:
            files[relative] = document.text
    if problems:
        raise DataError(
            f"{source} cannot be copied; nothing was written:\n" + "\n".join(problems),
            hint="fix these files (wgc validate shows every problem) or copy another game",
        )
    return files


def _not_game_data(relative: str, data: object) -> list[Diagnostic]:
    if not isinstance(data, dict):
        return [error(codes.SCHEMA_TYPE, "the file must hold one JSON object", relative)]
    if relative == "game.json" and not isinstance(data.get("id"), str):
        return [error(codes.SCHEMA_REQUIRED, "game.json has no 'id' to rename", relative, "/id")]
    return []


def _other_files(source: Path, copied: set[str]) -> dict[str, Path]:
    """Every regular file of ``source`` that is not a game file read as JSON: the art the data
    names, an imported module's kept part. Links are not taken, hidden names (.git, .cache) and
    __pycache__ are left out; DataError past the bounds, before anything is written."""
    found: dict[str, Path] = {}
    total = 0
    pending = [source]
    while pending:
        folder = pending.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith(".") or entry.name == "__pycache__":
                    continue
                info = entry.stat(follow_symlinks=False)
                relative = Path(entry.path).relative_to(source).as_posix()
                if stat.S_ISDIR(info.st_mode):
                    pending.append(Path(entry.path))
                elif stat.S_ISREG(info.st_mode) and relative not in copied:
                    found[relative] = Path(entry.path)
                    total += info.st_size
                if len(found) > MAX_OTHER_FILES or total > MAX_OTHER_BYTES:
                    raise DataError(
                        f"{source} holds more than {MAX_OTHER_FILES} files or {MAX_OTHER_BYTES >> 30} GB "
                        "besides its game files; nothing was written",
                        hint="copy a game folder, not a folder of games or of builds",
                    )
    return dict(sorted(found.items()))


def _staged(parent: Path, texts: dict[str, str], others: dict[str, Path]) -> Path:
    """The new game written into a scratch folder of ``parent``, to be renamed into place."""
    staged = parent / f".wgc-new-{secrets.token_hex(6)}"
    staged.mkdir()
    try:
        for relative, text in texts.items():
            write_bytes_atomic(staged / relative, text.encode("utf-8"))
        for relative, path in others.items():
            _copy_regular(path, staged / relative)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    return staged


def _copy_regular(path: Path, target: Path) -> None:
    """Copy ``path`` if it is still a regular file (a link put in its place is not followed)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as source:
        if not stat.S_ISREG(os.fstat(source.fileno()).st_mode):
            raise DataError(f"{path} is no longer a regular file; nothing was written")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as copy:
            shutil.copyfileobj(source, copy, 1 << 20)


def write_schemas(folder: Path) -> tuple[list[Path], list[Path]]:
    """Write each schema missing from ``folder``; one already there, if it differs from
    wgc's, is the user's: keep it. Returns (written, kept)."""
    written: list[Path] = []
    kept: list[Path] = []
    for name, data in schema_files().items():
        path = folder / name
        if path.exists() or path.is_symlink():
            try:
                same = read_bounded(path, MAX_COPIED_BYTES) == data
            except SourceFileError:
                same = False
            if not same:
                kept.append(path)
            continue
        write_bytes_atomic(path, data)
        written.append(path)
    return written, kept


def _renamed(text: str, game_id: str, title: str) -> str:
    """game.json with the new game's id (and, in a template, its title), its layout kept."""
    if "{id}" in text:
        return text.replace("{id}", game_id).replace("{title}", title)
    old = json.loads(text)["id"]
    return text.replace(f'"id": {json.dumps(old)}', f'"id": {json.dumps(game_id)}', 1)


def _schema_reference(relative: str, kind: str) -> str:
    """The ``$schema`` of the game's file at ``relative`` (to the game folder): the schema of
    ``kind`` in the ``schemas`` folder beside the game."""
    return f"{'../' * (relative.count('/') + 1)}schemas/{kind}.schema.json"


def schema_link(path: Path, kind: str) -> str:
    """The ``$schema`` for a file wgc writes at ``path`` after `wgc new` (the counters.json of
    `wgc slice`, the replay `wgc play` saves), with wgc's schemas written where it points, so an
    editor checks the file wherever it is. Inside a game (a folder above ``path`` holds a
    game.json) the folder of the schema its game.json names, if that holds the schema (the
    games in wgc's own checkout name compiler/schemas), else the ``schemas`` folder beside the
    game, as `wgc new` and `wgc import` write it; elsewhere a ``schemas`` folder beside the
    file. A schema already there that differs is the user's and is kept. OSError when the
    schemas cannot be written."""
    place = path.resolve()
    game = next((folder for folder in place.parents if (folder / "game.json").is_file()), None)
    if game is None:
        write_schemas(place.parent / "schemas")
        return f"schemas/{kind}.schema.json"
    used = _schemas_named_by(game) / f"{kind}.schema.json"
    if used.is_file():
        return Path(os.path.relpath(used, place.parent)).as_posix()
    write_schemas(game.parent / "schemas")
    return _schema_reference(place.relative_to(game).as_posix(), kind)


def _schemas_named_by(game: Path) -> Path:
    """The folder of the schema the game's game.json names (the schemas folder beside the game
    when it names none or cannot be read)."""
    try:
        link = json.loads(read_bounded(game / "game.json", MAX_COPIED_BYTES)).get("$schema")
    except (SourceFileError, ValueError, AttributeError):
        link = None
    if not isinstance(link, str) or "://" in link:
        return game.parent / "schemas"
    return (game / link).resolve().parent


def _with_schema(text: str, relative: str) -> str:
    """The file with its ``$schema`` pointing into the ``schemas`` folder beside the game.

    Only that value changes in the text, so the file keeps the layout its author gave it.
    """
    folder, _, name = relative.rpartition("/")
    kind = SCHEMA_BY_FOLDER.get(folder, name.removesuffix(".json"))
    reference = json.dumps(_schema_reference(relative, kind))
    old = json.loads(text).get("$schema")
    if isinstance(old, str):
        return text.replace(f'"$schema": {json.dumps(old)}', f'"$schema": {reference}', 1)
    opening = text.index("{")
    return f'{text[: opening + 1]}\n  "$schema": {reference},{text[opening + 1 :]}'
