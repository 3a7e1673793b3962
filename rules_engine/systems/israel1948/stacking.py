"""Stacking (1.3; Arab Enmity among the optional rules): at most two units of one side per hex."""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core import GameState, Unit
from rules_engine.systems.israel1948.rules import STACK_WITH_ANY_NATION, Rules


def stacking_problem(rules: Rules, state: GameState, space: str, arriving: Sequence[Unit]) -> str | None:
    """Why ``arriving`` may not end up in ``space`` (None when they may)."""
    present = [u for u in state.units_at(space) if u not in arriving]
    together = [*present, *arriving]
    if len(together) > rules.stack_limit:
        return f"that would put {len(together)} units in one hex; the limit is {rules.stack_limit}"
    if len({u.side for u in together}) > 1:
        return "units of both sides cannot share a hex"
    if "arab-enmity" in rules.options:
        nations = {u.nation for u in together if u.side == "arab" and u.nation != STACK_WITH_ANY_NATION}
        if len(nations) > 1:
            return (
                f"under Arab Enmity units of {' and '.join(sorted(n or '?' for n in nations))} cannot stack"
            )
    return None
