"""``SystemFacts``: what the validator and the renderers ask of a game system without playing it.

Its own module, importing nothing of the engine, so that each system's facts.py, and with them
`wgc validate`, never load the turn machinery, the state or the dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


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
