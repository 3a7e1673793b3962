"""The operating force (10.3, 11.0): who operates this operation, where, and the checks every action makes.

Every rule of an operation asks the same questions first: is this the segment
for it, is there an operating force, where does it stand. They live here,
below every rule module, so that none of them needs another to ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import IllegalAction, Unit

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def force_units(game: Game) -> list[Unit]:
    """The units of the operating force still on the map."""
    units = (game.state.units[uid] for uid in game.mission.operation.force)
    return [u for u in units if u.on_map]


def force_space(game: Game) -> str | None:
    units = force_units(game)
    return units[0].space if units else None


def require_segment(game: Game, kind: str, rule: str) -> None:
    if game.between_missions:
        raise IllegalAction("25.0", "the mission is over: begin the next one")
    if game.in_set_up:
        raise IllegalAction(rule, "the mission has not begun: buy the starting force, then end the set-up")
    game.require_phase(kind, rule)


def require_force(game: Game, rule: str) -> list[Unit]:
    units = force_units(game)
    if not units:
        raise IllegalAction(rule, "no operating force: choose one first (11.0)")
    return units
