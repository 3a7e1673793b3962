"""The text form of a module inspection."""

from __future__ import annotations

from compiler.vassal.inspect import Inspection


def format_inspection(result: Inspection) -> str:
    lines = [
        f"{result.path}: module '{result.name}' version {result.version or '?'}, "
        f"written for VASSAL {result.vassal_version or '?'}"
    ]
    for finding in result.findings:
        where = f" ({finding.where})" if finding.where else ""
        lines.append(f"  {finding.severity}: {finding.message}{where}")
    for map_name, boards in result.maps.items():
        for board in boards:
            lines.append(
                f"map '{map_name}': board '{board.name}' {board.image} {board.width}x{board.height}, "
                f"grid: {board.grid}"
            )
    lines.append(f"piece slots: {result.piece_slots}")
    for setup in result.setups:
        off = [p.name for p in setup.pieces if not p.on_board]
        lines.append(
            f"setup '{setup.name}' ({setup.file}): {len(setup.pieces)} pieces"
            + (f", {len(off)} off the board" if off else "")
        )
        for location, names in setup.by_location().items():
            lines.append(f"  {location}: {', '.join(names)}")
    lines.append("ok" if result.ok else f"{sum(f.severity == 'error' for f in result.findings)} error(s)")
    return "\n".join(lines)
