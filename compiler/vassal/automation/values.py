"""Counter values as piece properties: the one place where the automation reads a counter's faces.

Each value the automation needs is a Marker property per face (``Strength_1`` for the front,
``Strength_2`` for the back, ``Strength_3`` for the first of more_faces) and a property of the
face the piece shows (``Strength``): a Calculated Property that follows the Face layer on a
two-sided counter, the front's value on any other. Numbers are written as integers where they
are whole; a strength with a fraction (halves) is written doubled in ``Strength2x`` as well, so
sums stay integers.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.vassal.automation.traits import calculated
from compiler.vassal.pieces import Trait
from rules_engine.definitions import Counter, Face

# property name -> how to read it from a face ("" where the face has none)
FACE_VALUES: dict[str, Callable[[Face], str]] = {
    "Strength": lambda f: _number(f.strength),
    "Strength2x": lambda f: _number(f.strength * 2 if f.strength is not None else None),
    "StrengthColour": lambda f: f.strength_colour or "",
    "StrengthPlus": lambda f: "1" if f.strength_plus else "0",
    "TargetedStrength": lambda f: _number(f.targeted_strength),
    "Elite": lambda f: "1" if f.elite else "0",
    "Value": lambda f: _number(f.value),
}
NUMERIC = {"Strength", "Strength2x", "StrengthPlus", "TargetedStrength", "Elite", "Value"}


def _number(value: float | int | None) -> str:
    if value is None:
        return "0"
    return str(int(value)) if float(value).is_integer() else str(value)


def has_face_layer(counter: Counter) -> bool:
    """Whether the piece flips between two faces with its Face layer (catalogue's Layer)."""
    return counter.two_sided and not counter.hidden


def face_values(counter: Counter) -> dict[str, str]:
    """The Marker properties: every value of each face, suffixed by the face's level."""
    values: dict[str, str] = {}
    faces = _layer_faces(counter)
    for level, face in enumerate(faces, start=1):
        for name, read in FACE_VALUES.items():
            values[f"{name}_{level}"] = read(face)
    return values


def face_traits(counter: Counter) -> list[Trait]:
    """A Calculated Property per value: the value of the face the piece shows."""
    levels = len(_layer_faces(counter))
    traits = []
    for name in FACE_VALUES:
        expression = f"{name}_1"
        for level in range(2, levels + 1):
            expression = f"Face_Level=={level} ? {name}_{level} : {expression}"
            if level < levels:
                expression = f"({expression})"
        traits.append(calculated(name, "{" + expression + "}"))
    return traits


def _layer_faces(counter: Counter) -> list[Face]:
    """The faces the piece's Face layer shows, by level (1 the front): the front alone on a
    piece without one."""
    if counter.back is None or not has_face_layer(counter):
        return [counter.front]
    return [counter.front, counter.back, *counter.more_faces]


def identifier(text: str) -> str:
    """A name usable as a property in an expression (letters, digits and underscores)."""
    cleaned = "".join(c if c.isalnum() else "_" for c in text)
    return cleaned if cleaned[:1].isalpha() else "_" + cleaned
