"""Replay outcomes kept between runs of ``wgc validate`` and ``wgc build``.

A replay's outcome is decided by three things only: the game's data, the replay's
own text and the code of the rules engine and the replay runner. When none of them
changed since the last run, the replay passes or fails exactly as it did then, so
the outcome is read back instead of played again (Jerusalem!'s 95 replays are most
of what validating it costs). The key of an outcome is the BLAKE2b hash of all three:
every byte of every game document except the replays, the replay's text, and the
sources of the code listed in ``_CODE`` (each by path, size and time of change) with the
Python version. Any edit to the
data therefore plays every replay again; an edit to one replay plays that one.

The same file keeps which documents (replays and every other file of the game) passed their
schema check without a word, each by the hash of the code, the system game.json names, its kind,
its name and its text: such a document is not checked against its schema again until one of
those changes (the schemas and their checker are part of the code hashed), so a validation of
unchanged data neither reads nor compiles a schema.

Where: ``$WGC_CACHE_DIR`` if set (set but empty turns the cache off), else
``$XDG_CACHE_HOME/wgc``, else ``~/.cache/wgc``. One file per game folder
(``replays-<hash of its absolute path>.json``) holds the outcomes of that folder's
last run and nothing else, so the cache never grows past one entry per replay.
The file is written atomically; one that cannot be read, is not ours or is damaged
is ignored (every replay is played), and one that cannot be written costs only the
next run's time. Nothing here can change an outcome, only skip playing it.

An outcome read back is believed, so whoever can write the file decides which replays
pass: a forged ``"problem": null`` would let a failing game through. The cache is
therefore trusted only as ssh trusts a key file: the file and its folder must belong to
the user running wgc and be writable by nobody else (no group or other write bit), and
the file must be a regular file, not a link. A shared ``WGC_CACHE_DIR``, a CI cache
restored from elsewhere or a folder another user made is read as empty and never written:
every replay is played. The folder is made readable by its owner only (0700).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from compiler.cache.sources import ROOT, add_sources
from compiler.diagnostics import Diagnostic, Severity
from compiler.loading import GameSources, SourceDocument

try:  # hashlib's own BLAKE2, without the OpenSSL set-up that importing hashlib costs (~9 ms)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = "wgc replay cache 4"
FILE_LIMIT = 16 * 1024 * 1024  # bytes: a larger file is not ours
# Code whose change may change a replay's outcome (folders, read recursively).
_CODE = (
    "rules_engine",
    "compiler/replay",
    "compiler/model",
    "compiler/diagnostics",
    "compiler/loading",
    "compiler/cache",
    "compiler/schema",
    "compiler/schemas",
)
# A replay's outcome: None when it passed, else the diagnostic it gave (not yet located).
Outcome = Diagnostic | None


def cache_folder() -> Path | None:
    """Where outcomes are kept, or None when the user turned the cache off."""
    chosen = os.environ.get("WGC_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):  # no home folder to be found: keep nothing
            return None
    return Path(base) / "wgc"


@functools.cache
def code_version() -> str:
    """A hash naming the sources that decide a replay's outcome, as they are now, and the
    Python running them (compiler/cache/sources.py)."""
    digest = blake2b(sys.version.encode())
    for folder in _CODE:
        add_sources(digest, ROOT / folder, (".py", ".json"))
    return digest.hexdigest()


class ReplayCache:
    """The kept outcomes of one game folder's replays."""

    def __init__(self, sources: GameSources, folder: Path | None) -> None:
        self.sources = sources
        self.path = None if folder is None else folder / f"replays-{_folder_id(sources.root)}.json"
        self._keys: dict[str, str] = {}  # by replay file name
        self._outcomes: dict[str, Any] | None = None  # replay entries to write, when played
        self._clean: dict[str, str] = {}  # documents whose schema check found nothing: their keys

    @classmethod
    def open(cls, sources: GameSources) -> ReplayCache:
        return cls(sources, cache_folder())

    @functools.cached_property
    def _data_key(self) -> str:
        """Worked out on first use: a game without replays never asks."""
        return _data_key(self.sources) if self.path is not None else ""

    @functools.cached_property
    def _file(self) -> dict[str, Any]:
        return self._read()

    @property
    def _kept(self) -> dict[str, Any]:
        replays = self._file.get("replays")
        return replays if isinstance(replays, dict) else {}

    @property
    def _kept_clean(self) -> dict[str, Any]:
        clean = self._file.get("clean")
        return clean if isinstance(clean, dict) else {}

    def key(self, document: SourceDocument) -> str:
        """The replay's key, worked out once (the schema check, the look-up and the write ask)."""
        found = self._keys.get(document.name)
        if found is None:
            text = f"{self._data_key}\0{document.text}"
            found = self._keys[document.name] = blake2b(text.encode("utf-8", "surrogatepass")).hexdigest()
        return found

    def known(self, documents: Iterable[SourceDocument]) -> dict[str, Outcome]:
        """The outcomes kept for these replays, by file name (a replay not kept is left out)."""
        found: dict[str, Outcome] = {}
        for document in documents:
            entry = self._kept.get(document.name)
            if isinstance(entry, dict) and entry.get("key") == self.key(document):
                with contextlib.suppress(KeyError, TypeError, ValueError):
                    found[document.name] = _outcome(entry.get("problem"))
        return found

    def schema_key(self, document: SourceDocument, kind: str, system: str | None) -> str:
        """What decides a document's schema check: the code, the system, its kind, name and text."""
        text = f"{code_version()}\0{system}\0{kind}\0{document.name}\0{document.text}"
        return blake2b(text.encode("utf-8", "surrogatepass")).hexdigest()

    def kept_clean(self, document: SourceDocument, kind: str, system: str | None) -> bool:
        """Whether this document, as it is now, passed its schema check without a word last
        time: then it need not be checked again. Either way it is noted as clean for the next
        run (the caller checks it when this answers False, and calls ``not_clean`` if it is not)."""
        if self.path is None:
            return False
        key = self._clean[document.name] = self.schema_key(document, kind, system)
        return self._kept_clean.get(document.name) == key

    def not_clean(self, document: SourceDocument) -> None:
        """The document's schema check found something: check it again next time."""
        self._clean.pop(document.name, None)

    def keep(self, documents: Iterable[SourceDocument], outcomes: dict[str, Outcome]) -> None:
        """These outcomes are the folder's only replay entries from now on (written by ``save``)."""
        self._outcomes = {
            d.name: {"key": self.key(d), "problem": _problem_json(outcomes[d.name])}
            for d in documents
            if d.name in outcomes
        }

    def save(self) -> None:
        """Write the replay outcomes and the clean documents, when either changed; a failed write
        is ignored (it costs the next run only time)."""
        if self.path is None:
            return
        replays = self._kept if self._outcomes is None else self._outcomes
        if replays == self._kept and self._clean == self._kept_clean:
            return
        content = {"format": FORMAT, "replays": replays, "clean": self._clean}
        text = json.dumps(content, sort_keys=True)
        from compiler.output.atomic import write_bytes_atomic  # tempfile: only when writing

        with contextlib.suppress(OSError):
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if is_trusted(os.stat(self.path.parent)):  # another's folder: they would decide
                write_bytes_atomic(self.path, text.encode("utf-8", "surrogatepass"))

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return {}
        try:
            if not is_trusted(os.stat(self.path.parent)):
                return {}
            text = _read_trusted(self.path)
            if text is None:
                return {}
            data = json.loads(text.decode("utf-8", "surrogatepass"))
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        return data


