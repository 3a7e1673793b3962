"""The classic system's facts for the validator and the painter (rules_engine/core/system.py SystemFacts).

Which values the rules read is not a fact of the system but of each game: its options
name them (docs/classic-rules.md, Counter values), and compiler/checks/classic.py checks
that game.json declares each and asks units to carry it.
"""

from rules_engine.core.facts import SystemFacts

# The kind of phase in which units move (the one a movement mode belongs to).
MOVEMENT_PHASE = "movement"
PHASE_KINDS = frozenset({MOVEMENT_PHASE, "combat", "reinforcement", "replacement", "supply", "end"})
COMBAT_KINDS = frozenset({"odds-crt", "differential-crt", "dice-pool"})
VICTORY_KINDS = frozenset({"control-any", "count-controlled", "occupy-count", "occupy-all"})

FACTS = SystemFacts(
    name="classic",
    reads_values={},
    phase_kinds=PHASE_KINDS,
    combat_kinds=COMBAT_KINDS,
    victory_kinds=VICTORY_KINDS,
    # hidden units and a CRT's missing columns read the next higher are not played
    # (docs/classic-rules.md, What the system does not do)
    plays=frozenset(
        {
            "rules",
            "phase-options",
            "eliminated-at-start",
            "more-faces",
            "table-dice",
            "classic-combat",
            "pool-dice",
        }
    ),
)
