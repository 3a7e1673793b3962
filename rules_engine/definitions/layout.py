"""How a game's counters print their values: game.json ``counter_layout`` and ``counter_charts``.

A layout selects counters (by kind, class and side, as ``required_values`` does) and
lists what stands where on them: an entry puts a template such as
``"{attack}-{defense}-{movement}"`` at a position (``bottom``, ``top-left`` ...) in a
style (``figures``, ``plain``, ``ring``), or draws a symbol, a band or the nation's
mark. ``values`` says how a value reads wherever it stands: the choice value that
gives its colour code, and flags that give it a mark. ``counter_names`` formats a
counter's name where a player reads it (charts, help, VASSAL pieces).

Templates are kept as written and parsed here (``parse_template``), without the
drawing library, so the validator and the renderers read them the same way.
"""

import re
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from rules_engine.definitions.counters import FaceValue
from rules_engine.definitions.origin import Origin

# What a template may name besides the game's values: the counter's own name.
COUNTER_NAME = "name"
# The vocabulary of a layout (game.schema.json lists the same; compiler/render/counter_layout.py
# says where each position is and draws each style).
POSITIONS = (
    "top",
    "top-left",
    "top-right",
    "left",
    "right",
    "above-symbol",
    "middle",
    "band",
    "bottom-left",
    "bottom",
    "bottom-right",
)
TEXT_STYLES = ("figures", "plain", "ring")  # styles that print a template
STYLES = (*TEXT_STYLES, "symbol", "band", "nation-mark")
SYMBOLS = ("half-disc", "disc", "circle", "star")  # what a symbol entry may draw
PARENTHESES = "parentheses"
SHAPE_MARKS = ("box", "circle", "underline", "hexagon")  # marks drawn around or under a figure
FIELD = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


class Literal(NamedTuple):
    """Text printed as written: a joiner such as '-' or '+', a '?' ..."""

    text: str


class Field(NamedTuple):
    """A value printed in a template: ``{attack}``; ``{attack?}`` when the face may lack it (it
    is then left out with the text that joins it to its neighbour); a flag as ``{elite:+}`` or
    ``{elite:+|-}`` (the text when the face gives it true, and when false or absent)."""

    value: str
    when_true: str | None = None
    when_false: str = ""
    optional: bool = False

    @property
    def is_flag(self) -> bool:
        return self.when_true is not None


Part = Literal | Field


class Template(NamedTuple):
    text: str
    parts: tuple[Part, ...]

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(p for p in self.parts if isinstance(p, Field))


class TemplateError(ValueError):
    """A template that cannot be read; the message says where and why."""


@cache
def parse_template(text: str) -> Template:
    """The parts of ``text``: literals and ``{value}`` fields (``{{`` and ``}}`` are braces)."""
    parts: list[Part] = []
    literal: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("{{", index) or text.startswith("}}", index):
            literal.append(char)
            index += 2
        elif char == "}":
            raise TemplateError(f"a '}}' at character {index + 1} closes nothing (write '}}}}' for a brace)")
        elif char == "{":
            end = text.find("}", index)
            if end < 0:
                raise TemplateError(f"the '{{' at character {index + 1} is never closed")
            if literal:
                parts.append(Literal("".join(literal)))
                literal = []
            parts.append(_field(text[index + 1 : end], index))
            index = end + 1
        else:
            literal.append(char)
            index += 1
    if literal:
        parts.append(Literal("".join(literal)))
    return Template(text, tuple(parts))


def _field(inside: str, index: int) -> Field:
    name, colon, rest = inside.partition(":")
    optional = not colon and name.endswith("?")
    name = name.removesuffix("?") if optional else name
    if not FIELD.fullmatch(name):
        raise TemplateError(
            f"'{{{inside}}}' at character {index + 1} does not name a value (lower-case words joined by _)"
        )
    if not colon:
        return Field(name, optional=optional)
    if "{" in rest:
        raise TemplateError(f"'{{{inside}}}' at character {index + 1} holds another '{{'")
    when_true, _, when_false = rest.partition("|")
    return Field(name, when_true, when_false)


class LayoutEntry(NamedTuple):
    """One thing a layout prints at one position.

    ``style`` is "figures" (each value a figure with its colour code and mark), "plain"
    (the line as one string), "ring" (in a ring with sight marks), "symbol" (a small
    picture, when the flag ``when`` is true), "band" (a band across the counter in the
    colour the choice value ``colour`` names) or "nation-mark" (the nation's flag).
    ``texts`` are templates tried in order: the first whose values the face all gives
    is printed. ``size`` is in hundredths of the counter's width (None: the position's).
    """

    at: str
    style: str
    origin: Origin
    texts: tuple[str, ...] = ()
    size: float | None = None
    symbol: str | None = None
    when: str | None = None
    colour: str | None = None
    listed: bool = False  # the file gives its text as a list (a diagnostic points into it)


