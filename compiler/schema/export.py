"""The JSON Schemas as files, for editors that check a game while it is typed.

The schemas ship inside the package (``compiler/schemas``), and each has a stable
``$id``. A game inside this repository points its ``$schema`` at them by a
relative path; a game anywhere else cannot, so ``wgc schemas -o DIR`` writes
them, byte for byte, where its files can point (docs/editors.md).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from compiler.output.atomic import write_bytes_atomic
from compiler.schema.validation import schema_names


def schema_files() -> dict[str, bytes]:
    """Every packaged schema by file name, exactly as shipped."""
    folder = resources.files("compiler.schemas")
    return {name: folder.joinpath(name).read_bytes() for name in schema_names()}


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into ``folder`` (each atomically); return the paths written."""
    written = []
    for name, data in schema_files().items():
        path = folder / name
        write_bytes_atomic(path, data)
        written.append(path)
    return written
