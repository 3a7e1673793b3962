"""The compiled fast validator agrees with jsonschema on valid and invalid documents."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from compiler.schema.fast import SchemaCompiler, UnsupportedSchema
from compiler.schema.validation import SCHEMA_BASE, _schemas, is_valid, schema_for_kind

from .conftest import SOURCE_DATA
from .mutations import mutated

DOCUMENTS = {
    "game": "game.json",
    "map": "map.json",
    "terrain": "terrain.json",
    "counters": "counters.json",
    "charts": "charts.json",
    "scenario": "scenarios/onslaught.json",
}
ORIGINALS = {
    kind: json.loads((SOURCE_DATA / "israel1948" / name).read_text()) for kind, name in DOCUMENTS.items()
}


def _reference(kind: str) -> Draft202012Validator:
    schemas = _schemas()
    registry: Registry[Any] = Registry().with_resources(
        (SCHEMA_BASE + name, Resource.from_contents(schema)) for name, schema in schemas.items()
    )
    return Draft202012Validator(schemas[schema_for_kind(kind)], registry=registry)


REFERENCES = {kind: _reference(kind) for kind in DOCUMENTS}


@settings(max_examples=300, deadline=None)
@given(data=st.data(), kind=st.sampled_from(sorted(DOCUMENTS)))
def test_fast_validator_agrees_with_jsonschema(data: st.DataObject, kind: str) -> None:
    document = data.draw(mutated(ORIGINALS[kind], max_changes=2))
    assert is_valid(document, kind) == REFERENCES[kind].is_valid(document)


@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_shipped_documents_are_valid_both_ways(kind: str) -> None:
    assert is_valid(ORIGINALS[kind], kind)
    assert REFERENCES[kind].is_valid(ORIGINALS[kind])


def test_unknown_keywords_are_refused() -> None:
    compiler = SchemaCompiler({"https://x/s.json": {"type": "object", "patternProperties": {}}})
    with pytest.raises(UnsupportedSchema):
        compiler.compile_document("https://x/s.json#")


@pytest.mark.parametrize(
    "value, valid", [(1, True), (1.0, True), (True, False), (0.5, True), (0.25, False), ("1", False)]
)
def test_number_rules_follow_json_schema(value: object, valid: bool) -> None:
    compiler = SchemaCompiler({"https://x/s.json": {"type": "number", "multipleOf": 0.5}})
    assert compiler.compile_document("https://x/s.json#")(value) is valid
