"""Data into kept piece traits: the fields a piece's links say the data gives.

A trait is read as VASSAL's SequenceEncoder splits it (`;` between fields), one field is
replaced and the trait is encoded again. `wgc import` links a field only where doing so with
the data as imported gives back the very text the module had, so an unchanged game builds
the same pieces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from compiler.javatext.sequence import EncodingError, decode, encode
from compiler.vassal.literals import literal
from rules_engine.definitions.kept import KeptPiece

# Positions in decode(type, ";") (the trait's id is position 0).
BASIC_IMAGE, BASIC_NAME = 3, 4
LAYER_IMAGES = 16
PROTOTYPE_NAME = 1
MASK_IMAGE = 2


@dataclass(frozen=True)
class PieceData:
    """What the data says of one piece: VASSAL image names (without images/), values as text."""

    name: str | None = None
    image: str | None = None
    faces: tuple[str, ...] = ()
    values: Mapping[str, str] = field(default_factory=dict)
    kind: str | None = None
    back: str | None = None
    back_values: Mapping[str, str] = field(default_factory=dict)  # the back face's values, as text


def linked(kept: KeptPiece, data: PieceData) -> tuple[list[str], list[str]]:
    """The piece's traits and states with the linked fields taken from ``data``; EncodingError
    when a value cannot be written the way VASSAL reads it back."""
    traits, states = list(kept.traits), list(kept.states)
    links = kept.links
    if links.name is not None and data.name is not None:
        traits[links.name] = with_field(traits[links.name], BASIC_NAME, data.name)
    if links.image is not None and data.image is not None:
        traits[links.image] = with_field(traits[links.image], BASIC_IMAGE, data.image)
    if links.faces is not None and data.faces:
        traits[links.faces] = with_field(traits[links.faces], LAYER_IMAGES, encode(list(data.faces), ","))
    if links.kind is not None and data.kind is not None:
        traits[links.kind] = with_field(traits[links.kind], PROTOTYPE_NAME, data.kind)
    if links.back is not None and data.back is not None:
        traits[links.back] = with_field(traits[links.back], MASK_IMAGE, data.back)
    for index, names in links.values.items():
        states[index] = marker_state(traits[index], states[index], names, data.values)
    for index, value_id in links.calculated.items():
        expression = face_expression(field_of(traits[index], CALCULATED_EXPRESSION), data, value_id)
        if expression is not None:
            traits[index] = with_field(traits[index], CALCULATED_EXPRESSION, expression)
    return traits, states


# A Calculated Property that gives a value by the face shown (as wgc's own modules write them,
# compiler/vassal/values.py): the Layer's level picks the back's text or the front's; a masked
# piece's value is empty for whoever the Mask hides it from.
CALCULATED_EXPRESSION = 2
_STRING = r'"(?:[^"\\]|\\.)*"'
BY_LEVEL = re.compile(rf"^\{{(\w+)_Level == 2 \? ({_STRING}) : ({_STRING})\}}$")
BY_MASK = re.compile(rf'^\{{Obscured \? "" : ({_STRING})\}}$')


def read_face_expression(expression: str) -> tuple[str | None, str, str | None] | None:
    """(the Layer's name or None for a Mask's form, the front's text, the back's text or None)."""
    level = BY_LEVEL.match(expression)
    if level is not None:
        return level.group(1), java_text(level.group(3)), java_text(level.group(2))
    masked = BY_MASK.match(expression)
    return (None, java_text(masked.group(1)), None) if masked is not None else None


def face_expression(expression: str, data: PieceData, value_id: str) -> str | None:
    """The expression again, with the data's values for the front (and the back)."""
    shape = read_face_expression(expression)
    if shape is None or value_id not in data.values:
        return None
    layer, _, back = shape
    front = literal(data.values[value_id])
    if layer is None:
        return f'{{Obscured ? "" : {front}}}'
    back_text = literal(data.back_values.get(value_id, back or ""))
    return f"{{{layer}_Level == 2 ? {back_text} : {front}}}"


def java_text(literal: str) -> str:
    """The text of a Java string literal (quotes, backslashes and unicode escapes undone)."""
    body = literal[1:-1]
    return re.sub(
        r"\\u([0-9a-fA-F]{4})|\\(.)", lambda m: chr(int(m.group(1), 16)) if m.group(1) else m.group(2), body
    )


def value_text(value: object) -> str:
    """How a Marker holds a declared value: 4 -> '4', True -> 'true', a word as itself."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def with_field(trait: str, position: int, value: str) -> str:
    fields = decode(trait, ";")
    while len(fields) <= position:
        fields.append("")
    fields[position] = value
    return encode(fields, ";")


def field_of(trait: str, position: int) -> str:
    fields = decode(trait, ";")
    return fields[position] if position < len(fields) else ""


def marker_names(trait: str) -> list[str]:
    """A Marker's property names ('mark;' then the names joined by commas)."""
    return decode(trait[len("mark;") :], ",")


def marker_state(trait: str, state: str, names: Mapping[str, str], values: Mapping[str, str]) -> str:
    """The Marker's state (its values joined by commas) with the linked properties' values."""
    keys = marker_names(trait)
    current = decode(state, ",")
    current += [""] * (len(keys) - len(current))
    for position, key in enumerate(keys):
        value_id = names.get(key)
        if value_id is not None and value_id in values:
            current[position] = values[value_id]
    return encode(current, ",")


def same_text(kept: KeptPiece, data: PieceData) -> bool:
    """Whether the links, given this data, give the piece back exactly."""
    try:
        traits, states = linked(kept, data)
    except EncodingError:
        return False
    return tuple(traits) == kept.traits and tuple(states) == kept.states
