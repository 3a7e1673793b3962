"""The `vassal/` folder of an imported game: what the data model cannot say, kept verbatim.

- `vassal/module.xml`: the module's component tree (its buildFile.xml) with the parts the
  data holds taken out; an element the data fills carries a `wgc:` attribute naming its data
  (`wgc:counter`, `wgc:card`, `wgc:map`, `wgc:board`, `wgc:die`, `wgc:turns`, `wgc:phases`,
  `wgc:sides`, `wgc:scenario`, `wgc:class`, `wgc:game`).
- `vassal/moduledata.xml`: the module's moduledata (name and description come from game.json).
- `vassal/pieces.json`: each counter's and card's piece: its traits and their states as VASSAL
  writes them, and `links`, which say which fields the data gives (the name, the faces' images,
  values, the class, a card's back).
- `vassal/setups/<scenario id>.json`: what a setup's saved game holds besides its pieces'
  places (every other command in order, each piece's trait states, and for a piece whose saved
  definition is older than its counter's, that definition's id).
- `vassal/definitions.json`: those older definitions, each once for every setup, by an id made
  of its text (a module's setups saved over years hold the same few hundred).
- `vassal/files/`: the module's other files (custom classes, sounds ...), byte for byte.

docs/import.md is the reference. Both `wgc import` (writing) and `wgc build` (reading) use the
types here; reading never raises on bad content: ExtensionError carries what is wrong.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from rules_engine.definitions.kept import KeptPiece, KeptPieces, KeptSetup, Links, SavedPiece

FORMAT = 1
NAMESPACE = "https://wgc.invalid/vassal"
PREFIX = "wgc"
FOLDER = "vassal"
TEMPLATE = "vassal/module.xml"
MODULEDATA = "vassal/moduledata.xml"
PIECES = "vassal/pieces.json"
SETUPS = "vassal/setups"
DEFINITIONS = "vassal/definitions.json"
FILES = "vassal/files"


def wgc(name: str) -> str:
    """The qualified name of a `wgc:` attribute."""
    return f"{{{NAMESPACE}}}{name}"


class ExtensionError(ValueError):
    """Content of vassal/ that cannot be used: the file and what is wrong."""

    def __init__(self, file: str, message: str) -> None:
        super().__init__(f"{file}: {message}")
        self.file = file
        self.message = message


# --- pieces.json ------------------------------------------------------------------------------


def links_json(links: Links) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key in ("name", "image", "faces", "kind", "back"):
        value = getattr(links, key)
        if value is not None:
            found["class" if key == "kind" else key] = value
    if links.values:
        found["values"] = {str(i): dict(v) for i, v in sorted(links.values.items())}
    if links.calculated:
        found["calculated"] = {str(i): v for i, v in sorted(links.calculated.items())}
    return found


def links_from_json(data: Any, size: int, where: str) -> Links:
    if not isinstance(data, dict):
        raise ExtensionError(where, "links must be an object")
    index = {key: _index(data.get(key), size, f"{where}/{key}") for key in ("name", "image", "faces", "back")}
    values_data = data.get("values", {})
    if not isinstance(values_data, dict):
        raise ExtensionError(where, "links/values must be an object")
    values: dict[int, dict[str, str]] = {}
    for key, names in values_data.items():
        position = _index(int(key) if str(key).isdigit() else -1, size, f"{where}/values")
        if (
            position is None
            or not isinstance(names, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())
        ):
            raise ExtensionError(where, "links/values maps trait positions to {property: value id}")
        values[position] = dict(names)
    kind = _index(data.get("class"), size, f"{where}/class")
    calculated_data = data.get("calculated", {})
    if not isinstance(calculated_data, dict) or not all(isinstance(v, str) for v in calculated_data.values()):
        raise ExtensionError(where, "links/calculated maps trait positions to value ids")
    calculated: dict[int, str] = {}
    for key, value_id in calculated_data.items():
        position = _index(int(key) if str(key).isdigit() else -1, size, f"{where}/calculated")
        if position is not None:
            calculated[position] = value_id
    return Links(index["name"], index["image"], index["faces"], values, kind, index["back"], calculated)


def _index(value: Any, size: int, where: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
        raise ExtensionError(where, f"{value!r} is not the position of one of the piece's {size} traits")
    return value


def piece_json(piece: KeptPiece) -> dict[str, Any]:
    found: dict[str, Any] = {"traits": list(piece.traits), "states": list(piece.states)}
    links = links_json(piece.links)
    if links:
        found["links"] = links
    return found


def piece_from_json(data: Any, where: str) -> KeptPiece:
    if not isinstance(data, dict):
        raise ExtensionError(where, "a piece must be an object with traits and states")
    traits, states = _text_list(data.get("traits")), _text_list(data.get("states"))
    if traits is None or states is None or not traits:
        raise ExtensionError(where, "traits and states must be lists of text")
    if len(traits) != len(states):
        raise ExtensionError(where, f"{len(traits)} traits but {len(states)} states")
    links = links_from_json(data.get("links", {}), len(traits), where + "/links")
    return KeptPiece(tuple(traits), tuple(states), links)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _text_list(value: Any) -> list[str] | None:
    return [str(item) for item in value] if _strings(value) else None


def pieces_json(pieces: KeptPieces) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "counters": {k: piece_json(v) for k, v in pieces.counters.items()},
        "cards": {k: piece_json(v) for k, v in pieces.cards.items()},
    }


def pieces_from_json(data: Any, where: str = PIECES) -> KeptPieces:
    _check_format(data, where)
    found: dict[str, dict[str, KeptPiece]] = {"counters": {}, "cards": {}}
    for part, entries_found in found.items():
        entries = data.get(part, {})
        if not isinstance(entries, dict):
            raise ExtensionError(where, f"{part} must be an object")
        for key, entry in entries.items():
            entries_found[key] = piece_from_json(entry, f"{where}/{part}/{key}")
    return KeptPieces(found["counters"], found["cards"])


def _check_format(data: Any, where: str) -> None:
    if not isinstance(data, dict):
        raise ExtensionError(where, "the file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise ExtensionError(where, f"format {data.get('format')!r} is not {FORMAT}, the one this wgc reads")


# --- setups/<id>.json ---------------------------------------------------------------------------


def definition_id(text: str) -> str:
    """A saved definition's id: made of its text, so every import names it alike."""
    return "d" + hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()[:15]


