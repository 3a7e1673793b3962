"""Suggestions for typos: the closest existing id or name.

The work is bounded whatever the data holds. A word or candidate longer than
``MAX_HINT_LENGTH`` characters is never compared (no id or name the schemas
allow is that long, so it cannot be a typo of one). A swapped pair of
characters is found through an index of each candidate's sorted letters, not
by building every transposition of the word (which was cubic in its length).
The prepared index of a list of candidates is kept for the next call, because
a check asks about many unknown words against the same candidates.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

MAX_HINT_LENGTH = 120


@dataclass(frozen=True)
class _Vocabulary:
    """Candidates prepared once for many questions."""

    folded: dict[str, str]
    by_letters: dict[str, list[str]]
    keys: list[str]


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the candidate most like ``word``, or None when nothing is close.

    Case is ignored for the comparison, so 'g31' still finds 'G13'-like ids,
    and a swapped pair of characters ('G31' for 'G13') is recognised.
    """
    if len(word) > MAX_HINT_LENGTH:
        return None
    vocabulary = _prepare(tuple(candidates))
    if not vocabulary.keys:
        return None
    key = word.casefold()
    if key in vocabulary.folded:
        return vocabulary.folded[key]
    for other in vocabulary.by_letters.get("".join(sorted(key)), ()):
        if _is_transposition(key, other):
            return vocabulary.folded[other]
    import difflib  # only a diagnostic with a hint needs it, and it costs `wgc validate` an import

    match = difflib.get_close_matches(key, vocabulary.keys, n=1, cutoff=cutoff)
    return vocabulary.folded[match[0]] if match else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A ready-made hint sentence, or None when there is nothing to suggest."""
    best = closest(word, candidates)
    return f"did you mean '{best}'?" if best is not None else None


@functools.lru_cache(maxsize=16)
def _prepare(candidates: tuple[str, ...]) -> _Vocabulary:
    pool = sorted({c for c in candidates if len(c) <= MAX_HINT_LENGTH})
    folded = {c.casefold(): c for c in pool}
    by_letters: dict[str, list[str]] = {}
    for key in folded:
        by_letters.setdefault("".join(sorted(key)), []).append(key)
    return _Vocabulary(folded, by_letters, list(folded))


def _is_transposition(word: str, other: str) -> bool:
    """``other`` is ``word`` with two of its characters swapped (G13 <-> G31)."""
    if len(word) != len(other):
        return False
    differ = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
    return len(differ) == 2 and word[differ[0]] == other[differ[1]] and word[differ[1]] == other[differ[0]]
