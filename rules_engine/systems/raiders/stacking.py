"""Stacking (10.2, 34.6) as game.json states it, judged where the Raiders rules judge it.

The limit is the core's reading of the data (2 units, 4 with an Arab leader,
4 + the Leadership level with Lawrence; leaders, gear, Garrisons and hostiles
not counted; no limit in a Staging Area). The Raiders rules check it only at
the end of a movement segment (10.2), and a force may not be larger than the
limit of its own space (10.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rules_engine.core import Unit
from rules_engine.core.stacking import Member
from rules_engine.systems.raiders.pieces import raiders_at

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def problem(game: Game, space: str | None, units: Iterable[Unit]) -> str | None:
    """Why these units may not stand together in ``space`` (None when they may)."""
    members = [Member(u.counter) for u in units]
    kinds = game.rules.space_kinds.get(space, frozenset()) if space is not None else frozenset()
    return game.system.stacking.over_limit(members, game.state.points, kinds)


def limit(game: Game, units: Iterable[Unit]) -> int:
    """The number of units these counters allow in one space."""
    counters = [u.counter for u in units]
    return game.system.stacking.rule_limit(game.rules.stacking_rule, counters, game.state.points)


def space_problem(game: Game, space: str) -> str | None:
    return problem(game, space, raiders_at(game, space))
