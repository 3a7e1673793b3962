"""The Raiders system's facts for the validator and the painter (rules_engine/core/system.py SystemFacts)."""

from rules_engine.core.system import SystemFacts

FACTS = SystemFacts(
    name="raiders",
    face_values={"unit": ("strength", "movement")},
    phase_kinds=frozenset({"recruit-scout", "movement", "operations-card", "combat", "objective"}),
    counter_layout="plus",
    combat_kinds=frozenset({"tactical-edge"}),
)
