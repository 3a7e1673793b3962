"""A whole game: the parts that could be built from valid source files."""

from typing import TYPE_CHECKING, NamedTuple

from rules_engine.definitions.board import MapDefinition
from rules_engine.definitions.boards import Boards
from rules_engine.definitions.cards import Deck
from rules_engine.definitions.charts import Charts
from rules_engine.definitions.counters import CounterMix
from rules_engine.definitions.frozen import read_only
from rules_engine.definitions.game import GameInfo
from rules_engine.definitions.origin import Origin
from rules_engine.definitions.provenance import Provenance
from rules_engine.definitions.scenario import Scenario
from rules_engine.definitions.terrain import TerrainChart

if TYPE_CHECKING:  # only an imported game has one: the model of a kept part is imported by its reader
    from rules_engine.definitions.kept import KeptModule


class GameDefinition(NamedTuple):
    """Parts are None when their file was missing or broken; checks skip them then."""

    game: GameInfo | None
    board: MapDefinition | None
    terrain: TerrainChart | None
    counters: CounterMix | None
    charts: Charts | None
    decks: tuple[Deck, ...] | None
    scenarios: tuple[Scenario, ...] = ()
    boards: Boards | None = None  # an imported module's maps (boards.json)
    kept: "KeptModule | None" = None  # what it keeps of the module beyond the data (vassal/)
    provenance: Provenance = Provenance()  # what cites the rules and what is reconstructed

    def scenario(self, scenario_id: str) -> Scenario | None:
        return next((s for s in self.scenarios if s.id == scenario_id), None)


class ValidGame(NamedTuple):
    """A game every part of which is present and passed its checks.

    The back ends and the rules engines take this rather than a GameDefinition,
    so they never have to ask whether a part exists. A game without charts or
    cards has empty ones.
    """

    game: GameInfo
    board: MapDefinition
    terrain: TerrainChart
    counters: CounterMix
    charts: Charts
    decks: tuple[Deck, ...]
    scenarios: tuple[Scenario, ...]
    boards: Boards | None = None
    kept: "KeptModule | None" = None
    provenance: Provenance = Provenance()

    @classmethod
    def from_definition(cls, definition: GameDefinition) -> "ValidGame | None":
        """The valid game, or None when a required part (manifest, map, terrain, counters) is missing."""
        game, board, terrain, counters = (
            definition.game,
            definition.board,
            definition.terrain,
            definition.counters,
        )
        if game is None or board is None or terrain is None or counters is None:
            return None
        charts = definition.charts or Charts(None, read_only({}), Origin("charts.json"))
        decks = definition.decks or ()
        return cls(
            game,
            board,
            terrain,
            counters,
            charts,
            decks,
            definition.scenarios,
            definition.boards,
            definition.kept,
            definition.provenance,
        )

    def scenario(self, scenario_id: str) -> Scenario | None:
        return next((s for s in self.scenarios if s.id == scenario_id), None)

    def to_definition(self) -> GameDefinition:
        """The same game as a GameDefinition, for code that also reads broken games (reports)."""
        return GameDefinition(
            self.game,
            self.board,
            self.terrain,
            self.counters,
            self.charts,
            self.decks,
            self.scenarios,
            self.boards,
            self.kept,
            self.provenance,
        )
