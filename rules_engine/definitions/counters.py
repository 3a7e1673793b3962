"""The counter mix: every counter with its faces and number of copies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from rules_engine.definitions.art import FaceImage
from rules_engine.definitions.origin import Origin


class Face(NamedTuple):
    """What one side of a counter shows. Absent values are None."""

    label: str | None = None
    blank: bool = False
    damaged: bool = False
    strength: float | None = None
    strength_colour: str | None = None
    strength_plus: bool = False
    strength_parenthesized: bool = False
    strength_printed: bool = True
    targeted_strength: int | None = None
    multiplier: str | None = None
    movement: float | str | None = None
    movement_class: str | None = None
    movement_hexagon: bool = False
    movement_colour: str | None = None
    movement_marks: tuple[str, ...] = ()
    zoc: bool | None = None
    no_zoc_band: str | None = None
    supply_symbol: bool = False
    range: int | None = None
    capacity: int | None = None
    elite: bool = False
    value: int | None = None
    text: str | None = None
    symbol: str | None = None
    background: str | None = None
    foreground: str | None = None
    flag: str | None = None
    image: FaceImage | None = None  # presentation only: the designer's picture of this face


class Counter(NamedTuple):
    id: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    side: str | None
    nation: str | None
    unit_class: str | None
    formation: str | None
    copies: int
    optional_rule: str | None
    hidden: bool
    front: Face
    back: Face | None
    special_rules: tuple[str, ...]
    origin: Origin
    short_name: str | None = None

    @property
    def printed_names(self) -> tuple[str, ...]:
        """The names a counter may print, longest first (its short name where one is given)."""
        return (self.name,) if self.short_name is None else (self.name, self.short_name)

    @property
    def is_unit(self) -> bool:
        """Units and leaders occupy spaces and count for stacking; tokens do not."""
        return self.kind in ("unit", "leader", "dummy")

    @property
    def two_sided(self) -> bool:
        return self.back is not None and not self.back.blank


class CounterMix(NamedTuple):
    counters: Mapping[str, Counter]
    origin: Origin

    def get(self, counter_id: str) -> Counter | None:
        return self.counters.get(counter_id)

    def physical_total(self, include_optional: bool = True) -> int:
        return sum(c.copies for c in self.counters.values() if include_optional or c.optional_rule is None)
