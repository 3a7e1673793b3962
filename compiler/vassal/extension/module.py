"""The module of an imported game: the kept tree filled with the data, its pieces, its setups
written from the scenarios, and every file the game keeps, in a reproducible archive."""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from compiler.diagnostics import codes
from compiler.errors import BackEndError
from compiler.loading import limits
from compiler.loading.files import SourceFileError
from compiler.loading.folder import GameFolder
from compiler.steps import StepTimer, ignore_step, timed
from compiler.vassal.archive import zip_bytes
from compiler.vassal.extension.entries import bad_entry_names, build_file_name, setup_files
from compiler.vassal.extension.fill import TreeFiller, remove_references
from compiler.vassal.extension.format import wgc
from compiler.vassal.extension.pieces import PieceMaker
from compiler.vassal.extension.saves import SaveWriter
from compiler.vassal.inspection.xml import parse
from compiler.vassal.savefile import save_bytes
from rules_engine.definitions import ValidGame
from rules_engine.definitions.boards import Boards


def build_kept_module(definition: ValidGame, on_step: StepTimer = ignore_step) -> bytes:
    kept = definition.kept
    assert kept is not None
    try:
        root = parse(kept.template)
    except etree.XMLSyntaxError as exc:
        raise BackEndError(codes.VASSAL_EXTENSION, f"vassal/module.xml is not well-formed: {exc}") from None
    bad = next(bad_entry_names(root), None)
    if bad is not None:
        raise BackEndError(codes.VASSAL_EXTENSION, bad.message)
    entries: dict[str, bytes] = {}
    folder = GameFolder(Path(kept.root))
    with timed(on_step, "module: files"):
        for file in kept.files:
            try:
                entries[file.entry] = folder.read(file.path, limits.MAX_FILE_BYTES)
            except SourceFileError as exc:
                raise BackEndError(codes.VASSAL_EXTENSION, f"{file.path}: {exc.message}") from None
    maker = PieceMaker(definition)
    with timed(on_step, "module: pieces"):
        TreeFiller(definition, maker).fill(root)
        maker.use_prototypes(root)
    with timed(on_step, "module: setups"):
        entries.update(_setups(definition, root, maker))
    build_file = build_file_name(root)
    remove_references(root)
    entries[build_file] = (
        etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False) + b"\n"
    )
    if kept.moduledata is not None:
        entries["moduledata"] = _moduledata(kept.moduledata, definition.game.title)
    with timed(on_step, "module: archive"):
        return zip_bytes(entries)


def _setups(definition: ValidGame, root: etree._Element, maker: PieceMaker) -> dict[str, bytes]:
    kept = definition.kept
    assert kept is not None
    writer = SaveWriter(definition.boards or Boards(()), maker)
    scenarios = {s.id: s for s in definition.scenarios}
    found = {}
    for element, file in setup_files(root):
        scenario = scenarios.get(element.get(wgc("scenario")) or "")
        if scenario is None:
            continue
        commands = [c for c in writer.commands(scenario, kept.setups.get(scenario.id)) if c]
        found[file] = save_bytes(commands, definition.game.title, root.get("version", "1.0"))
    return found


NAME = re.compile(rb"<name>.*?</name>", re.DOTALL)


def _moduledata(data: bytes, title: str) -> bytes:
    """The module's own moduledata, with the game's title as its name."""
    escaped = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode("utf-8")
    return NAME.sub(lambda _: b"<name>" + escaped + b"</name>", data, count=1)
