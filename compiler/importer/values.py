"""Marker properties recognised as counter values (game.json counter_values).

A Marker gives a piece fixed properties ('Nation=France', 'Strength=4'). A property becomes a
declared value when its values read as one kind over every piece: flags (true/false), whole
numbers VASSAL would write back the same way, a few words (a choice) or short text. The value
id is the property's name in snake case; its name is the property's name as VASSAL spells it.
What does not fit (long text, an id that clashes with a face's own keys) stays in the kept
Marker, untouched.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from compiler.importer.naming import value_id

MAX_VALUES = 60  # game.json counter_values
MAX_PER_FACE = 36  # a face holds at most 40 keys; room is left for its image
MAX_CHOICES, CHOICE_LENGTH, TEXT_LENGTH, NAME_LENGTH = 60, 24, 60, 120
NUMBER = re.compile(r"^-?(0|[1-9][0-9]{0,2})$")
RESERVED = frozenset(
    [
        *("label", "text", "blank", "damaged", "symbol", "background", "foreground", "flag", "image"),
        *("cite", "provenance", "note", "id", "name", "kind", "side", "nation", "class", "count", "faces"),
    ]
)
OWN_PROPERTIES = ("Counter", "Kind", "Side", "SideNo", "Nation", "Class")  # what wgc's own modules write


@dataclass
class Declared:
    """One declared value: the property it comes from, its id and kind."""

    property: str
    id: str
    kind: str
    values: set[str] = field(default_factory=set)

    def declaration(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "id": self.id,
            "name": self.property[:NAME_LENGTH] or self.id,
            "kind": self.kind,
        }
        if self.kind == "number":
            numbers = [int(v) for v in self.values]
            found["min"], found["max"] = min(numbers), max(numbers)
        elif self.kind == "choice":
            found["choices"] = sorted(self.values)
        elif self.kind == "text":
            found["max_length"] = max(len(v) for v in self.values)
        return found

    def face_value(self, text: str) -> Any:
        if self.kind == "number":
            return int(text)
        if self.kind == "flag":
            return text == "true"
        return text


class ValueCollector:
    """Marker properties seen on pieces, then the ones that become declared values."""

    def __init__(self) -> None:
        self.seen: dict[str, set[str]] = {}
        self.uses: Counter[str] = Counter()
        self.declared: dict[str, Declared] = {}  # by property name

    def see(self, properties: dict[str, str]) -> None:
        for name, value in properties.items():
            if name in OWN_PROPERTIES:
                continue
            self.seen.setdefault(name, set())
            if value:
                self.seen[name].add(value)
                self.uses[name] += 1

    def decide(self) -> None:
        taken: set[str] = set()
        for name, _ in sorted(self.uses.items(), key=lambda item: (-item[1], item[0])):
            identifier = value_id(name)
            kind = _kind(self.seen[name])
            if identifier is None or identifier in RESERVED or identifier in taken or kind is None:
                continue
            taken.add(identifier)
            self.declared[name] = Declared(name, identifier, kind, self.seen[name])
            if len(self.declared) == MAX_VALUES:
                break

    def declarations(self) -> list[dict[str, Any]]:
        return [d.declaration() for d in sorted(self.declared.values(), key=lambda d: d.id)]


def _kind(values: set[str]) -> str | None:
    if not values:
        return None
    if values <= {"true", "false"}:
        return "flag"
    if all(NUMBER.match(v) for v in values):
        return "number"
    if len(values) <= MAX_CHOICES and all(0 < len(v) <= CHOICE_LENGTH and v.strip() == v for v in values):
        return "choice"
    if all(len(v) <= TEXT_LENGTH for v in values):
        return "text"
    return None
