"""No declared field is silently ignored: one the game's system does not play is an error.

Some fields of the data mean something only to some systems: the classic system's options, a
counter's more_faces, a hidden counter, a table's dice, a combat's strength colours. Each
system's facts say which of them it plays (``SystemFacts.plays``, named in
rules_engine/core/facts.py ``PLAYED_FIELDS``); ``FINDERS`` below says, for each, where a
game gives it. A game giving one its system does not play is refused at that line, naming the
systems that do play it, rather than built into a module whose rules never read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from compiler.checks.context import CheckContext, at
from compiler.checks.system import known_system
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.core.facts import PLAYED_FIELDS
from rules_engine.definitions import CombatProcedure, GameDefinition, Origin
from rules_engine.definitions.classic import RetreatRules
from rules_engine.systems import SYSTEMS, system_facts

# Where a game gives a field: (the origin of the record, the keys below it) for each place.
Place = tuple[Origin, tuple[str | int, ...]]
Finder = Callable[[GameDefinition], Iterator[Place]]


def check_unplayed_fields(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    system = known_system(context)
    if game is None or system is None:
        return
    for field, find in FINDERS.items():
        if field in system.plays:
            continue
        players: str | None = None  # asked on the first place found: it loads every system's facts
        for origin, keys in find(context.definition):
            if players is None:
                players = _players(field)
            file, pointer = at(origin, *keys)
            yield error(
                codes.SYSTEM_UNPLAYED_FIELD,
                f"the {game.system} system does not play {PLAYED_FIELDS[field]}: its rules would ignore it",
                file,
                pointer,
                hint=f"remove it, or set system to one that plays it ({players})"
                if players
                else "remove it: no system plays it",
            )


def _players(field: str) -> str:
    """The systems with a rules engine that play ``field``."""
    return ", ".join(name for name in sorted(SYSTEMS) if name != "none" and field in system_facts(name).plays)


# --- where each field is given -----------------------------------------------------------------


def _rules(definition: GameDefinition) -> Iterator[Place]:
    game = definition.game
    if game is not None and game.rules is not None:
        yield game.rules.origin, ()


def _phase_options(definition: GameDefinition) -> Iterator[Place]:
    for phase in definition.game.phases if definition.game else ():
        for key, given in (("units", phase.units), ("mode", phase.mode), ("turns", phase.turns)):
            if given:
                yield phase.origin, (key,)


def _eliminated_at_start(definition: GameDefinition) -> Iterator[Place]:
    for scenario in definition.scenarios:
        if scenario.eliminated:
            yield scenario.origin, ("eliminated",)


def _more_faces(definition: GameDefinition) -> Iterator[Place]:
    for counter in definition.counters.counters.values() if definition.counters else ():
        if counter.more_faces:
            yield counter.origin, ("more_faces",)


def _hidden(definition: GameDefinition) -> Iterator[Place]:
    for counter in definition.counters.counters.values() if definition.counters else ():
        if counter.hidden:
            yield counter.origin, ("hidden",)


def _table_dice(definition: GameDefinition) -> Iterator[Place]:
    for table in definition.charts.tables.values() if definition.charts else ():
        if table.dice is not None:
            yield table.origin, ("dice",)


# The classic keys of charts.json's combat, by the field of CombatProcedure that holds each.
_CLASSIC_COMBAT_KEYS = (
    "attack",
    "defense",
    "below_lowest",
    "above_highest",
    "table_ends",
    "below_lowest_roll",
    "above_highest_roll",
    "attacks",
    "targets",
    "results",
    "advance",
    "defender_fires",
)
_DEFAULT = CombatProcedure()


def _classic_combat(definition: GameDefinition) -> Iterator[Place]:
    """Each classic key of the combat that differs from the classic system's default (the model
    keeps the procedure for every system, so a key left out reads as its default)."""
    combat = definition.charts.combat if definition.charts else None
    if combat is None:
        return
    procedure = combat.procedure
    for key in _CLASSIC_COMBAT_KEYS:
        if getattr(procedure, key) != getattr(_DEFAULT, key):
            yield combat.origin, (key,)
    if procedure.retreat._replace(cite=None, origin=RetreatRules().origin) != RetreatRules():
        yield combat.origin, ("retreat",)


def _combat_list(key: str) -> Finder:
    def find(definition: GameDefinition) -> Iterator[Place]:
        combat = definition.charts.combat if definition.charts else None
        if combat is not None and getattr(combat, key):
            yield combat.origin, (key,)

    return find


def _combat_settings(definition: GameDefinition) -> Iterator[Place]:
    combat = definition.charts.combat if definition.charts else None
    if combat is not None:
        for key in sorted(combat.settings):
            yield combat.origin, (key,)


def _next_higher_columns(definition: GameDefinition) -> Iterator[Place]:
    combat = definition.charts.combat if definition.charts else None
    if combat is not None and combat.missing_columns == "next-higher":
        yield combat.origin, ("missing_columns",)


FINDERS: dict[str, Finder] = {
    "rules": _rules,
    "phase-options": _phase_options,
    "eliminated-at-start": _eliminated_at_start,
    "more-faces": _more_faces,
    "hidden": _hidden,
    "table-dice": _table_dice,
    "classic-combat": _classic_combat,
    "pool-dice": _combat_list("dice"),
    "strength-colours": _combat_list("strength_colours"),
    "combat-modifiers": _combat_list("modifiers"),
    "combat-settings": _combat_settings,
    "next-higher-columns": _next_higher_columns,
}
