"""The module of an imported game: the kept tree filled with the data, its pieces, its setups
written from the scenarios, and every file the game keeps, in a reproducible archive."""

from __future__ import annotations

import re

from lxml import etree

from compiler.diagnostics import codes
from compiler.errors import BackEndError
from compiler.loading.files import SourceFileError, read_bounded
from compiler.steps import StepTimer, ignore_step, timed
from compiler.vassal.archive import zip_bytes
from compiler.vassal.extension.fill import TreeFiller, remove_references
from compiler.vassal.extension.format import wgc
from compiler.vassal.extension.pieces import PieceMaker
from compiler.vassal.extension.reading import MAX_FILE_BYTES
from compiler.vassal.extension.saves import SaveWriter
from compiler.vassal.inspection.xml import parse
from compiler.vassal.savefile import save_bytes
from rules_engine.definitions import ValidGame
from rules_engine.definitions.boards import Boards

SETUP_TAG = "VASSAL.build.module.PredefinedSetup"


def build_kept_module(definition: ValidGame, on_step: StepTimer = ignore_step) -> bytes:
    kept = definition.kept
    assert kept is not None
    try:
        root = parse(kept.template)
    except etree.XMLSyntaxError as exc:
        raise BackEndError(codes.VASSAL_EXTENSION, f"vassal/module.xml is not well-formed: {exc}") from None
    entries: dict[str, bytes] = {}
    with timed(on_step, "module: files"):
        for file in kept.files:
            try:
                entries[file.entry] = read_bounded_file(file.path)
            except SourceFileError as exc:
                raise BackEndError(codes.VASSAL_EXTENSION, f"{file.path}: {exc.message}") from None
    maker = PieceMaker(definition)
    with timed(on_step, "module: pieces"):
        TreeFiller(definition, maker).fill(root)
        maker.use_prototypes(root)
    with timed(on_step, "module: setups"):
        entries.update(_setups(definition, root, maker))
    build_file = root.get(wgc("file")) or "buildFile.xml"
    remove_references(root)
    entries[build_file] = (
        etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False) + b"\n"
    )
    if kept.moduledata is not None:
        entries["moduledata"] = _moduledata(kept.moduledata, definition.game.title)
    with timed(on_step, "module: archive"):
        return zip_bytes(entries)


def read_bounded_file(path: str) -> bytes:
    from pathlib import Path

    return read_bounded(Path(path), MAX_FILE_BYTES)


def _setups(definition: ValidGame, root: etree._Element, maker: PieceMaker) -> dict[str, bytes]:
    kept = definition.kept
    assert kept is not None
    writer = SaveWriter(definition.boards or Boards(()), maker)
    scenarios = {s.id: s for s in definition.scenarios}
    found = {}
    for element in root.iter(SETUP_TAG):
        scenario = scenarios.get(element.get(wgc("scenario")) or "")
        file = element.get("file") or ""
        if scenario is None or not file:
            continue
        commands = [c for c in writer.commands(scenario, kept.setups.get(scenario.id)) if c]
        found[file] = save_bytes(commands, definition.game.title, root.get("version", "1.0"))
    return found


NAME = re.compile(rb"<name>.*?</name>", re.DOTALL)


def _moduledata(data: bytes, title: str) -> bytes:
    """The module's own moduledata, with the game's title as its name."""
    escaped = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode("utf-8")
    return NAME.sub(lambda _: b"<name>" + escaped + b"</name>", data, count=1)
