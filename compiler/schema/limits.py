"""Cut a failing document down to what its schema allows before it is explained.

jsonschema checks every item of a list, even one far past its ``maxItems``: a
counters.json with 50,000 counters (the limit is 2,000) took half a minute to
explain and a replay with 100,000 steps printed 100,001 errors. Here each list
and object over its ``maxItems`` or ``maxProperties`` is reported once and cut to
the limit, and every string or key longer than any schema allows is cut to one
character past that length (so it still breaks its ``maxLength``, and no pattern
runs over megabytes). jsonschema then explains the cut copy; the original
document is never changed.

Only the parts of a schema that apply for certain are followed (``$ref``,
``allOf``, ``properties``, ``additionalProperties``, ``items``); a list inside a
``oneOf`` alternative is not cut, as the alternative may not be the one meant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.loading.positions import join_pointer

Resolver = Callable[[str, str], tuple[Any, str]]
_MAX_REFERENCE_HOPS = 32


@dataclass(frozen=True)
class Cut:
    """A list or object that holds more than its schema allows."""

    pointer: str
    limit: int
    size: int
    unit: str


@dataclass
class _Cutter:
    resolve: Resolver
    longest_string: int
    cuts: list[Cut] = field(default_factory=list)

    def value(self, value: Any, schemas: list[tuple[Any, str]], pointer: str) -> Any:
        if isinstance(value, str):
            return value if len(value) <= self.longest_string else value[: self.longest_string + 1]
        if isinstance(value, list):
            return self._list(value, schemas, pointer)
        if isinstance(value, dict):
            return self._object(value, schemas, pointer)
        return value

    def _list(self, value: list[Any], schemas: list[tuple[Any, str]], pointer: str) -> list[Any]:
        limit = _least(node.get("maxItems") for node, _ in schemas)
        if limit is not None and len(value) > limit:
            self.cuts.append(Cut(pointer, limit, len(value), "items"))
            value = value[:limit]
        items = [(node["items"], base) for node, base in schemas if isinstance(node.get("items"), dict)]
        below = self.expand(items)
        cut = [self.value(item, below, join_pointer(pointer, index)) for index, item in enumerate(value)]
        return value if all(a is b for a, b in zip(cut, value, strict=True)) else cut

    def _object(self, value: dict[str, Any], schemas: list[tuple[Any, str]], pointer: str) -> dict[str, Any]:
        limit = _least(node.get("maxProperties") for node, _ in schemas)
        keys = list(value)
        if limit is not None and len(keys) > limit:
            self.cuts.append(Cut(pointer, limit, len(keys), "properties"))
            keys = keys[:limit]
        result: dict[str, Any] = {}
        changed = len(keys) != len(value)
        for key in keys:
            below = self.expand(list(_property_schemas(schemas, key)))
            child = self.value(value[key], below, join_pointer(pointer, key))
            name = key if len(key) <= self.longest_string else key[: self.longest_string + 1]
            changed = changed or child is not value[key] or name != key
            result[name] = child
        return result if changed else value

    def expand(self, schemas: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
        """The schemas that apply for certain: each one, what its $ref names, its allOf parts."""
        found: list[tuple[Any, str]] = []
        pending = [(schema, base, 0) for schema, base in schemas]
        while pending:
            schema, base, hops = pending.pop()
            if not isinstance(schema, Mapping) or hops > _MAX_REFERENCE_HOPS:
                continue
            found.append((schema, base))
            reference = schema.get("$ref")
            if isinstance(reference, str):
                target, target_base = self.resolve(base, reference)
                pending.append((target, target_base, hops + 1))
            pending.extend((part, base, hops + 1) for part in schema.get("allOf", ()))
        return found


def cut_to_limits(
    data: Any, schema: Any, base: str, resolve: Resolver, longest_string: int
) -> tuple[Any, list[Cut]]:
    """A copy of ``data`` within the limits of ``schema`` (parts that fit are shared, not copied)."""
    cutter = _Cutter(resolve, longest_string)
    cut = cutter.value(data, cutter.expand([(schema, base)]), "")
    return cut, cutter.cuts


def _property_schemas(schemas: list[tuple[Any, str]], key: str) -> Iterator[tuple[Any, str]]:
    for node, base in schemas:
        properties = node.get("properties")
        if isinstance(properties, Mapping) and key in properties:
            yield properties[key], base
        elif isinstance(node.get("additionalProperties"), Mapping):
            yield node["additionalProperties"], base


def _least(limits: Iterator[Any]) -> int | None:
    numbers = [limit for limit in limits if isinstance(limit, int) and not isinstance(limit, bool)]
    return min(numbers) if numbers else None
