"""Reading source files: JSON that remembers line and column of every value."""

from compiler.loading.game_folder import FILE_KINDS, FileKind, GameSources, load_game_folder
from compiler.loading.json_source import SourceDocument, read_json

__all__ = ["FILE_KINDS", "FileKind", "GameSources", "SourceDocument", "load_game_folder", "read_json"]
