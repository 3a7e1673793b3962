"""Counter values: game.json declares them, and every face gives what the declarations allow.

A face's keys beyond the presentation every game shares (label, symbol, colours ...)
are the game's own values, declared in game.json ``counter_values``; which
counters must carry which is declared in ``required_values``. These checks know no
value by name: the declarations say what a face may give, and a system's facts
say which values its rules read (``reads_values``), so a game on that system is
told when its declarations lack one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import pairwise

from compiler.checks.context import CheckContext, at, unknown
from compiler.checks.printable import problem_in_name
from compiler.checks.system import known_system
from compiler.diagnostics import Diagnostic, codes, did_you_mean, error, warning
from compiler.diagnostics.text import shorten
from compiler.model.counters import ART_KEYS, PRESENTATION_KEYS
from rules_engine.definitions import Counter, CounterValue, GameInfo, Origin, RequiredValues
from rules_engine.definitions.counters import FaceValue, face_path, face_words

# What each kind of value is, in the words of a message ("but 'size' is a choice").
KIND_WORDS = {"number": "a number", "text": "free text", "choice": "a choice", "flag": "a flag"}
# Where a choice may take its choices from (``choices_from``): the code of a value that is not
# among them, and what a message calls the place that lists them.
CHOICE_SOURCES = {
    "movement_classes": (codes.REF_UNKNOWN_MOVEMENT_CLASS, "terrain.json's movement_classes"),
    "strength_colours": (codes.COMBAT_MISSING_COLOUR, "the strength_colours of charts.json's combat"),
}


def check_value_declarations(context: CheckContext) -> Iterator[Diagnostic]:
    """Each declaration holds together, and required_values names declared values, classes and sides."""
    game = context.definition.game
    if game is None:
        return
    for declaration in game.counter_values:
        yield from _declaration_problems(declaration)
    declared = [v.id for v in game.counter_values]
    for rule in game.required_values:
        for index, value_id in enumerate(rule.values):
            if value_id not in declared:
                yield _undeclared(value_id, declared, rule.origin, "values", index)
        for index, class_id in enumerate(rule.classes):
            if game.unit_class(class_id) is None:
                known = [c.id for c in game.unit_classes]
                yield unknown(
                    codes.REF_UNKNOWN_CLASS, "unit class", class_id, known, rule.origin, "classes", index
                )
        for index, side_id in enumerate(rule.sides):
            if game.side(side_id) is None:
                known = [s.id for s in game.sides]
                yield unknown(codes.REF_UNKNOWN_SIDE, "side", side_id, known, rule.origin, "sides", index)


def _declaration_problems(declaration: CounterValue) -> Iterator[Diagnostic]:
    def problem(message: str, hint: str, *tokens: str) -> Diagnostic:
        file, pointer = at(declaration.origin, *tokens)
        return error(
            codes.VALUE_BAD_DECLARATION, f"counter value '{declaration.id}' {message}", file, pointer, hint
        )

    if declaration.id in (*PRESENTATION_KEYS, *ART_KEYS):
        yield problem(
            "has the name of a key every face has",
            "choose another id; the face keys are " + ", ".join((*PRESENTATION_KEYS, *ART_KEYS)),
            "id",
        )
    low, high = declaration.minimum, declaration.maximum
    if low is not None and high is not None and low > high:
        yield problem(f"has min {low:g} above max {high:g}", "swap them", "min")
    if declaration.kind == "choice" and (not declaration.choices) == (declaration.choices_from is None):
        yield problem(
            "needs its choices: either 'choices' or 'choices_from', not both",
            'list them, "choices": ["XX", "III"], or take them from terrain.json, '
            '"choices_from": "movement_classes"',
        )


def _undeclared(value_id: str, declared: list[str], origin: Origin, *tokens: str | int) -> Diagnostic:
    file, pointer = at(origin, *tokens)
    hint = (
        did_you_mean(value_id, declared)
        or f'declare it in game.json counter_values: {{"id": "{value_id}", ...}}'
    )
    return error(
        codes.VALUE_UNKNOWN, f"no counter value '{shorten(value_id)}' is declared", file, pointer, hint
    )


def check_face_values(context: CheckContext) -> Iterator[Diagnostic]:
    """Every value a face gives is declared and fits its declaration; required ones are there."""
    game, counters = context.definition.game, context.definition.counters
    if game is None or counters is None:
        return
    declarations = {v.id: v for v in game.counter_values}
    sources = _choice_sources(context)
    for counter in counters.counters.values():
        for face_name, face in counter.named_faces():
            for value_id, value in face.values.items():
                declaration = declarations.get(value_id)
                where = _FacePlace(counter, face_name, value_id)
                if declaration is None:
                    yield where.undeclared(list(declarations))
                    continue
                yield from _value_problems(declaration, value, face.marks.get(value_id), where, sources)
        yield from _missing_values(game, counter)
        yield from _back_not_reduced(counter, declarations)


def _choice_sources(context: CheckContext) -> dict[str, list[str]]:
    """The ids each ``choices_from`` names, from the files that define them (when they are valid;
    a combat system that gives no colours allows none: no rule would read one)."""
    terrain, charts = context.definition.terrain, context.definition.charts
    found: dict[str, list[str]] = {}
    if terrain is not None:
        found["movement_classes"] = [m.id for m in terrain.movement_classes]
    if charts is not None:
        combat = charts.combat
        found["strength_colours"] = [c.colour for c in combat.strength_colours] if combat is not None else []
    return found


class _FacePlace:
    """One value of one face of a counter: where a diagnostic about it points, and its words."""

    def __init__(self, counter: Counter, face_name: str, value_id: str) -> None:
        self.counter, self.face_name, self.value_id = counter, face_name, value_id

    def at(self, *more: str) -> tuple[str, str]:
        return at(self.counter.origin, *face_path(self.face_name), self.value_id, *more)

    @property
    def words(self) -> str:
        return f"'{self.value_id}' on the {face_words(self.face_name)} of '{self.counter.name}'"

    def undeclared(self, declared: list[str]) -> Diagnostic:
        file, pointer = self.at()
        hint = did_you_mean(self.value_id, [*declared, *PRESENTATION_KEYS]) or (
            f"declare it in game.json counter_values, or use a face key ({', '.join(PRESENTATION_KEYS)})"
        )
        message = (
            f"the {face_words(self.face_name)} of '{self.counter.name}' gives '{shorten(self.value_id)}', "
        )
        return error(codes.VALUE_UNKNOWN, message + "which game.json does not declare", file, pointer, hint)


def _value_problems(
    declaration: CounterValue,
    value: FaceValue,
    mark: str | None,
    where: _FacePlace,
    sources: Mapping[str, list[str]],
) -> Iterator[Diagnostic]:
    wrong = _wrong_kind(declaration, value, mark)
    if wrong is not None:
        file, pointer = where.at()
        kind = KIND_WORDS[declaration.kind]
        shown = f"carries the mark '{shorten(mark)}'" if mark is not None else f"is {shorten(_shown(value))}"
        message = f"{where.words} {shown}, but {declaration.id} is {kind}"
        yield error(codes.VALUE_WRONG_KIND, message, file, pointer, hint=wrong)
        return
    if mark is not None and mark not in declaration.marks:
        file, pointer = where.at("mark")
        allowed = ", ".join(declaration.marks)
        if declaration.marks:
            hint = did_you_mean(mark, declaration.marks) or f"marks {declaration.id} may carry: {allowed}"
        else:
            hint = f'allow it in game.json: "marks": ["{mark}"] in the declaration of {declaration.id}'
        message = f"{where.words} carries the mark '{shorten(mark)}', which its declaration does not allow"
        yield error(codes.VALUE_MARK_NOT_ALLOWED, message, file, pointer, hint)
    if declaration.kind == "number" and not isinstance(value, str):
        yield from _out_of_bounds(declaration, value, where)
    elif declaration.kind == "text" and isinstance(value, str):
        yield from _bad_text(declaration, value, where)
    elif declaration.kind == "choice" and isinstance(value, str):
        yield from _not_a_choice(declaration, value, where, sources)


def _wrong_kind(declaration: CounterValue, value: FaceValue, mark: str | None) -> str | None:
    """The hint when ``value`` is not of its declaration's kind, else None."""
    kind = declaration.kind
    if mark is not None and kind != "number":
        return f'only a number carries a mark: give {declaration.id} without {{"value": ..., "mark": ...}}'
    if kind == "flag":
        return None if isinstance(value, bool) else "write true or false"
    if kind == "number":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return None
        if isinstance(value, str) and value in declaration.words:
            return None
        words = " or one of " + ", ".join(f"'{w}'" for w in declaration.words) if declaration.words else ""
        return f"write a number such as 3{words}"
    return None if isinstance(value, str) else 'write it as a word in quotes ("XX")'


