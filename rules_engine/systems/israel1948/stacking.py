"""Stacking (1.3) with Arab Enmity (Optional Rules): the data's rule, then the nations that will not mix.

The limit itself (two units, of one side) is game.json's, judged by the core's
`Stacking`; Arab Enmity is a rule the data cannot state, so it is added here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core import GameState, Unit
from rules_engine.systems.israel1948.rules import STACK_WITH_ANY_NATION, Rules

# How many groups of counters `group_problem` remembers before it starts again.
GROUP_MEMO = 100_000
# What `group_problem` finds for a group not judged yet (None means "no problem").
_UNJUDGED = "not judged yet"


def stacking_problem(rules: Rules, state: GameState, space: str, arriving: Sequence[Unit]) -> str | None:
    """Why ``arriving`` may not end up in ``space`` (None when they may)."""
    present = state.occupants.get(space)
    if not present:
        return group_problem(rules, arriving)
    return group_problem(rules, [u for u in present if u not in arriving] + list(arriving))


def group_problem(rules: Rules, together: Sequence[Unit]) -> str | None:
    """Why these units may not share a space (None when they may): the answer depends only on
    their counters (and the optional rules, which a `Rules` holds), so each group is judged once."""
    # a unit alone, the commonest question (every move asks it), is keyed by its counter id only
    key = together[0].counter.id if len(together) == 1 else tuple([u.counter.id for u in together])
    known = rules.group_problems
    problem = known.get(key, _UNJUDGED)
    if problem is _UNJUDGED:
        if len(known) >= GROUP_MEMO:
            known.clear()
        problem = known[key] = _judged(rules, together)
    return problem


def _judged(rules: Rules, together: Sequence[Unit]) -> str | None:
    problem = rules.stacking.problem([u.counter for u in together], [u.side for u in together])
    if problem is not None:
        return problem
    if "arab-enmity" in rules.options:
        nations = {u.nation for u in together if u.side == "arab" and u.nation != STACK_WITH_ANY_NATION}
        if len(nations) > 1:
            return (
                f"under Arab Enmity units of {' and '.join(sorted(n or '?' for n in nations))} cannot stack"
            )
    return None
