"""The game's system: one the engine knows, and a sequence of play in the kinds that system runs.

The facts come from the system's class in the registry (rules_engine/systems),
so a new system brings its own phase kinds without any change here (the
counter values it reads are checked with the game's declarations: values.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext, at, unknown
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.core.errors import EngineError
from rules_engine.core.facts import SystemFacts
from rules_engine.systems import SYSTEMS, system_facts


def known_system(context: CheckContext) -> SystemFacts | None:
    """The facts of the game's system, or None when the game names no registered one."""
    game = context.definition.game
    if game is None:
        return None
    try:
        return system_facts(game.system)
    except EngineError:
        return None


def check_system(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is None:
        return
    system = known_system(context)
    if system is None:
        yield unknown(codes.REF_UNKNOWN_SYSTEM, "game system", game.system, SYSTEMS, game.origin, "system")
        return
    if not system.phase_kinds:
        return
    for phase in game.phases:
        if phase.kind not in system.phase_kinds:
            file, pointer = at(phase.origin, "kind")
            yield error(
                codes.REF_UNKNOWN_PHASE_KIND,
                f"phase '{phase.id}' has kind '{phase.kind}', which the {game.system} system does not run",
                file,
                pointer,
                hint="kinds of this system: " + ", ".join(sorted(system.phase_kinds)),
            )


def check_victory_kinds(context: CheckContext) -> Iterator[Diagnostic]:
    """A victory condition of a kind the game's system does not evaluate is refused at its line."""
    game = context.definition.game
    system = known_system(context)
    if game is None or system is None or not system.victory_kinds:
        return
    for scenario in context.definition.scenarios:
        for condition in scenario.victory.conditions if scenario.victory else ():
            if condition.kind not in system.victory_kinds:
                file, pointer = at(condition.origin, "kind")
                yield error(
                    codes.VICTORY_UNPLAYABLE_KIND,
                    f"the {game.system} system does not evaluate '{condition.kind}' conditions",
                    file,
                    pointer,
                    hint=f"the {game.system} system evaluates: " + ", ".join(sorted(system.victory_kinds)),
                )
