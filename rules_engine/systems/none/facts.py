"""The "none" system's facts: it reads no counter values and runs no phases."""

from rules_engine.core.facts import PLAYED_FIELDS, SystemFacts

# No rule is played, so no field is ignored by the rules: each is kept as written for the module
# and the print-outs (an imported module's hidden pieces and pieces of many faces).
FACTS = SystemFacts(name="none", reads_values={}, phase_kinds=frozenset(), plays=frozenset(PLAYED_FIELDS))
