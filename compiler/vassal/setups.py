"""Scenarios as VASSAL predefined setups: every piece where the scenario puts it.

Units stand on their hexes (full or damaged side as set up), control markers
and other tokens on their spaces, the turn and points markers in their track
boxes, and reinforcements in the box of the turn they arrive (the turn track's
reinforcement box where the map has one). Prototypes are expanded, because a
saved game keeps no state for traits a prototype pulls in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.render.art import BoardArt
from compiler.vassal.catalogue import PieceDefinition, expand, is_solitaire, side_name
from compiler.vassal.decks import DeckPlan, PileEntry, deck_state, deck_type
from compiler.vassal.pieces import Trait, add_piece
from compiler.vassal.sequence import encode
from rules_engine.definitions import GameDefinition, Scenario

MAP_NAME = "Main Map"


@dataclass
class _Stacks:
    """Pieces collected per board point, in the order they were placed (bottom first)."""

    points: dict[tuple[int, int], list[str]] = field(default_factory=dict)

    def add(self, point: tuple[int, int], piece_id: str) -> None:
        self.points.setdefault(point, []).append(piece_id)


def _used_copies(scenario: Scenario) -> dict[str, int]:
    """How many copies of each counter the scenario puts on the map, on tracks or in reinforcements."""
    used: dict[str, int] = {}
    for counter_id, copies in (
        [(p.unit, p.copies) for p in scenario.placements]
        + [(m.counter, m.copies) for m in scenario.markers]
        + [(r.unit, r.copies) for r in scenario.reinforcements]
    ):
        used[counter_id] = used.get(counter_id, 0) + copies
    return used


class SetupWriter:
    """Turns one scenario into the AddPiece and Stack commands of a saved game."""

    def __init__(
        self,
        definition: GameDefinition,
        art: BoardArt,
        pieces: list[PieceDefinition],
        decks: list[DeckPlan] | None = None,
    ) -> None:
        self.definition = definition
        self.art = art
        self.pieces = {piece.counter.id: piece for piece in pieces}
        self.decks = decks or []
        self._next_id = 1000

    def commands(self, scenario: Scenario) -> list[str]:
        self._next_id = 1000
        stacks = _Stacks()
        commands: list[str] = []
        board = self.definition.board
        assert board is not None
        for placement in scenario.placements:
            space = board.resolve(placement.at)
            if space is None or placement.unit not in self.pieces:
                continue
            for _ in range(placement.copies):
                commands.append(
                    self._piece(
                        placement.unit, self._space_point(space.id), placement.face, stacks, masked=True
                    )
                )
        for marker in scenario.markers:
            point = None
            if marker.at is not None:
                space = board.resolve(marker.at)
                point = self._space_point(space.id) if space else None
            elif marker.track is not None and marker.box is not None:
                point = self._track_point(marker.track, marker.box, reinforcement=False)
            if point is None or marker.counter not in self.pieces:
                continue
            for _ in range(marker.copies):
                commands.append(self._piece(marker.counter, point, marker.face, stacks, masked=True))
        for reinforcement in scenario.reinforcements:
            point = self._track_point(self._turn_track(), reinforcement.turn, reinforcement=True)
            if point is None or reinforcement.unit not in self.pieces:
                continue
            for _ in range(reinforcement.copies):
                commands.append(
                    self._piece(reinforcement.unit, point, reinforcement.face, stacks, masked=True)
                )
        used = _used_copies(scenario)
        commands.extend(self._boxes(used, stacks))
        for (x, y), ids in stacks.points.items():
            commands.append(
                "+/"
                + encode(
                    [self._new_id(), "stack", encode([MAP_NAME, str(x), str(y), *ids, "@@-1"], ";")], "/"
                )
            )
        for plan in self.decks:
            commands.extend(self._deck(plan, used))
        commands.append("SETUP_STACK\t")
        return commands

    # --- boxes and piles ------------------------------------------------------------------

    def _boxes(self, used: dict[str, int], stacks: _Stacks) -> list[str]:
        """Counters that wait in a box the player picks from (the recruit box), less those in play."""
        commands = []
        board = self.definition.board
        for box in board.boxes if board else ():
            rect = self.art.boxes.get(box.id)
            if box.draw == "random" or rect is None:
                continue
            point = (round((rect[0] + rect[2]) / 2), round((rect[1] + rect[3]) / 2))
            for counter_id in box.counters:
                piece = self.pieces.get(counter_id)
                if piece is None:
                    continue
                for _ in range(max(0, piece.counter.copies - used.get(counter_id, 0))):
                    commands.append(self._piece(counter_id, point, "front", stacks, masked=True))
        return commands

    def _deck(self, plan: DeckPlan, used: dict[str, int]) -> list[str]:
        """The pile's pieces (less the copies the scenario placed) and the Deck that holds them."""
        commands, ids = [], []
        remaining = dict(used)
        for entry in plan.entries:
            if entry.counter is not None and remaining.get(entry.counter, 0) > 0:
                remaining[entry.counter] -= 1
                continue
            piece_id = self._new_id()
            traits = [self._pile_state(trait, plan, entry) for trait in expand(entry.traits)]
            commands.append(add_piece(piece_id, traits))
            ids.append(piece_id)
        commands.append(
            "+/" + encode([self._new_id(), deck_type(plan), deck_state(MAP_NAME, plan, ids)], "/")
        )
        return commands

    def _pile_state(self, trait: Trait, plan: DeckPlan, entry: PileEntry) -> Trait:
        if trait.prefix == "piece;":
            return Trait(trait.type, encode([MAP_NAME, str(plan.x), str(plan.y), str(entry.gpid), "0"], ";"))
        if trait.prefix == "obs;" and entry.counter is not None:
            return Trait(trait.type, encode(["nobody" if is_solitaire(self.definition) else "null", ""], ";"))
        return trait

    # --- places --------------------------------------------------------------------------

    def _space_point(self, space_id: str) -> tuple[int, int]:
        x, y = self.art.space_centres[space_id]
        return round(x), round(y)

    def _turn_track(self) -> str | None:
        board = self.definition.board
        return next((t.id for t in board.tracks if t.kind == "turns"), None) if board else None

    def _track_point(self, track: str | None, box: str, reinforcement: bool) -> tuple[int, int] | None:
        boxes = [b for b in self.art.track_boxes if b.track == track and b.label == box]
        chosen = next((b for b in boxes if b.reinforcement == reinforcement), boxes[0] if boxes else None)
        if chosen is None:
            return None
        left, top, right, bottom = chosen.rect
        return round((left + right) / 2), round((top + bottom) / 2)

    # --- pieces --------------------------------------------------------------------------

    def _new_id(self) -> str:
        self._next_id += 1
        return str(self._next_id)

    def _piece(
        self, counter_id: str, point: tuple[int, int], face: str, stacks: _Stacks, masked: bool
    ) -> str:
        definition = self.pieces[counter_id]
        piece_id = self._new_id()
        traits = [
            self._with_state(trait, definition, point, face, masked) for trait in expand(definition.traits)
        ]
        stacks.add(point, piece_id)
        return add_piece(piece_id, traits)

    def _with_state(
        self, trait: Trait, definition: PieceDefinition, point: tuple[int, int], face: str, masked: bool
    ) -> Trait:
        if trait.prefix == "piece;":
            return Trait(
                trait.type, encode([MAP_NAME, str(point[0]), str(point[1]), str(definition.gpid), "0"], ";")
            )
        if trait.prefix == "emb2;":
            return Trait(trait.type, "2" if face == "back" else "1")
        if trait.prefix == "obs;" and masked and definition.counter.hidden:
            owner = (
                "nobody"
                if is_solitaire(self.definition)
                else side_name(self.definition, definition.counter.side)
            )
            return Trait(trait.type, encode([owner, ""], ";"))
        return trait
