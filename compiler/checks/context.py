"""What a cross-check receives, and helpers shared by the checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from compiler.diagnostics import Diagnostic, codes, did_you_mean, error
from compiler.diagnostics.text import shorten
from compiler.loading import GameSources, SourceDocument
from rules_engine.definitions import GameDefinition, MapDefinition, Origin, Space
from rules_engine.geometry import Hex


@dataclass(frozen=True)
class CheckContext:
    """The built definition, plus the raw documents for checks that need them."""

    definition: GameDefinition
    sources: GameSources
    valid: frozenset[str]

    def valid_documents(self, kind: str) -> list[SourceDocument]:
        return [doc for doc in self.sources.all(kind) if doc.name in self.valid]


def at(origin: Origin, *tokens: str | int) -> tuple[str, str]:
    """File and pointer of a field of a definition, for building a diagnostic."""
    child = origin.child(*tokens) if tokens else origin
    return child.file, child.pointer


def unknown(
    code: str, what: str, value: str, known: Iterable[str], origin: Origin, *tokens: str | int
) -> Diagnostic:
    """'no side "israelli"; did you mean "israeli"?' with the closest known id."""
    pool = list(known)
    hint = did_you_mean(value, pool)
    if hint is None and pool and len(pool) <= 12:
        hint = "known: " + ", ".join(sorted(pool))
    file, pointer = at(origin, *tokens)
    return error(code, f"no {what} '{shorten(value)}'", file, pointer, hint=hint)


def resolve_space(
    board: MapDefinition, reference: str, origin: Origin, *tokens: str | int
) -> tuple[Space | None, Diagnostic | None]:
    """The space a reference names, or the diagnostic that explains why none."""
    space = board.resolve(reference)
    if space is not None:
        return space, None
    file, pointer = at(origin, *tokens)
    candidates = board.spaces_named(reference)
    if len(candidates) > 1:
        return None, error(
            codes.REF_AMBIGUOUS_PLACE,
            f"the name '{reference}' belongs to several spaces: {', '.join(candidates)}",
            file,
            pointer,
            hint="use the hex ID or space id instead",
        )
    found = unknown(
        codes.REF_UNKNOWN_SPACE, "hex, space or place", reference, board.reference_words(), origin, *tokens
    )
    return None, replace(found, hint=_grid_range(board, reference, found.hint))


def _grid_range(board: MapDefinition, reference: str, hint: str | None) -> str | None:
    """For what has the form of a hex ID but is not on the grid: the IDs the grid runs over."""
    grid = board.grid
    if grid is None or not grid.looks_like_id(reference):
        return hint
    columns, rows = grid.columns, grid.rows
    first, last = grid.hex_id(Hex(0, 0)), grid.hex_id(Hex(columns.size - 1, rows.size - 1))
    span = (
        f"the grid's hexes run from {first} to {last}: "
        f"columns {columns.label(0)} to {columns.label(columns.size - 1)}, "
        f"rows {rows.label(0)} to {rows.label(rows.size - 1)}"
    )
    return f"{hint} ({span})" if hint else f"'{reference}' is off the map: {span}"
