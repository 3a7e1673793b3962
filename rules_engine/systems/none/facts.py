"""The "none" system's facts: it reads no counter values and runs no phases."""

from rules_engine.core.facts import SystemFacts

FACTS = SystemFacts(name="none", reads_values={}, phase_kinds=frozenset())
