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
    return HEADER + rows


if __name__ == "__main__":
    print(markdown(), end="")
