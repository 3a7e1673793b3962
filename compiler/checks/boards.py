"""boards.json, the pieces of an imported module's scenarios, and the kept module tree.

A piece stands on a map of boards.json at a location name; the check works the name out as
VASSAL would (compiler/compiler/mapgeometry/maps.py): from the piece's position when it has one
(which must then be named 'at'), else the location must be one the map's boards name. The kept
tree (vassal/module.xml) may only name counters, cards, maps, boards, dice and scenarios the
data has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from compiler.checks.context import CheckContext, at, unknown
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.diagnostics.text import shorten
from rules_engine.definitions import PiecePlacement, Scenario
from rules_engine.definitions.boards import Boards

if TYPE_CHECKING:  # imported where a scenario places pieces on boards.json's maps
    from compiler.mapgeometry.maps import MapGeometry
    from rules_engine.definitions.kept import KeptSetup  # only an imported game keeps one


def check_boards(context: CheckContext) -> Iterator[Diagnostic]:
    boards = context.definition.boards
    if boards is None:
        return
    for map_id, count in Counter(m.id for m in boards.maps).items():
        if count > 1:
            file, pointer = at(boards.origin, "maps")
            yield error(codes.BOARDS_DUPLICATE, f"two maps have the id '{map_id}'", file, pointer)
    for board_map in boards.maps:
        for board_id, count in Counter(b.id for b in board_map.boards).items():
            if count > 1:
                file, pointer = at(board_map.origin, "boards")
                yield error(
                    codes.BOARDS_DUPLICATE,
                    f"two boards of map '{board_map.id}' have the id '{board_id}'",
                    file,
                    pointer,
                )
        names = [b.name for b in board_map.boards]
        for index, placed in enumerate(board_map.layout or ()):
            if placed.board not in names:
                yield unknown(
                    codes.BOARDS_UNKNOWN_BOARD,
                    "board",
                    placed.board,
                    names,
                    board_map.origin,
                    "layout",
                    index,
                    "board",
                )


def check_scenario_pieces(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    boards = definition.boards
    for scenario in definition.scenarios:
        if not scenario.pieces and not scenario.layouts:
            continue
        if boards is None:
            file, pointer = at(scenario.origin, "pieces")
            yield error(
                codes.BOARDS_UNKNOWN_MAP,
                "the scenario places pieces on maps, but the game has no boards.json",
                file,
                pointer,
            )
            continue
        yield from _scenario(context, scenario, boards)


def _scenario(context: CheckContext, scenario: Scenario, boards: Boards) -> Iterator[Diagnostic]:
    map_ids = [m.id for m in boards.maps]
    layouts = dict(scenario.layouts)
    for index, (map_id, placed) in enumerate(scenario.layouts):
        board_map = boards.map(map_id)
        if board_map is None:
            yield unknown(
                codes.BOARDS_UNKNOWN_MAP, "map", map_id, map_ids, scenario.origin, "layouts", index, "map"
            )
            continue
        names = [b.name for b in board_map.boards]
        for number, board in enumerate(placed):
            if board.board not in names:
                yield unknown(
                    codes.BOARDS_UNKNOWN_BOARD,
                    "board",
                    board.board,
                    names,
                    scenario.origin,
                    "layouts",
                    index,
                    "boards",
                    number,
                    "board",
                )
    from compiler.mapgeometry.maps import MapGeometry

    geometries: dict[str, MapGeometry] = {}
    for piece in scenario.pieces:
        board_map = boards.map(piece.map)
        if board_map is None:
            yield unknown(codes.BOARDS_UNKNOWN_MAP, "map", piece.map, map_ids, piece.origin, "map")
            continue
        geometry = geometries.get(piece.map)
        if geometry is None:
            geometry = geometries[piece.map] = MapGeometry(board_map, layouts.get(piece.map))
        yield from _piece(context, piece, geometry)
    kept = definition_kept_setup(context, scenario.id)
    if kept is not None:
        yield from _deck_positions(scenario, kept.commands, boards, layouts)


def definition_kept_setup(context: CheckContext, scenario_id: str) -> KeptSetup | None:
    kept = context.definition.kept
    return kept.setups.get(scenario_id) if kept is not None else None


def _deck_positions(
    scenario: Scenario, commands: tuple[object, ...], boards: Boards, layouts: dict[str, Any]
) -> Iterator[Diagnostic]:
    """A piece the data still puts at a kept deck's location goes into the deck, at the deck's
    point, whatever its position says (VASSAL places a deck's cards at the deck): a position
    edited there would be written, ignored by VASSAL and gone on the next import."""
    from compiler.mapgeometry.maps import MapGeometry

    pieces = {p.id: p for p in scenario.pieces if p.id}
    names = {m.name: m for m in boards.maps} | {f"Map{i}": m for i, m in enumerate(boards.maps)}
    for command in commands:
        if not isinstance(command, dict) or "deck" not in command:
            continue
        state = [str(v) for v in command.get("state") or []]
        board_map = names.get(state[0]) if len(state) >= 3 else None
        if board_map is None or not all(v.lstrip("-").isdigit() for v in state[1:3]):
            continue
        point = (int(state[1]), int(state[2]))
        name = MapGeometry(board_map, layouts.get(board_map.id)).name_at(point)
        for piece_id in command.get("pieces") or []:
            piece = pieces.get(str(piece_id))
            if piece is None or piece.map != board_map.id or piece.at != name or piece.position is None:
                continue
            if tuple(piece.position) != point:
                file, pointer = at(piece.origin, "position")
                yield warning(
                    codes.PIECE_IN_A_DECK,
                    f"piece '{shorten(str(piece_id))}' lies in the deck at '{shorten(name or '')}': "
                    f"VASSAL puts it at the deck's point {list(point)}, not at {list(piece.position)}",
                    file,
                    pointer,
                    hint="give it another location ('at') to take it out of the deck, or drop the position",
                )


def _piece(context: CheckContext, piece: PiecePlacement, geometry: MapGeometry) -> Iterator[Diagnostic]:
    definition = context.definition
    faces = 0
    if piece.counter is not None:
        counter = definition.counters.get(piece.counter) if definition.counters is not None else None
        if counter is None:
            known = definition.counters.counters if definition.counters is not None else {}
            yield unknown(codes.REF_UNKNOWN_COUNTER, "counter", piece.counter, known, piece.origin, "counter")
            return
        faces = len(counter.faces)
    elif piece.card is not None:
        deck_id, _, card_id = piece.card.partition("/")
        deck = next((d for d in definition.decks or () if d.id == deck_id), None)
        if deck is None or all(c.id != card_id for c in deck.cards):
            file, pointer = at(piece.origin, "card")
            yield error(
                codes.REF_UNKNOWN_CARD, f"no card '{shorten(piece.card)}' in cards.json", file, pointer
            )
            return
        faces = 1
    if piece.face is not None and piece.face > max(faces, 1):
        file, pointer = at(piece.origin, "face")
        yield error(
            codes.PIECE_UNKNOWN_FACE, f"face {piece.face}, but the counter has {faces}", file, pointer
        )
    yield from _location(piece, geometry)


def _location(piece: PiecePlacement, geometry: MapGeometry) -> Iterator[Diagnostic]:
    if piece.position is not None:
        named = geometry.name_at(piece.position)
        if named == piece.at:
            return
        file, pointer = at(piece.origin, "position")
        if geometry.point_of(piece.at) is not None:
            yield warning(
                codes.PIECE_POSITION_ELSEWHERE,
                f"the point {list(piece.position)} is '{shorten(named)}', not '{shorten(piece.at)}': "
                f"the piece is put at '{shorten(piece.at)}'",
                file,
                pointer,
                hint="drop the position, or give one inside the location",
            )
            return
    if geometry.point_of(piece.at) is None:
        file, pointer = at(piece.origin, "at")
        yield error(
            codes.PIECE_UNKNOWN_LOCATION,
            f"no board of map '{geometry.map.id}' names a point '{shorten(piece.at)}'",
            file,
            pointer,
            hint="a location is a hex, zone, region or deck name exactly as VASSAL writes it",
        )
