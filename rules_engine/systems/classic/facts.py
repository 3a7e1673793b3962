"""The classic system's facts for the validator and the painter (rules_engine/core/system.py SystemFacts).

Which values a counter must carry is not a fact of the system but of each game: the
options name them (docs/classic-rules.md), and compiler/checks/classic.py checks them.
"""

from rules_engine.core.system import SystemFacts

PHASE_KINDS = frozenset({"movement", "combat", "reinforcement", "replacement", "supply", "end"})
COMBAT_KINDS = frozenset({"odds-crt", "differential-crt", "dice-pool"})
VICTORY_KINDS = frozenset({"control-any", "count-controlled", "occupy-count", "occupy-all"})

FACTS = SystemFacts(
    name="classic",
    face_values={},
    phase_kinds=PHASE_KINDS,
    combat_kinds=COMBAT_KINDS,
    victory_kinds=VICTORY_KINDS,
    counter_layout="dash",
)
