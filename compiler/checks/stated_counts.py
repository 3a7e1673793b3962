"""Numbers the rulebook states must come out of the data."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from compiler.checks.context import CheckContext, at
from compiler.diagnostics import Diagnostic, codes, error
from rules_engine.definitions import GameDefinition, StatedCount


def _counters(d: GameDefinition, of: str | None) -> int | None:
    if d.counters is None:
        return None
    return sum(c.copies for c in d.counters.counters.values())


def _unit_counters(d: GameDefinition, of: str | None) -> int | None:
    if d.counters is None:
        return None
    return sum(c.copies for c in d.counters.counters.values() if c.is_unit)


def _token_counters(d: GameDefinition, of: str | None) -> int | None:
    if d.counters is None:
        return None
    return sum(c.copies for c in d.counters.counters.values() if not c.is_unit)


def _hexes_with_feature(d: GameDefinition, of: str | None) -> int | None:
    if d.board is None or of is None:
        return None
    return sum(1 for s in d.board.spaces.values() if of in s.features)


def _hexes_with_terrain(d: GameDefinition, of: str | None) -> int | None:
    if d.board is None or of is None:
        return None
    return sum(1 for s in d.board.spaces.values() if s.terrain == of)


def _hexes_at_level(d: GameDefinition, of: str | None) -> int | None:
    if d.board is None or of is None or not of.isdigit():
        return None
    return sum(1 for s in d.board.spaces.values() if s.level == int(of))


def _supply_sources(d: GameDefinition, of: str | None) -> int | None:
    if d.board is None:
        return None
    return sum(1 for s in d.board.supply_sources if of is None or s.side == of)


def _spaces_of_kind(d: GameDefinition, of: str | None) -> int | None:
    if d.board is None or of is None:
        return None
    return sum(1 for s in d.board.spaces.values() if of in s.kinds)


def _cards(d: GameDefinition, of: str | None) -> int | None:
    if d.decks is None:
        return None
    return sum(deck.size for deck in d.decks)


def _deck_cards(d: GameDefinition, of: str | None) -> int | None:
    if d.decks is None:
        return None
    return sum(deck.size for deck in d.decks if deck.id == of)


def _scenarios(d: GameDefinition, of: str | None) -> int | None:
    return len(d.scenarios)


_COUNTERS: dict[str, tuple[str, Callable[[GameDefinition, str | None], int | None]]] = {
    "counters": ("counters in the mix", _counters),
    "unit-counters": ("unit counters", _unit_counters),
    "token-counters": ("token and marker counters", _token_counters),
    "hexes-with-feature": ("hexes with the feature '{of}'", _hexes_with_feature),
    "hexes-with-terrain": ("hexes of terrain '{of}'", _hexes_with_terrain),
    "hexes-at-level": ("hexes at level {of}", _hexes_at_level),
    "supply-sources": ("supply sources of side '{of}'", _supply_sources),
    "spaces-of-kind": ("spaces of kind '{of}'", _spaces_of_kind),
    "cards": ("cards in all decks", _cards),
    "deck-cards": ("cards in deck '{of}'", _deck_cards),
    "scenarios": ("scenarios", _scenarios),
}


def count_of(definition: GameDefinition, stated: StatedCount) -> int | None:
    """What the data gives for a stated count; None when the data needed is missing."""
    return _COUNTERS[stated.what][1](definition, stated.of)


def check_stated_counts(context: CheckContext) -> Iterator[Diagnostic]:
    game = context.definition.game
    if game is None:
        return
    for stated in game.stated_counts:
        actual = count_of(context.definition, stated)
        if actual is None or actual == stated.number:
            continue
        what = _COUNTERS[stated.what][0].format(of=stated.of)
        code = codes.STATED_COUNTERS_TOTAL if stated.what == "counters" else codes.STATED_COUNT_MISMATCH
        file, pointer = at(stated.origin, "count")
        hint = _counter_breakdown(context.definition) if stated.what == "counters" else None
        yield error(
            code,
            f"the rulebook ({stated.cite}) says {stated.number} {what}; the data has {actual}",
            file,
            pointer,
            hint=hint,
        )


def _counter_breakdown(definition: GameDefinition) -> str | None:
    if definition.counters is None:
        return None
    by_kind: dict[str, int] = {}
    for counter in definition.counters.counters.values():
        by_kind[counter.kind] = by_kind.get(counter.kind, 0) + counter.copies
    parts = ", ".join(f"{count} {kind}" for kind, count in sorted(by_kind.items()))
    return f"counters.json holds {parts}; check the 'count' of each entry"
