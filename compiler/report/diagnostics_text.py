"""Diagnostics as text lines (editor-clickable) or as JSON.

Both quote the data, and the data may hold control characters (an escape
sequence that clears the screen, a bell, a bidirectional override). Text
output writes them as escapes (``printable``); JSON output writes them as
JSON escapes, so it parses to exactly the same strings (``json_text``).
Long values are shortened where messages are made, but a pointer holds the
key itself: text output shortens each of its parts, JSON keeps it whole.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, codes
from compiler.diagnostics.text import json_text, printable, shorten
from compiler.pipeline import GameReport


def format_diagnostic(diagnostic: Diagnostic, game_path: Path, colour: bool = False) -> str:
    place = printable(str(game_path / diagnostic.file) if diagnostic.file else str(game_path))
    if diagnostic.line is not None:
        place += f":{diagnostic.line}:{diagnostic.column}"
    severity = str(diagnostic.severity)
    if colour:
        import click

        severity = click.style(severity, fg="red" if diagnostic.is_error else "yellow", bold=True)
    pointer = f" at {_short_pointer(diagnostic.pointer)}" if diagnostic.pointer else ""
    text = f"{place}: {severity} [{diagnostic.code}]{pointer}: {printable(diagnostic.message)}"
    if diagnostic.hint:
        text += f"\n    hint: {printable(diagnostic.hint)}"
    return text


def _short_pointer(pointer: str) -> str:
    return printable("/".join(shorten(token) for token in pointer.split("/")))


def format_report(
    report: GameReport, show_warnings: bool = True, colour: bool = False, verbose: bool = False
) -> str:
    """Errors and warnings, one per line; reconstructed-value warnings are summed
    per file unless ``verbose``, so that new warnings do not drown among them."""
    lines: list[str] = []
    reconstructed: dict[str, int] = {}
    for diagnostic in report.diagnostics:
        if not diagnostic.is_error and not show_warnings:
            continue
        if diagnostic.code == codes.PROVENANCE_RECONSTRUCTED and not verbose:
            reconstructed[diagnostic.file] = reconstructed.get(diagnostic.file, 0) + 1
            continue
        lines.append(format_diagnostic(diagnostic, report.root, colour))
    for file, count in sorted(reconstructed.items()):
        lines.append(
            f"{printable(str(report.root / file))}: warning [{codes.PROVENANCE_RECONSTRUCTED}]: "
            f"{count} record(s) marked reconstructed (--verbose lists each)"
        )
    lines.append(f"{printable(report.name)}: {report.errors} error(s), {report.warnings} warning(s)")
    return "\n".join(lines)


def not_valid_message(report: GameReport, consequence: str) -> str:
    """Why a command will not use a game: the first error as `wgc validate` prints it, and how
    many there are. Every command that needs a valid game refuses with this, so "does not
    validate" always says what to fix first."""
    errors = [d for d in report.diagnostics if d.is_error]
    text = f"{printable(report.name)} does not validate, so {consequence}"
    if not errors:  # a report with no error is valid; kept total for a caller's mistake
        return text
    first = format_diagnostic(errors[0], report.root)
    if len(errors) == 1:
        return f"{text}; its error is\n  {first}"
    every = f"`wgc validate {printable(str(report.root))}` lists them all"
    return f"{text}; the first of its {len(errors)} errors is\n  {first}\n  ({every})"


def reports_json(reports: Sequence[GameReport]) -> str:
    payload: dict[str, Any] = {
        "ok": all(r.ok for r in reports),
        "games": [
            {
                "game": report.name,
                "path": str(report.root),
                "errors": report.errors,
                "warnings": report.warnings,
                "diagnostics": [d.to_json() for d in report.diagnostics],
            }
            for report in reports
        ],
    }
    return json_text(json.dumps(payload, indent=2, ensure_ascii=False))
