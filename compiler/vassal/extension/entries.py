"""The archive entries the kept tree (vassal/module.xml) makes `wgc build` write, checked by the
one rule of compiler/vassal/entries.py.

The tree names two: the module's tree itself (the root's ``wgc:file``, which only an old module
sets, to ``buildFile``) and each set-up's saved game (a PredefinedSetup's ``file`` where the
element stands for a scenario). `validate` reports a bad one as a `vassal.extension` error and
`build` refuses it the same way, so neither is ever written.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

from compiler.vassal.entries import BUILD_FILES, build_file_problem, entry_name_problem
from compiler.vassal.extension.format import TEMPLATE, wgc

SETUP_TAG = "VASSAL.build.module.PredefinedSetup"
DEFAULT_BUILD_FILE = "buildFile.xml"
RESERVED = frozenset({*BUILD_FILES, "moduledata"})  # entries build writes itself


@dataclass(frozen=True)
class BadEntryName:
    """An attribute of the kept tree that would name an unsafe entry."""

    element: str  # the element, as a reader finds it ("PredefinedSetup 'Opening'")
    attribute: str
    value: str
    problem: str

    @property
    def message(self) -> str:
        shown = self.value if len(self.value) <= 120 else self.value[:100] + "…"
        return (
            f"{TEMPLATE}: {self.element}, attribute {self.attribute}={shown!r}: "
            f"not an archive entry wgc writes ({self.problem})"
        )


def build_file_name(root: etree._Element) -> str:
    """The entry the module's tree is written to."""
    return root.get(wgc("file")) or DEFAULT_BUILD_FILE


def setup_files(root: etree._Element) -> Iterator[tuple[etree._Element, str]]:
    """Each set-up element that stands for a scenario, with the entry its saved game goes to."""
    for element in root.iter(SETUP_TAG):
        file = element.get("file") or ""
        if element.get(wgc("scenario")) and file:
            yield element, file


def bad_entry_names(root: etree._Element) -> Iterator[BadEntryName]:
    """Every attribute of the tree that would make build write an unsafe entry name."""
    value = root.get(wgc("file"))
    if value is not None:
        problem = build_file_problem(value)
        if problem is not None:
            yield BadEntryName("the root element", "wgc:file", value, problem)
    for element, file in setup_files(root):
        problem = entry_name_problem(file)
        if problem is None and file in RESERVED:
            problem = "that entry is the module's own tree or moduledata"
        if problem is not None:
            yield BadEntryName(f"PredefinedSetup '{element.get('name') or ''}'", "file", file, problem)
