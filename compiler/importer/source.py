"""The module being imported: `wgc inspect`'s reading of it, its archive and its component tree.

Import reads a module the way inspect does (inspect_module: the same archive limits, the same
decoding, setups started as VASSAL starts them) and then opens the archive once more to copy
its files out; nothing here reads the module another way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from compiler.importer.saved import SetupKeeper
from compiler.vassal.inspect import inspect_module
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.inspection.traits import PieceKind, PieceReader
from compiler.vassal.inspection.xml import parse

PROTOTYPE_TAG = "VASSAL.build.module.PrototypeDefinition"


@dataclass
class ModuleSource:
    """An open module: its archive, its component tree (changed in place into the template),
    inspect's findings and setups, and piece definitions decoded once each."""

    path: Path
    archive: ModuleArchive
    root: etree._Element
    inspection: Inspection
    moduledata: bytes | None
    reader: PieceReader = field(default_factory=PieceReader)
    prototypes: dict[str, str] = field(default_factory=dict)

    def close(self) -> None:
        self.archive.close()

    def kind(self, definition: str) -> tuple[PieceKind, list[str]] | None:
        """The piece an AddPiece text defines, or None when it does not decode."""
        try:
            _, kind, states = self.reader.add_piece(definition)
        except ValueError:
            return None
        return kind, states


class NotImported(Exception):
    """The module cannot be imported at all; inspect's findings say why."""

    def __init__(self, inspection: Inspection, reason: str) -> None:
        super().__init__(reason)
        self.inspection = inspection
        self.reason = reason


def open_source(path: Path) -> ModuleSource:
    """inspect the module, then open it for import; NotImported when there is no tree to read."""
    inspection = inspect_module(path, SetupKeeper())
    if not inspection.build_file:
        raise NotImported(inspection, "inspect found no component tree it could read (its findings say why)")
    try:
        archive = ModuleArchive.open(path)
    except EntryProblem as problem:
        raise NotImported(inspection, problem.message) from None
    try:
        root = parse(archive.read(inspection.build_file, limits.XML_ENTRY))
        moduledata = archive.read("moduledata", limits.XML_ENTRY) if archive.has("moduledata") else None
    except (EntryProblem, etree.XMLSyntaxError) as exc:
        archive.close()
        raise NotImported(inspection, str(exc)) from None
    source = ModuleSource(path, archive, root, inspection, moduledata)
    for element in root.iter(PROTOTYPE_TAG):
        source.prototypes.setdefault(element.get("name", ""), (element.text or "").strip())
    return source
