"""Build typed game definitions (rules_engine.definitions) from valid JSON."""

from compiler.model.build import build_definition

__all__ = ["build_definition"]
