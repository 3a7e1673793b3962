"""A scenario of an imported game as the saved game of a predefined setup.

The kept setup (vassal/setups/<id>.json) gives the order of the commands and everything that
is not a piece's place; the scenario's pieces give each piece's counter, map, location (and
point) and face. A piece keeps its saved states (a property's value, a rotation) and, where the
save held an older definition than the counter's, that definition. A kept stack or deck holds
the pieces the data still puts there; a piece moved away, or added, is written on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.importer.faces import read_faces
from compiler.javatext.sequence import decode, encode
from compiler.mapgeometry.maps import MapGeometry
from compiler.vassal.extension.fill import layout_command
from compiler.vassal.extension.pieces import Expanded, Piece, PieceMaker
from compiler.vassal.pieces import join_chain, split_chain
from rules_engine.definitions import PiecePlacement, Scenario
from rules_engine.definitions.boards import Boards
from rules_engine.definitions.kept import KeptSetup, SavedPiece

NO_SETUP = KeptSetup((), {}, (), {})


@dataclass
class _Writing:
    """One save being written: the scenario's pieces by id, their points, what is written."""

    scenario: Scenario
    kept: KeptSetup
    pieces: dict[str, PiecePlacement]
    points: dict[str, tuple[int, int]]
    geometry: dict[str, MapGeometry]
    written: set[str] = field(default_factory=set)
    verbatim: set[str] = field(default_factory=set)
    contained: set[str] = field(default_factory=set)  # written into a kept stack or deck
    out: list[str] = field(default_factory=list)


