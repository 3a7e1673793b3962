"""The map as the module's expressions see it: each space by the name VASSAL gives its location.

A hex is named by its hex ID (the grid's numbering reproduces the data's IDs), a space of a
point-to-point map by its region's name. Terrain facts become lists of those names, and a
side between two spaces is the pair "A|B" (both orders), so an expression can ask
``member(From + "|" + LocationName, pairs)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules_engine.core.board import Board
from rules_engine.definitions import Terrain, ValidGame


def location_names(definition: ValidGame) -> dict[str, str]:
    """Each space's id -> the location name VASSAL reports for a piece on it."""
    board = definition.board
    if board.grid is not None:
        return {space_id: space_id for space_id in board.spaces}
    return {space_id: space.name or space.id for space_id, space in board.spaces.items()}


def game_board(definition: ValidGame) -> Board:
    return Board(definition.board, definition.terrain)


def spaces_where(board: Board, names: dict[str, str], test: Callable[[str], bool]) -> list[str]:
    """The location names of the spaces that pass ``test`` (a space id)."""
    return sorted(names[space] for space in board.spaces if test(space))


def kinds_of(board: Board, space: str) -> list[Terrain]:
    """The space's terrain and its features."""
    kind = board.terrain_of.get(space)
    return [*([kind] if kind is not None else []), *board.features_of.get(space, ())]


def side_pairs(board: Board, names: dict[str, str], test: Callable[[Terrain], bool]) -> list[str]:
    """Every "A|B" whose side holds a terrain that passes ``test`` (each side in both orders)."""
    pairs: set[str] = set()
    for a, others in board.sides.items():
        for b, features in others.items():
            if a in names and b in names and any(test(f.terrain) for f in features):
                pairs.add(f"{names[a]}|{names[b]}")
    return sorted(pairs)


def side_totals(board: Board, names: dict[str, str], value: Callable[[Terrain], int]) -> dict[int, list[str]]:
    """Every "A|B" grouped by the total ``value`` of the terrain on its side (0 left out)."""
    totals: dict[str, int] = {}
    for a, others in board.sides.items():
        for b, features in others.items():
            if a in names and b in names:
                totals[f"{names[a]}|{names[b]}"] = sum(value(f.terrain) for f in features)
    return counted(totals.items())


def counted(values: Iterable[tuple[str, int]]) -> dict[int, list[str]]:
    """(name, number) pairs grouped by number: the shape ``sum_of_lookups`` reads."""
    grouped: dict[int, list[str]] = {}
    for name, number in values:
        if number:
            grouped.setdefault(number, []).append(name)
    return grouped
