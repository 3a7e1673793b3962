"""Diagnostics as text lines (editor-clickable) or as JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, codes
from compiler.pipeline import GameReport


def format_diagnostic(diagnostic: Diagnostic, game_path: Path, colour: bool = False) -> str:
    place = str(game_path / diagnostic.file) if diagnostic.file else str(game_path)
    if diagnostic.line is not None:
        place += f":{diagnostic.line}:{diagnostic.column}"
    severity = str(diagnostic.severity)
    if colour:
        import click

        severity = click.style(severity, fg="red" if diagnostic.is_error else "yellow", bold=True)
    pointer = f" at {diagnostic.pointer}" if diagnostic.pointer else ""
    text = f"{place}: {severity} [{diagnostic.code}]{pointer}: {diagnostic.message}"
    if diagnostic.hint:
        text += f"\n    hint: {diagnostic.hint}"
    return text


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
            f"{report.root / file}: warning [{codes.PROVENANCE_RECONSTRUCTED}]: "
            f"{count} reconstructed value(s) (--verbose lists each)"
        )
    lines.append(f"{report.name}: {report.errors} error(s), {report.warnings} warning(s)")
    return "\n".join(lines)


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
    return json.dumps(payload, indent=2, ensure_ascii=False)
