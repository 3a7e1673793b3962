"""Counter layouts, name formats and counter charts against the values game.json declares.

Every value a layout, a name format or a chart names must be declared, and of the kind
its use needs (a flag for a symbol's ``when`` or a ``{flag:+}`` field, a choice for a
colour); a template must read; each position of a layout holds one entry, in a style
that fits it; colours must be colours the renderer draws. Each problem is reported at
its own line. What these layouts print is checked too: a word, text or choice a
counter would print with a character the font lacks, or a control character.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

from compiler.checks.context import CheckContext, at, unknown
from compiler.checks.printable import problem_in_name
from compiler.diagnostics import Diagnostic, codes, did_you_mean, error, warning
from compiler.diagnostics.text import shorten
from compiler.presentation.colours import COLOUR_CODES, NAMED
from rules_engine.definitions import CounterLayout, CounterValue, GameInfo, LayoutEntry, Origin
from rules_engine.definitions.counters import face_path
from rules_engine.definitions.layout import (
    COUNTER_NAME,
    SHAPE_MARKS,
    TEXT_STYLES,
    Field,
    TemplateError,
    parse_template,
)


class _Selecting(Protocol):
    """A layout or a name format: what it selects, and where it is written."""

    @property
    def origin(self) -> Origin: ...
    @property
    def kinds(self) -> tuple[str, ...]: ...
    @property
    def classes(self) -> tuple[str, ...]: ...
    @property
    def sides(self) -> tuple[str, ...]: ...


KIND_WORDS = {"number": "a number", "text": "free text", "choice": "a choice", "flag": "a flag"}
TOP_CORNERS = ("top-left", "top-right")
MARK_PLACES = (*TOP_CORNERS, "left")  # a nation's mark: a top corner, or left of the symbol


class _Values:
    """The declarations, and the diagnostics about a use of one."""

    def __init__(self, game: GameInfo, colours_of_combat: Sequence[str] | None) -> None:
        self.declared = {v.id: v for v in game.counter_values}
        self.combat_colours = colours_of_combat

    def get(
        self, value_id: str, origin: Origin, *tokens: str | int
    ) -> tuple[CounterValue | None, Diagnostic | None]:
        declaration = self.declared.get(value_id)
        if declaration is not None:
            return declaration, None
        file, pointer = at(origin, *tokens)
        hint = did_you_mean(value_id, list(self.declared)) or (
            f'declare it in game.json counter_values: {{"id": "{value_id}", "name": ..., "kind": ...}}'
        )
        return None, error(
            codes.VALUE_UNKNOWN, f"no counter value '{shorten(value_id)}' is declared", file, pointer, hint
        )

    def of_kind(
        self, value_id: str, kind: str, use: str, origin: Origin, *tokens: str | int
    ) -> Iterator[Diagnostic]:
        """The value is declared and of ``kind``; ``use`` says what needs it, in a message."""
        declaration, problem = self.get(value_id, origin, *tokens)
        if problem is not None:
            yield problem
        elif declaration is not None and declaration.kind != kind:
            file, pointer = at(origin, *tokens)
            message = f"{use} must be {KIND_WORDS[kind]}, but '{value_id}' is {KIND_WORDS[declaration.kind]}"
            yield error(codes.LAYOUT_WRONG_KIND, message, file, pointer, hint=f"name a value of kind {kind}")

    def choices(self, declaration: CounterValue) -> Sequence[str] | None:
        """The words a choice value may take (None: not known here)."""
        if declaration.choices_from == "strength_colours":
            return self.combat_colours
        if declaration.choices_from is not None:
            return None
        return declaration.choices


def check_layouts(context: CheckContext) -> Iterator[Diagnostic]:
    """Each layout's selectors, entries and value styles; layouts no counter can reach."""
    game = context.definition.game
    if game is None:
        return
    values = _Values(game, _combat_colours(context))
    for layout in game.counter_layout:
        yield from _selectors(game, layout.origin, layout.classes, layout.sides)
        yield from _positions(layout)
        for entry in layout.entries:
            yield from _entry(entry, values)
            yield from _plain_loses(entry, layout, values)
        yield from _value_styles(layout, values)
    yield from _unreachable(game.counter_layout, "layout")


