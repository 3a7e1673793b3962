"""When a player may take back the last action, as the server decides it.

An action may be taken back only while taking it back changes nothing a player has learnt:
it rolled no die (a roll seen cannot be unseen, and rolling again until it pleases would be
cheating) and it revealed nothing hidden from any seat (a face-down counter turned up, by
scouting or by combat). It is the seat that took the action that may take it back, and not
while a question of the action waits (its text may already tell a roll). The server checks
all of this; the page only offers the button.
"""

from __future__ import annotations

from typing import Any

from compiler.play.session import PlaySession
from compiler.serve.storage import StoredGame
from compiler.serve.views import is_hidden_from, may_act


def why_no_undo(stored: StoredGame, after: PlaySession, before: PlaySession | None, seat: str) -> str | None:
    """Why the last step may not be taken back (None when it may); ``before`` is the game
    without that step (None when there is no step or it rolled dice)."""
    if not stored.steps:
        return "there is no action to take back"
    if stored.pending is not None:
        return "a question of the last action waits: answer it (what it told may not be taken back)"
    if "dice" in stored.steps[-1] or before is None:
        return "the last action rolled dice: it may not be taken back"
    actor = before.game.active_side
    if not may_act(seat, actor):
        return f"the last action was {before.game.system.side_name(actor)}'s: only that seat takes it back"
    if revealed(before.game, after.game, stored.seats):
        return "the last action revealed hidden information: it may not be taken back"
    return None


def revealed(before: Any, after: Any, seats: dict[str, str]) -> bool:
    """Whether a counter hidden from some seat (or from spectators) before is no longer after,
    or a card was drawn (Lawrence of Arabia's deck was shuffled by dice, but the card segment
    then draws the top card with no roll: taking that back would let a player peek)."""
    if _cards_unseen(before) != _cards_unseen(after):
        return True
    sides = {unit.side for unit in before.state.units.values()}
    for seat in [*seats, *sorted(sides), None]:
        hidden = {uid for uid, unit in before.state.units.items() if is_hidden_from(unit, seat)}
        still = {uid for uid, unit in after.state.units.items() if is_hidden_from(unit, seat)}
        if hidden - still:
            return True
    return False


def _cards_unseen(game: Any) -> int | None:
    """How many cards are still face down in the game's draw deck (None: it has no deck)."""
    draw = getattr(getattr(game, "mission", None), "draw", None)
    return len(draw) if isinstance(draw, list) else None
