"""What one seat is sent: the game as its side may see it.

Hidden information stays on the server: a hidden counter still face down (a
Garrison of Lawrence of Arabia before it is scouted) is sent to any other side
as a face-down counter in its hex, with neither its name nor its values, and the
legal actions go only to the seat that acts, and the question an action waits on only
to the seat of the side the rules leave that choice to (the defender picks its own losses
and retreats in the attacker's turn); every other seat is told only whose answer is awaited.
"""

from __future__ import annotations

from typing import Any

from compiler.play.session import PlaySession
from compiler.serve.engine import offered

Json = dict[str, Any]
HOT_SEAT = "*"
# the last events of the log sent with every view (the whole log is the replay)
LOG_SENT = 200


def may_act(seat: str | None, side: str) -> bool:
    return seat is not None and seat in (side, HOT_SEAT)


def game_view(
    game_id: str, game_name: str, session: PlaySession, seat: str | None, question: Json | None = None
) -> Json:
    game = session.game
    side = game.active_side
    acting = may_act(seat, side) and not game.over and question is None
    asked = question_side(question, side)
    view: Json = {
        "id": game_id,
        "game": game_name,
        "title": session.definition.game.title,
        "scenario": session.scenario,
        "steps": len(session.steps),
        "turn": game.state.turn,
        "phase": {"id": game.phase.id, "name": game.phase.name},
        "active_side": side,
        "active_side_name": game.system.side_name(side),
        "seat": seat,
        "over": game.over,
        "result": game.result,
        "units": _units(game, seat),
        "log": [event.text for event in game.state.log.events[-LOG_SENT:]],
        "legal": [{"step": step, "text": text} for step, text in offered(session)] if acting else [],
        # the server decides when it is asked (undo.py); this says only when to offer the button
        "undo": seat is not None
        and question is None
        and bool(session.steps)
        and "dice" not in session.steps[-1],
        "question": question if question is not None and may_act(seat, asked) else None,
        "waiting": question is not None,
        "waiting_for": None if question is None else {"side": asked, "name": game.system.side_name(asked)},
    }
    return view


def question_side(question: Json | None, active_side: str) -> str:
    """The side whose seat answers ``question`` (the acting side when the rules name none)."""
    side = question.get("side") if question is not None else None
    return str(side) if side else active_side


def _units(game: Any, seat: str | None) -> list[Json]:
    """The units on the map; those hidden from ``seat`` last, by hex, under ids that say
    nothing of which counter they are (the engine's ids and its order would)."""
    placed = [u for u in game.state.units.values() if u.space is not None]
    shown = [_unit(u) for u in placed if not is_hidden_from(u, seat)]
    hidden = sorted((u.space, u.side) for u in placed if is_hidden_from(u, seat))
    face_down = [
        {"id": f"face-down-{n}", "side": side, "at": space, "hidden": True}
        for n, (space, side) in enumerate(hidden, start=1)
    ]
    return shown + face_down


def _unit(unit: Any) -> Json:
    return {
        "id": unit.uid,
        "name": unit.counter.name,
        "counter": unit.counter.id,
        "side": unit.side,
        "at": unit.space,
        "face": unit.face_index,
        "damaged": unit.damaged,
        "status": str(unit.status.name).lower(),
    }


def is_hidden_from(unit: Any, seat: str | None) -> bool:
    """A hidden counter still face down, seen by anyone but its own side's seat."""
    face_down = bool(unit.counter.hidden) and bool(unit.damaged)
    return face_down and seat not in (unit.side,)