def check_counter_names(context: CheckContext) -> Iterator[Diagnostic]:
    """Name formats read and name declared values; counter charts name declared values."""
    game = context.definition.game
    if game is None:
        return
    values = _Values(game, None)
    for names in game.counter_names:
        yield from _selectors(game, names.origin, names.classes, names.sides)
        for index, text in enumerate(names.formats):
            tokens: tuple[str | int, ...] = ("format", index) if names.listed else ("format",)
            yield from _template(text, values, names.origin, *tokens)
    yield from _unreachable(game.counter_names, "name format")
    for chart in game.counter_charts:
        yield from _selectors(game, chart.origin, chart.classes, chart.sides)
        for index, value_id in enumerate(chart.with_values):
            yield from _declared(values, value_id, chart.origin, "with", index)
        for column in chart.columns:
            yield from _declared(values, column.value, column.origin)


def _declared(values: _Values, value_id: str, origin: Origin, *tokens: str | int) -> Iterator[Diagnostic]:
    _, problem = values.get(value_id, origin, *tokens)
    if problem is not None:
        yield problem


def _combat_colours(context: CheckContext) -> list[str] | None:
    charts = context.definition.charts
    if charts is None:
        return None
    return [c.colour for c in charts.combat.strength_colours] if charts.combat is not None else []


def _selectors(
    game: GameInfo, origin: Origin, classes: tuple[str, ...], sides: tuple[str, ...]
) -> Iterator[Diagnostic]:
    for index, class_id in enumerate(classes):
        if game.unit_class(class_id) is None:
            known = [c.id for c in game.unit_classes]
            yield unknown(codes.REF_UNKNOWN_CLASS, "unit class", class_id, known, origin, "classes", index)
    for index, side_id in enumerate(sides):
        if game.side(side_id) is None:
            known = [s.id for s in game.sides]
            yield unknown(codes.REF_UNKNOWN_SIDE, "side", side_id, known, origin, "sides", index)


def _positions(layout: CounterLayout) -> Iterator[Diagnostic]:
    first: dict[str, int] = {}
    for index, entry in enumerate(layout.entries):
        if entry.at in first:
            file, pointer = at(entry.origin, "at")
            message = (
                f"two entries of this layout stand at '{entry.at}' "
                f"(items {first[entry.at] + 1} and {index + 1} of 'print')"
            )
            hint = "print both in one template ('{attack}-{defense}'), or move one to another position"
            yield error(codes.LAYOUT_POSITION_TWICE, message, file, pointer, hint)
        first.setdefault(entry.at, index)


def _entry(entry: LayoutEntry, values: _Values) -> Iterator[Diagnostic]:
    """The entry's style fits its position and keys, its templates read, its values exist."""
    problem = _style_problem(entry)
    if problem is not None:
        message, hint, key = problem
        file, pointer = at(entry.origin, key)
        yield error(codes.LAYOUT_WRONG_STYLE, message, file, pointer, hint)
    if entry.style in TEXT_STYLES:
        for index, text in enumerate(entry.texts):
            tokens: tuple[str | int, ...] = ("text", index) if entry.listed else ("text",)
            yield from _template(text, values, entry.origin, *tokens)
    if entry.when is not None:
        yield from values.of_kind(entry.when, "flag", "a symbol's 'when'", entry.origin, "when")
    if entry.colour is not None:
        yield from values.of_kind(entry.colour, "choice", "a band's colour", entry.origin, "colour")
        declaration = values.declared.get(entry.colour)
        if declaration is not None and declaration.kind == "choice":
            yield from _colours(declaration, values, NAMED, "a band", entry.origin, "colour")


def _style_problem(entry: LayoutEntry) -> tuple[str, str, str] | None:
    """(message, hint, key) when the entry's style does not fit it, else None."""
    style, at_ = entry.style, entry.at
    if (style == "band") != (at_ == "band"):
        if style == "band":
            return f"a band stands at 'band', not '{at_}'", 'write "at": "band"', "at"
        return (
            "only a band stands at 'band'",
            'write "style": "band" with the choice value of its colour',
            "style",
        )
    if style == "band" and entry.colour is None:
        return (
            "a band needs its colour",
            'name the choice value that gives it: "colour": "no_zoc_band"',
            "style",
        )
    if style == "nation-mark" and at_ not in MARK_PLACES:
        return (
            f"the nation's mark stands in a top corner or left of the symbol, not at '{at_}'",
            'write "at": "top-left" (or "left")',
            "at",
        )
    if style == "symbol" and entry.symbol is None:
        return "a symbol entry needs its symbol", '"symbol": "half-disc" (or disc, circle, star)', "style"
    if style in TEXT_STYLES and not entry.texts:
        return f"a {style} entry needs what it prints", 'add "text": "{attack}-{defense}"', "style"
    if style not in TEXT_STYLES and entry.texts:
        return (
            f"a {style} entry prints no text",
            f'leave "text" out, or use the figures style at {at_}',
            "text",
        )
    return None