class SaveWriter:
    def __init__(self, boards: Boards, maker: PieceMaker) -> None:
        self.boards = boards
        self.maker = maker
        names = [m.name for m in boards.maps]
        # How a save names a map: by its name, or by Map<n> where two maps share a name.
        self.map_names = {
            m.id: m.name if names.count(m.name) == 1 else f"Map{i}" for i, m in enumerate(boards.maps)
        }
        self._pieces: dict[tuple[str, str], tuple[Piece, Expanded, str] | None] = {}
        self._faces: dict[str, int | None] = {}

    def commands(self, scenario: Scenario, kept: KeptSetup | None) -> list[str]:
        kept = kept or NO_SETUP
        layouts = dict(scenario.layouts)
        geometry = {m.id: MapGeometry(m, layouts.get(m.id)) for m in self.boards.maps}
        pieces = {p.id or f"wgc-{n}": p for n, p in enumerate(scenario.pieces)}
        writing = _Writing(scenario, kept, pieces, {}, geometry)
        writing.points = {key: self._point(p, geometry) for key, p in pieces.items()}
        writing.verbatim = {
            _command_id(c) for c in kept.commands if isinstance(c, str) and c.startswith("+/")
        }
        for command in kept.commands:
            if isinstance(command, dict) and "stack" in command:
                writing.contained.update(self._stack_members(writing, command)[1])
            elif isinstance(command, dict) and "deck" in command:
                writing.contained.update(self._deck_members(writing, command)[1])
        for command in kept.commands:
            self._command(writing, command)
        for key in pieces:
            if key not in writing.written:
                writing.out.append(self._piece(writing, key))
        return writing.out

    def _command(self, writing: _Writing, command: object) -> None:
        if isinstance(command, str):
            writing.out.append(command)
        elif isinstance(command, dict) and "layout" in command:
            layout = dict(writing.scenario.layouts).get(command["layout"])
            board_map = self.boards.map(command["layout"])
            if layout is not None and board_map is not None:
                writing.out.append(layout_command(self.map_names[board_map.id], layout))
        elif isinstance(command, dict) and "piece" in command:
            if command["piece"] in writing.pieces:
                writing.out.append(self._piece(writing, command["piece"]))
        elif isinstance(command, dict) and "stack" in command:
            self._stack(writing, command)
        elif isinstance(command, dict) and "deck" in command:
            self._deck(writing, command)

    def _point(self, piece: PiecePlacement, geometry: dict[str, MapGeometry]) -> tuple[int, int]:
        """Where the piece lies: its position when that is named 'at', else the location's point."""
        found = geometry.get(piece.map)
        if found is None:
            return piece.position or (0, 0)
        if piece.position is not None and found.name_at(piece.position) == piece.at:
            return piece.position
        return found.point_of(piece.at) or piece.position or (0, 0)

    def _stack_members(
        self, writing: _Writing, command: dict[str, Any]
    ) -> tuple[tuple[str, tuple[int, int]] | None, list[str]]:
        """Where a kept stack stands and which of its pieces the data still puts there."""
        ids = _texts(command.get("pieces"))
        data = [i for i in ids if i in writing.pieces]
        kept_state = _texts(command.get("state"))
        if data:
            where = self._at(writing, data[0])
            members = [
                i for i in ids if i in writing.verbatim or (i in data and self._at(writing, i) == where)
            ]
            return where, members
        if len(kept_state) == 3:
            return (kept_state[0], (_int(kept_state[1]), _int(kept_state[2]))), [
                i for i in ids if i in writing.verbatim
            ]
        return None, []

    def _stack(self, writing: _Writing, command: dict[str, Any]) -> None:
        where, members = self._stack_members(writing, command)
        if where is None:
            return
        # a save of VASSAL before 3.5 names no layer: its stacks are written back as they were
        layer = [str(command["layer"])] if "layer" in command else []
        state = encode([where[0], str(where[1][0]), str(where[1][1]), *members, *layer], ";")
        writing.out.append("+/" + encode([str(command["stack"]), "stack", state], "/"))

    def _deck_members(self, writing: _Writing, command: dict[str, Any]) -> tuple[str | None, list[str]]:
        """The map of a kept deck (None where it names none of the data's) and which of its
        pieces the data still puts at its place."""
        state = _texts(command.get("state"))
        if len(state) < 4:
            return None, []
        board_map = next((m for m in self.boards.maps if state[0] in (m.name, self.map_names[m.id])), None)
        point = (_int(state[1]), _int(state[2]))
        name = writing.geometry[board_map.id].name_at(point) if board_map is not None else None
        return (board_map.id if board_map is not None else None), [
            i
            for i in _texts(command.get("pieces"))
            if i in writing.verbatim
            or (
                i in writing.pieces
                and board_map is not None
                and writing.pieces[i].map == board_map.id
                and writing.pieces[i].at == name
            )
        ]

    def _deck(self, writing: _Writing, command: dict[str, Any]) -> None:
        """A deck keeps its own place and state; it holds the pieces the data puts at its name."""
        state = _texts(command.get("state"))
        if len(state) < 4:
            return
        board_map = next((m for m in self.boards.maps if state[0] in (m.name, self.map_names[m.id])), None)
        point = (_int(state[1]), _int(state[2]))
        name = writing.geometry[board_map.id].name_at(point) if board_map is not None else None
        members = self._deck_members(writing, command)[1]
        if board_map is not None:
            for key, piece in writing.pieces.items():
                if (
                    key not in members
                    and key not in writing.written
                    and piece.map == board_map.id
                    and piece.at == name
                ):
                    writing.out.append(self._piece(writing, key))
                    members.append(key)
        values = [*state[:4], encode(members, ",")] if members else state[:4]
        writing.out.append(
            "+/" + encode([str(command["deck"]), str(command.get("type", "")), encode(values, ";")], "/")
        )

    def _placed_as_saved(self, writing: _Writing, key: str, basic: list[str]) -> bool:
        """Whether the saved BasicPiece state already puts the piece where the data does, so
        it is written as saved (import then build gives the same folder): the piece lies in a
        kept stack or deck (VASSAL places it there, whatever its own state says), or its state
        names the data's map (by its name or VASSAL's Map<n> id) and point."""
        if key in writing.contained:
            return True
        if len(basic) < 3:
            return False
        placement = writing.pieces[key]
        index = next((i for i, m in enumerate(self.boards.maps) if m.id == placement.map), None)
        names = {self.map_names.get(placement.map, placement.map), f"Map{index}"}
        point = writing.points[key]
        return basic[0] in names and (_int(basic[1]), _int(basic[2])) == point

    def _made(self, placement: PiecePlacement) -> tuple[Piece, Expanded, str] | None:
        """A counter's or card's piece, expanded, and its type chain: made once per save
        writer, since every placed piece of a counter shares them (a large module places tens of
        thousands, and encoding a chain costs a pass per trait)."""
        key = ("card", placement.card) if placement.card is not None else ("counter", placement.counter or "")
        if key not in self._pieces:
            piece = self.maker.card_piece(key[1]) if key[0] == "card" else self.maker.counter_piece(key[1])
            if piece is None:
                self._pieces[key] = None
            else:
                expanded = self.maker.expand(piece)
                self._pieces[key] = (piece, expanded, _nested(list(expanded.traits)))
        return self._pieces[key]

    def _own_face(self, type_text: str, states: list[str]) -> int | None:
        """The Layer of a saved definition that shows the faces (read once per definition)."""
        if type_text not in self._faces:
            self._faces[type_text] = read_faces(tuple(split_chain(type_text)), states).layer
        return self._faces[type_text]

    def _at(self, writing: _Writing, key: str) -> tuple[str, tuple[int, int]]:
        piece = writing.pieces[key]
        return self.map_names.get(piece.map, piece.map), writing.points[key]

    def _piece(self, writing: _Writing, key: str) -> str:
        """The AddPiece command of one of the scenario's pieces."""
        writing.written.add(key)
        placement = writing.pieces[key]
        saved = writing.kept.pieces.get(key)
        made = self._made(placement)
        if made is None:
            return ""
        piece, expanded, made_type = made
        map_name, point = self._at(writing, key)
        if saved is not None and saved.type is not None and saved.type < len(writing.kept.types):
            type_text = writing.kept.types[saved.type]
            states = list(saved.states)
            face = self._own_face(type_text, states)
        else:
            states = _states(saved, expanded.states)
            for own in piece.links.values:  # the data's values, where the save had its own
                states[expanded.positions[own]] = piece.states[own]
            face = expanded.positions.get(piece.links.faces) if piece.links.faces is not None else None
            type_text = made_type
        if face is not None and placement.face is not None:
            states[face] = str(placement.face)
        basic = decode(states[-1], ";")
        if not (saved is not None and self._placed_as_saved(writing, key, basic)):
            basic[:3] = [map_name, str(point[0]), str(point[1])]
            states[-1] = encode(basic, ";")
        return "+/" + encode([key, type_text, _nested(states)], "/")


def _states(saved: SavedPiece | None, defaults: tuple[str, ...]) -> list[str]:
    return list(saved.states) if saved is not None and len(saved.states) == len(defaults) else list(defaults)


def _nested(items: list[str]) -> str:
    """A piece's type or state chain: outermost first, each wrapping the rest (encode_piece)."""
    return join_chain(items)


def _texts(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _int(text: str) -> int:
    return int(text) if text.lstrip("-").isdigit() else 0


def _command_id(command: str) -> str:
    return decode(command[2:], "/")[0]
