"""The version of the code behind a cache: what names the sources as they are now.

Both caches (drawings in store.py, replay outcomes in replays.py) must forget what they
kept once the code that made it changes. Each source counts by its path, size and time of
change: reading them all would cost more than the cache saves on a small game, and an
edit, a checkout or an upgrade changes one of the three.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

# The project's root, where the folders the caches name are.
ROOT = Path(__file__).resolve().parents[2]


def add_sources(digest: Any, folder: Path, suffixes: tuple[str, ...] = (".py",)) -> None:
    """Feed ``digest`` every source under ``folder`` (sub-folders too), in name order."""
    with os.scandir(folder) as found:
        entries = sorted(found, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
            add_sources(digest, Path(entry.path), suffixes)
        elif entry.name.endswith(suffixes):
            status = entry.stat()
            digest.update(
                f"{entry.path}\0{status.st_size}\0{status.st_mtime_ns}\0".encode("utf-8", "surrogateescape")
            )
