"""Scenarios as VASSAL predefined setups: every piece where the scenario puts it.

Units stand on their hexes (full or damaged side as set up), control markers
and other tokens on their spaces, the turn and points markers in their track
boxes, reinforcements on their side's Order of Battle (or in the turn track's
reinforcement box), and spare units in their boxes: each group on the slot the
board painter drew for it (``compiler.render.holdings``), so no stack spills out
of its box. Prototypes are expanded, because a saved game keeps no state for
traits a prototype pulls in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.javatext.sequence import decode, encode
from compiler.render.art import BoardArt
from compiler.render.holdings import COUNTER_IN, MARGIN_IN, scenario_groups, used_copies
from compiler.vassal.automation.plan import Automation
from compiler.vassal.automation.turns import tracker_state
from compiler.vassal.catalogue import PieceDefinition, expand, is_solitaire, prototypes, shown_name
from compiler.vassal.decks import DeckPlan, PileEntry, deck_state, deck_type
from compiler.vassal.pieces import Trait, add_piece
from compiler.vassal.sides import side_name
from rules_engine.definitions import Scenario, ValidGame
from rules_engine.definitions.counters import face_index

MAP_NAME = "Main Map"


@dataclass(frozen=True)
class PlacedUnit:
    """Where a scenario's placement puts its unit, as VASSAL names it: the piece's name (that
    of the face it is set up on: its damaged side's, a further face's), the location name of
    its space (the hex ID, or the space's name on a map without a grid) and how many copies
    stand there."""

    name: str
    location: str
    copies: int


def placed_units(definition: ValidGame, scenario: Scenario) -> list[PlacedUnit]:
    """Each placement of the scenario as the pieces of its set-up must stand (the tests read
    a module's set-ups with inspect, bench/vassal_setups.py in VASSAL itself)."""
    board = definition.board
    assert board is not None and definition.counters is not None
    placed = []
    for placement in scenario.placements:
        counter, space = definition.counters.get(placement.unit), board.resolve(placement.at)
        if counter is None or space is None:
            raise ValueError(f"{scenario.id}: {placement.unit} at {placement.at} is not in the game")
        name = shown_name(definition.game, counter, face_index(placement.face))
        location = space.id if board.grid is not None else (space.name or space.id)
        placed.append(PlacedUnit(name, location, placement.copies))
    return placed


@dataclass(frozen=True)
class PositionPiece:
    """A piece of a position that is not a scenario's start (a differential test's battle):
    its counter, the space it stands on, its face and the overlay marks it shows."""

    counter: str
    space: str
    face: str = "front"
    marks: frozenset[str] = frozenset()


@dataclass
class _Stacks:
    """Pieces collected per board point, in the order they were placed (bottom first)."""

    points: dict[tuple[int, int], list[str]] = field(default_factory=dict)

    def add(self, point: tuple[int, int], piece_id: str) -> None:
        self.points.setdefault(point, []).append(piece_id)


class SetupWriter:
    """Turns one scenario into the AddPiece and Stack commands of a saved game."""

    def __init__(
        self,
        definition: ValidGame,
        art: BoardArt,
        pieces: list[PieceDefinition],
        decks: list[DeckPlan] | None = None,
        piece_size: int = 63,
        automation: Automation | None = None,
    ) -> None:
        self.definition = definition
        self.automation = automation or Automation()
        self.prototypes = prototypes(self.automation)
        self.art = art
        self.pieces = {piece.counter.id: piece for piece in pieces}
        self.decks = decks or []
        self.piece_size = piece_size
        self._next_id = 1000

    def commands(self, scenario: Scenario) -> list[str]:
        self._next_id = 1000
        stacks = _Stacks()
        commands = self._on_the_map(scenario, stacks)
        for key, groups in scenario_groups(self.definition, scenario).items():
            slots = self.art.slots.get(key, [])
            for index, (counter_id, copies, face) in enumerate(groups):
                if counter_id not in self.pieces or not slots:
                    continue
                point = self._slot_point(slots[min(index, len(slots) - 1)])
                for _ in range(copies):
                    commands.append(self._piece(counter_id, point, face, stacks, masked=True))
        for (x, y), ids in stacks.points.items():
            commands.append(
                "+/"
                + encode(
                    [self._new_id(), "stack", encode([MAP_NAME, str(x), str(y), *ids, "@@-1"], ";")], "/"
                )
            )
        used = used_copies(scenario)
        for plan in self.decks:
            commands.extend(self._deck(plan, used))
        commands.extend(global_values(self.automation.setup_globals(scenario)))
        tracker = tracker_state(self.definition, scenario.first_turn)
        if tracker is not None:
            commands.append(tracker)
        commands.append("SETUP_STACK\t")
        return commands

    def position(
        self, pieces: list[PositionPiece], values: dict[str, str], turn: str | None = None, phase: str = ""
    ) -> tuple[list[str], list[str]]:
        """The commands of a save holding ``pieces`` on their spaces, giving the global properties
        ``values`` and the turn tracker ``turn`` and the phase of id ``phase``, and each piece's id
        in the save (in the order given)."""
        self._next_id = 1000
        stacks = _Stacks()
        commands, ids = [], []
        for piece in pieces:
            commands.append(
                self._piece(
                    piece.counter, self._space_point(piece.space), piece.face, stacks, True, piece.marks
                )
            )
            ids.append(str(self._next_id))
        for (x, y), stacked in stacks.points.items():
            commands.append(
                "+/"
                + encode(
                    [self._new_id(), "stack", encode([MAP_NAME, str(x), str(y), *stacked, "@@-1"], ";")], "/"
                )
            )
        commands.extend(global_values(values))
        phase_ids = [p.id for p in self.definition.game.phases]
        tracker = tracker_state(self.definition, turn, phase_ids.index(phase) if phase in phase_ids else 0)
        if tracker is not None:
            commands.append(tracker)
        # a game under way: its startup commands have run (StartupGlobalKeyCommand.encode)
        commands.extend(f"SGKC\tSGKC{index}\ttrue" for index in range(len(self.automation.startup_keys)))
        return commands, ids

    def _on_the_map(self, scenario: Scenario, stacks: _Stacks) -> list[str]:
        """Units and markers the scenario puts on spaces."""
        commands: list[str] = []
        board = self.definition.board
        assert board is not None
        placed = [(p.unit, p.at, p.copies, p.face) for p in scenario.placements]
        placed += [(m.counter, m.at, m.copies, m.face) for m in scenario.markers if m.at is not None]
        for counter_id, at, copies, face in placed:
            space = board.resolve(at)
            if space is None or counter_id not in self.pieces:
                continue
            for _ in range(copies):
                commands.append(
                    self._piece(counter_id, self._space_point(space.id), face, stacks, masked=True)
                )
        return commands

    def _slot_point(self, slot: tuple[float, float, float, float]) -> tuple[int, int]:
        """Where a stack stands in a slot: its bottom piece in the slot's lower left corner, so
        the stack grows up and right into the slot's spare room and stays inside it."""
        left, _, _, bottom = slot
        half = self.piece_size / 2
        margin = self.piece_size * MARGIN_IN / COUNTER_IN
        return round(left + margin + half), round(bottom - margin - half)

    # --- boxes and piles ------------------------------------------------------------------

    def _deck(self, plan: DeckPlan, used: dict[str, int]) -> list[str]:
        """The pile's pieces (less the copies the scenario placed) and the Deck that holds them."""
        commands, ids = [], []
        remaining = dict(used)
        for entry in plan.entries:
            if entry.counter is not None and remaining.get(entry.counter, 0) > 0:
                remaining[entry.counter] -= 1
                continue
            piece_id = self._new_id()
            traits = [self._pile_state(trait, plan, entry) for trait in expand(entry.traits, self.prototypes)]
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
            # Face-down in the pile: hidden counters stay masked when drawn; the others are
            # hidden only by the face-down pile and come out face up.
            counter = self.pieces[entry.counter].counter if entry.counter in self.pieces else None
            masked = plan.draw_face_up is False and counter is not None and counter.hidden
            owner = (
                "nobody"
                if is_solitaire(self.definition)
                else side_name(self.definition, counter.side if counter else None)
            )
            return Trait(trait.type, encode([owner if masked else "null", ""], ";"))
        return trait

    # --- places --------------------------------------------------------------------------

    def _space_point(self, space_id: str) -> tuple[int, int]:
        x, y = self.art.space_centres[space_id]
        return round(x), round(y)

    # --- pieces --------------------------------------------------------------------------

    def _new_id(self) -> str:
        self._next_id += 1
        return str(self._next_id)

    def _piece(
        self,
        counter_id: str,
        point: tuple[int, int],
        face: str,
        stacks: _Stacks,
        masked: bool,
        marks: frozenset[str] = frozenset(),
    ) -> str:
        definition = self.pieces[counter_id]
        piece_id = self._new_id()
        traits = [
            self._with_state(trait, definition, point, face, masked, marks)
            for trait in expand(definition.traits, self.prototypes)
        ]
        stacks.add(point, piece_id)
        return add_piece(piece_id, traits)

    def _with_state(
        self,
        trait: Trait,
        definition: PieceDefinition,
        point: tuple[int, int],
        face: str,
        masked: bool,
        marks: frozenset[str] = frozenset(),
    ) -> Trait:
        if trait.prefix == "piece;":
            return Trait(
                trait.type, encode([MAP_NAME, str(point[0]), str(point[1]), str(definition.gpid), "0"], ";")
            )
        if trait.prefix == "emb2;" and _layer_name(trait) == "Face":
            return Trait(trait.type, str(face_index(face) + 1))  # the Layer's level: 1 the front
        if trait.prefix == "emb2;" and _layer_name(trait) in marks:
            return Trait(trait.type, "1")
        if trait.prefix == "obs;" and masked and definition.counter.hidden:
            owner = (
                "nobody"
                if is_solitaire(self.definition)
                else side_name(self.definition, definition.counter.side)
            )
            return Trait(trait.type, encode([owner, ""], ";"))
        return trait


def _layer_name(trait: Trait) -> str:
    fields = decode(trait.type, ";")
    return fields[19] if len(fields) > 19 else ""


def global_values(values: dict[str, str]) -> list[str]:
    """Commands that give module-level Global Properties their values (GlobalProperty.encode)."""
    return [
        "GlobalProperty\t" + ";" + encode([name, value, "Module"], ";")
        for name, value in sorted(values.items())
    ]
