"""Names a system package exports, imported on first use.

`wgc validate` asks a system for its facts (facts.py: phase kinds, face values)
on every run, and needs its engine only when a replay must be played. A package
that imported its engine in ``__init__`` would make every validation pay for it,
so each package lists what it exports here and imports it when it is first read
(PEP 562); a ``TYPE_CHECKING`` block in the package gives the same names to mypy
and to readers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps each name to the submodule
    that defines it, written "module" or "module.attribute" where the name is an alias."""

    def __getattr__(name: str) -> object:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = where.partition(".")
        value = getattr(importlib.import_module(f"{package}.{module}"), attribute or name)
        return value

    return __getattr__
