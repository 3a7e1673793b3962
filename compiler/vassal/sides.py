"""A side's name as the module shows it (pieces' Side property, the turn tracker, reports), and
its number (pieces' SideNo property).

A side's name is the data's, so it may hold anything: a quote, a dollar sign, code. VASSAL
substitutes a ``$Side$`` into a filter's text before it evaluates the filter, so a filter that
compares one piece's side with another's compares their numbers (``SideNo==$SideNo$``), whole
numbers wgc writes, never the names.

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


def side_numbers(definition: ValidGame) -> dict[str, int]:
    """Each side's name as the module shows it -> its number (from 1, in game.json's order); two
    sides of the same name share the first one's number, as their names compare equal."""
    numbers: dict[str, int] = {}
    for side in definition.game.sides if definition.game else ():
        numbers.setdefault(side_name(definition, side.id), len(numbers) + 1)
    return numbers


def side_number(definition: ValidGame, side_id: str | None) -> int:
    """The number of the side ``side_id`` (0 for none)."""
    return side_numbers(definition).get(side_name(definition, side_id), 0) if side_id else 0
