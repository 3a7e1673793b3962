"""Which game folders a command works on."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

DEFAULT_SOURCE_FOLDER = Path("source_data")


def game_folders(arguments: Sequence[Path]) -> list[Path]:
    """The folders named, or every game under ./source_data when none is named."""
    if arguments:
        return list(arguments)
    if not DEFAULT_SOURCE_FOLDER.is_dir():
        raise click.UsageError(
            "no game folder given, and there is no ./source_data folder to look in; "
            "run from the project root or name a game folder"
        )
    found = sorted(
        path for path in DEFAULT_SOURCE_FOLDER.iterdir() if path.is_dir() and (path / "game.json").exists()
    )
    if not found:
        raise click.UsageError(f"{DEFAULT_SOURCE_FOLDER} holds no game folder with a game.json")
    return found


GAME_DIR = click.Path(exists=True, file_okay=False, dir_okay=True, path_type=Path)
