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
  places (every other command in order; each piece's trait states, as base states and what
  differs from them; for a piece whose saved definition is older than its counter's, that
  definition's id).
- `vassal/definitions.json`: those older definitions and the base states, each once for every
  setup, by an id made of its text (a module's setups saved over years hold the same few
  hundred definitions, and pieces of a counter mostly differ in their place).
- `vassal/files/`: the module's other files (custom classes, sounds ...), byte for byte.

docs/import.md is the reference. Both `wgc import` (writing) and `wgc build` (reading) use the
types here; reading never raises on bad content: ExtensionError carries what is wrong.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
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
# The attribute a built module's palette slot keeps its counter's (or card's) id in, so that
# importing the module again gives the same ids whatever its names became. VASSAL's PieceSlot
# reads only the attributes it knows (PieceSlot.build), so the module loads as without it.
PIECE_ID = "wgcId"


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


def states_id(states: tuple[str, ...]) -> str:
    """A base list of states' id, made of the states."""
    text = "\x00".join(states).encode("utf-8", errors="surrogatepass")
    return "s" + hashlib.sha256(text).hexdigest()[:15]


class SharedSaves:
    """What the setups of one import share, written as vassal/definitions.json.

    A module's setups, saved over years, hold the same few hundred piece definitions, and the
    pieces of one counter (or one older definition) mostly differ in a few trait states (their
    place, a step lost, a layer shown): so each definition is kept once, by id, and a piece's
    states as what differs from its group's base states (the first piece of the group the import
    meets, kept once, by id). ccnapoleonics' 59,000 placed pieces of some 150 trait states each
    so take a few MB instead of 1.7 GB."""

    def __init__(self) -> None:
        self.definitions: dict[str, str] = {}
        self.states: dict[str, tuple[str, ...]] = {}
        self._ids: dict[str, str] = {}  # definition text -> id
        self._bases: dict[tuple[str, int], str] = {}  # (group, number of states) -> base id

    def definition(self, text: str) -> str:
        found = self._ids.get(text)
        if found is None:
            found = self._ids[text] = definition_id(text)
            self.definitions[found] = text
        return found

    def piece(self, piece: SavedPiece, types: tuple[str, ...], group: str) -> dict[str, Any]:
        """A setup's piece as setups/<id>.json holds it. ``group``: what pieces alike share (the
        counter's or card's key); a piece of an older definition is grouped by that definition."""
        found: dict[str, Any] = {}
        if piece.type is not None:
            found["definition"] = group = self.definition(types[piece.type])
        key = (group, len(piece.states))
        base_id = self._bases.get(key)
        if base_id is None:
            base_id = self._bases[key] = states_id(piece.states)
            self.states.setdefault(base_id, piece.states)
        base = self.states[base_id]
        found["base"] = base_id
        changed = {str(i): v for i, (v, b) in enumerate(zip(piece.states, base, strict=True)) if v != b}
        if changed:
            found["changed"] = changed
        return found

    def json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "definitions": dict(sorted(self.definitions.items())),
            "states": {k: list(v) for k, v in sorted(self.states.items())},
        }


@dataclass(frozen=True)
class Shared:
    """vassal/definitions.json as read: definitions and base states by id."""

    definitions: Mapping[str, str]
    states: Mapping[str, tuple[str, ...]]


NOTHING_SHARED = Shared({}, {})


def shared_from_json(data: Any, where: str = DEFINITIONS) -> Shared:
    _check_format(data, where)
    definitions, states = data.get("definitions", {}), data.get("states", {})
    if not isinstance(definitions, dict) or not all(isinstance(v, str) for v in definitions.values()):
        raise ExtensionError(where, "definitions must map ids to piece definitions (text)")
    if not isinstance(states, dict) or not all(_strings(v) for v in states.values()):
        raise ExtensionError(where, "states must map ids to lists of trait states (texts)")
    return Shared(dict(definitions), {k: tuple(v) for k, v in states.items()})


def setup_json(
    setup: KeptSetup, shared: SharedSaves, groups: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """``commands`` is every command in order: a string is kept verbatim; {"piece": id} is a piece
    of the scenario's data; {"stack": id, "pieces": [...], "layer": ...} and {"deck": id, "type":
    ..., "state": [...], "pieces": [...]} hold the scenario's pieces; {"layout": map id} is the
    scenario's choice of boards for that map. ``pieces`` gives each piece's trait states as its
    base states (``shared``) and what differs from them, and a piece's older definition by id;
    ``groups``: each piece's counter or card key (SharedSaves.piece)."""
    groups = groups or {}
    pieces = {
        key: shared.piece(piece, setup.types, groups.get(key, "")) for key, piece in setup.pieces.items()
    }
    return {
        "format": FORMAT,
        "obfuscated": setup.obfuscated,
        "entries": dict(setup.entries),
        "commands": list(setup.commands),
        "pieces": pieces,
    }


def setup_from_json(data: Any, where: str, shared: Shared = NOTHING_SHARED) -> KeptSetup:
    """A kept setup. A piece gives its states whole, or as its base states (by id in
    ``shared``) and the positions that differ; its older definition by id (``shared``), or,
    as wgc wrote it before definitions were shared, by its index in the setup's own ``types``."""
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
        here = f"{where}/pieces/{key}"
        if not isinstance(piece, dict):
            raise ExtensionError(here, "a piece is an object: its states, and maybe its definition")
        states = _saved_states(piece, shared, here)
        kind = piece.get("type")
        if kind is not None and _index(kind, len(types), where) is None:
            raise ExtensionError(here, "a piece's type is the position of one of the setup's types")
        named = piece.get("definition")
        if named is not None:
            text = shared.definitions.get(named) if isinstance(named, str) else None
            if text is None:
                raise ExtensionError(here, f"definition {named!r} is not in {DEFINITIONS}")
            kind = used.get(named)
            if kind is None:
                kind = used[named] = len(types)
                types.append(text)
        saved[key] = SavedPiece(states, kind)
    return KeptSetup(tuple(commands), saved, tuple(types), dict(entries), bool(data.get("obfuscated", True)))


def _saved_states(piece: dict[str, Any], shared: Shared, where: str) -> tuple[str, ...]:
    """A piece's states: whole (``states``), or its base's with the ``changed`` positions."""
    if "base" not in piece:
        states = _text_list(piece.get("states"))
        if states is None:
            raise ExtensionError(where, "a piece needs its states (texts), or a base and what changed")
        return tuple(states)
    base = shared.states.get(piece["base"]) if isinstance(piece["base"], str) else None
    if base is None:
        raise ExtensionError(where, f"base states {piece['base']!r} are not in {DEFINITIONS}")
    changed = piece.get("changed", {})
    if not isinstance(changed, dict) or not all(isinstance(v, str) for v in changed.values()):
        raise ExtensionError(where, "changed maps positions of the base states to texts")
    states = list(base)
    for position, value in changed.items():
        index = int(position) if position.isdigit() else -1
        if not 0 <= index < len(states):
            raise ExtensionError(where, f"{position!r} is not a position of the base's {len(states)} states")
        states[index] = value
    return tuple(states)


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
