"""No engine: making one for a game of the "none" system says that it cannot be played."""

from __future__ import annotations

from rules_engine.core import EngineError
from rules_engine.definitions import ValidGame
from rules_engine.systems.none.facts import FACTS

NO_ENGINE = (
    "the game has no rules engine (its system is 'none', as an imported VASSAL module's is): "
    "wgc validates and builds it, but cannot play it"
)


class NoRules:
    """Stands where a system's class stands; constructing it is the refusal."""

    name = "none"
    phase_kinds = FACTS.phase_kinds
    reads_values = FACTS.reads_values

    def __init__(self, definition: ValidGame, options: frozenset[str] = frozenset()) -> None:
        raise EngineError(NO_ENGINE, field="system")


SYSTEM = NoRules
