"""Diagnostics: what every stage reports, with stable codes and hints."""

from compiler.diagnostics import codes
from compiler.diagnostics.diagnostic import Diagnostic, Severity, error, warning
from compiler.diagnostics.hints import closest, did_you_mean

__all__ = ["Diagnostic", "Severity", "closest", "codes", "did_you_mean", "error", "warning"]
