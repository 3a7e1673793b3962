"""Suggestions for typos: the closest existing id or name."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the candidate most like ``word``, or None when nothing is close.

    Case is ignored for the comparison, so 'g31' still finds 'G13'-like ids,
    and a swapped pair of characters ('G31' for 'G13') is recognised.
    """
    pool = sorted(set(candidates))
    if not pool:
        return None
    folded = {c.casefold(): c for c in pool}
    key = word.casefold()
    if key in folded:
        return folded[key]
    swapped = _transpositions(key)
    for candidate in pool:
        if candidate.casefold() in swapped:
            return candidate
    match = difflib.get_close_matches(key, list(folded), n=1, cutoff=cutoff)
    return folded[match[0]] if match else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A ready-made hint sentence, or None when there is nothing to suggest."""
    best = closest(word, candidates)
    return f"did you mean '{best}'?" if best is not None else None


def _transpositions(word: str) -> set[str]:
    """Every string made by swapping two characters of ``word`` (G13 <-> G31)."""
    out: set[str] = set()
    chars = list(word)
    for i in range(len(chars)):
        for j in range(i + 1, len(chars)):
            if chars[i] != chars[j]:
                swapped = chars.copy()
                swapped[i], swapped[j] = swapped[j], swapped[i]
                out.add("".join(swapped))
    return out
