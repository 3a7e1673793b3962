"""What `wgc import` prints: the module's findings, then what became data and what was kept.

Module text (names) comes from whoever made the module: control characters are shown escaped.
"""

from __future__ import annotations

from typing import Any

from compiler.importer.driver import ImportResult
from compiler.vassal.report import printable

LISTED = 40  # kinds listed one by one in each part; the rest are summed


def format_import(result: ImportResult) -> str:
    lines = []
    for diagnostic in result.diagnostics:
        lines.append(printable(f"  {diagnostic.severity} [{diagnostic.code}] {diagnostic.message}"))
    if result.folder is None:
        lines.append(f"{result.module}: nothing imported")
        return "\n".join(lines)
    tally = result.tally
    lines.insert(0, printable(f"{result.module}: imported into {result.folder}"))
    lines.append("became data:")
    lines += _counts(tally.became_data)
    lines.append("kept verbatim (vassal/ and the game's files):")
    lines += _counts(tally.only_kept)
    lines.append(
        f"items: {tally.items_data} data, {tally.items_kept} kept: {tally.share:.1%} data "
        "(components, traits of piece definitions, placed pieces)"
    )
    errors = sum(1 for d in result.diagnostics if d.is_error)
    lines.append("ok" if not errors else f"{errors} error(s) in the module (imported as VASSAL loads it)")
    return "\n".join(lines)


def _counts(counts: Any) -> list[str]:
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = [printable(f"  {kind}: {count}") for kind, count in ranked[:LISTED]]
    rest = ranked[LISTED:]
    if rest:
        lines.append(
            f"  ... {len(rest)} more kinds, {sum(n for _, n in rest)} in all (--format json lists them)"
        )
    return lines


def import_json(result: ImportResult) -> dict[str, Any]:
    return {
        "module": str(result.module),
        "folder": str(result.folder) if result.folder is not None else None,
        "ok": result.ok,
        "diagnostics": [d.to_json() for d in result.diagnostics],
        **result.tally.to_json(),
    }
