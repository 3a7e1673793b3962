"""`wgc new`: start a game that validates and builds, from a system's template or from another game.

A designer starts from something that works and changes it a file at a time.
The template of each system is a tiny complete game (compiler/templates/<system>/);
`--from` copies any game instead. Either way the new game's files point their
``$schema`` at a ``schemas`` folder beside the game (docs/editors.md), which is
written too, so an editor checks the files wherever the game lives.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from compiler.errors import UsageError
from compiler.loading.files import read_bounded
from compiler.output.atomic import write_bytes_atomic
from compiler.schema.export import write_schemas

GAME_FILES = ("*.json", "scenarios/*.json", "replays/*.json")
SCHEMA_BY_FOLDER = {"scenarios": "scenario", "replays": "replay"}
MAX_COPIED_BYTES = 10 * 1024 * 1024


def template_systems() -> list[str]:
    """The systems that have a template."""
    root = resources.files("compiler.templates")
    return sorted(entry.name for entry in root.iterdir() if entry.is_dir() and not entry.name.startswith("_"))


def new_game(target: Path, system: str | None = None, source: Path | None = None) -> list[Path]:
    """Write a new game into ``target`` (which must not hold one yet); return the files written."""
    if target.exists() and any(target.iterdir()):
        raise UsageError(f"{target} is not empty; choose a new folder for the new game")
    game_id = _game_id(target.name)
    title = target.name.replace("-", " ").replace("_", " ").strip().title() or "New Game"
    files = _from_folder(source) if source is not None else _from_template(system or "israel1948")
    written = []
    for relative, text in sorted(files.items()):
        if relative == "game.json":
            text = _renamed(text, game_id, title)
        path = target / relative
        write_bytes_atomic(path, _with_schema(text, relative).encode("utf-8"))
        written.append(path)
    written += write_schemas(target.parent / "schemas")
    return written


def _game_id(name: str) -> str:
    game_id = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not game_id or not game_id[0].isalpha():
        raise UsageError(f"'{name}' cannot name a game: use a folder name that starts with a letter")
    return game_id


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
    if not (source / "game.json").is_file():
        raise UsageError(f"{source} holds no game.json to copy")
    files: dict[str, str] = {}
    for pattern in GAME_FILES:
        for path in sorted(source.glob(pattern)):
            files[str(path.relative_to(source))] = read_bounded(path, MAX_COPIED_BYTES).decode("utf-8")
    return files


def _renamed(text: str, game_id: str, title: str) -> str:
    """game.json with the new game's id (and, in a template, its title), its layout kept."""
    if "{id}" in text:
        return text.replace("{id}", game_id).replace("{title}", title)
    old = json.loads(text)["id"]
    return text.replace(f'"id": {json.dumps(old)}', f'"id": {json.dumps(game_id)}', 1)


def _with_schema(text: str, relative: str) -> str:
    """The file with its ``$schema`` pointing into the ``schemas`` folder beside the game.

    Only that value changes in the text, so the file keeps the layout its author gave it.
    """
    folder, _, name = relative.rpartition("/")
    kind = SCHEMA_BY_FOLDER.get(folder, name.removesuffix(".json"))
    reference = json.dumps(f"{'../' * (relative.count('/') + 1)}schemas/{kind}.schema.json")
    old = json.loads(text).get("$schema")
    if isinstance(old, str):
        return text.replace(f'"$schema": {json.dumps(old)}', f'"$schema": {reference}', 1)
    opening = text.index("{")
    return f'{text[: opening + 1]}\n  "$schema": {reference},{text[opening + 1 :]}'
