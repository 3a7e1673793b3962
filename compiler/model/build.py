"""Assemble a GameDefinition from the documents that passed their schema.

A part whose file is missing or failed its schema stays None; the
cross-checks that need it are skipped, so one broken file does not hide the
problems of the others.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from compiler.diagnostics import Diagnostic
from compiler.loading import GameSources, SourceDocument
from compiler.loading.art_reader import ArtReader
from compiler.model.board import build_map
from compiler.model.boards import build_boards, no_counters, no_terrain, stand_in_map
from compiler.model.cards import build_decks
from compiler.model.charts import build_charts
from compiler.model.counters import build_counters
from compiler.model.game import build_game
from compiler.model.provenance import build_provenance
from compiler.model.scenarios import build_scenario
from compiler.model.terrain import build_terrain
from rules_engine.definitions import GameDefinition

if TYPE_CHECKING:
    from rules_engine.definitions.kept import KeptModule


def build_definition(sources: GameSources, valid: set[str]) -> tuple[GameDefinition, list[Diagnostic]]:
    """``valid`` holds the names of the documents that passed their schema."""

    def usable(kind: str) -> SourceDocument | None:
        document = sources.one(kind)
        return document if document is not None and document.name in valid else None

    problems: list[Diagnostic] = []
    art = ArtReader(sources.root)
    game_doc, map_doc, terrain_doc = usable("game"), usable("map"), usable("terrain")
    counters_doc, charts_doc, cards_doc = usable("counters"), usable("charts"), usable("cards")
    board = None
    if map_doc is not None:
        board, map_problems = build_map(map_doc.data, map_doc.name, art)
        problems.extend(map_problems)
    boards_doc = usable("boards")
    boards = build_boards(boards_doc.data, boards_doc.name, art, problems) if boards_doc is not None else None
    terrain = build_terrain(terrain_doc.data, terrain_doc.name) if terrain_doc else None
    counters = build_counters(counters_doc.data, counters_doc.name, art, problems) if counters_doc else None
    if boards is not None:  # an imported module's game may do without the engine's files
        board = board if board is not None or sources.one("map") is not None else stand_in_map(boards)
        terrain = terrain if terrain is not None or sources.one("terrain") is not None else no_terrain()
        counters = counters if counters is not None or sources.one("counters") is not None else no_counters()
    definition = GameDefinition(
        game=build_game(game_doc.data, game_doc.name) if game_doc else None,
        board=board,
        terrain=terrain,
        counters=counters,
        charts=build_charts(charts_doc.data, charts_doc.name) if charts_doc else None,
        decks=build_decks(cards_doc.data, cards_doc.name, art, problems) if cards_doc else None,
        scenarios=tuple(
            build_scenario(doc.data, doc.name) for doc in sources.all("scenario") if doc.name in valid
        ),
        boards=boards,
        kept=_kept(sources.root, problems),
        provenance=build_provenance(sources, valid),
    )
    return definition, problems


def _kept(root: Path, problems: list[Diagnostic]) -> KeptModule | None:
    """An imported game's kept vassal/ part; its reader (in the VASSAL back end) is imported only
    for a game that has that folder."""
    if not (root / "vassal").is_dir():
        return None
    from compiler.vassal.extension.reading import read_kept

    return read_kept(root, problems)