def _template(text: str, values: _Values, origin: Origin, *tokens: str | int) -> Iterator[Diagnostic]:
    try:
        template = parse_template(text)
    except TemplateError as unreadable:
        file, pointer = at(origin, *tokens)
        hint = "write values in braces, '{attack}-{defense}', a flag as '{elite:+}'; '{{' prints a brace"
        message = f"'{shorten(text)}' cannot be read: {unreadable}"
        yield error(codes.LAYOUT_BAD_TEMPLATE, message, file, pointer, hint)
        return
    for field in template.fields:
        if field.value == COUNTER_NAME and field.value not in values.declared and not field.is_flag:
            continue
        declaration, problem = values.get(field.value, origin, *tokens)
        if problem is not None:
            yield problem
        elif declaration is not None:
            yield from _field_kind(field, declaration, origin, *tokens)


def _field_kind(
    field: Field, declaration: CounterValue, origin: Origin, *tokens: str | int
) -> Iterator[Diagnostic]:
    file, pointer = at(origin, *tokens)
    if field.is_flag and declaration.kind != "flag":
        kind = KIND_WORDS[declaration.kind]
        message = f"'{{{field.value}:...}}' prints a flag's text, but '{field.value}' is {kind}"
        yield error(codes.LAYOUT_WRONG_KIND, message, file, pointer, hint=f"write {{{field.value}}}")
    elif not field.is_flag and declaration.kind == "flag":
        message = f"'{{{field.value}}}' would print a flag as a word, but a flag prints text of its own"
        hint = f"write {{{field.value}:text when true}} or {{{field.value}:when true|when false}}"
        yield error(codes.LAYOUT_WRONG_KIND, message, file, pointer, hint=hint)


def _value_styles(layout: CounterLayout, values: _Values) -> Iterator[Diagnostic]:
    for value_id, style in layout.values.items():
        declaration, problem = values.get(value_id, layout.origin, "values", value_id)
        if problem is not None:
            yield problem
        if style.colour is not None:
            yield from values.of_kind(style.colour, "choice", "a colour", style.origin, "colour")
            source = values.declared.get(style.colour)
            if source is not None and source.kind == "choice":
                codes_known = {code: code for code in COLOUR_CODES}
                yield from _colours(
                    source, values, codes_known, f"{value_id}'s colour", style.origin, "colour"
                )
        for flag, _ in style.flag_marks:
            yield from values.of_kind(flag, "flag", "a mark's flag", style.origin, "flag_marks", flag)
        if declaration is not None and declaration.kind != "number" and (style.flag_marks or style.mark):
            file, pointer = at(style.origin)
            message = f"only a number carries a mark, but '{value_id}' is {KIND_WORDS[declaration.kind]}"
            yield error(codes.LAYOUT_WRONG_KIND, message, file, pointer, hint="leave the mark out")


def _colours(
    declaration: CounterValue,
    values: _Values,
    known: Mapping[str, str],
    what: str,
    origin: Origin,
    *tokens: str | int,
) -> Iterator[Diagnostic]:
    """Every choice of a colour source is a colour the renderer draws."""
    choices = values.choices(declaration)
    if choices is None:
        file, pointer = at(origin, *tokens)
        message = (
            f"{what} comes from '{declaration.id}', whose choices are {declaration.choices_from}, not colours"
        )
        yield error(
            codes.LAYOUT_UNKNOWN_COLOUR, message, file, pointer, hint="name a choice value of colours"
        )
        return
    strange = [c for c in choices if c not in known]
    if strange:
        file, pointer = at(origin, *tokens)
        shown = ", ".join(f"'{shorten(c)}'" for c in strange[:5])
        message = f"{what} comes from '{declaration.id}', which may be {shown}: not a colour wgc draws"
        hint = "colours: " + ", ".join(known)
        yield error(codes.LAYOUT_UNKNOWN_COLOUR, message, file, pointer, hint)


def _plain_loses(entry: LayoutEntry, layout: CounterLayout, values: _Values) -> Iterator[Diagnostic]:
    """A plain line is one string: it cannot show a colour code or a mark drawn as a shape."""
    if entry.style != "plain":
        return
    for text in entry.texts:
        try:
            fields = parse_template(text).fields
        except TemplateError:
            return
        for field in fields:
            lost = _lost_in_plain(field.value, layout, values)
            if lost is not None:
                file, pointer = at(entry.origin, "style")
                message = f"a plain line cannot show {field.value}'s {lost}"
                hint = 'use the figures style (leave "style" out)'
                yield error(codes.LAYOUT_WRONG_STYLE, message, file, pointer, hint)
                return


