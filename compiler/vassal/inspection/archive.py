"""A module's ZIP, read the way VASSAL (Java's ZipFile) reads it, within limits.

- Only a regular file is opened (a FIFO would block, /dev/zero never ends), and only when its
  central directory is of a sane size, which is checked before zipfile parses it.
- Entry names are UTF-8 whether or not the ZIP says so, as in Java; a name that is not UTF-8
  makes Java refuse the whole archive.
- Every read is capped (see limits.py) and streamed where the content is not needed whole;
  damaged, encrypted and exotic entries become EntryProblems, never exceptions of zipfile,
  zlib or the operating system.
"""

from __future__ import annotations

import os
import stat
import struct
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TypeVar

from compiler.vassal.entries import entry_name_problem
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.findings import EntryProblem, Finding

# What goes wrong inside zipfile, zlib and the file system while reading an entry.
READ_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    RuntimeError,
    NotImplementedError,
    ValueError,
)
JAVA_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
UTF8_FLAG = 0x800
CHUNK = 1 << 20
T = TypeVar("T")


class ModuleArchive:
    """The entries of a module by the names VASSAL sees, and capped reads of them."""

    def __init__(self, archive: zipfile.ZipFile, problems: list[Finding]) -> None:
        self._zip = archive
        self.problems = problems
        self.entries: dict[str, zipfile.ZipInfo] = {}
        self.read_total = 0
        self._index_names()

    @classmethod
    def open(cls, path: Path) -> ModuleArchive:
        """Raises EntryProblem("module.unreadable" or "archive.bad-name") when it cannot be opened."""
        handle = _open_regular_file(path)
        try:
            _check_central_directory(handle)
            archive = zipfile.ZipFile(handle)
        except EntryProblem:
            handle.close()
            raise
        except UnicodeDecodeError as exc:
            handle.close()
            raise EntryProblem("archive.bad-name", f"an entry name is not UTF-8 ({exc.reason})") from exc
        except (*READ_ERRORS, struct.error) as exc:
            handle.close()
            raise EntryProblem("module.unreadable", f"not a readable ZIP archive: {exc}") from exc
        return cls(archive, [])

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> ModuleArchive:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- names ---------------------------------------------------------------------------------

    def _index_names(self) -> None:
        for info in self._zip.infolist():
            name = info.filename
            if not info.flag_bits & UTF8_FLAG:
                try:
                    name = name.encode("cp437").decode("utf-8")
                except UnicodeError:
                    raise EntryProblem(
                        "archive.bad-name", f"entry name {name!r} is not UTF-8; Java cannot open this ZIP"
                    ) from None
            problem = entry_name_problem(name.removesuffix("/"))  # a folder's entry ends in '/'
            if problem is not None:
                self.problems.append(
                    Finding("archive.unsafe-name", f"entry '{name[:200]}' is not a safe name: {problem}")
                )
            if name in self.entries and not name.endswith("/"):
                self.problems.append(Finding("archive.duplicate-name", f"two entries are named '{name}'"))
            self.entries[name] = info

    def has(self, name: str) -> bool:
        return name in self.entries

    def names(self) -> Iterator[str]:
        return iter(self.entries)

    def find(self, name: str) -> str | None:
        """The entry VASSAL's DataArchive opens for ``name``: the name itself, its NFD form
        (modules zipped on a Mac), or the name with '.gif' added."""
        for candidate in (name, unicodedata.normalize("NFD", name), name + ".gif"):
            if candidate in self.entries:
                return candidate
        return None

    # --- reading ---------------------------------------------------------------------------------

    def read(self, name: str, limit: int) -> bytes:
        """The whole entry, if it inflates to at most ``limit`` bytes."""
        with self._open(name, limit) as stream:
            data = _guarded(lambda: stream.read(limit + 1))
            if len(data) > limit:
                raise _too_large(name, limit)
            self._count(len(data))
            _guarded(lambda: stream.read(1))  # end of data: zipfile checks the CRC here
        return data

    def verify(self, name: str, limit: int, keep: int = 0) -> bytes:
        """Inflate the entry chunk by chunk (CRC checked at the end), keeping only its first
        ``keep`` bytes (what ``head`` would read: an image's size is in them), which it returns."""
        kept = b""
        with self._open(name, limit) as stream:
            seen = 0
            while chunk := _guarded(lambda: stream.read(CHUNK)):
                if seen < keep:
                    kept += chunk[: keep - seen]
                seen += len(chunk)
                self._count(len(chunk))
                if seen > limit:
                    raise _too_large(name, limit)
        return kept

    def chunks(self, name: str, limit: int) -> Iterator[bytes]:
        """The entry inflated a chunk at a time (for copying it out), within ``limit`` bytes."""
        with self._open(name, limit) as stream:
            seen = 0
            while chunk := _guarded(lambda: stream.read(CHUNK)):
                seen += len(chunk)
                self._count(len(chunk))
                if seen > limit:
                    raise _too_large(name, limit)
                yield chunk

    def head(self, name: str, size: int) -> bytes:
        """The first ``size`` bytes of an entry (enough for an image's dimensions)."""
        with self._open(name, -1) as stream:
            data = _guarded(lambda: stream.read(size))
        self._count(len(data))
        return data

    def _open(self, name: str, limit: int) -> IO[bytes]:
        info = self.entries[name]
        if info.flag_bits & 0x1:
            raise EntryProblem("archive.encrypted", f"entry '{name}' is encrypted")
        if info.compress_type not in JAVA_METHODS:
            raise EntryProblem(
                "archive.unsupported-method",
                f"entry '{name}' uses compression method {info.compress_type}; Java reads only 0 and 8",
            )
        if info.file_size > limit and limit >= 0:
            raise _too_large(name, limit, info.file_size)
        return _guarded(lambda: self._zip.open(info))

    def count_read(self, size: int) -> None:
        """Count ``size`` bytes another reader of this module inflated (EntryProblem past the
        module's total)."""
        self._count(size)

    def _count(self, size: int) -> None:
        self.read_total += size
        if self.read_total > limits.TOTAL_READ:
            raise EntryProblem(
                "archive.too-large",
                f"the module inflates to more than {limits.size_text(limits.TOTAL_READ)}; inspect stops here",
            )


