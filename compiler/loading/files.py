"""Read a file whole, but never more than a limit, and only if it is a regular file.

``stat().st_size`` is 0 for /dev/zero, /dev/urandom, FIFOs and sockets, so a size
check made before reading lets them through: reading /dev/zero then grows
without end, and opening a FIFO waits for a writer for ever. Here the file is
opened without blocking, the open descriptor is checked (so a symlink is judged
by what it points to, and nothing can be swapped in between), and at most the
limit plus one byte is read.

Every command that reads a user's file goes through ``read_bounded``; a game folder's files go
through ``loading/folder.py``'s ``GameFolder`` first, which keeps them inside the folder.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from compiler.diagnostics import codes

_CHUNK = 1024 * 1024
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class SourceFileError(Exception):
    """A file that cannot be read as asked: its diagnostic code, message and hint."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint


def read_bounded(path: Path, limit: int, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at ``path``; SourceFileError when it is missing,
    not a regular file, larger than ``limit`` bytes, or unreadable. Without ``follow_links``
    a link at ``path`` itself is not opened (loading/folder.py has checked the real path)."""
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow_links else _NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise SourceFileError(codes.FILE_MISSING, "the file does not exist") from None
    except IsADirectoryError:
        raise _folder_error() from None
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        return _read_regular(descriptor, limit)
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(descriptor)


def _read_regular(descriptor: int, limit: int) -> bytes:
    mode = os.fstat(descriptor).st_mode
    if stat.S_ISDIR(mode):
        raise _folder_error()
    if not stat.S_ISREG(mode):
        raise SourceFileError(
            codes.FILE_NOT_A_FILE,
            f"this is not a regular file but {_kind_of(mode)}",
            hint="point it at a JSON file; devices, pipes and sockets are never read",
        )
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(descriptor, min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise SourceFileError(
        codes.FILE_TOO_LARGE,
        f"the file is larger than {_size_text(limit)}",
        hint="split it, or check that it is the right file",
    )


def _unreadable(exc: OSError) -> SourceFileError:
    return SourceFileError(codes.FILE_UNREADABLE, f"the file cannot be read: {exc.strerror or exc}")


def _folder_error() -> SourceFileError:
    return SourceFileError(
        codes.FILE_NOT_A_FILE,
        "a folder stands where a file is expected",
        hint="remove the folder or move the file into its place",
    )


def _kind_of(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something else"


def _size_text(limit: int) -> str:
    megabytes, rest = divmod(limit, 1024 * 1024)
    return f"{megabytes} MB" if not rest else f"{limit} bytes"
