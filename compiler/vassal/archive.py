"""ZIP archives that are the same bytes for the same content.

Entries are sorted, dated 1980-01-01 (the earliest date ZIP stores), deflated
at a fixed level, and carry fixed permissions, so a rebuilt module differs from
the previous one only when its content does. PNG images are stored as they are:
their data is deflated already, and deflating it again costs time for nothing.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping

from compiler.vassal.entries import entry_name_problem

FIXED_DATE = (1980, 1, 1, 0, 0, 0)
STORED = (".png",)  # already compressed


def zip_bytes(entries: Mapping[str, bytes]) -> bytes:
    """The archive; ValueError if a name breaks the one rule for entry names (a writer must
    have refused it with a diagnostic before: this is the last guard)."""
    for name in entries:
        problem = entry_name_problem(name)
        if problem is not None:
            raise ValueError(f"archive entry {name[:200]!r}: {problem}")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED) else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, entries[name], compresslevel=6)
    return buffer.getvalue()
