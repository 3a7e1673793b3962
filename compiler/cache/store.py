"""Rendered images kept on disk between builds, so a rebuild redraws only what changed.

Entries live under ``OUT/.cache/<game id>/<target>/``, one file per drawing,
named by its key: the hash of exactly what the drawing reads, its size, and the
renderer's version (``renderer_version``). A cached image is the same bytes a
clean build makes, so a build from the cache is byte for byte a clean build.

An entry is never trusted blindly. Its file starts with a magic line, the key it
was written for and the SHA-256 of its payload; anything that is not a regular
file, is too large, names another key or fails its digest (a torn write, a disk
error, a file copied in from elsewhere) is ignored and the drawing is made
again. Entries are written to a temporary file and renamed into place, without
fsync: a crash can at worst leave an entry that fails its digest, which costs a
redraw, never a wrong image.

The cache never grows without bound: after each build of a game and target, the
entries that build did not use are removed (``prune``), so it holds at most one
build's drawings per game and target.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sys
import tempfile
import zlib
from functools import cache
from pathlib import Path

from compiler.cache.sources import ROOT, add_sources
from compiler.loading.files import SourceFileError, read_bounded
from compiler.output.folders import inside

MAGIC = b"wgc render cache 1\n"
ENTRY_LIMIT = 512 * 1024 * 1024  # bytes: larger files are not ours
SUFFIX = ".entry"

# Code whose change may change a drawing: the renderers, the model they read (its
# properties are code too), the geometry the board is drawn with, and this package.
_SOURCES = ("compiler/render", "compiler/cache", "rules_engine/definitions", "rules_engine/geometry")


@cache
def renderer_version() -> str:
    """A hash of everything besides the data that decides a drawing's bytes: the sources
    of the renderers and the typefaces they bundle (compiler/cache/sources.py), Pillow,
    FreeType, zlib and Python. Any change redraws everything."""
    import PIL
    from PIL import ImageFont

    digest = hashlib.sha256()
    libraries = (
        PIL.__version__,
        getattr(ImageFont.core, "freetype2_version", "?"),
        zlib.ZLIB_RUNTIME_VERSION,
        sys.version.split()[0],
    )
    digest.update(repr(libraries).encode())
    for folder in _SOURCES:
        add_sources(digest, ROOT / folder, (".py", ".ttf"))
    return digest.hexdigest()


class RenderCache:
    """One game's and target's cached drawings; ``folder`` None keeps nothing (clean builds).
    Within an output folder (``under``), a cache folder whose real path leads out of it (a
    link at any step of OUT/.cache/<game>/<target>) is not used: nothing outside OUT is
    written or pruned, and ``outside`` says where the link led."""

    def __init__(self, folder: Path | None, root: Path | None = None) -> None:
        self.folder = folder
        self.root = root  # the output folder the cache must stay inside, if any
        self.outside: str | None = None
        self._present: set[str] | None = None  # the names in the folder, listed on first use
        self.used: set[str] = set()
        self.taken: set[str] = set()  # the entries ``get`` handed back (used also holds what was put)
        self.redrawn: list[str] = []  # what was drawn afresh, by label, in order (Drawings fills it)
        self.rejected: list[str] = []  # entries found damaged or foreign, by key

    @classmethod
    def under(cls, out: Path, game_id: str, target: str) -> RenderCache:
        folder = out / ".cache" / game_id / target
        if inside(out, folder):
            return cls(folder, out)
        cache = cls(None)
        cache.outside = os.path.realpath(folder)
        return cache

    def key(self, *parts: object) -> str:
        from compiler.cache.fingerprint import fingerprint

        return fingerprint(renderer_version(), *parts)

    def holds(self, key: str) -> bool:
        """Whether an entry for ``key`` is there (``get`` still checks it before trusting it)."""
        return self.folder is not None and key + SUFFIX in self._names()

    def _names(self) -> set[str]:
        """What the folder held when this build first looked: one listing instead of a look-up
        per drawing (a clean build asks for a hundred entries that are not there)."""
        if self._present is None:
            try:
                self._present = set(os.listdir(self.folder)) if self.folder is not None else set()
            except OSError:  # no folder yet (a clean build), or one that cannot be read
                self._present = set()
        return self._present

    def get(self, key: str) -> bytes | None:
        """The payload stored under ``key``, or None when there is none to trust."""
        if self.folder is None:
            return None
        if key + SUFFIX not in self._names():  # the common miss, answered from the listing
            return None
        path = self.folder / (key + SUFFIX)
        try:
            data = read_bounded(path, ENTRY_LIMIT)
        except SourceFileError:
            self.rejected.append(key)
            return None
        payload = _payload(data, key)
        if payload is None:
            self.rejected.append(key)
            return None
        self.used.add(key)
        self.taken.add(key)
        return payload

    def put(self, key: str, payload: bytes) -> None:
        """Remember a fresh drawing; a cache that cannot be written only costs the next build time.
        Safe to call from the encoding threads."""
        if self.folder is None:
            return
        self.used.add(key)
        header = MAGIC + key.encode() + b"\n" + hashlib.sha256(payload).hexdigest().encode() + b"\n"
        with contextlib.suppress(OSError):
            _write_atomic(self.folder / (key + SUFFIX), header + payload)
            self._names().add(key + SUFFIX)  # a later drawing with the same key reads it back

    def prune(self) -> None:
        """Remove every entry this build did not use, temporary files left by a crash, and
        anything else in the folder that is not a regular file (the folder is the cache's own)."""
        if self.folder is None or not self.folder.is_dir():
            return
        if self.root is not None and not inside(self.root, self.folder):
            return  # a link put there since the build began: what it leads to is not ours
        for path in self.folder.iterdir():
            used = path.name.endswith(SUFFIX) and path.name.removesuffix(SUFFIX) in self.used
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                elif not (used and path.is_file() and not path.is_symlink()):
                    path.unlink()


def _payload(data: bytes, key: str) -> bytes | None:
    """The entry's payload if the entry is whole and was written for ``key``."""
    if not data.startswith(MAGIC):
        return None
    lines = data[len(MAGIC) :].split(b"\n", 2)
    if len(lines) != 3 or lines[0] != key.encode():
        return None
    payload = lines[2]
    return payload if hashlib.sha256(payload).hexdigest().encode() == lines[1] else None


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