def _lost_in_plain(value_id: str, layout: CounterLayout, values: _Values) -> str | None:
    style = layout.values.get(value_id)
    if style is not None and style.colour is not None:
        return "colour code"
    declaration = values.declared.get(value_id)
    marks = list(declaration.marks if declaration else ())
    if style is not None:
        marks += [mark for _, mark in style.flag_marks] + ([style.mark] if style.mark else [])
    shaped = [m for m in marks if m in SHAPE_MARKS]
    return f"'{shaped[0]}' mark" if shaped else None


def _unreachable(rules: Sequence[_Selecting], what: str) -> Iterator[Diagnostic]:
    """A rule after one that selects every counter it would select is never used."""
    for index, rule in enumerate(rules):
        for earlier_index, earlier in enumerate(rules[:index]):
            if _covers(earlier, rule):
                file, pointer = at(rule.origin)
                message = (
                    f"this {what} is never used: {what} {earlier_index + 1} before it already selects "
                    "every counter it selects"
                )
                hint = (
                    f"put the more particular {what} first (the first {what} that selects a counter counts)"
                )
                yield warning(codes.LAYOUT_UNREACHABLE, message, file, pointer, hint)
                break


def _covers(first: _Selecting, second: _Selecting) -> bool:
    pairs = ((first.kinds, second.kinds), (first.classes, second.classes), (first.sides, second.sides))
    return all(not wide or (narrow and set(narrow) <= set(wide)) for wide, narrow in pairs)


def check_printed_values(context: CheckContext) -> Iterator[Diagnostic]:
    """What layouts and name formats print: words, choices and texts that a line break or a
    character the font lacks would spoil."""
    game, counters = context.definition.game, context.definition.counters
    if game is None:
        return
    printed = _printed_ids(game)
    values_kind = {v.id: v.kind for v in game.counter_values}
    found: list[tuple[str, str, str]] = []
    for declaration in game.counter_values:
        if declaration.id not in printed:
            continue
        for key, words in (("choices", declaration.choices), ("words", declaration.words)):
            for index, word in enumerate(words):
                file, pointer = at(declaration.origin, key, index)
                problem = problem_in_name(word)
                if problem is not None:
                    hint = "write it on one line, without control characters or a final backslash"
                    yield error(
                        codes.NAME_UNPRINTABLE,
                        f"the {key[:-1]} '{shorten(word)}' {problem}",
                        file,
                        pointer,
                        hint,
                    )
                found.append((file, pointer, word))
    if counters is not None:
        for counter in counters.counters.values():
            for face_name, face in counter.named_faces():
                for value_id, value in face.values.items():
                    kind = values_kind.get(value_id)
                    if value_id in printed and kind == "text":
                        found.append((*at(counter.origin, *face_path(face_name), value_id), str(value)))
    found += _literals(game)
    yield from _glyphs(found)


def _printed_ids(game: GameInfo) -> set[str]:
    texts = [t for layout in game.counter_layout for entry in layout.entries for t in entry.texts]
    texts += [t for names in game.counter_names for t in names.formats]
    printed: set[str] = set()
    for text in texts:
        try:
            printed |= {f.value for f in parse_template(text).fields}
        except TemplateError:
            continue
    return printed


def _literals(game: GameInfo) -> list[tuple[str, str, str]]:
    """Template text given in lists and name formats (a lone template is under the key 'text',
    which the printable names check already reads)."""
    found = []
    for layout in game.counter_layout:
        for entry in layout.entries:
            for index, text in enumerate(entry.texts if entry.listed else ()):
                found.append((*at(entry.origin, "text", index), text))
    for names in game.counter_names:
        for index, text in enumerate(names.formats):
            found.append((*at(names.origin, *(("format", index) if names.listed else ("format",))), text))
    return found


def _glyphs(found: list[tuple[str, str, str]]) -> Iterator[Diagnostic]:
    if all(text.isascii() for _, _, text in found):
        return  # the font covers ASCII; only then is the drawing library worth loading
    from compiler.render.fonts import missing_glyphs

    for file, pointer, text in found:
        missing = missing_glyphs(text) if not text.isascii() else []
        if missing:
            shown = " ".join(f"{c} (U+{ord(c):04X})" for c in missing[:8])
            yield warning(
                codes.TEXT_MISSING_GLYPHS,
                f"the font wgc draws with has no glyph for {shown}; it would print as an empty box",
                file,
                pointer,
                hint="spell it with letters of the basic Latin alphabet",
            )


__all__ = ["check_counter_names", "check_layouts", "check_printed_values"]
