"""Check source documents against the JSON Schemas and explain what is wrong.

jsonschema reports every error with the keyword that failed; this module turns
each into a diagnostic with a stable code, a sentence a designer understands,
the JSON pointer of the offending value, and a hint (the closest allowed word
or property name for typos).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compiler.diagnostics import Diagnostic, codes, did_you_mean, error
from compiler.diagnostics.repeats import cap_repeats
from compiler.diagnostics.text import shorten
from compiler.loading import FILE_KINDS, SourceDocument
from compiler.loading.positions import join_pointer
from compiler.schema.fast import Check, SchemaCompiler

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    from compiler.schema.limits import Cut

SCHEMA_BASE = "https://wgc.invalid/schemas/"

_RANGE_KEYWORDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
_SIZE_KEYWORDS = {
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "uniqueItems",
}
_JSON_TYPE_NAMES = {
    dict: "an object",
    list: "a list",
    str: "a string",
    bool: "true or false",
    int: "a number",
    float: "a number",
    type(None): "null",
}


# The package's own folder (importlib.resources would cost `wgc validate` a few ms of imports;
# the package is always installed as plain files).
SCHEMA_FOLDER = Path(__file__).parent.parent / "schemas"


def schema_names() -> list[str]:
    return sorted(entry.name for entry in SCHEMA_FOLDER.iterdir() if entry.name.endswith(".schema.json"))


@functools.cache
def _schemas() -> dict[str, dict[str, Any]]:
    schemas = {name: json.loads((SCHEMA_FOLDER / name).read_text("utf-8")) for name in schema_names()}
    for name in list(schemas):
        if name.startswith(SYSTEM_REPLAY_PREFIX):
            system = name[len(SYSTEM_REPLAY_PREFIX) : -len(".schema.json")]
            schemas[replay_variant(system)] = _replay_for_system(schemas[REPLAY_SCHEMA], system)
    return schemas


REPLAY_SCHEMA = "replay.schema.json"
SYSTEM_REPLAY_PREFIX = "replay-"


def replay_variant(system: str) -> str:
    """The name under which the replay schema of one system is registered (not a file)."""
    return f"replay@{system}.schema.json"


def _replay_for_system(replay: dict[str, Any], system: str) -> dict[str, Any]:
    """replay.schema.json with the steps and positions of one system only.

    The file itself accepts any system's steps (for editors); a game's replays are
    checked against its own system's, so a wrong key is named precisely.
    """
    variant: dict[str, Any] = json.loads(json.dumps(replay))
    variant["$id"] = SCHEMA_BASE + replay_variant(system)
    for part in ("step", "position"):
        variant["$defs"][part] = {"$ref": f"{SYSTEM_REPLAY_PREFIX}{system}.schema.json#/$defs/{part}"}
    return variant


def schema_for_replays(system: str | None) -> str:
    """The schema a game's replays are checked against: its system's, where it has one."""
    if system is not None and replay_variant(system) in _schemas():
        return replay_variant(system)
    return REPLAY_SCHEMA


@functools.cache
def _fast_check(schema_name: str) -> Check:
    return _compiler().compile_document(SCHEMA_BASE + schema_name + "#")


@functools.cache
def _compiler() -> SchemaCompiler:
    """One compiler for every schema: what they share (common.schema.json) is compiled once."""
    return SchemaCompiler({SCHEMA_BASE + name: schema for name, schema in _schemas().items()})


@functools.cache
def _validator(schema_name: str) -> Draft202012Validator:
    """jsonschema, imported only when a document is invalid and must be explained."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    schemas = _schemas()
    registry: Registry[Any] = Registry().with_resources(
        (SCHEMA_BASE + name, Resource.from_contents(schema)) for name, schema in schemas.items()
    )
    return Draft202012Validator(schemas[schema_name], registry=registry)


def is_valid(data: Any, kind: str) -> bool:
    """The fast yes/no answer for one document of a kind."""
    return _fast_check(schema_for_kind(kind))(data)


def schema_for_kind(kind: str) -> str:
    return next(k.schema for k in FILE_KINDS if k.kind == kind)


