"""The registry of game systems: which package plays the games whose manifest names a system.

``SYSTEMS`` is the whole registry, one line per system: the system's name as
game.json writes it, and the module whose ``SYSTEM`` attribute is its class and
whose ``FACTS`` (rules_engine/core/facts.py ``SystemFacts``) say what the
validator and the painter need. Nothing registers itself on import; a system's
engine is imported only when a game of it is played: its package imports it on
the first read of ``SYSTEM`` (rules_engine/lazy.py), so `wgc validate`,
which reads only ``FACTS`` while no replay must be played, never loads an engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, cast

from rules_engine.core.errors import EngineError
from rules_engine.core.facts import SystemFacts
from rules_engine.definitions import ValidGame

if TYPE_CHECKING:
    from rules_engine.core.system import GameSystem

SYSTEMS: dict[str, str] = {
    "classic": "rules_engine.systems.classic",
    "israel1948": "rules_engine.systems.israel1948",
    "jerusalem": "rules_engine.systems.jerusalem",
    "none": "rules_engine.systems.none",
    "raiders": "rules_engine.systems.raiders",
}


# One line on each system, for `wgc new --help` and readers of the registry.
SYSTEM_SUMMARIES: dict[str, str] = {
    "classic": "any hex-and-counter game configured by data alone (docs/classic-rules.md)",
    "israel1948": "Israel 1948: dice-pool combat, supply along roads, halts and step losses",
    "jerusalem": "Jerusalem!: an odds CRT with first fire, hill levels, transport, convoys and leaders",
    "none": "no rules engine: a game that validates and builds, but is not played (wgc import)",
    "raiders": "Lawrence of Arabia: solitaire raids on a point-to-point map with card decks",
}


def system_class(name: str) -> type[GameSystem]:
    """The class of the system ``name``; EngineError when no engine plays it."""
    module: Any = importlib.import_module(_package(name))
    return cast("type[GameSystem]", module.SYSTEM)


def system_facts(name: str) -> SystemFacts:
    """What the validator and the painter need of the system ``name``, without importing its
    engine; EngineError when no engine plays it."""
    module: Any = importlib.import_module(_package(name))
    return cast(SystemFacts, module.FACTS)


def _package(name: str) -> str:
    module_name = SYSTEMS.get(name)
    if module_name is None:
        known = ", ".join(sorted(SYSTEMS))
        raise EngineError(
            f"no rules engine for the system '{name}' yet (engines exist for: {known})", field="system"
        )
    return module_name


def system_for(definition: ValidGame, options: frozenset[str] = frozenset()) -> GameSystem:
    """The rules engine for a game, with the optional rules in ``options`` switched on."""
    factory: Any = system_class(definition.game.system)
    return cast("GameSystem", factory(definition, frozenset(options)))
