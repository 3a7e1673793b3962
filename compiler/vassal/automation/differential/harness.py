"""What the differential test asks of a harness that drives the real VASSAL engine.

The harness itself (a VASSAL client that reads commands and answers JSON) is Java of ours run
against a VASSAL jar (bench/automation/harness/, README.md); the project's checks only need to send it
commands: select pieces, press a toolbar button, send a key to pieces, read properties and
the chat. The tests never start it: they compare the engine with the answers recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

BATTLE_MARKER = '{Wgc=="battle"}'


class Harness(Protocol):
    def command(self, name: str, *arguments: str) -> Any:
        """Run one harness command and return its result (the harness's JSON)."""
        ...


def marker_props(harness: Harness, names: Sequence[str], where: str = BATTLE_MARKER) -> dict[str, str]:
    """The properties of the one piece matching ``where`` (the battle marker)."""
    found = harness.command("props", where, ",".join(names))
    if len(found) != 1:
        raise RuntimeError(f"expected one piece matching {where}, found {len(found)}")
    props: dict[str, str] = {name: value or "" for name, value in found[0]["props"].items()}
    return props


def press(harness: Harness, key: str, where: str = BATTLE_MARKER) -> None:
    """Send ``key`` to the pieces matching ``where`` (by default the battle marker)."""
    harness.command("keyall", where, key)
