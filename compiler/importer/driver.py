"""`wgc import MODULE.vmod -o GAME_DIR`: one driver for the steps, writing the folder at the end.

The steps, in order: inspect and open the module (source.py); copy its images out (they are
read as art); maps and boards (boards.py); sides; counters and cards (pieces.py); setups
(setups.py); game.json (game.py); the rest of the module's files; the kept tree
(template.py). Everything is written into a scratch folder beside GAME_DIR and renamed into
place at the end, so a failed import leaves nothing behind.
"""

from __future__ import annotations

import os
import secrets
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.errors import OutputError
from compiler.importer.boards import ImportedMap, import_boards
from compiler.importer.files import IMAGES, FileCopier, copy_images
from compiler.importer.game import game_json, read_sides
from compiler.importer.jsontext import dumps
from compiler.importer.limits import (
    ImportRefused,
    check_entry_count,
    check_file_count,
    check_files,
    check_texts,
)
from compiler.importer.pieces import ImportedPieces, import_pieces
from compiler.importer.setups import ImportedScenario, SetupImporter
from compiler.importer.source import ModuleSource, NotImported, open_source
from compiler.importer.tally import Tally
from compiler.importer.template import count_components, template_bytes
from compiler.javatext.sequence import decode
from compiler.loading import limits
from compiler.loading.art_reader import ArtReader
from compiler.model.boards import build_boards
from compiler.new_game import check_target, write_schemas
from compiler.vassal.extension.format import (
    DEFINITIONS,
    MODULEDATA,
    PIECES,
    SETUPS,
    TEMPLATE,
    SharedSaves,
    pieces_json,
    setup_json,
    wgc,
)
from compiler.vassal.inspection.archive import ModuleArchive
from compiler.vassal.inspection.findings import ERROR, WARNING, EntryProblem, Finding
from compiler.vassal.inspection.traits import KNOWN_TRAITS, type_prefix
from rules_engine.definitions.kept import KeptPieces

SCHEMA = "../schemas/{}.schema.json"


@dataclass
class ImportResult:
    module: Path
    folder: Path | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    written: list[Path] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.folder is not None and not any(d.is_error for d in self.diagnostics)


