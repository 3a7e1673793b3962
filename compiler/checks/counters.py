"""Counters carry the values their game system needs."""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext, at
from compiler.checks.system import known_system
from compiler.diagnostics import Diagnostic, codes, error, warning
from rules_engine.definitions import Counter, Face


def check_counter_values(context: CheckContext) -> Iterator[Diagnostic]:
    game, counters = context.definition.game, context.definition.counters
    if game is None or counters is None:
        return
    # The face values the system's rules read, by counter kind (the system's class says).
    system = known_system(context)
    required = system.face_values if system is not None else {}
    system_sides = {side.id for side in game.sides if side.played_by == "game-system"}
    for counter in counters.counters.values():
        needed = required.get(counter.kind, ())
        if counter.side in system_sides:
            # Units the game system places (Raiders' hostiles) never move under the player's hand.
            needed = tuple(name for name in needed if name != "movement")
        for face_name, face in (("front", counter.front), ("back", counter.back)):
            # A back is a playing side only when it is the reduced side; a face-down or
            # identification back (a flag, "Garrison") carries no values.
            if face is None or face.blank or (face_name == "back" and not face.damaged):
                continue
            missing = [name for name in needed if getattr(face, name) is None]
            if missing:
                file, pointer = at(counter.origin, face_name)
                yield error(
                    codes.COUNTER_MISSING_VALUE,
                    f"the {face_name} of '{counter.name}' lacks {', '.join(missing)}",
                    file,
                    pointer,
                    hint=f"the game system game.json names, '{game.system}', reads on every "
                    f"{counter.kind}'s playing face: " + ", ".join(needed),
                )
        yield from _back_not_stronger(counter)


def _strength(face: Face) -> float | None:
    return face.strength if face.strength is not None else None


def _back_not_stronger(counter: Counter) -> Iterator[Diagnostic]:
    back = counter.back
    if back is None or not back.damaged:
        return
    front_strength, back_strength = _strength(counter.front), _strength(back)
    if front_strength is not None and back_strength is not None and back_strength > front_strength:
        file, pointer = at(counter.origin, "back", "strength")
        yield warning(
            codes.COUNTER_BACK_NOT_REDUCED,
            f"the damaged side of '{counter.name}' ({back_strength:g}) is stronger than "
            f"its full side ({front_strength:g})",
            file,
            pointer,
        )
