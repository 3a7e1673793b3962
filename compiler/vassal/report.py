"""The text form of a module inspection.

Module text (names, file names) comes from whoever made the module: control characters are
shown escaped so that none reaches the terminal. Large modules place thousands of pieces, so a
setup lists at most LOCATIONS_SHOWN locations here; `--format json` has every piece.
"""

from __future__ import annotations

import re

from compiler.vassal.inspect import Inspection
from compiler.vassal.inspection.findings import CODES, ERROR, WARNING
from compiler.vassal.inspection.model import SetupSummary

LOCATIONS_SHOWN = 60
NAMES_SHOWN = 12
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def format_inspection(result: Inspection) -> str:
    lines = [
        printable(
            f"{result.path}: module '{result.name}' version {result.version or '?'}, "
            f"{_declared(result.vassal_version)}; checked the way VASSAL 3.7 loads it"
        )
    ]
    for finding in result.findings:
        where = f" ({finding.where})" if finding.where else ""
        lines.append(printable(f"  {finding.severity} [{finding.code}]: {finding.message}{where}"))
    for code, count in result.unlisted().items():
        lines.append(f"  ... and {count} more [{code}] (--format json counts them all)")
    for map_name, boards in result.maps.items():
        for board in boards:
            lines.append(
                printable(
                    f"map '{map_name}': board '{board.name}' {board.image} {board.width}x{board.height}, "
                    f"grid: {board.grid}"
                )
            )
    lines.append(f"piece slots: {result.piece_slots}")
    for setup in result.setups:
        lines.extend(_setup_lines(setup))
    errors = _count(result, ERROR)
    warnings = _count(result, WARNING)
    lines.append(
        "ok" if result.ok else f"{errors} error(s)" + (f", {warnings} warning(s)" if warnings else "")
    )
    return "\n".join(lines)


def _declared(vassal_version: str) -> str:
    """What the module's VassalVersion means: the VASSAL that saved it, and so the oldest that
    opens it (VASSAL refuses a module whose major.minor is newer than its own)."""
    minor = ".".join(vassal_version.split(".")[:2])
    if not re.fullmatch(r"\d+\.\d+", minor):
        return f"saved by VASSAL {vassal_version or '?'}"
    return f"saved by VASSAL {vassal_version} (opens in VASSAL {minor} and later)"


def _count(result: Inspection, severity: str) -> int:
    return sum(n for code, n in result.counts.items() if CODES[code][0] == severity)


def _setup_lines(setup: SetupSummary) -> list[str]:
    off = sum(1 for p in setup.pieces if p.map is not None and not p.on_board and p.location == "offboard")
    nowhere = sum(1 for p in setup.pieces if p.map is None)
    notes = (f", {off} off the board" if off else "") + (f", {nowhere} on no map" if nowhere else "")
    lines = [
        printable(f"setup '{setup.name}' ({setup.file or 'no file'}): {len(setup.pieces)} pieces{notes}")
    ]
    locations = list(setup.by_location().items())
    for location, found in locations[:LOCATIONS_SHOWN]:
        names = [name or "(no name)" for name in found]
        shown = ", ".join(names[:NAMES_SHOWN]) + (
            f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else ""
        )
        lines.append(printable(f"  {location}: {shown}"))
    if len(locations) > LOCATIONS_SHOWN:
        lines.append(
            f"  ... and {len(locations) - LOCATIONS_SHOWN} more locations (--format json lists every piece)"
        )
    return lines
