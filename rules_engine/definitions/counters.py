"""The counter mix: every counter with its faces and number of copies."""

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from rules_engine.definitions.art import FaceImage
from rules_engine.definitions.origin import Origin

# A value printed on a face, marks removed: a number, a word, or a flag.
FaceValue = int | float | str | bool

_NONE: Mapping[str, FaceValue] = MappingProxyType({})
_NO_MARKS: Mapping[str, str] = MappingProxyType({})


class Face(NamedTuple):
    """What one side of a counter shows.

    The fields are the presentation every game shares (a label or words, blank, the
    reduced side, the picture and colours). ``values`` holds what the game declares
    in game.json ``counter_values`` (attack, movement, a unit size ...), by value id,
    and ``marks`` the mark printed with a number (value id -> mark, "parentheses").
    The properties below read the seed systems' values by their old names, so their
    engines read ``face.strength`` as before; new code reads ``face.values.get(id)``.
    """

    label: str | None = None
    blank: bool = False
    damaged: bool = False
    text: str | None = None
    symbol: str | None = None
    background: str | None = None
    foreground: str | None = None
    flag: str | None = None
    values: Mapping[str, FaceValue] = _NONE
    marks: Mapping[str, str] = _NO_MARKS
    image: FaceImage | None = None  # presentation only: the designer's picture of this face

    # --- the seed systems' values (Israel 1948, Jerusalem!, Raiders) by their names ---------
    # Engines read these in inner loops: each is one lookup and at most one isinstance. The
    # validator has checked each value against its declared kind, so a number is never a word.

    @property
    def strength(self) -> float | None:
        value = self.values.get("strength")
        return None if isinstance(value, str) else value

    @property
    def strength_colour(self) -> str | None:
        value = self.values.get("strength_colour")
        return value if isinstance(value, str) else None

    @property
    def strength_plus(self) -> bool:
        return self.values.get("strength_plus") is True

    @property
    def strength_parenthesized(self) -> bool:
        return self.values.get("strength_parenthesized") is True

    @property
    def strength_printed(self) -> bool:
        """False when the rules give a strength the counter does not show (printed unless said)."""
        return self.values.get("strength_printed") is not False

    @property
    def targeted_strength(self) -> int | None:
        value = self.values.get("targeted_strength")
        return value if isinstance(value, int) else None

    @property
    def multiplier(self) -> str | None:
        value = self.values.get("multiplier")
        return value if isinstance(value, str) else None

    @property
    def movement(self) -> float | str | None:
        """A number, or a word in its place (Jerusalem!'s 'unlimited')."""
        return self.values.get("movement")

    @property
    def movement_class(self) -> str | None:
        value = self.values.get("movement_class")
        return value if isinstance(value, str) else None

    @property
    def movement_hexagon(self) -> bool:
        return self.values.get("movement_hexagon") is True

    @property
    def movement_colour(self) -> str | None:
        value = self.values.get("movement_colour")
        return value if isinstance(value, str) else None

    @property
    def movement_marks(self) -> tuple[str, ...]:
        """The letters printed beside the movement (Jerusalem!'s 'L', 'j'): its mark."""
        mark = self.marks.get("movement")
        return () if mark is None else (mark,)

    @property
    def zoc(self) -> bool | None:
        value = self.values.get("zoc")
        return value if isinstance(value, bool) else None

    @property
    def no_zoc_band(self) -> str | None:
        value = self.values.get("no_zoc_band")
        return value if isinstance(value, str) else None

    @property
    def supply_symbol(self) -> bool:
        return self.values.get("supply_symbol") is True

    @property
    def range(self) -> int | None:
        value = self.values.get("range")
        return value if isinstance(value, int) else None

    @property
    def capacity(self) -> int | None:
        value = self.values.get("capacity")
        return value if isinstance(value, int) else None

    @property
    def elite(self) -> bool:
        return self.values.get("elite") is True

    @property
    def value(self) -> int | None:
        value = self.values.get("value")
        return value if isinstance(value, int) else None


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
    more_faces: tuple[Face, ...] = ()  # faces after the back (an imported piece with more sides)

    @property
    def faces(self) -> tuple[Face, ...]:
        """Every face in order: front, back (if any), then the further ones."""
        return (self.front, *((self.back,) if self.back is not None else ()), *self.more_faces)

    def named_faces(self) -> tuple[tuple[str, Face], ...]:
        """Every face the data gives, by its name (``face_name``): front, back, face3, face4 ..."""
        named: list[tuple[str, Face]] = [("front", self.front)]
        if self.back is not None:
            named.append(("back", self.back))
        named.extend((face_name(index), face) for index, face in enumerate(self.more_faces, start=2))
        return tuple(named)

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


def face_name(index: int) -> str:
    """The name of a counter's face ``index`` (0 the front): "front", "back", then "face3" for the
    first of more_faces (faces are numbered from 1, as scenarios and replays number them)."""
    return "front" if index == 0 else "back" if index == 1 else f"face{index + 1}"


def face_index(name: str) -> int:
    """The index of the face ``name`` (``face_name`` the other way): 0 the front, 2 for face3."""
    if name.startswith("face") and name[4:].isdigit():
        return int(name[4:]) - 1
    return 1 if name == "back" else 0


def face_reference(face: str | int) -> str:
    """A face as the data writes it ("front", "back", or its number: 1 the front, 3 the first of
    more_faces) as its name."""
    return face_name(face - 1) if isinstance(face, int) else face


def face_path(name: str) -> tuple[str | int, ...]:
    """Where the face ``name`` is in a counters.json entry: ("front",), ("back",), or
    ("more_faces", 0) for face3."""
    if name.startswith("face") and name[4:].isdigit():
        return ("more_faces", int(name[4:]) - 3)
    return (name,)


def face_words(name: str) -> str:
    """The face ``name`` as a sentence says it: "front", "back", "face 3"."""
    return f"face {name[4:]}" if name.startswith("face") and name[4:].isdigit() else name


class CounterMix(NamedTuple):
    counters: Mapping[str, Counter]
    origin: Origin

    def get(self, counter_id: str) -> Counter | None:
        return self.counters.get(counter_id)

    def physical_total(self, include_optional: bool = True) -> int:
        return sum(c.copies for c in self.counters.values() if include_optional or c.optional_rule is None)
