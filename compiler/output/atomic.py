"""Atomic file writes: a failed build leaves the previous output intact.

Data goes to a temporary file in the target's own folder, is flushed to disk,
and only then replaces the target in one rename. A reader (or VASSAL) sees
either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


@contextlib.contextmanager
def open_atomic(path: Path) -> Iterator[BinaryIO]:
    """A file to write ``path`` through, bit by bit: it replaces ``path`` only when the block
    ends without an error, so a long document streamed page by page is atomic too."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_bytes_atomic(path: Path, data: bytes) -> None:
    with open_atomic(path) as stream:
        stream.write(data)


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