def validate_document(document: SourceDocument, kind: str, system: str | None = None) -> list[Diagnostic]:
    """All schema diagnostics for one document of the given kind (replays: of the game's ``system``)."""
    schema_name = schema_for_replays(system) if kind == "replay" else schema_for_kind(kind)
    data = document.data
    if not isinstance(data, dict):
        return [
            error(
                codes.SCHEMA_TYPE,
                f"the file must hold a JSON object, not {_type_name(data)}",
                document.name,
                "",
                hint=f'start with {{"$schema": ".../{schema_name}", ...}}',
            )
        ]
    found = list(_schema_reference_problems(document, schema_for_kind(kind)))
    if _fast_check(schema_name)(data):
        return found
    return found + _explain(data, schema_name, document.name)


def _explain(data: Any, schema_name: str, file: str) -> list[Diagnostic]:
    """Why a document fails, explained on a copy cut to the schema's limits (see ``limits``)."""
    from compiler.schema.limits import cut_to_limits  # only a failing document needs it

    cut, cuts = cut_to_limits(data, _schemas()[schema_name], schema_name, _resolve, longest_string())
    found = [_over_limit(over, file) for over in cuts]
    for problem in _validator(schema_name).iter_errors(cut):
        found.extend(_translate(problem, file))
    return cap_repeats(found)


def _resolve(base: str, reference: str) -> tuple[Any, str]:
    document, _, fragment = reference.partition("#")
    name = document or base
    node: Any = _schemas()[name]
    for token in filter(None, fragment.split("/")):
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node, name


@functools.cache
def longest_string() -> int:
    """The largest maxLength of any schema: a longer string breaks whichever applies."""
    pending: list[Any] = list(_schemas().values())
    longest = 0
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            limit = node.get("maxLength")
            if isinstance(limit, int):
                longest = max(longest, limit)
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return longest


def _over_limit(over: Cut, file: str) -> Diagnostic:
    return error(
        codes.SCHEMA_SIZE,
        f"{_describe(over.pointer)}: must have at most {over.limit} {over.unit} "
        f"(it has {over.size}; those past the limit were not checked)",
        file,
        over.pointer,
    )


def _schema_reference_problems(document: SourceDocument, schema_name: str) -> Iterator[Diagnostic]:
    declared = document.data.get("$schema")
    if isinstance(declared, str) and not declared.replace("\\", "/").endswith(schema_name):
        yield error(
            codes.FILE_WRONG_SCHEMA,
            f"this file is read as {schema_name} but its $schema names '{declared}'",
            document.name,
            "/$schema",
            hint=f'set "$schema" to a path ending in {schema_name}',
        )


def _translate(problem: ValidationError, file: str) -> list[Diagnostic]:
    """The diagnostics for one jsonschema error: each keyword has its own small translator."""
    pointer = "".join(join_pointer("", token) for token in problem.absolute_path)
    keyword = str(problem.validator)
    if keyword in {"oneOf", "anyOf"} and problem.context:
        return _translate_choice(problem, file, pointer)
    if keyword == "additionalProperties":
        return _unknown_properties(problem, file, pointer)
    if keyword == "propertyNames" and not problem.context:
        keyword = "invalid"
    translate = _TRANSLATORS.get(keyword)
    if translate is None:
        translate = (
            _out_of_range
            if keyword in _RANGE_KEYWORDS
            else _wrong_size
            if keyword in _SIZE_KEYWORDS
            else _invalid
        )
    return [translate(problem, file, pointer, _describe(pointer))]


Translator = Callable[["ValidationError", str, str, str], Diagnostic]


