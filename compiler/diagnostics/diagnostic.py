"""The one shape every stage reports in.

A diagnostic points a designer at a place in a source file. Stages create them
with a file and a JSON pointer only; line and column are filled in at the end
by the loader that still has the text (see ``compiler.loading``), so a check
never needs to know about text positions.

Messages and hints are bounded in length where they are made (see ``text``):
whatever value a stage quotes, a diagnostic stays one readable line.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from compiler.diagnostics.text import bounded


class Severity(enum.Enum):
    """How bad a finding is: errors stop a build, warnings are counted and shown."""

    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding about one place in a game's source data."""

    severity: Severity
    code: str
    message: str
    file: str = ""
    pointer: str = ""
    hint: str | None = None
    line: int | None = None
    column: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def located(self, line: int | None, column: int | None) -> Diagnostic:
        return replace(self, line=line, column=column)

    def sort_key(self) -> tuple[str, int, int, str, str]:
        """Order by file, then position in it, then code: stable across runs."""
        return (self.file, self.line or 0, self.column or 0, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "file": self.file,
            "pointer": self.pointer,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "hint": self.hint,
        }


def make(
    severity: Severity, code: str, message: str, file: str = "", pointer: str = "", hint: str | None = None
) -> Diagnostic:
    """The one way stages make a diagnostic, so no message escapes the length bound."""
    shown_hint = None if hint is None else bounded(hint)
    return Diagnostic(severity, code, bounded(message), file, pointer, shown_hint)


def error(code: str, message: str, file: str = "", pointer: str = "", hint: str | None = None) -> Diagnostic:
    return make(Severity.ERROR, code, message, file, pointer, hint)


def warning(
    code: str, message: str, file: str = "", pointer: str = "", hint: str | None = None
) -> Diagnostic:
    return make(Severity.WARNING, code, message, file, pointer, hint)