def _shown(value: FaceValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"'{value}'" if isinstance(value, str) else f"{value:g}"


def _out_of_bounds(declaration: CounterValue, value: float, where: _FacePlace) -> Iterator[Diagnostic]:
    low, high, step = declaration.minimum, declaration.maximum, declaration.step
    if low is not None and value < low:
        problem = f"below the least game.json allows ({low:g})"
    elif high is not None and value > high:
        problem = f"above the most game.json allows ({high:g})"
    elif abs(round(value / step) * step - value) > 1e-9:
        problem = f"but {declaration.id} is " + ("a whole number" if step == 1 else f"a multiple of {step:g}")
    else:
        return
    file, pointer = where.at()
    hint = f"change the value, or the declaration of {declaration.id} in game.json counter_values"
    yield error(codes.VALUE_OUT_OF_BOUNDS, f"{where.words} is {value:g}, {problem}", file, pointer, hint)


def _bad_text(declaration: CounterValue, value: str, where: _FacePlace) -> Iterator[Diagnostic]:
    file, pointer = where.at()
    if len(value) > declaration.max_length:
        message = f"{where.words} has {len(value)} characters; at most {declaration.max_length} are allowed"
        hint = f"shorten it, or raise max_length of {declaration.id} in game.json"
        yield error(codes.VALUE_OUT_OF_BOUNDS, message, file, pointer, hint)
    problem = problem_in_name(value)
    if problem is not None:
        hint = "write it on one line, without control characters or a final backslash"
        yield error(codes.NAME_UNPRINTABLE, f"{where.words} {problem}", file, pointer, hint)


def _not_a_choice(
    declaration: CounterValue, value: str, where: _FacePlace, sources: Mapping[str, list[str]]
) -> Iterator[Diagnostic]:
    if declaration.choices_from is not None:
        known = sources.get(declaration.choices_from)
        if known is not None and value not in known:
            code, place = CHOICE_SOURCES[declaration.choices_from]
            file, pointer = where.at()
            hint = did_you_mean(value, known) or (
                "known: " + ", ".join(sorted(known))
                if known
                else f"{place} lists none: leave {declaration.id} out"
            )
            message = f"{where.words} is '{shorten(value)}', which {place} does not define"
            yield error(code, message, file, pointer, hint)
        return
    if value not in declaration.choices:
        file, pointer = where.at()
        hint = did_you_mean(value, declaration.choices) or "choices: " + ", ".join(declaration.choices)
        message = f"{where.words} is '{shorten(value)}', which is not one of its choices"
        yield error(codes.VALUE_UNKNOWN_CHOICE, message, file, pointer, hint)


def _missing_values(game: GameInfo, counter: Counter) -> Iterator[Diagnostic]:
    """The values required_values asks of this counter, on its front and its reduced back.

    A back is a playing side only when it is the reduced side; a face-down or
    identification back (a flag, "Garrison") carries none, nor does a blank face. A further
    face (more_faces) of a counter whose back is its reduced side is a step of its own.
    """
    rules = [r for r in game.required_values if r.selects(counter.kind, counter.unit_class, counter.side)]
    needed = tuple(dict.fromkeys(value for rule in rules for value in rule.values))
    if not needed:
        return
    reduced = counter.back is not None and counter.back.damaged
    for face_name, face in counter.named_faces():
        if face.blank or (face_name != "front" and not (reduced and face.damaged)):
            continue
        missing = [value for value in needed if value not in face.values]
        if missing:
            file, pointer = at(counter.origin, *face_path(face_name))
            yield error(
                codes.COUNTER_MISSING_VALUE,
                f"the {face_words(face_name)} of '{counter.name}' lacks {', '.join(missing)}",
                file,
                pointer,
                hint=f"game.json required_values: {_selection(rules[0])} carries " + ", ".join(needed),
            )


def _selection(rule: RequiredValues) -> str:
    """'every unit of side arab-revolt', in the words of a hint."""
    kinds = " or ".join(rule.kinds) if rule.kinds else "counter"
    words = [f"every {kinds}"]
    if rule.classes:
        words.append("of class " + " or ".join(rule.classes))
    if rule.sides:
        words.append("of side " + " or ".join(rule.sides))
    return " ".join(words)


def _back_not_reduced(counter: Counter, declarations: Mapping[str, CounterValue]) -> Iterator[Diagnostic]:
    """A reduced side printing a higher number than the side above it (the full side, or the face
    before it in more_faces) is most likely a typing slip."""
    back = counter.back
    if back is None or not back.damaged:
        return
    named = counter.named_faces()
    for (above_name, above), (face_name, face) in pairwise(named):
        if not face.damaged:
            return
        for value_id, value in face.values.items():
            declaration = declarations.get(value_id)
            full = _number(above.values.get(value_id))
            reduced = _number(value)
            if declaration is None or declaration.kind != "number" or full is None or reduced is None:
                continue
            if reduced > full:
                file, pointer = at(counter.origin, *face_path(face_name), value_id)
                what = "the damaged side" if face_name == "back" else f"the {face_words(face_name)}"
                was = "its full side's" if above_name == "front" else f"its {face_words(above_name)}'s"
                yield warning(
                    codes.COUNTER_BACK_NOT_REDUCED,
                    f"{what} of '{counter.name}' has {value_id} {reduced:g}, more than {was} {full:g}",
                    file,
                    pointer,
                )


def _number(value: FaceValue | None) -> float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def check_engine_values(context: CheckContext) -> Iterator[Diagnostic]:
    """The values the game's rules system reads are declared, of the kind it reads, and required."""
    game = context.definition.game
    system = known_system(context)
    if game is None or system is None:
        return
    for counter_kind, reads in system.reads_values.items():
        for value_id, kind in reads.items():
            yield from _engine_value(game, system.name, counter_kind, value_id, kind)


def _engine_value(
    game: GameInfo, system: str, counter_kind: str, value_id: str, kind: str
) -> Iterator[Diagnostic]:
    what = KIND_WORDS.get(kind, kind)
    reader = f"the rules of the '{system}' system read each {counter_kind}'s '{value_id}' ({what})"
    declaration = game.counter_value(value_id)
    if declaration is None:
        file, pointer = at(game.origin, "counter_values" if game.counter_values else "system")
        hint = (
            f'declare it in game.json counter_values: {{"id": "{value_id}", "name": ..., "kind": "{kind}"}}'
        )
        yield error(
            codes.VALUE_ENGINE_NEEDS, f"{reader}, which game.json does not declare", file, pointer, hint
        )
    elif declaration.kind != kind:
        file, pointer = at(declaration.origin, "kind")
        message = f"{reader}, but game.json declares it {KIND_WORDS[declaration.kind]}"
        yield error(codes.VALUE_ENGINE_NEEDS, message, file, pointer, hint=f'make it "kind": "{kind}"')
    elif not any(
        value_id in r.values and (not r.kinds or counter_kind in r.kinds) for r in game.required_values
    ):
        file, pointer = at(game.origin, "required_values" if game.required_values else "counter_values")
        hint = f'add it to required_values: {{"kinds": ["{counter_kind}"], "values": ["{value_id}", ...]}}'
        message = f"{reader}, but no rule of required_values asks {counter_kind}s to carry it"
        yield error(codes.VALUE_ENGINE_NEEDS, message, file, pointer, hint)
