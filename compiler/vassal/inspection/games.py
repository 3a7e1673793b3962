"""A setup started the way VASSAL starts it, far enough to say where each piece ends up.

A saved game is a list of commands: begin_save, AddPiece for each piece, stack and deck (a
stack or deck lists its pieces' ids and puts them at its own place, on its own map), each
map's board choice ("<map>BoardPicker\\t<board>\\t<col>\\t<row>..."), "SETUP_STACK" (the game is
not new, so at-start stacks stay out), end_save. A setup without a file, or a save without
"SETUP_STACK", also gets each map's at-start stacks and decks. Boards are then laid out
(Map.setBoardBoundaries) and every piece is named as Map.locationName names it: the deck at
exactly that point, else the grid of the board under it, else "offboard".
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.javatext.sequence import decode
from compiler.mapgeometry.boards import OFFBOARD, PlacedBoard, lay_out
from compiler.vassal.inspection.maps import MapSpec, PileSpec, find_map
from compiler.vassal.inspection.model import Inspection, PlacedPiece
from compiler.vassal.inspection.traits import PieceKind, PieceReader, basic_int, basic_state, type_prefix

NEW_GAME_MARK = "SETUP_STACK"
ON_NO_MAP = "(on no map)"


@dataclass
class Item:
    """A piece, stack or deck of the game state."""

    id: str
    kind: str  # "piece", "stack" or "deck"
    name: str = ""
    map_id: str | None = None
    x: int = 0
    y: int = 0
    parent: str | None = None
    kind_of: PieceKind | None = None
    states: list[str] | None = None


class GameState:
    """Pieces, stacks, decks and board choices as a setup's commands leave them."""

    def __init__(
        self, maps: list[MapSpec], reader: PieceReader, report: Inspection, where: str, custom_traits: bool
    ) -> None:
        self.maps = maps
        self.reader = reader
        self.report = report
        self.where = where
        self.custom_traits = custom_traits
        self.items: dict[str, Item] = {}
        self.boards: dict[str, list[PlacedBoard]] = {}
        self.new_game = True
        self.generated = 0
        self.unbuildable = False  # no command encoder while the module was built

    # --- commands ------------------------------------------------------------------------------

    def apply(self, command: str) -> None:
        if command.startswith("+/"):
            self._add(command)
        elif command.startswith(NEW_GAME_MARK):
            self.new_game = False
        elif command == "begin_save":
            self.items.clear()
            self.boards.clear()
            self.new_game = True
        elif "BoardPicker\t" in command:
            self._choose_boards(command)

    def _add(self, command: str) -> None:
        parts = decode(command[2:], "/")
        if len(parts) < 3:
            self.report.add("piece.undecodable", "an AddPiece command lacks its type or state", self.where)
            return
        piece_id = parts[0]
        kind = type_prefix(parts[1])
        if kind == "stack":
            self._stack(Item(piece_id, "stack"), parts[2])
        elif kind == "deck;":
            self._deck(Item(piece_id, "deck"), parts[2])
        else:
            self._piece(piece_id, parts[1], parts[2])

    def _piece(self, piece_id: str, piece_type: str, state: str) -> None:
        try:
            kind = self.reader.kind(piece_type)
            states = kind.states(state)
        except ValueError as exc:
            self.report.add("piece.undecodable", f"piece {piece_id} does not decode: {exc}", self.where)
            return
        kind.check(self.report, f"piece {piece_id}", self.where, self.custom_traits)
        map_id, x, y = basic_state(states) if kind.basic else (None, 0, 0)
        name = kind.name(states)
        self._known_map(map_id, f"piece {name} ({piece_id})")
        self.items[piece_id] = Item(piece_id, "piece", name, map_id, x, y, kind_of=kind, states=states)

    def _stack(self, stack: Item, state: str) -> None:
        """Stack.setState: map;x;y;ids...; with map 'null' the position is 0,0 and not read."""
        values = decode(state, ";")
        stack.map_id = None if values[0] == "null" else values[0]
        rest = values[1:]
        if stack.map_id is not None:
            stack.x, stack.y = _next_int(rest, 0), _next_int(rest, 1)
            rest = rest[2:]
        self._known_map(stack.map_id, f"stack {stack.id}")
        self.items[stack.id] = stack
        self._adopt(stack, rest)

    def _deck(self, deck: Item, state: str) -> None:
        """Deck.setState: map;x;y;faceDown;id,id,..."""
        values = decode(state, ";")
        deck.map_id = None if values[0] == "null" else values[0]
        deck.x, deck.y = _next_int(values, 1), _next_int(values, 2)
        self._known_map(deck.map_id, f"deck {deck.id}")
        self.items[deck.id] = deck
        self._adopt(deck, decode(values[4], ",") if len(values) > 4 else [])

    def _adopt(self, parent: Item, ids: list[str]) -> None:
        for child_id in ids:
            child = self.items.get(child_id)
            if child is not None and child.kind == "piece":
                child.parent = parent.id

    def _known_map(self, map_id: str | None, what: str) -> None:
        if map_id is not None and find_map(self.maps, map_id) is None:
            self.report.add(
                "setup.unknown-map", f"{what} is on map '{map_id}', which the module lacks", self.where
            )

    def _choose_boards(self, command: str) -> None:
        for spec in self.maps:
            for prefix in (spec.id + "BoardPicker\t", spec.name + "BoardPicker\t"):
                if command.startswith(prefix):
                    self.boards[spec.id] = self._boards_of(spec, command)
                    return

    def _boards_of(self, spec: MapSpec, command: str) -> list[PlacedBoard]:
        """BoardPicker.decode: after the map's token, (board[/rev], column, row) triples."""
        tokens = decode(command, "\t")[1:]
        chosen = []
        for index in range(0, len(tokens), 3):
            name_parts = decode(tokens[index], "/")
            board = spec.board(name_parts[0])
            if board is None:
                self.report.add(
                    "setup.unknown-board",
                    f"map '{spec.name}' is given board '{name_parts[0]}', which it does not have",
                    self.where,
                )
                continue
            column, row = _next_int(tokens, index + 1), _next_int(tokens, index + 2)
            chosen.append(PlacedBoard(board, column, row, len(name_parts) > 1 and name_parts[1] == "rev"))
        return chosen

    # --- starting the game ----------------------------------------------------------------------

    def start(self) -> None:
        """GameState.setup(true): default boards, board layout, at-start stacks of a new game."""
        for spec in self.maps:
            if spec.id not in self.boards:
                self.boards[spec.id] = self._default_boards(spec)
            lay_out(self.boards[spec.id], spec.edge)
        if self.new_game:
            for spec in self.maps:
                for pile in spec.piles:
                    self._place_pile(spec, pile)

    def _default_boards(self, spec: MapSpec) -> list[PlacedBoard]:
        if spec.default_setup:
            for prefix in (spec.id + "BoardPicker\t", spec.name + "BoardPicker\t"):
                if spec.default_setup.startswith(prefix):
                    return self._boards_of(spec, spec.default_setup)
            return []
        if len(spec.boards) == 1 and not spec.boards[0].reversible:
            return [PlacedBoard(spec.boards[0], 0, 0)]
        return []  # VASSAL asks the player to choose

    def _place_pile(self, spec: MapSpec, pile: PileSpec) -> None:
        """SetupStack.setup: only when its board is in play; grid locations through the board's grid."""
        boards = self.boards[spec.id]
        owner = next((b for b in boards if b.spec.name == pile.owning_board), None)
        if pile.owning_board is not None and owner is None:
            return
        x, y = pile.x, pile.y
        if pile.use_grid_location and pile.location:
            x, y = self._grid_point(spec, pile, (x, y))
        x, y = (x + owner.x, y + owner.y) if owner is not None else (x + spec.edge[0], y + spec.edge[1])
        holder = Item(
            f"{pile.name}#{self.generated}", "deck" if pile.deck else "stack", pile.name, spec.id, x, y
        )
        self.generated += 1
        self.items[holder.id] = holder
        for gpid, text, where in pile.slots:
            self._pile_piece(holder, gpid, text, where)

    def _grid_point(self, spec: MapSpec, pile: PileSpec, fallback: tuple[int, int]) -> tuple[int, int]:
        in_play = [b.spec for b in self.boards[spec.id]]
        if pile.owning_board:
            board = spec.board(pile.owning_board)
        else:
            board = in_play[0] if in_play else (spec.boards[0] if spec.boards else None)
        grid = board.grid if board is not None else None
        size = (board.width, board.height) if board is not None else (0, 0)
        point = grid.point_of(pile.location, size) if grid is not None else None
        if point is None and grid is not None and hasattr(grid, "region_point"):
            point = grid.region_point(pile.location)
        if point is None:
            self.report.add(
                "setup.unknown-location",
                f"at-start stack '{pile.name}' names location '{pile.location}', which its board lacks",
                pile.where,
            )
            return fallback
        return point

    def _pile_piece(self, holder: Item, gpid: str, text: str, where: str) -> None:
        if self.unbuildable:  # built with the module, before it had a command encoder: no piece
            self.report.add(
                "piece.undecodable",
                f"at-start stack '{holder.name}' cannot build its piece ({where}): the module had no "
                "command encoder when VASSAL built it",
                self.where,
            )
            return
        try:
            _, kind, states = self.reader.add_piece(text)
        except ValueError:
            return  # reported with the palette's slots
        piece = Item(f"{holder.id}/{gpid}/{self.generated}", "piece", kind.name(states), holder.map_id)
        piece.parent, piece.kind_of, piece.states = holder.id, kind, states
        self.generated += 1
        self.items[piece.id] = piece

    def add_marker(
        self, near: PlacedPiece, point: tuple[int, int, bool], kind: PieceKind, states: list[str]
    ) -> tuple[Item, PlacedPiece] | str:
        """A marker a startup command placed, on the map of the piece that placed it; or why
        inspect cannot tell where: a point the map snaps to a grid (snap points are not
        worked out here)."""
        spec = next((m for m in self.maps if m.name == near.map), None)
        if spec is None:
            return "a marker placed by a piece on no map"
        x, y, snaps = point
        board = next((b for b in self.boards.get(spec.id, []) if b.contains(x, y)), None)
        if snaps and board is not None and board.spec.grid is not None:
            return "a marker the map snaps to its grid"
        item = Item(f"{near.id}/marker/{self.generated}", "piece", kind.name(states), spec.id, x, y)
        item.kind_of, item.states = kind, states
        self.generated += 1
        self.items[item.id] = item
        return item, self._locate(item, item)

    # --- where everything is ----------------------------------------------------------------------

    def placed(self) -> list[tuple[Item, PlacedPiece]]:
        """Each piece with where VASSAL puts it."""
        found = []
        for item in self.items.values():
            if item.kind != "piece":
                continue
            holder = self.items.get(item.parent) if item.parent else None
            where = holder if holder is not None else item
            found.append((item, self._locate(item, where)))
        return found

    def _locate(self, item: Item, where: Item) -> PlacedPiece:
        map_name, location, board_name = self._location(where)
        return PlacedPiece(item.id, item.name, map_name, where.x, where.y, location, board_name)

    def _location(self, where: Item) -> tuple[str | None, str, str | None]:
        """(map name, location name, board name) of a point, as Map.locationName names it: the
        same for every piece at that point (a stack's pieces share their stack's). The costly
        part, a grid's name of the point, is kept by the board (BoardSpec.location_name) across
        every setup of the module."""
        spec = find_map(self.maps, where.map_id) if where.map_id is not None else None
        if spec is None:
            return None, ON_NO_MAP, None
        boards = self.boards.get(spec.id, [])
        deck = self._deck_at(spec, boards, where.x, where.y)
        board = next((b for b in boards if b.contains(where.x, where.y)), None)
        location = (
            deck if deck is not None else board.location(where.x, where.y) if board is not None else None
        )
        if location is None:
            location = OFFBOARD  # Map.locationName: only where no deck, zone or grid names the point
        return spec.name, location, board.spec.name if board else None

    def _deck_at(self, spec: MapSpec, boards: list[PlacedBoard], x: int, y: int) -> str | None:
        """Map.getDeckNameAt: a deck component whose position is exactly this point."""
        for pile in spec.piles:
            if not pile.deck:
                continue
            owner = next((b for b in boards if b.spec.name == pile.owning_board), None)
            offset = (owner.x, owner.y) if owner is not None else spec.edge
            if (pile.x + offset[0], pile.y + offset[1]) == (x, y):
                return pile.name
        return None


def _next_int(values: list[str], index: int) -> int:
    return basic_int(values, index)
