"""At most a few diagnostics of one code per file, and one line that counts the rest.

A file with 100,000 broken steps has one mistake made 100,000 times; listing
them all buries everything else and takes minutes to print. The first
``MAX_PER_CODE`` of each code in each file are kept, in the order given, and
one ``limit.more-diagnostics`` diagnostic says how many more there were.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from compiler.diagnostics import codes
from compiler.diagnostics.diagnostic import Diagnostic, Severity, make

MAX_PER_CODE = 20

# Counted rather than read one by one: the text output sums them per file.
UNCAPPED = frozenset({codes.PROVENANCE_RECONSTRUCTED})


def cap_repeats(
    diagnostics: Iterable[Diagnostic], limit: int = MAX_PER_CODE, uncapped: Collection[str] = UNCAPPED
) -> list[Diagnostic]:
    """``diagnostics`` with at most ``limit`` of each (file, code), in the order given.

    The count of the rest follows the last one listed; it stands where the first
    one left out stood (its pointer, line and column), so sorting keeps it there.
    """
    kept: list[Diagnostic] = []
    seen: dict[tuple[str, str], int] = {}
    first_left_out: dict[tuple[str, str], Diagnostic] = {}
    errors: dict[tuple[str, str], int] = {}
    for diagnostic in diagnostics:
        key = (diagnostic.file, diagnostic.code)
        count = seen[key] = seen.get(key, 0) + 1
        if count <= limit or diagnostic.code in uncapped:
            kept.append(diagnostic)
            continue
        first_left_out.setdefault(key, diagnostic)
        errors[key] = errors.get(key, 0) + diagnostic.is_error
    if not first_left_out:
        return kept
    result: list[Diagnostic] = []
    listed: dict[tuple[str, str], int] = {}
    for diagnostic in kept:
        result.append(diagnostic)
        key = (diagnostic.file, diagnostic.code)
        listed[key] = listed.get(key, 0) + 1
        if key in first_left_out and listed[key] == limit:
            result.append(_count_of_rest(first_left_out[key], seen[key] - limit, errors[key] > 0, limit))
    return result


def _count_of_rest(first: Diagnostic, count: int, any_error: bool, limit: int) -> Diagnostic:
    return make(
        Severity.ERROR if any_error else Severity.WARNING,
        codes.LIMIT_MORE_DIAGNOSTICS,
        f"{count} more [{first.code}] diagnostic(s) in this file, from here on, are not listed",
        first.file,
        first.pointer,
        hint=f"only the first {limit} of each code in a file are shown; fix those and run again",
    ).located(first.line, first.column)