def _required(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    missing = _quoted_name(problem.message)
    hint = _description_hint(problem.schema, missing)
    return error(codes.SCHEMA_REQUIRED, f"{where} needs the property '{missing}'", file, pointer, hint=hint)


def _wrong_type(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    expected = _expected_types(problem.validator_value)
    message = f"{where} must be {expected}, not {_type_name(problem.instance)}"
    return error(codes.SCHEMA_TYPE, message, file, pointer)


def _wrong_form(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    description = problem.schema.get("description", f"the form {problem.validator_value}")
    message = f"{where} '{_short(problem.instance)}' has the wrong form"
    return error(codes.SCHEMA_PATTERN, message, file, pointer, hint=description)


def _out_of_range(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    message = f"{where} is {_short(problem.instance)}: {_range_text(problem)}"
    description = problem.schema.get("description")  # what the range means, where the schema says
    return error(codes.SCHEMA_RANGE, message, file, pointer, hint=description)


def _wrong_size(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    return error(codes.SCHEMA_SIZE, f"{where}: {_size_text(problem)}", file, pointer)


def _bad_key(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    message = f"{where} has a key '{_short(problem.instance)}' that is not an id"
    hint = "keys here are ids: lower-case words joined by '-'"
    return error(codes.SCHEMA_PATTERN, message, file, pointer, hint=hint)


def _invalid(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    return error(codes.SCHEMA_INVALID, f"{where}: {problem.message}", file, pointer)


def _translate_choice(problem: ValidationError, file: str, pointer: str) -> list[Diagnostic]:
    """Explain a failed oneOf/anyOf through the alternative that came closest."""
    instance = problem.instance
    alternatives = problem.schema.get(str(problem.validator), [])
    kind_error = _kind_mismatch(instance, alternatives)
    if kind_error is not None:
        return [
            error(
                codes.SCHEMA_ENUM,
                f"{_describe(pointer)} has kind '{_short(instance.get('kind'))}'",
                file,
                pointer + "/kind",
                hint=kind_error,
            )
        ]
    types_only = all(
        str(sub.validator) in {"type", "enum", "const"} and not sub.relative_path
        for sub in problem.context or []
    )
    if types_only:
        return [
            error(
                codes.SCHEMA_TYPE,
                f"{_describe(pointer)} cannot be {_short(instance)} ({_type_name(instance)})",
                file,
                pointer,
                hint=_alternatives_hint(alternatives),
            )
        ]
    best = _closest_alternative(problem.context or [], _alternative_of_kind(instance, alternatives))
    if best is None:
        return [error(codes.SCHEMA_INVALID, f"{_describe(pointer)}: {problem.message}", file, pointer)]
    return _translate(best, file)


def _closest_alternative(errors: list[ValidationError], kind: int | None) -> ValidationError | None:
    """The error of the alternative the value came closest to. jsonschema's best_match prefers
    the error highest in the value, which is the alternative whose shape the value does not
    have: a retreat of 99 in an odds CRT was explained as "'combat' needs 'dice'" (the dice-pool
    alternative), a cost of -1 by class as "cannot be an object". The alternative of the value's
    kind, an error inside the value, or else one that is not about its type, fits the value."""
    from jsonschema.exceptions import best_match

    if kind is not None:
        errors = [e for e in errors if e.relative_schema_path and e.relative_schema_path[0] == kind] or errors
    inside = [e for e in errors if e.relative_path]
    fitting = [e for e in errors if e.validator != "type"]
    return best_match(inside or fitting or errors)


def _alternative_of_kind(instance: Any, alternatives: list[Any]) -> int | None:
    """The index of the alternative whose 'kind' constant the value names, if there is one."""
    if not isinstance(instance, dict) or not isinstance(instance.get("kind"), str):
        return None
    for index, alternative in enumerate(alternatives):
        target = _resolve_local(alternative)
        if target and target.get("properties", {}).get("kind", {}).get("const") == instance["kind"]:
            return index
    return None


def _kind_mismatch(instance: Any, alternatives: list[Any]) -> str | None:
    """When alternatives are told apart by a 'kind' constant, name the allowed kinds."""
    if not isinstance(instance, dict) or not isinstance(instance.get("kind"), str):
        return None
    kinds = []
    for alternative in alternatives:
        target = _resolve_local(alternative)
        kind = target.get("properties", {}).get("kind", {}).get("const") if target else None
        if kind is None:
            return None
        kinds.append(kind)
    if instance["kind"] in kinds:
        return None
    suggestion = did_you_mean(instance["kind"], kinds)
    return suggestion or "allowed kinds: " + ", ".join(kinds)


def _resolve_local(schema: Any) -> dict[str, Any] | None:
    if not isinstance(schema, dict):
        return None
    reference = schema.get("$ref")
    if not isinstance(reference, str) or not reference.startswith("#/$defs/"):
        return schema
    name = reference.removeprefix("#/$defs/")
    for document in _schemas().values():
        found = document.get("$defs", {}).get(name)
        if isinstance(found, dict) and found.get("properties", {}).get("kind"):
            return found
    return None


def _alternatives_hint(alternatives: list[Any]) -> str | None:
    words: list[str] = []
    for alternative in alternatives:
        if not isinstance(alternative, dict):
            continue
        if "type" in alternative:
            words.append(_expected_types(alternative["type"]))
        if "enum" in alternative:
            words.append(" or ".join(f"'{value}'" for value in alternative["enum"]))
        if "$ref" in alternative:
            words.append("an object as described in the schema")
    return "expected " + ", or ".join(dict.fromkeys(words)) if words else None


def _unknown_properties(problem: ValidationError, file: str, pointer: str) -> list[Diagnostic]:
    allowed = list(problem.schema.get("properties", {}))
    instance = problem.instance if isinstance(problem.instance, dict) else {}
    extras = [key for key in instance if key not in allowed]
    found = []
    for key in extras:
        hint = did_you_mean(key, allowed) or "allowed here: " + ", ".join(sorted(allowed))
        found.append(
            error(
                codes.SCHEMA_UNKNOWN_PROPERTY,
                f"{_describe(pointer)} has an unknown property '{shorten(key)}'",
                file,
                join_pointer(pointer, key),
                hint=hint,
            )
        )
    return found


def _not_allowed(problem: ValidationError, file: str, pointer: str, where: str) -> Diagnostic:
    allowed = problem.validator_value if str(problem.validator) == "enum" else [problem.validator_value]
    words = [str(value) for value in allowed]
    value = problem.instance
    hint = did_you_mean(str(value), words) if isinstance(value, str) else None
    return error(
        codes.SCHEMA_ENUM,
        f"{where} cannot be {_short(value)}",
        file,
        pointer,
        hint=hint or "allowed: " + ", ".join(f"'{word}'" for word in words),
    )


def _describe(pointer: str) -> str:
    if not pointer:
        return "the file"
    last = pointer.rsplit("/", 1)[-1]
    if last.isdigit():
        parent = pointer.rsplit("/", 2)[-2] if pointer.count("/") >= 2 else ""
        return f"item {int(last) + 1} of '{shorten(parent)}'" if parent else f"item {int(last) + 1}"
    return f"'{shorten(last)}'"


def _quoted_name(message: str) -> str:
    start = message.find("'")
    end = message.find("'", start + 1)
    return message[start + 1 : end] if 0 <= start < end else message


def _description_hint(schema: dict[str, Any], name: str) -> str | None:
    described = schema.get("properties", {}).get(name, {})
    description = described.get("description") if isinstance(described, dict) else None
    return description if isinstance(description, str) else None


def _expected_types(value: Any) -> str:
    names = {
        "object": "an object",
        "array": "a list",
        "string": "a string",
        "integer": "a whole number",
        "number": "a number",
        "boolean": "true or false",
        "null": "null",
    }
    if isinstance(value, list):
        return " or ".join(names.get(str(v), str(v)) for v in value)
    return names.get(str(value), str(value))


def _type_name(value: Any) -> str:
    return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return shorten(text)


def _range_text(problem: ValidationError) -> str:
    bound = problem.validator_value
    return {
        "minimum": f"the least allowed is {bound}",
        "maximum": f"the most allowed is {bound}",
        "exclusiveMinimum": f"it must be more than {bound}",
        "exclusiveMaximum": f"it must be less than {bound}",
        "multipleOf": f"it must be a multiple of {bound}",
    }[str(problem.validator)]


def _size_text(problem: ValidationError) -> str:
    bound = problem.validator_value
    return {
        "minLength": f"must have at least {bound} characters",
        "maxLength": f"must have at most {bound} characters",
        "minItems": f"must have at least {bound} items",
        "maxItems": f"must have at most {bound} items",
        "minProperties": f"must have at least {bound} properties",
        "maxProperties": f"must have at most {bound} properties",
        "uniqueItems": "must not repeat an item",
    }[str(problem.validator)]


# The translator of each jsonschema keyword (ranges and sizes are looked up by their keyword sets).
_TRANSLATORS: dict[str, Translator] = {
    "required": _required,
    "type": _wrong_type,
    "enum": _not_allowed,
    "const": _not_allowed,
    "pattern": _wrong_form,
    "propertyNames": _bad_key,
    "invalid": _invalid,
}
