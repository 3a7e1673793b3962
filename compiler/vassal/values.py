"""A piece's counter values as VASSAL properties, named by value id, that follow the face shown.

VASSAL asks a piece for a property from its outermost trait inwards, and the Layer that
flips a counter has no properties of its own for what each side prints. So a value both
sides print alike (or a one-sided counter's) is a Marker property, and a value the sides
print differently is a Calculated Property that reads the Layer's level, ``Face_Level``
(1 the front, 2 the back, 3 the first of more_faces): ``{Face_Level == 2 ? "2" : "4"}``. A
flipped piece then reports its damaged values, in a set-up placed on its back too.

A masked piece (face down, or in a bin drawn at random) keeps its values from whoever
may not see its face: VASSAL's Mask hides a piece's picture and name, not its
properties, so each value reads ``{Obscured ? "" : "3"}`` (``Obscured`` is the Mask's
property "obscured to me", Properties.OBSCURED_TO_ME).

Values are written as the face prints them: numbers without a needless '.0', words,
text and choices as written, flags as true or false (a flag a side lacks is false).
"""

from __future__ import annotations

from compiler.vassal.literals import literal
from compiler.vassal.pieces import Trait, calculated_property
from rules_engine.definitions import Counter, CounterValue, Face, GameInfo
from rules_engine.definitions.layout import value_text

LAYER = "Face"  # the name of the Layer that flips a counter; its level is Face_Level


def face_properties(game: GameInfo, counter: Counter, masked: bool) -> tuple[dict[str, str], list[Trait]]:
    """The values of the counter as (Marker properties, Calculated Property traits), in the
    order game.json declares them; a value no side of the counter gives is left out."""
    back = counter.back if counter.two_sided and not masked else None
    faces = [counter.front] if back is None else [counter.front, back, *counter.more_faces]
    constant: dict[str, str] = {}
    calculated: list[Trait] = []
    for declaration in game.counter_values:
        shown = [_shown(declaration, face) for face in faces]
        if all(text is None for text in shown):
            continue
        texts = [_absent(declaration) if text is None else text for text in shown]
        if masked:
            expression = f'{{Obscured ? "" : {literal(texts[0])}}}'
            calculated.append(calculated_property(declaration.id, expression))
        elif len(set(texts)) == 1:
            constant[declaration.id] = texts[0]
        else:
            expression = literal(texts[0])
            for level, shown_text in enumerate(texts[1:], start=2):
                expression = f"{LAYER}_Level == {level} ? {literal(shown_text)} : {expression}"
                if level < len(texts):
                    expression = f"({expression})"
            calculated.append(calculated_property(declaration.id, f"{{{expression}}}"))
    return constant, calculated


def _shown(declaration: CounterValue, face: Face) -> str | None:
    if face.blank:
        return None
    value = face.values.get(declaration.id)
    return None if value is None else value_text(value)


def _absent(declaration: CounterValue) -> str:
    return "false" if declaration.kind == "flag" else ""
