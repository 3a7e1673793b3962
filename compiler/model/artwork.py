"""An image the data names, read through the game's ArtReader: an Artwork, or a diagnostic
at the JSON pointer that names it."""

from __future__ import annotations

from typing import Protocol

from compiler.diagnostics import Diagnostic, error
from compiler.loading.art_errors import ArtError
from rules_engine.definitions import Origin
from rules_engine.definitions.art import Artwork


class ArtSource(Protocol):
    def read(self, name: str) -> Artwork | ArtError: ...


def artwork(name: str, origin: Origin, art: ArtSource, problems: list[Diagnostic]) -> Artwork | None:
    found = art.read(name)
    if isinstance(found, ArtError):
        message = f"image '{name}': {found.message}"
        problems.append(error(found.code, message, origin.file, origin.pointer, hint=found.hint))
        return None
    return found
