"""A side's name as the module shows it (pieces' Side property, the turn tracker, reports).

Its own module, so that the automation package and the piece catalogue (which imports the
automation) can both use it without importing each other.
"""

from __future__ import annotations

from rules_engine.definitions import ValidGame


def side_name(definition: ValidGame, side_id: str | None) -> str:
    """The name of the side ``side_id`` (its id when the game does not name it; "" for none)."""
    game = definition.game
    side = game.side(side_id) if game and side_id else None
    return side.name if side else (side_id or "")
