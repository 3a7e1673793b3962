"""The registry of replay adapters: one line per game system that has a rules engine.

Each module named here has an ``ADAPTER`` (compiler/replay/adapter.py): the
system's steps, expectations and position keys. Modules are imported only
when a game of that system runs its replays.
"""

from __future__ import annotations

import importlib
from typing import Any, cast

from compiler.replay.adapter import ReplayAdapter

ADAPTERS: dict[str, str] = {
    "classic": "compiler.replay.adapters.classic",
    "israel1948": "compiler.replay.adapters.israel1948",
    "jerusalem": "compiler.replay.adapters.jerusalem",
    "raiders": "compiler.replay.adapters.raiders",
}


def adapter_for(system: str) -> ReplayAdapter | None:
    """The replay adapter of ``system``, or None when it has none."""
    module_name = ADAPTERS.get(system)
    if module_name is None:
        return None
    module: Any = importlib.import_module(module_name)
    return cast(ReplayAdapter, module.ADAPTER)