def is_trusted(status: os.stat_result) -> bool:
    """Whether a file or folder belongs to the user running wgc and nobody else can write it
    (where the system has owners: on Windows every file passes)."""
    user = os.geteuid() if hasattr(os, "geteuid") else None
    return user is None or (status.st_uid == user and not status.st_mode & 0o022)


def _read_trusted(path: Path) -> bytes | None:
    """The file's bytes if it is a regular file (not a link: O_NOFOLLOW; a FIFO planted there
    would wait for ever: O_NONBLOCK) that ``is_trusted`` and is within FILE_LIMIT; else None."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    with os.fdopen(descriptor, "rb") as stream:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or not is_trusted(status):
            return None
        text = stream.read(FILE_LIMIT + 1)
    return text if len(text) <= FILE_LIMIT else None


def _data_key(sources: GameSources) -> str:
    """The hash of the code and of every game document that is not a replay."""
    digest = blake2b(code_version().encode())
    for kind in sorted(sources.documents):
        if kind == "replay":
            continue
        for document in sources.documents[kind]:
            digest.update(f"\0{kind}\0{document.name}\0{document.text}".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _folder_id(root: Path) -> str:
    return blake2b(str(root.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:24]


def _problem_json(problem: Outcome) -> dict[str, Any] | None:
    if problem is None:
        return None
    fields = problem.to_json()
    return {k: fields[k] for k in ("severity", "code", "message", "file", "pointer", "hint")}


def _outcome(problem: Any) -> Outcome:
    """A kept outcome read back; a malformed one raises (and is then played again)."""
    if problem is None:
        return None
    if not isinstance(problem, dict):
        raise ValueError("not a diagnostic")
    texts = [problem[k] for k in ("code", "message", "file", "pointer")]
    hint = problem["hint"]
    if not all(isinstance(t, str) for t in texts) or not (hint is None or isinstance(hint, str)):
        raise ValueError("not a diagnostic")
    code, message, file, pointer = texts
    return Diagnostic(Severity(problem["severity"]), code, message, file, pointer, hint)
