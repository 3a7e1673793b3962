"""``GameFolder``: the one way to read the files of a game folder, which may come from anyone.

Module makers share game folders through git and zip files, and `wgc import` turns any module
into one, so a folder is hostile input: a file in it may be a link to ``/etc/passwd``, its
``vassal/`` folder a link to someone's home, a name in the data ``../../secret.png``. Every file
`validate` and `build` read (the JSON, the art, the kept ``vassal/`` part, the module's help,
charts and other files, at any depth) is named relative to the folder and read here:

- a name is a relative path with ``/`` between its parts, none of them empty, ``.`` or ``..``;
- what it names, with every link followed, must lie inside the folder (a link that stays
  inside is followed: a folder may share one image between two names); anything that leads
  out, or a link that cannot be followed, is a ``file.outside-game`` error, never read;
- the file is then opened without following a link (so the one checked is the one read) and
  read with ``read_bounded``'s rules: regular files only, never past the limit.

A folder listing (``names``, ``walk``) follows the same rule for every entry it meets.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

from compiler.diagnostics import codes
from compiler.loading.files import SourceFileError, read_bounded

OUTSIDE_HINT = "copy the file into the game folder: a game carries every file it uses"


def name_problem(name: str) -> str | None:
    """Why ``name`` is not a relative path inside a folder, or None when it is one."""
    if not name:
        return "the name is empty"
    if "\\" in name or "\0" in name:
        return "the name holds a backslash or a NUL character (use / between folders)"
    if PurePosixPath(name).is_absolute():
        return "the name is an absolute path"
    if any(part in ("", ".", "..") for part in name.split("/")):
        return "the name has an empty, '.' or '..' part"
    return None


def outside_error(name: str, why: str) -> SourceFileError:
    return SourceFileError(codes.FILE_OUTSIDE_GAME, f"'{name[:200]}' {why}", hint=OUTSIDE_HINT)


class GameFolder:
    """The files of the game folder ``root``, each read only if it lies inside it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._real: str | None = None

    @property
    def real_root(self) -> str:
        if self._real is None:
            self._real = os.path.realpath(self.root)
        return self._real

    def locate(self, name: str) -> Path:
        """The real path of ``name`` (every link followed); SourceFileError with code
        ``file.outside-game`` when the name is no relative path or it leads outside."""
        problem = name_problem(name)
        if problem is not None:
            raise outside_error(name, f"is not a path inside the game folder: {problem}")
        real = os.path.realpath(self.root.joinpath(*name.split("/")))
        if not _is_inside(real, self.real_root):
            raise outside_error(name, "leads outside the game folder (a link to a file or folder elsewhere)")
        return Path(real)

    def read(self, name: str, limit: int) -> bytes:
        """The bytes of the regular file ``name``, at most ``limit``; SourceFileError otherwise."""
        real = self.locate(name)
        if os.path.islink(real):  # realpath stops at a link it cannot follow (a loop)
            raise outside_error(name, "is a link that cannot be followed (a loop?)")
        return read_bounded(real, limit, follow_links=False)

    def exists(self, name: str) -> bool:
        """Whether anything (a file, a folder, a link, even a broken one) stands at ``name``."""
        return os.path.lexists(self.root.joinpath(*name.split("/")))

    def is_folder(self, name: str) -> bool:
        """Whether ``name`` is a folder inside the game folder (SourceFileError if it leads out)."""
        return self.locate(name).is_dir() if self.exists(name) else False

    def names(self, folder: str, suffix: str, limit: int) -> list[str] | None:
        """The names in ``folder`` that end in ``suffix``, sorted; None when there are more than
        ``limit`` (the listing stops there). Each is read later through ``read``, which checks it."""
        found: list[str] = []
        try:
            with os.scandir(self.locate(folder) if folder else self.real_root) as entries:
                for entry in entries:
                    if entry.name.endswith(suffix):
                        found.append(entry.name)
                        if len(found) > limit:
                            return None
        except OSError as exc:
            raise _unreadable(folder or ".", exc) from None
        return sorted(found)

    def walk(self, folder: str, limit: int) -> list[str]:
        """Every regular file under ``folder``, as names relative to the game folder, sorted.
        A link is followed where it leads inside (each real folder walked once); one that leads
        out, and anything that is neither file nor folder, is a SourceFileError. More than
        ``limit`` files is a SourceFileError too (the walk stops there)."""
        found: list[str] = []
        seen: set[str] = set()
        pending = [(folder, self.locate(folder))]
        while pending:
            name, real = pending.pop()
            if str(real) in seen:
                continue
            seen.add(str(real))
            try:
                with os.scandir(real) as entries:
                    listed = sorted((entry.name, entry.is_symlink()) for entry in entries)
            except OSError as exc:
                raise _unreadable(name, exc) from None
            for entry_name, is_link in listed:
                inner = f"{name}/{entry_name}"
                target = self.locate(inner) if is_link else real / entry_name
                try:
                    mode = os.stat(target, follow_symlinks=False).st_mode
                except OSError as exc:
                    raise _unreadable(inner, exc) from None
                if stat.S_ISDIR(mode):
                    pending.append((inner, target))
                elif stat.S_ISREG(mode):
                    found.append(inner)
                    if len(found) > limit:
                        raise SourceFileError(
                            codes.FILE_TOO_LARGE,
                            f"{folder}/ holds more than {limit:,} files",
                            hint="a module needs far fewer; is this the right folder?",
                        )
                else:
                    raise SourceFileError(
                        codes.FILE_NOT_A_FILE,
                        f"'{inner[:200]}' is neither a file nor a folder",
                        hint="devices, pipes and sockets are never read; remove it",
                    )
        return sorted(found)


def game_json_names(folder: GameFolder, folders: tuple[str, ...], limit: int) -> list[str] | None:
    """The JSON files of a game folder: its own and those of ``folders`` (scenarios, replays),
    as names for ``read``; None when one of them holds more than ``limit``."""
    found: list[str] = []
    for inner in ("", *folders):
        if inner and not (folder.exists(inner) and folder.is_folder(inner)):
            continue
        names = folder.names(inner, ".json", limit)
        if names is None:
            return None
        found += [f"{inner}/{name}" if inner else name for name in names]
    return found


def _unreadable(name: str, exc: OSError) -> SourceFileError:
    return SourceFileError(codes.FILE_UNREADABLE, f"'{name[:200]}' cannot be read: {exc.strerror or exc}")


def _is_inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)
