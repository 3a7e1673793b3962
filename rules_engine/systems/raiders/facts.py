"""The Raiders system's facts for the validator and the painter (rules_engine/core/system.py SystemFacts)."""

from rules_engine.core.facts import SystemFacts

FACTS = SystemFacts(
    name="raiders",
    # The counter values its rules read (game.json declares them: counter_values).
    reads_values={"unit": {"strength": "number", "movement": "number"}},
    phase_kinds=frozenset({"recruit-scout", "movement", "operations-card", "combat", "objective"}),
    combat_kinds=frozenset({"tactical-edge"}),
    # the Garrisons and hostiles drawn face down; the tactical edge's settings
    plays=frozenset({"hidden", "combat-settings"}),
)
