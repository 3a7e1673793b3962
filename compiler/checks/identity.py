"""Ids that must be unique within their collection."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.checks.context import CheckContext
from compiler.diagnostics import Diagnostic, codes, error
from compiler.loading.positions import join_pointer

# For each kind of file, the lists whose items carry an 'id' that must be unique.
_COLLECTIONS: dict[str, tuple[str, ...]] = {
    "game": (
        "sides",
        "nations",
        "unit_classes",
        "counter_values",
        "dice",
        "sequence_of_play",
        "optional_rules",
    ),
    "map": ("spaces", "regions", "entries", "tracks", "boxes"),
    "terrain": ("movement_classes", "terrain"),
    "counters": ("counters",),
    "charts": ("tables",),
    "cards": ("decks",),
}


def check_duplicate_ids(context: CheckContext) -> Iterator[Diagnostic]:
    for kind, lists in _COLLECTIONS.items():
        for document in context.valid_documents(kind):
            for key in lists:
                yield from _duplicates(document.data.get(key, ()), document.name, "/" + key, key)
            if kind == "cards":
                for d, deck in enumerate(document.data.get("decks", ())):
                    yield from _duplicates(deck.get("cards", ()), document.name, f"/decks/{d}/cards", "cards")
    seen: dict[str, str] = {}
    for document in context.valid_documents("scenario"):
        scenario_id = document.data["id"]
        if scenario_id in seen:
            yield error(
                codes.ID_DUPLICATE,
                f"scenario id '{scenario_id}' is used twice",
                document.name,
                "/id",
                hint=f"{seen[scenario_id]} has it too",
            )
        else:
            seen[scenario_id] = document.name


def _duplicates(items: Any, file: str, pointer: str, what: str) -> Iterator[Diagnostic]:
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            continue
        item_id = item["id"]
        if item_id in first:
            yield error(
                codes.ID_DUPLICATE,
                f"'{item_id}' is used twice in '{what}'",
                file,
                join_pointer(join_pointer(pointer, index), "id"),
                hint=f"the first is item {first[item_id] + 1}; ids must be unique",
            )
        else:
            first[item_id] = index
