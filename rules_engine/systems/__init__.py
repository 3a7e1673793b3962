"""Game systems: the rules of one family of games, run on a GameDefinition.

A system is chosen by the manifest's ``system`` field. Each lives in its own
package and shares only rules_engine/core (board, state, dice, events).
"""

from __future__ import annotations

from rules_engine.core import EngineError
from rules_engine.definitions import GameDefinition
from rules_engine.systems.israel1948 import Israel1948

SYSTEMS = {"israel1948": Israel1948}


def system_for(definition: GameDefinition, options: frozenset[str] = frozenset()) -> Israel1948:
    """The rules engine for a game, with the optional rules in ``options`` switched on."""
    name = definition.game.system if definition.game is not None else None
    system = SYSTEMS.get(name or "")
    if system is None:
        known = ", ".join(sorted(SYSTEMS))
        raise EngineError(f"no rules engine for the system '{name}' yet (engines exist for: {known})")
    return system(definition, options)