def definitions_json(definitions: Mapping[str, str]) -> dict[str, Any]:
    return {"format": FORMAT, "definitions": dict(sorted(definitions.items()))}


def definitions_from_json(data: Any, where: str = DEFINITIONS) -> dict[str, str]:
    _check_format(data, where)
    found = data.get("definitions")
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise ExtensionError(where, "definitions must map ids to piece definitions (text)")
    return dict(found)


def setup_json(setup: KeptSetup) -> dict[str, Any]:
    """``commands`` is every command in order: a string is kept verbatim; {"piece": id} is a piece
    of the scenario's data; {"stack": id, "pieces": [...], "layer": ...} and {"deck": id, "type":
    ..., "state": [...], "pieces": [...]} hold the scenario's pieces; {"layout": map id} is the
    scenario's choice of boards for that map. A piece's older definition is named by its id in
    definitions.json (definitions_json)."""
    pieces: dict[str, Any] = {}
    for key, piece in setup.pieces.items():
        pieces[key] = {"states": list(piece.states)} | (
            {"definition": definition_id(setup.types[piece.type])} if piece.type is not None else {}
        )
    return {
        "format": FORMAT,
        "obfuscated": setup.obfuscated,
        "entries": dict(setup.entries),
        "commands": list(setup.commands),
        "pieces": pieces,
    }


def setup_from_json(data: Any, where: str, definitions: Mapping[str, str] | None = None) -> KeptSetup:
    """A kept setup; a piece names its definition by id (``definitions``), or, as wgc wrote it
    before definitions were shared, by its index in the setup's own ``types``."""
    _check_format(data, where)
    commands, pieces, types = data.get("commands"), data.get("pieces"), data.get("types", [])
    entries = data.get("entries", {})
    if not isinstance(commands, list) or not isinstance(pieces, dict) or not _strings(types):
        raise ExtensionError(where, "commands (a list), pieces (an object) and types (texts) are needed")
    if not isinstance(entries, dict) or not all(isinstance(v, str) for v in entries.values()):
        raise ExtensionError(where, "entries must map entry names to text")
    for index, command in enumerate(commands):
        _check_command(command, f"{where}/commands/{index}")
    types = list(types)
    used: dict[str, int] = {}
    saved = {}
    for key, piece in pieces.items():
        states = _text_list(piece.get("states")) if isinstance(piece, dict) else None
        kind = piece.get("type") if isinstance(piece, dict) else None
        named = piece.get("definition") if isinstance(piece, dict) else None
        if states is None or (kind is not None and _index(kind, len(types), where) is None):
            raise ExtensionError(
                f"{where}/pieces/{key}", "a piece needs its states (texts) and may name a definition"
            )
        if named is not None:
            text = (definitions or {}).get(named) if isinstance(named, str) else None
            if text is None:
                raise ExtensionError(f"{where}/pieces/{key}", f"definition {named!r} is not in {DEFINITIONS}")
            kind = used.get(named)
            if kind is None:
                kind = used[named] = len(types)
                types.append(text)
        saved[key] = SavedPiece(tuple(states), kind)
    return KeptSetup(tuple(commands), saved, tuple(types), dict(entries), bool(data.get("obfuscated", True)))


def _check_command(command: Any, where: str) -> None:
    if isinstance(command, str):
        return
    if not isinstance(command, dict) or not any(
        key in command for key in ("piece", "stack", "deck", "layout")
    ):
        raise ExtensionError(where, "a command is text, or an object naming a piece, stack, deck or layout")
    if not all(isinstance(command.get(key, ""), str) for key in ("piece", "stack", "deck", "layout")):
        raise ExtensionError(where, "a command names its piece, stack, deck or map by text")
    for key in ("stack", "deck"):
        if key in command and not _strings(command.get("pieces")):
            raise ExtensionError(where, f"a {key} lists its pieces' ids")
    if "deck" in command and not (isinstance(command.get("type"), str) and _strings(command.get("state"))):
        raise ExtensionError(where, "a deck keeps its type and the start of its state")
