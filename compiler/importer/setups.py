"""Predefined setups into scenarios: every piece of a saved game at the location name VASSAL
gives it, and the rest of the save kept in order.

inspect has started each setup as VASSAL starts it (compiler/vassal/inspection/games.py), so
each piece's map, point and location name are VASSAL's. A piece becomes a scenario piece when
its palette slot is known (the gpid its BasicPiece keeps, as VASSAL's Game Refresher matches
it) and it lies on a map; the data's own geometry must then name its point as inspect does,
or the piece is kept as it is. A piece whose definition is older than its slot's keeps that
definition (the save plays it so); every other command (global properties, the turn, chat,
a module's own commands) is kept verbatim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.importer.boards import ImportedMap, parse_layout
from compiler.importer.faces import read_faces
from compiler.importer.naming import ID_LENGTH, IdMaker, words
from compiler.importer.pieces import ImportedPiece, ImportedPieces
from compiler.importer.source import ModuleSource
from compiler.importer.tally import Tally
from compiler.javatext.sequence import decode
from compiler.loading import limits
from compiler.mapgeometry.maps import MapGeometry
from compiler.vassal.entries import entry_name_problem
from compiler.vassal.extension.format import wgc
from compiler.vassal.extension.tree import strip
from compiler.vassal.inspection.model import PlacedPiece, SetupSummary
from compiler.vassal.inspection.properties import Prototypes
from compiler.vassal.inspection.traits import PieceKind, type_prefix
from compiler.vassal.savefile import BEGIN, END
from rules_engine.definitions import boards as model
from rules_engine.definitions.kept import KeptSetup, SavedPiece

SETUP_TAG = "VASSAL.build.module.PredefinedSetup"
MAX_NAME = 120
PIECE_ID_LENGTH = 64
"""The longest piece id scenario.schema.json holds (its ``pieces[].id`` maxLength)."""


@dataclass
class ImportedScenario:
    id: str
    file: str  # the archive entry of its saved game
    data: dict[str, Any]
    kept: KeptSetup
    groups: dict[str, str] = field(default_factory=dict)  # piece id -> its counter's or card's key


@dataclass
class _Save:
    """One saved game being converted."""

    summary: SetupSummary
    maps: dict[str, ImportedMap]  # by VASSAL map name or id
    geometry: dict[str, MapGeometry]  # by map id
    placed: dict[str, PlacedPiece]
    pieces: list[dict[str, Any]] = field(default_factory=list)
    saved: dict[str, SavedPiece] = field(default_factory=dict)
    types: dict[str, int] = field(default_factory=dict)
    commands: list[Any] = field(default_factory=list)
    layouts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    groups: dict[str, str] = field(default_factory=dict)


class SetupImporter:
    def __init__(
        self,
        source: ModuleSource,
        maps: list[ImportedMap],
        boards: dict[str, model.BoardMap],
        pieces: ImportedPieces,
        tally: Tally,
    ) -> None:
        self.source = source
        self.maps = maps
        self.boards = boards  # map id -> the map as the data model reads it
        self.pieces = pieces.by_gpid()
        self.unlisted = pieces.by_definition()
        self.tally = tally
        self.expander = Prototypes(source.reader, source.prototypes)
        self._expected: dict[int, tuple[str, ...]] = {}

    def import_all(self) -> list[ImportedScenario]:
        summaries: dict[str, list[SetupSummary]] = {}
        for summary in self.source.inspection.setups:
            if summary.file and summary.kept is not None:
                summaries.setdefault(summary.file, []).append(summary)
        ids = IdMaker("scenario")
        found: list[ImportedScenario] = []
        for element in self.source.root.iter(SETUP_TAG):
            file = element.get("file") or ""
            if element.get("isMenu") == "true" or element.get("useFile") != "true" or not summaries.get(file):
                continue
            name = element.get("name", "")
            if not 0 < len(name) <= MAX_NAME:
                self.tally.kept("setups without a usable name")
                continue
            if entry_name_problem(file) is not None:  # its file is not copied either (files.py)
                self.tally.kept("setups whose file name is not safe")
                continue
            if len(found) >= limits.MAX_SETUPS:  # the rest stay the module's own saved games
                self.tally.kept(f"setups past the {limits.MAX_SETUPS} a game folder holds")
                continue
            scenario = self._scenario(_scenario_id(ids, file, name), name, summaries[file].pop(0))
            entry = self.source.archive.find(file) or file
            found.append(ImportedScenario(scenario[0]["id"], entry, *scenario))
            strip(element, ("name",))
            element.set(wgc("scenario"), scenario[0]["id"])
            self.tally.data("scenarios")
        return found

    def _scenario(
        self, scenario_id: str, name: str, summary: SetupSummary
    ) -> tuple[dict[str, Any], KeptSetup, dict[str, str]]:
        by_name: dict[str, ImportedMap] = {}
        for imported in self.maps:
            by_name.setdefault(imported.name, imported)
            by_name.setdefault(imported.vassal_id, imported)
        save = _Save(summary, by_name, {}, {p.id: p for p in summary.pieces})
        commands = summary.kept.commands()
        if commands[:1] == [BEGIN]:
            commands = commands[1:]
        if commands[-1:] == [END]:
            commands = commands[:-1]
        for command in commands:  # board choices first: they decide where pieces lie
            if "BoardPicker\t" in command:
                self._layout(save, command)
        for imported in self.maps:
            layout = save.layouts.get(imported.id)
            chosen = (
                tuple(
                    model.PlacedBoard(b["board"], b["column"], b["row"], bool(b.get("reversed")))
                    for b in layout
                )
                if layout is not None
                else None
            )
            save.geometry[imported.id] = MapGeometry(self.boards[imported.id], chosen)
        for command in commands:
            kept = self._command(save, command)
            if kept is not EMPTY_STACK:
                save.commands.append(kept)
        data: dict[str, Any] = {"$schema": "../schemas/scenario.schema.json", "id": scenario_id, "name": name}
        if save.layouts:
            data["layouts"] = [{"map": m, "boards": b} for m, b in save.layouts.items()]
        data["pieces"] = save.pieces
        types = tuple(sorted(save.types, key=save.types.__getitem__))
        return data, KeptSetup(tuple(save.commands), save.saved, types, {}), save.groups

    def _layout(self, save: _Save, command: str) -> None:
        prefix = command.split("BoardPicker\t", 1)[0]
        imported = save.maps.get(prefix)
        layout = parse_layout(command, imported.spec) if imported is not None else None
        if imported is not None and layout is not None:
            save.layouts[imported.id] = layout

    def _command(self, save: _Save, command: str) -> Any:
        if "BoardPicker\t" in command:
            imported = save.maps.get(command.split("BoardPicker\t", 1)[0])
            if imported is not None and imported.id in save.layouts:
                return {"layout": imported.id}
            return command
        if not command.startswith("+/"):
            self.tally.kept("saved commands")
            return command
        piece_id, _, rest = command[2:].partition("/")
        if "\\" in piece_id or rest.startswith(("stack/", "deck;")):
            parts = decode(command[2:], "/")  # a stack's or deck's state is read in full
            if len(parts) < 3:
                return command
            if type_prefix(parts[1]) != "stack":
                return _deck(command, parts)
            return EMPTY_STACK if _empty_stack(parts, save.maps) else _stack(command, parts)
        return self._piece(save, command, piece_id)

    def _piece(self, save: _Save, command: str, piece_id: str) -> Any:
        if not 0 < len(piece_id) <= PIECE_ID_LENGTH:
            self.tally.kept("placed pieces whose id the data cannot hold")
            self.tally.item(False)
            return command
        decoded = self._decoded(save, piece_id, command)
        placed = save.placed.get(piece_id)
        if decoded is None or placed is None or placed.map is None or piece_id in save.saved:
            self.tally.kept("placed pieces on no map or undecodable")
            self.tally.item(False)
            return command
        kind, states = decoded
        values = decode(states[-1], ";")
        gpid = values[3] if len(values) > 3 else ""
        imported = self.pieces.get(gpid) if gpid else self.unlisted.get(kind.types)
        imported_map = save.maps.get(placed.map)
        if imported is None or imported_map is None:
            self.tally.kept("placed pieces no palette slot defines")
            self.tally.item(False)
            return command
        geometry = save.geometry[imported_map.id]
        if geometry.name_at((placed.x, placed.y)) != placed.location:
            self.tally.kept("placed pieces whose place the data cannot name")
            self.tally.item(False)
            return command
        save.pieces.append(self._placement(imported, imported_map, placed, kind, states))
        save.saved[piece_id] = self._saved(save, imported, kind, states, command)
        save.groups[piece_id] = imported.key
        self.tally.data("placed pieces")
        self.tally.item(True)
        return {"piece": piece_id}

    def _decoded(self, save: _Save, piece_id: str, command: str) -> tuple[PieceKind, list[str]] | None:
        """The piece as inspect decoded it while starting the setup (or decoded here, when the
        save adds a piece of that id more than once)."""
        item = save.summary.kept.items.get(piece_id)
        if (
            item is not None
            and item.kind_of is not None
            and item.states is not None
            and piece_id not in save.seen
        ):
            save.seen.add(piece_id)
            return item.kind_of, item.states
        return self.source.kind(command)

    def _placement(
        self,
        imported: ImportedPiece,
        imported_map: ImportedMap,
        placed: PlacedPiece,
        kind: PieceKind,
        states: list[str],
    ) -> dict[str, Any]:
        key = "card" if "/" in imported.key else "counter"
        entry: dict[str, Any] = {
            "id": placed.id,
            key: imported.key,
            "map": imported_map.id,
            "at": placed.location,
        }
        entry["position"] = [placed.x, placed.y]
        faces = read_faces(kind.types, states)
        if (
            faces.level is not None
            and faces.images == imported.faces.images
            and imported.kept is not None
            and imported.kept.links.faces is not None
        ):
            entry["face"] = face_word(faces.level)
        return entry

    def _saved(
        self, save: _Save, imported: ImportedPiece, kind: PieceKind, states: list[str], command: str
    ) -> SavedPiece:
        if kind.types == self._expected_types(imported):
            return SavedPiece(tuple(states))
        text = decode(command[2:], "/")[1]  # the save's own definition, as it writes it
        index = save.types.setdefault(text, len(save.types))
        self.tally.kept("placed pieces with an older definition than their slot's")
        return SavedPiece(tuple(states), index)

    def _expected_types(self, imported: ImportedPiece) -> tuple[str, ...]:
        """The piece a slot makes in play: its prototypes expanded (and comments dropped)."""
        found = self._expected.get(id(imported))
        if found is None:
            traits = self.expander.expand(imported.kind, imported.states)
            found = tuple(t for t, _ in traits if type_prefix(t) != "cmt;")
            self._expected[id(imported)] = found
        return found


def _scenario_id(ids: IdMaker, file: str, name: str) -> str:
    """The saved game's file name when it is an id (wgc's own modules save each scenario as
    <id>.vsav), else an id made of the setup's name."""
    stem = file.rsplit("/", 1)[-1].removesuffix(".vsav")
    if stem and stem == "-".join(words(stem)) and len(stem) <= ID_LENGTH and ids.take(stem):
        return stem
    return ids.make(name)


