"""Print docs/diagnostics.md from the code registry: `python -m compiler.diagnostics.catalogue`."""

from __future__ import annotations

from compiler.diagnostics.codes import DESCRIPTIONS

HEADER = """# Diagnostic codes

Every diagnostic has a stable code. Errors stop a build; warnings are counted and
shown. This page is generated from `compiler/diagnostics/codes.py`
(`python -m compiler.diagnostics.catalogue > docs/diagnostics.md`).

| code | meaning |
| --- | --- |
"""


def markdown() -> str:
    rows = "".join(f"| `{code}` | {text} |\n" for code, text in sorted(DESCRIPTIONS.items()))
    return HEADER + rows + inspect_markdown()


def inspect_markdown() -> str:
    """`wgc inspect` findings (compiler/vassal/inspection/findings.py) and the limits it reads within."""
    from compiler.vassal.inspection import limits
    from compiler.vassal.inspection.findings import CODES

    rows = "".join(f"| `{code}` | {level} | {text} |\n" for code, (level, text) in sorted(CODES.items()))
    bounds = "".join(
        f"| {what} | {limits.size_text(n)} | {text} |\n" for what, (n, text) in limits.DESCRIPTIONS.items()
    )
    return INSPECT_HEADER + rows + LIMITS_HEADER + bounds + LIMITS_FOOTER


INSPECT_HEADER = """
## `wgc inspect` findings

`wgc inspect FILE.vmod` checks any module the way VASSAL 3.7 loads it. An error is what VASSAL
itself reports when it loads the module, starts a setup or draws a piece, or what breaks play;
everything else is a warning, so a module VASSAL loads quietly passes (exit 0). Past 20 findings
of one code, the rest are counted (`findingCounts` in `--format json`).

| code | severity | meaning |
| --- | --- | --- |
"""

LIMITS_HEADER = """
### Limits of `wgc inspect`

A module is a ZIP anyone can craft. Only a regular file is opened (a device or FIFO is refused
without being read); the list of entries is checked before it is parsed; every entry is
inflated only up to its limit, images are streamed rather than held, and reading stops when
the whole module has inflated past its total. Going past a limit is an `archive.too-large`
error (a `module.unreadable` one for the first two).

| what | limit | applies to |
| --- | --- | --- |
"""

LIMITS_FOOTER = """
Peak memory therefore stays near the largest entry read whole (a saved game or buildFile.xml:
at most 64 MiB inflated, a few times that once parsed), whatever the archive claims or holds.
Measured near the limits: a 60 MB buildFile.xml with 443,000 slots takes 14 s and 440 MB; a
saved game of 26 MB with 454,000 pieces 12 s and 316 MB; a 3.7 MB module whose saved game
inflates to 3 GB 0.4 s and 26 MB. Real modules are far smaller (1 MB of buildFile.xml, saves
of a few MB: about a second).
"""


if __name__ == "__main__":
    print(markdown(), end="")
