#!/usr/bin/env python3
"""Zip a module's repository (a folder of its files) into a .vmod, as the benches use them.

Public modules live in repositories as their unzipped files. A stored snapshot may lack the
largest files (the store keeps none of 4 MiB or more): ``--stand-in NAME=WIDTHxHEIGHT`` writes a
plain image of that size in their place, so every board keeps its size. Entries are sorted,
deflated and dated 1980, so the same folder always gives the same bytes.

    .venv/bin/python bench/zip_module.py FOLDER OUT.vmod [--stand-in images/map.jpg=5100x4200]

Paths of Glory, as bench/budget.py and docs/performance.md measure it: the Cattlesquat/PathsOfGlory
repository with ``--stand-in images/map_classic_vassal.jpg=5100x4200`` (the size of its deluxe map).
"""

from __future__ import annotations

import argparse
import io
import zipfile
from pathlib import Path

from PIL import Image


def stand_in(name: str, size: str) -> bytes:
    """A plain image of ``size`` ("WIDTHxHEIGHT") in the format the name's suffix says."""
    width, height = (int(n) for n in size.lower().split("x"))
    out = io.BytesIO()
    kind = "JPEG" if name.lower().endswith((".jpg", ".jpeg")) else "PNG"
    Image.new("RGB", (width, height), (200, 190, 170)).save(out, kind)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--stand-in", action="append", default=[], metavar="NAME=WIDTHxHEIGHT")
    arguments = parser.parse_args()
    entries = {
        p.relative_to(arguments.folder).as_posix(): p.read_bytes()
        for p in arguments.folder.rglob("*")
        if p.is_file() and ".git" not in p.relative_to(arguments.folder).parts
    }
    for item in arguments.stand_in:
        name, _, size = item.partition("=")
        entries.setdefault(name, stand_in(name, size))
    with zipfile.ZipFile(arguments.out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            archive.writestr(
                zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), entries[name], zipfile.ZIP_DEFLATED
            )
    print(f"{arguments.out}: {len(entries)} entries")


if __name__ == "__main__":
    main()
