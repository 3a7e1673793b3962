"""The "none" system: a game wgc validates and builds but has no rules engine for.

An imported VASSAL module brings pieces, maps and set-ups but not the rules as data (a CRT,
movement costs, a sequence of play the engine could run), so `wgc import` names this system.
Its facts ask nothing of the data; asking it to play (a replay, `wgc play`, `wgc simulate`)
is an EngineError that says so.
"""

from rules_engine.systems.none.facts import FACTS
from rules_engine.systems.none.game import SYSTEM

__all__ = ["FACTS", "SYSTEM"]
