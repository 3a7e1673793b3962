"""A compiled yes/no validator for the JSON Schema keywords our schemas use.

jsonschema explains errors well but is slow for valid documents (most of its
time goes to resolving $ref at every step). Valid files are the common case,
so each schema is compiled once into nested Python closures that only answer
"valid or not"; jsonschema runs only for documents that fail, to say why. The
closures are the hot path of `wgc validate`: each object or list is looked at by
one closure that loops over its members (no generator per value), and a `$ref`
leads straight to the compiled target.

The compiler accepts exactly the keywords listed in _KEYWORDS and refuses any
other, so a schema can never silently lose a rule. A property test compares
this validator with jsonschema on random documents (tests/test_schema_fast.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "title", "description", "$defs", "$comment", "examples", "default"}
_KEYWORDS = {
    "type",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "enum",
    "const",
    "pattern",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "oneOf",
    "anyOf",
    "allOf",
    "if",
    "then",
    "else",
    "not",
    "propertyNames",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "$ref",
}


class UnsupportedSchema(ValueError):
    """The schema uses a keyword this compiler does not implement."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": _is_integer,
}


def _json_equal(a: Any, b: Any) -> bool:
    """JSON equality: true and 1 differ, 1 and 1.0 do not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b, strict=True))
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    return type(a) is type(b) and bool(a == b)


class SchemaCompiler:
    """Compiles schemas that refer to each other by absolute $id."""

    def __init__(self, documents: Mapping[str, Mapping[str, Any]]) -> None:
        self._documents = documents
        self._compiled: dict[str, Check] = {}

    def compile_document(self, uri: str) -> Check:
        return self._compile_ref(uri)

    def _resolve(self, uri: str) -> Any:
        base, _, fragment = uri.partition("#")
        node: Any = self._documents[base]
        for token in filter(None, fragment.split("/")):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        return node

    def _compile_ref(self, uri: str) -> Check:
        compiled = self._compiled.get(uri)
        if compiled is None:
            # a schema that refers to itself meanwhile gets a check that looks it up when run
            self._compiled[uri] = lambda value: self._compiled[uri](value)
            base = uri.partition("#")[0]
            compiled = self._compiled[uri] = self._compile(self._resolve(uri), base)
        return compiled

    def _compile(self, schema: Any, base: str) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        unknown = set(schema) - _KEYWORDS - _ANNOTATIONS
        if unknown:
            raise UnsupportedSchema(f"keywords not supported: {sorted(unknown)}")
        checks: list[Check] = []
        if "$ref" in schema:
            reference = schema["$ref"]
            target = base + reference if reference.startswith("#") else _join(base, reference)
            checks.append(self._compile_ref(target))
        if "type" in schema:
            checks.append(_type_check(schema["type"]))
        if "enum" in schema:
            allowed = schema["enum"]
            checks.append(lambda v: any(_json_equal(v, a) for a in allowed))
        if "const" in schema:
            constant = schema["const"]
            checks.append(lambda v: _json_equal(v, constant))
        checks.extend(self._string_checks(schema))
        checks.extend(_number_checks(schema))
        checks.extend(self._array_checks(schema, base))
        checks.extend(self._object_checks(schema, base))
        checks.extend(self._combinators(schema, base))
        return _all_of(checks)

    def _string_checks(self, schema: Mapping[str, Any]) -> list[Check]:
        """Lengths first: ``all`` stops there, so no pattern runs over an over-long string."""
        found: list[Check] = []
        if "minLength" in schema:
            low = schema["minLength"]
            found.append(lambda v: not isinstance(v, str) or len(v) >= low)
        if "maxLength" in schema:
            high = schema["maxLength"]
            found.append(lambda v: not isinstance(v, str) or len(v) <= high)
        if "pattern" in schema:
            search = re.compile(schema["pattern"]).search
            found.append(lambda v: not isinstance(v, str) or search(v) is not None)
        return found

    def _array_checks(self, schema: Mapping[str, Any], base: str) -> list[Check]:
        """Sizes first: a list far over its maxItems is refused without a look at its items."""
        found: list[Check] = []
        if "minItems" in schema:
            low = schema["minItems"]
            found.append(lambda v: not isinstance(v, list) or len(v) >= low)
        if "maxItems" in schema:
            high = schema["maxItems"]
            found.append(lambda v: not isinstance(v, list) or len(v) <= high)
        if schema.get("uniqueItems"):
            found.append(lambda v: not isinstance(v, list) or _unique(v))
        if "items" in schema:
            found.append(_each_item(self._compile(schema["items"], base)))
        return found

    def _object_checks(self, schema: Mapping[str, Any], base: str) -> list[Check]:
        found: list[Check] = []
        if "minProperties" in schema:
            low = schema["minProperties"]
            found.append(lambda v: not isinstance(v, dict) or len(v) >= low)
        if "maxProperties" in schema:
            high = schema["maxProperties"]
            found.append(lambda v: not isinstance(v, dict) or len(v) <= high)
        if "required" in schema:
            required = list(schema["required"])
            found.append(lambda v: not isinstance(v, dict) or all(name in v for name in required))
        properties = {name: self._compile(sub, base) for name, sub in schema.get("properties", {}).items()}
        extra = None
        if "additionalProperties" in schema:
            extra = self._compile(schema["additionalProperties"], base)
        if properties or extra is not None:
            found.append(_each_property(properties, extra))
        if "propertyNames" in schema:
            names = self._compile(schema["propertyNames"], base)
            found.append(lambda v: not isinstance(v, dict) or all(names(name) for name in v))
        return found

    def _combinators(self, schema: Mapping[str, Any], base: str) -> list[Check]:
        found: list[Check] = []
        if "allOf" in schema:
            parts = [self._compile(sub, base) for sub in schema["allOf"]]
            found.append(lambda v: all(part(v) for part in parts))
        if "anyOf" in schema:
            options = [self._compile(sub, base) for sub in schema["anyOf"]]
            found.append(lambda v: any(option(v) for option in options))
        if "oneOf" in schema:
            choices = [self._compile(sub, base) for sub in schema["oneOf"]]
            found.append(lambda v: sum(1 for choice in choices if choice(v)) == 1)
        if "not" in schema:
            negated = self._compile(schema["not"], base)
            found.append(lambda v: not negated(v))
        if "if" in schema:
            condition = self._compile(schema["if"], base)
            then = self._compile(schema.get("then", True), base)
            otherwise = self._compile(schema.get("else", True), base)
            found.append(lambda v: then(v) if condition(v) else otherwise(v))
        return found


def _all_of(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def check(value: Any) -> bool:
        for part in checks:  # noqa: SIM110 (a loop, not all(...): no generator made per value)
            if not part(value):
                return False
        return True

    return check


def _each_item(item: Check) -> Check:
    def check(value: Any) -> bool:
        if isinstance(value, list):
            for member in value:
                if not item(member):
                    return False
        return True

    return check


def _each_property(properties: dict[str, Check], extra: Check | None) -> Check:
    """``properties`` for the names it lists, ``additionalProperties`` (if any) for the others."""

    def check(value: Any) -> bool:
        if isinstance(value, dict):
            for name, member in value.items():
                own = properties.get(name, extra)
                if own is not None and not own(member):
                    return False
        return True

    return check


def _join(base: str, reference: str) -> str:
    folder = base.rsplit("/", 1)[0]
    document, _, fragment = reference.partition("#")
    return f"{folder}/{document}#{fragment}"


def _type_check(expected: str | list[str]) -> Check:
    if isinstance(expected, list):
        checks = [_TYPES[name] for name in expected]
        return lambda v: any(check(v) for check in checks)
    return _TYPES[expected]


_BOUNDS: dict[str, Callable[[float, float], bool]] = {
    "minimum": lambda v, b: v >= b,
    "maximum": lambda v, b: v <= b,
    "exclusiveMinimum": lambda v, b: v > b,
    "exclusiveMaximum": lambda v, b: v < b,
}


def _bound_check(holds: Callable[[float, float], bool], bound: float) -> Check:
    return lambda v: not _is_number(v) or holds(v, bound)


def _number_checks(schema: Mapping[str, Any]) -> list[Check]:
    found: list[Check] = []
    for keyword, holds in _BOUNDS.items():
        if keyword in schema:
            found.append(_bound_check(holds, schema[keyword]))
    if "multipleOf" in schema:
        step = schema["multipleOf"]
        found.append(lambda v: not _is_number(v) or _is_multiple(v, step))
    return found


def _is_multiple(value: float, step: int | float) -> bool:
    """Mirrors jsonschema: float steps compare the quotient with its integer part."""
    if isinstance(step, int):
        return not value % step
    quotient = value / step
    try:
        return int(quotient) == quotient
    except OverflowError:  # fractions (and decimal) only for this rare case: not on every run
        from fractions import Fraction

        return (Fraction(value) / Fraction(step)).denominator == 1


def _unique(values: list[Any]) -> bool:
    return all(
        not _json_equal(values[i], values[j]) for i in range(len(values)) for j in range(i + 1, len(values))
    )
