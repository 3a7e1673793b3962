"""A whole game: the parts that could be built from valid source files."""

from __future__ import annotations

from typing import NamedTuple

from rules_engine.definitions.board import MapDefinition
from rules_engine.definitions.cards import Deck
from rules_engine.definitions.charts import Charts
from rules_engine.definitions.counters import CounterMix
from rules_engine.definitions.game import GameInfo
from rules_engine.definitions.scenario import Scenario
from rules_engine.definitions.terrain import TerrainChart


class GameDefinition(NamedTuple):
    """Parts are None when their file was missing or broken; checks skip them then."""

    game: GameInfo | None
    board: MapDefinition | None
    terrain: TerrainChart | None
    counters: CounterMix | None
    charts: Charts | None
    decks: tuple[Deck, ...] | None
    scenarios: tuple[Scenario, ...] = ()

    def scenario(self, scenario_id: str) -> Scenario | None:
        return next((s for s in self.scenarios if s.id == scenario_id), None)
