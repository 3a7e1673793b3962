"""Data into kept piece traits: the fields a piece's links say the data gives.

A trait is read as VASSAL's SequenceEncoder splits it (`;` between fields), one field is
replaced and the trait is encoded again. `wgc import` links a field only where doing so with
the data as imported gives back the very text the module had, so an unchanged game builds
the same pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from compiler.vassal.sequence import EncodingError, decode, encode
from rules_engine.definitions.kept import KeptPiece, Links

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
    return traits, states


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


def trimmed(links: Links, keep: Sequence[str]) -> Links:
    """The links without those not named in ``keep`` (name, image, faces, values, class, back)."""
    return Links(
        links.name if "name" in keep else None,
        links.image if "image" in keep else None,
        links.faces if "faces" in keep else None,
        links.values if "values" in keep else {},
        links.kind if "class" in keep else None,
        links.back if "back" in keep else None,
    )
