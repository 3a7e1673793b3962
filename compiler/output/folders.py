"""Output folders: made and tried before the work that fills them, and kept to themselves.

A command that plays or draws for minutes checks first that its output folder can be
written (``prepare_folder``), so a typo in -o costs a second, not the run. Everything
wgc writes or removes lies inside the output folder the user named: a symbolic link in
it (``OUT/.cache/<game>/<target>`` pointing at another folder, say) must not lead a write
or a clean-up elsewhere, so each folder is checked by its real path (``inside``,
``folder_inside``) before anything is written to it or pruned from it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from compiler.errors import OutputError

HINT = "choose another output folder with -o, or free the space; earlier outputs are unchanged"


def prepare_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) and write a scratch file in it, or raise OutputError."""
    with writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass


@contextlib.contextmanager
def writing(target: Path, hint: str = HINT) -> Iterator[None]:
    """A write the system refuses becomes one clear OutputError; the old output stays."""
    try:
        yield
    except OutputError:
        raise
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        where = exc.filename or target
        raise OutputError(f"cannot write {where}: {reason}", hint=hint) from exc


def inside(root: Path, path: Path) -> bool:
    """Whether ``path``, its links followed, lies inside ``root`` (its links followed too).
    A path that does not exist yet is judged by the part of it that does."""
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))


def folder_inside(root: Path, folder: Path) -> Path:
    """``folder``, or OutputError when a link in it leads out of ``root``: nothing is written there."""
    if not inside(root, folder):
        raise OutputError(
            f"{folder} leads out of the output folder {root} (to {os.path.realpath(folder)}); "
            "nothing is written there",
            hint=f"remove the link in {folder}, or choose another output folder with -o",
        )
    return folder
