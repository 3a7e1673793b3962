"""What a cross-check receives, and helpers shared by the checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from compiler.diagnostics import Diagnostic, codes, did_you_mean, error
from compiler.diagnostics.text import shorten
from compiler.loading import GameSources, SourceDocument
from rules_engine.definitions import GameDefinition, MapDefinition, Origin, Space


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
    return None, unknown(
        codes.REF_UNKNOWN_SPACE, "hex, space or place", reference, board.reference_words(), origin, *tokens
    )
