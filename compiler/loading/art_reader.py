"""``ArtReader``: a game's image files, each read once per validation.

Pillow and lxml are imported only when a game names an image, so validating a game
without art does not pay for them.
"""

from __future__ import annotations

from pathlib import Path

from compiler.loading.art_errors import ArtError
from rules_engine.definitions.art import Artwork


class ArtReader:
    """Reads the image files of the game in ``root``, each once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._read: dict[str, Artwork | ArtError] = {}

    def read(self, name: str) -> Artwork | ArtError:
        if name not in self._read:
            from compiler.art.files import read_artwork

            try:
                self._read[name] = read_artwork(self.root, name)
            except ArtError as exc:
                self._read[name] = exc
        return self._read[name]