def import_module(module: Path, out: Path) -> ImportResult:
    """Import ``module`` into the new game folder ``out`` (UsageError if ``out`` holds files)."""
    check_target(out)
    result = ImportResult(module)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = out.parent / f".wgc-import-{secrets.token_hex(6)}"
        staging.mkdir()
    except OSError as exc:
        raise OutputError(f"cannot write into {out.parent}: {exc.strerror or exc}") from None
    try:
        texts = _import(module, staging, result)
        if texts is None:
            return result
        for relative, text in texts.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text)
        write_schemas(out.parent / "schemas")
        os.rename(staging, out)
    except OSError as exc:
        raise OutputError(f"cannot write the game folder {out}: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    result.folder = out
    result.written = [out / relative for relative in texts]
    return result


def _import(module: Path, staging: Path, result: ImportResult) -> dict[str, bytes] | None:
    """The folder's files, or None (with the reason in the diagnostics) when nothing is imported."""
    try:
        _check_entries(module)
        return _inspect_and_convert(module, staging, result)
    except ImportRefused as refused:
        result.diagnostics.append(
            error(codes.IMPORT_TOO_LARGE, f"nothing imported: {refused}", module.name, hint=LIMITS_HINT)
        )
        return None


LIMITS_HINT = "a game folder holds what `wgc build` reads (docs/diagnostics.md lists the limits)"


def _check_entries(module: Path) -> None:
    """Fail fast on a module of more files than a game folder may keep, before anything is read."""
    try:
        archive = ModuleArchive.open(module)
    except EntryProblem:
        return  # inspect says why it cannot be opened
    try:
        names = list(archive.names())
    finally:
        archive.close()
    check_entry_count(names, min(limits.MAX_SETUPS, sum(1 for n in names if n.endswith(".vsav"))))


def _inspect_and_convert(module: Path, staging: Path, result: ImportResult) -> dict[str, bytes] | None:
    """inspect the module while its images are copied out and read (in a second thread: both
    are long, and decoding images releases the interpreter's lock); then convert."""
    with ThreadPoolExecutor(1, thread_name_prefix="images") as pool:
        copying = pool.submit(copy_images, module, staging)
        try:
            source = open_source(module)
        except NotImported as failure:
            result.diagnostics += findings(failure.inspection.findings, module)
            result.diagnostics.append(
                error(codes.IMPORT_NOT_A_MODULE, f"nothing imported: {failure.reason}", module.name)
            )
            copier = copying.result()
            if copier is not None:
                copier.archive.close()
            return None
        copier = copying.result()
    result.diagnostics += findings(source.inspection.findings, module)
    try:
        return _convert(source, copier or FileCopier(source.archive, staging, []), result)
    finally:
        source.close()
        if copier is not None:
            copier.archive.close()


def _convert(source: ModuleSource, files: FileCopier, result: ImportResult) -> dict[str, bytes]:
    """Every step; the files to write, by path in the game folder (copied files are written already)."""
    tally = result.tally
    result.diagnostics += files.diagnostics  # what copying the images found; then one list
    files.diagnostics = result.diagnostics
    maps = import_boards(source, files, tally)
    boards = {"$schema": SCHEMA.format("boards"), "maps": [m.data for m in maps]}
    sides, side_ids = read_sides(source, tally)
    pieces = import_pieces(source, files, side_ids, tally)
    model = build_boards(boards, "boards.json", ArtReader(files.staging), [])
    scenarios = SetupImporter(source, maps, {m.id: m for m in model.maps}, pieces, tally).import_all()
    game = game_json(source, pieces, sides, tally)
    _count_pieces(pieces, tally)
    count_components(source.root, tally)
    if source.inspection.build_file != "buildFile.xml":  # an old module's tree: VASSAL reads it there
        source.root.set(wgc("file"), source.inspection.build_file)
    consumed = {source.inspection.build_file, "moduledata", *(s.file for s in scenarios)}
    check_file_count(sum(1 for n in source.archive.names() if n not in consumed and not n.endswith("/")))
    files.copy_all(source.root, consumed | set(files.written))
    check_files(files.sizes)
    tally.data("images", sum(1 for name in files.written if name.startswith(IMAGES)))
    tally.kept("other files", sum(1 for target in files.written.values() if target.startswith("vassal/")))
    return _texts(source, game, boards, maps, pieces, scenarios)


def _texts(
    source: ModuleSource,
    game: dict[str, Any],
    boards: dict[str, Any],
    maps: list[ImportedMap],
    pieces: ImportedPieces,
    scenarios: list[ImportedScenario],
) -> dict[str, bytes]:
    texts = {"game.json": _json(game), "boards.json": _json(boards)}
    counters = [piece.data for piece in pieces.counters]
    if counters:  # with boards.json, a game without counters may leave counters.json out
        texts["counters.json"] = _json({"$schema": SCHEMA.format("counters"), "counters": counters})
    decks = [deck for deck in pieces.decks if deck["cards"]]
    if decks:
        texts["cards.json"] = _json({"$schema": SCHEMA.format("cards"), "decks": decks})
    shared = SharedSaves()
    for scenario in scenarios:
        scenario.data["$schema"] = "../" + SCHEMA.format("scenario")
        texts[f"scenarios/{scenario.id}.json"] = _json(scenario.data)
        texts[f"{SETUPS}/{scenario.id}.json"] = _json(setup_json(scenario.kept, shared, scenario.groups))
    if shared.definitions or shared.states:
        texts[DEFINITIONS] = _json(shared.json())
    kept = KeptPieces(
        {p.key: p.kept for p in pieces.counters if p.kept is not None},
        {p.key: p.kept for p in pieces.cards if p.kept is not None},
    )
    texts[PIECES] = _json(pieces_json(kept))
    texts[TEMPLATE] = template_bytes(source.root)
    if source.moduledata is not None:
        texts[MODULEDATA] = source.moduledata
    check_texts(texts)
    return texts


def _json(data: Any) -> bytes:
    return dumps(data).encode("utf-8")


def _count_pieces(pieces: ImportedPieces, tally: Tally) -> None:
    """Each trait of each piece definition: data where a link gives it, kept otherwise."""
    for piece in [*pieces.counters, *pieces.cards]:
        if piece.kept is None:
            continue
        linked = piece.kept.links.positions
        for position, trait in enumerate(piece.kept.traits):
            tally.item(position in linked)
            if position in linked:
                continue
            prefix = type_prefix(trait)
            tally.kept(
                f"traits: {prefix}" if prefix in KNOWN_TRAITS or prefix == "piece;" else "unknown traits"
            )
            expressions = sum(
                1
                for value in decode(trait, ";")
                if value.strip().startswith("{") and value.strip().endswith("}")
            )
            tally.kept("BeanShell expressions", expressions)


def findings(found: list[Finding], module: Path) -> list[Diagnostic]:
    """inspect's errors and warnings about the module, as the import's diagnostics."""
    diagnostics = []
    for finding in found:
        where = f" ({finding.where})" if finding.where else ""
        message = f"[{finding.code}] {finding.message}{where}"
        if finding.severity == ERROR:
            diagnostics.append(error(codes.IMPORT_MODULE_FINDING, message, module.name))
        elif finding.severity == WARNING:
            diagnostics.append(warning(codes.IMPORT_MODULE_FINDING, message, module.name))
    return diagnostics