def face_word(level: int) -> str | int:
    return {1: "front", 2: "back"}.get(level, level)


# A stack that holds no piece, on a map of the module or on none: VASSAL 3.7 leaves such
# stacks out when it saves a game, and loading one adds nothing but an empty stack to its map.
# inspect cuts most of them out of the stream before it is split (savefile.read_commands); the
# rest (the first or the last of their list, as ccnapoleonics' saves have some) are dropped
# here alike, so that the build of the folder, which writes every command in one list and so
# lets inspect cut them all, imports as the same folder.
EMPTY_STACK = object()


def _empty_stack(parts: list[str], maps: Mapping[str, object]) -> bool:
    values = decode(parts[2], ";")
    return (
        bool(values)
        and (values[0] == "null" or values[0] in maps)
        and len(values) != 2
        and all(v.startswith("@@") for v in values[3:])
    )


def _stack(command: str, parts: list[str]) -> Any:
    values = decode(parts[2], ";")
    if not values or values[0] == "null" or len(values) < 3:
        return command
    ids = [v for v in values[3:] if not v.startswith("@@")]
    layers = [v for v in values[3:] if v.startswith("@@")]
    found: dict[str, Any] = {"stack": parts[0], "pieces": ids, "state": values[:3]}
    if layers:
        found["layer"] = layers[-1]
    return found


def _deck(command: str, parts: list[str]) -> Any:
    values = decode(parts[2], ";")
    if len(values) < 4 or values[0] == "null":
        return command
    ids = decode(values[4], ",") if len(values) > 4 and values[4] else []
    return {"deck": parts[0], "type": parts[1], "state": values[:4], "pieces": ids}
