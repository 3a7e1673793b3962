"""The game's provenance (``rules_engine.definitions.provenance``) from its valid documents:
every ``cite`` counted and every ``provenance`` mark kept, in file order. Replays are left
out: they are tests of the rules, not part of what a player prints."""

from __future__ import annotations

from collections.abc import Iterable

from compiler.checks.provenance import iter_marks
from compiler.loading import FILE_KINDS, GameSources
from rules_engine.definitions.provenance import Provenance, Reconstruction

PREFIX = "reconstructed: "


def build_provenance(sources: GameSources, valid: Iterable[str]) -> Provenance:
    usable = set(valid)
    cited = 0
    found: list[Reconstruction] = []
    for kind in FILE_KINDS:
        if kind.kind == "replay":
            continue
        for document in sources.all(kind.kind):
            if document.name not in usable or not _may_hold_marks(document.text):
                continue
            for _, key, value in iter_marks(document.data):
                if key == "cite":
                    cited += 1
                elif isinstance(value, dict):
                    found += [Reconstruction(kind.kind, str(f), _reason(r)) for f, r in value.items()]
                else:
                    found.append(Reconstruction(kind.kind, "", _reason(value)))
    return Provenance(cited, tuple(found))


def _reason(value: object) -> str:
    return str(value).removeprefix(PREFIX)


def _may_hold_marks(text: str) -> bool:
    """Whether a document can hold a mark: the key written out or escaped (most imported
    documents hold none, and are not walked)."""
    return '"cite"' in text or '"provenance"' in text or "\\u" in text
