"""The saved games of a module's predefined setups, read one after the other, within limits.

Reading a save is most of what a setup costs when saves are large: inflating it, undoing
VASSAL's obfuscation, splitting the stream and cutting out its empty stacks (ccnapoleonics: 189
saves, 150 MB packed, 1.5 GB of commands once inflated, 12.5 million empty stacks). None of that
needs the game state, so where a module holds many large saves a second process reads the next
saves while this one starts the setup before them (SaveReader); the results, and every problem
found, are the same as read here, and a worker that cannot start only means reading here.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import READ_ERRORS, ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.savefile import deobfuscate, read_commands

if TYPE_CHECKING:  # the worker's modules are loaded when one starts (most modules never need it)
    from concurrent.futures import Future, ProcessPoolExecutor

# Saves are read ahead in a second process when there are at least this many, packed into at
# least this many bytes: starting it costs about a fifth of a second.
WORKER_SAVES = 8
WORKER_BYTES = 32 * limits.MiB
READ_AHEAD = 3  # saves read ahead of the one in use (each some MB of commands)


@dataclass
class SavedCommands:
    """A save's commands, less its empty stacks (savefile.read_commands), and how many those
    were; ``inflated``: the bytes it took of the module's total (limits.TOTAL_READ)."""

    commands: list[str]
    empty_stacks: int
    inflated: int


@dataclass
class SaveProblem:
    """Why a save cannot be read, as inspect reports it (code and message)."""

    code: str
    message: str
    inflated: int = 0


SaveRead = SavedCommands | SaveProblem


def read_save(archive: ModuleArchive, entry: str, maps: list[str]) -> SaveRead:
    """The commands of the save at ``entry`` (VASSAL's names of the module's maps: ``maps``)."""
    inflated = 0
    try:
        outer = archive.read(entry, limits.SAVE_ENTRY)
        inflated = len(outer)
        with zipfile.ZipFile(io.BytesIO(outer)) as save:
            inner = ModuleArchive(save, [])
            if not inner.has("savedGame"):
                raise EntryProblem("setup.unreadable", "the saved game has no savedGame entry")
            stream = deobfuscate(inner.read("savedGame", limits.SAVE_ENTRY))
            commands, empty = read_commands(stream, limits.COMMAND_WORK, maps)
    except EntryProblem as problem:
        code = "setup.unreadable" if problem.code == "archive.damaged" else problem.code
        return SaveProblem(code, f"the saved game cannot be read: {problem.message}", inflated)
    except (*READ_ERRORS, UnicodeDecodeError) as exc:
        code = "setup.too-deep" if "nest" in str(exc) else "setup.unreadable"
        return SaveProblem(code, f"the saved game cannot be read: {exc}", inflated)
    return SavedCommands(commands, empty, inflated)


class SaveReader:
    """The saves of ``entries`` in that order, each read once (``next_save``), by a second
    process reading ahead when they are many and large. A save the worker reads counts
    towards the module's inflated total as one read here does."""

    def __init__(self, path: Path, archive: ModuleArchive, entries: list[str], maps: list[str]) -> None:
        self.path = path
        self.archive = archive
        self.maps = maps
        self.pending = list(entries)
        self.ahead: list[tuple[str, Future[SaveRead]]] = []
        self.pool: ProcessPoolExecutor | None = None
        packed = sum(archive.entries[e].compress_size for e in entries if e in archive.entries)
        if len(entries) >= WORKER_SAVES and packed >= WORKER_BYTES:
            self.pool = _start_worker()

    def next_save(self, entry: str) -> SaveRead:
        """The save at ``entry``: the next one the reader was given (else read here)."""
        self._read_ahead()
        if self.ahead and self.ahead[0][0] == entry:
            future = self.ahead.pop(0)[1]
            try:
                found = future.result()
            except Exception:  # the worker died (killed, out of memory ...): read it here
                self._stop()
                return read_save(self.archive, entry, self.maps)
            return self._counted(found)
        if self.pending[:1] == [entry]:
            self.pending.pop(0)
        return read_save(self.archive, entry, self.maps)

    def _read_ahead(self) -> None:
        while self.pool is not None and self.pending and len(self.ahead) < READ_AHEAD:
            entry = self.pending.pop(0)
            try:
                future = self.pool.submit(_read_in_worker, str(self.path), entry, self.maps)
            except Exception:  # a worker that cannot take work: read here from now on
                self.pending.insert(0, entry)
                self._stop()
                return
            self.ahead.append((entry, future))

    def _counted(self, found: SaveRead) -> SaveRead:
        """What the worker read, counted in this archive's total (which may then be passed)."""
        try:
            self.archive.count_read(found.inflated)
        except EntryProblem as problem:
            return SaveProblem(problem.code, f"the saved game cannot be read: {problem.message}")
        return found

    def _stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = None
        self.pending = [entry for entry, _ in self.ahead] + self.pending
        self.ahead = []

    def close(self) -> None:
        self._stop()

    def __enter__(self) -> SaveReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _start_worker() -> ProcessPoolExecutor | None:
    """One worker process, started afresh (not forked: wgc import reads images in a thread).
    multiprocessing and concurrent.futures are loaded here, not with the module: they take some
    20 ms, which every inspect of a module of few or small saves would pay for nothing."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    try:
        return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    except (OSError, ValueError, ImportError):
        return None


_OPEN: dict[str, ModuleArchive] = {}  # the worker's module, opened once


def _read_in_worker(path: str, entry: str, maps: list[str]) -> SaveRead:
    archive = _OPEN.get(path)
    if archive is None:
        try:
            archive = _OPEN[path] = ModuleArchive.open(Path(path))
        except EntryProblem as problem:
            return SaveProblem(problem.code, f"the saved game cannot be read: {problem.message}")
    if entry not in archive.entries:
        return SaveProblem("setup.unreadable", "the saved game cannot be read: the module changed")
    archive.read_total = 0  # the reading process counts the module's total
    return read_save(archive, entry, maps)


def entries_of(names: Iterator[str | None], archive: ModuleArchive) -> list[str]:
    """The archive entries of the setups' files, in order (the files the archive lacks left out)."""
    found = []
    for name in names:
        entry = archive.find(name) if name else None
        if entry is not None:
            found.append(entry)
    return found