class ValueStyle(NamedTuple):
    """How one value reads wherever a layout prints it: its colour code comes from the choice
    value ``colour`` (``colour_default`` when the face gives none); its mark is the face's own,
    else that of the first flag of ``flag_marks`` the face gives true (flag id, mark), else
    ``mark``."""

    origin: Origin
    colour: str | None = None
    colour_default: str | None = None
    flag_marks: tuple[tuple[str, str], ...] = ()
    mark: str | None = None


_NO_STYLES: Mapping[str, ValueStyle] = MappingProxyType({})


class CounterLayout(NamedTuple):
    """What the counters a layout selects print, and how their names read."""

    origin: Origin
    kinds: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    entries: tuple[LayoutEntry, ...] = ()
    values: Mapping[str, ValueStyle] = _NO_STYLES

    def selects(self, kind: str, unit_class: str | None, side: str | None) -> bool:
        return (
            (not self.kinds or kind in self.kinds)
            and (not self.classes or unit_class in self.classes)
            and (not self.sides or side in self.sides)
        )

    def entry(self, at: str) -> LayoutEntry | None:
        return next((e for e in self.entries if e.at == at), None)


class CounterNames(NamedTuple):
    """How the counters it selects are named where a player reads them (charts, help pages,
    VASSAL pieces): the first of ``formats`` whose values the face all gives as figures."""

    origin: Origin
    formats: tuple[str, ...]
    kinds: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    listed: bool = False  # the file gives its formats as a list

    def selects(self, kind: str, unit_class: str | None, side: str | None) -> bool:
        return (
            (not self.kinds or kind in self.kinds)
            and (not self.classes or unit_class in self.classes)
            and (not self.sides or side in self.sides)
        )


class ChartColumn(NamedTuple):
    heading: str
    value: str
    origin: Origin  # where the column names its value


class CounterChart(NamedTuple):
    """A player-aid table of some counters and their values (Jerusalem!'s Leader Abilities):
    one row per counter whose front gives every value of ``with_values``."""

    id: str
    title: str
    origin: Origin
    name_heading: str
    columns: tuple[ChartColumn, ...]
    kinds: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    with_values: tuple[str, ...] = ()
    rules_heading: str | None = None

    def selects(self, kind: str, unit_class: str | None, side: str | None) -> bool:
        return (
            (not self.kinds or kind in self.kinds)
            and (not self.classes or unit_class in self.classes)
            and (not self.sides or side in self.sides)
        )


class Piece(NamedTuple):
    """A part of a filled template: text as printed, and the value it prints (None: a joiner)."""

    text: str
    value: str | None = None


_GONE = Piece("", "\0")  # a value the face lacks, where the template lets it be left out


def value_text(value: FaceValue) -> str:
    """A value as printed: a number without a needless '.0', a word or text as written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    return value


def fill(template: Template, values: Mapping[str, FaceValue], name: str = "") -> tuple[Piece, ...] | None:
    """The pieces ``template`` prints for a face with these values, or None when it names a value
    the face lacks (and does not let it be left out). A value left out (``{x?}``) takes with it
    the text that joins it to the value before it, or after it when it comes first."""
    pieces: list[Piece] = []
    for part in template.parts:
        if isinstance(part, Literal):
            pieces.append(Piece(part.text))
        elif part.is_flag:
            pieces.append(
                Piece((part.when_true or "") if values.get(part.value) is True else part.when_false)
            )
        elif part.value == COUNTER_NAME and part.value not in values:
            pieces.append(Piece(name))
        else:
            value = values.get(part.value)
            if value is None or isinstance(value, bool):
                if not part.optional:
                    return None
                pieces.append(_GONE)
            else:
                pieces.append(Piece(value_text(value), part.value))
    return _without_gone(pieces)


def _without_gone(pieces: list[Piece]) -> tuple[Piece, ...]:
    while _GONE in pieces:
        index = pieces.index(_GONE)
        before = any(p.value is not None and p is not _GONE for p in pieces[:index])
        joiner = index - 1 if before else index + 1
        if 0 <= joiner < len(pieces) and pieces[joiner].value is None:
            del pieces[max(index, joiner)]
            del pieces[min(index, joiner)]
        else:
            del pieces[index]
    return tuple(p for p in pieces if p.text or p.value is not None)


def first_filled(
    texts: tuple[str, ...], values: Mapping[str, FaceValue], name: str = ""
) -> tuple[Piece, ...] | None:
    """The pieces of the first template of ``texts`` the face fills (None: none does)."""
    for text in texts:
        pieces = fill(parse_template(text), values, name)
        if pieces is not None:
            return pieces
    return None
