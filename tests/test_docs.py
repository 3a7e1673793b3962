"""Documentation that must follow the code."""

from __future__ import annotations

import re

from compiler.diagnostics import codes
from compiler.diagnostics.catalogue import markdown

from .conftest import ROOT


def test_diagnostics_page_is_current() -> None:
    assert (ROOT / "docs" / "diagnostics.md").read_text() == markdown()


def test_every_code_constant_is_described() -> None:
    constants = {value for name, value in vars(codes).items() if name.isupper() and isinstance(value, str)}
    assert constants == set(codes.DESCRIPTIONS)


def test_every_code_used_in_the_source_is_registered() -> None:
    used = set()
    for path in (ROOT / "compiler").rglob("*.py"):
        used |= set(re.findall(r"codes\.([A-Z_]+)", path.read_text()))
    assert {getattr(codes, name) for name in used} <= set(codes.DESCRIPTIONS)


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "python3 dev.py build" in readme and "python3 dev.py test" in readme
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text()
