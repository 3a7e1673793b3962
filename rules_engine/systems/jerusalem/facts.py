"""Jerusalem!'s facts for the validator and the painter (rules_engine/core/system.py SystemFacts)."""

from rules_engine.core.facts import SystemFacts

FACTS = SystemFacts(
    name="jerusalem",
    # The counter values its rules read (game.json declares them: counter_values).
    reads_values={
        "unit": {
            "strength": "number",
            "strength_colour": "choice",
            "movement": "number",
            "movement_colour": "choice",
        }
    },
    phase_kinds=frozenset(
        {"announce", "overland-movement", "road-movement", "player-turn-end", "advance-turn"}
    ),
    combat_kinds=frozenset({"odds-crt"}),
    # hidden leaders and dummies; its CRT reads a missing column as the next lower (9.4.4)
    plays=frozenset({"hidden", "strength-colours", "combat-modifiers"}),
)
