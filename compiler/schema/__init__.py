"""JSON Schema validation of source documents, translated into diagnostics."""

from compiler.schema.validation import schema_for_kind, schema_names, validate_document

__all__ = ["schema_for_kind", "schema_names", "validate_document"]