def _guarded(action: Callable[[], T]) -> T:
    """Run a read; what zipfile, zlib or the OS raise becomes an 'archive.damaged' problem."""
    try:
        return action()
    except EntryProblem:
        raise
    except READ_ERRORS as exc:
        raise EntryProblem("archive.damaged", f"{type(exc).__name__}: {exc}") from exc


def _too_large(name: str, limit: int, declared: int | None = None) -> EntryProblem:
    claim = f" (it declares {declared:,} bytes)" if declared is not None else ""
    return EntryProblem(
        "archive.too-large", f"entry '{name}' inflates beyond {limits.size_text(limit)}{claim}; not read"
    )


def _open_regular_file(path: Path) -> IO[bytes]:
    """Open without blocking (a FIFO would wait for a writer) and keep only regular files."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise EntryProblem("module.unreadable", f"cannot open the file: {exc.strerror}") from exc
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        os.close(descriptor)
        raise EntryProblem("module.unreadable", "not a regular file (a device, FIFO or folder)")
    if info.st_size > limits.MODULE_FILE:
        os.close(descriptor)
        raise EntryProblem(
            "module.unreadable", f"the file is larger than {limits.size_text(limits.MODULE_FILE)}"
        )
    return os.fdopen(descriptor, "rb")


def _check_central_directory(handle: IO[bytes]) -> None:
    """Refuse a central directory too large to list, before zipfile builds an object per entry."""
    size = handle.seek(0, os.SEEK_END)
    tail_start = max(0, size - 22 - 65535)
    handle.seek(tail_start)
    tail = handle.read()
    end = tail.rfind(b"PK\x05\x06")
    if end < 0 or len(tail) - end < 22:
        return  # not a ZIP; zipfile says so
    _, _, _, _, _, directory, _, _ = struct.unpack("<4s4H2LH", tail[end : end + 22])
    if directory == 0xFFFFFFFF and end >= 20 and tail[end - 20 : end - 16] == b"PK\x06\x07":
        record = struct.unpack("<4sLQL", tail[end - 20 : end])[2]
        handle.seek(record)
        zip64 = handle.read(56)
        if len(zip64) == 56 and zip64[:4] == b"PK\x06\x06":
            directory = struct.unpack("<4sQ2H2L4Q", zip64)[8]
    if directory > limits.CENTRAL_DIRECTORY:
        raise EntryProblem(
            "module.unreadable",
            f"the ZIP's list of entries takes {directory:,} bytes, more than "
            f"{limits.size_text(limits.CENTRAL_DIRECTORY)}",
        )
    handle.seek(0)
