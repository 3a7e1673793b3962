"""Israel 1948's facts for the validator and the painter (rules_engine/core/system.py SystemFacts)."""

from rules_engine.core.facts import SystemFacts

FACTS = SystemFacts(
    name="israel1948",
    # The counter values its rules read (game.json declares them: counter_values).
    reads_values={
        "unit": {
            "strength": "number",
            "strength_colour": "choice",
            "movement": "number",
            "movement_class": "choice",
        }
    },
    # The kinds of phase in the sequence of play (2.0), as game.json declares them.
    phase_kinds=frozenset({"supply-check", "movement", "combat", "supply-recheck", "end"}),
    combat_kinds=frozenset({"dice-pool"}),
    plays=frozenset({"pool-dice", "strength-colours"}),
    optional_rules=frozenset(
        {
            "arab-supply-constraints",
            "arab-air-cooperation",
            "late-peace",
            "uncertain-peace",
            "extra-units",
            "arab-enmity",
        }
    ),
)
