"""``SystemFacts``: what the validator and the renderers ask of a game system without playing it.

Its own module, importing nothing of the engine, so that each system's facts.py, and with them
`wgc validate`, never load the turn machinery, the state or the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# Fields of a game's data that only some systems play, by the name ``SystemFacts.plays`` gives
# each. A game that gives one its system does not play is refused (compiler/checks/unplayed.py
# finds where each is given), so that no declared field is silently ignored.
PLAYED_FIELDS: Mapping[str, str] = {
    "rules": "game.json's rules (the classic system's options)",
    "phase-options": "a phase's units, mode or turns",
    "eliminated-at-start": "a scenario's eliminated units",
    "more-faces": "a counter's more_faces (a unit of more than two steps)",
    "hidden": "a hidden counter (set up face down)",
    "table-dice": "a table's dice (a sum of dice)",
    "classic-combat": "the classic keys of charts.json's combat (attack, defense, results, retreat ...)",
    "pool-dice": "charts.json combat's dice (a dice pool)",
    "strength-colours": "charts.json combat's strength_colours",
    "combat-modifiers": "charts.json combat's modifiers",
    "combat-settings": "charts.json combat's tactical-edge settings",
    "next-higher-columns": 'charts.json combat\'s "missing_columns": "next-higher"',
}


@dataclass(frozen=True)
class SystemFacts:
    """What the validator and the renderers ask of a system without playing it (each system's
    facts.py): kept apart from its engine so that asking does not import the engine."""

    name: str
    # The counter values the rules read, by counter kind: value id -> its kind ("number",
    # "choice", "text", "flag"). The validator checks that a game declares each of them, of
    # that kind, and requires it of that kind of counter (game.json counter_values).
    reads_values: Mapping[str, Mapping[str, str]]
    # The kinds of phase the system runs; game.json's phases must be of these.
    phase_kinds: frozenset[str]
    optional_rules: frozenset[str] = frozenset()
    # The kinds of combat system (charts.json's combat.kind) the engine plays; empty: any.
    combat_kinds: frozenset[str] = frozenset()
    # The kinds of victory condition the engine evaluates; empty: any.
    victory_kinds: frozenset[str] = frozenset()
    # The fields of PLAYED_FIELDS its rules play; a game giving any other is refused.
    plays: frozenset[str] = frozenset()
