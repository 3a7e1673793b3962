"""What import keeps of each started setup until it converts it, in little memory.

inspect starts one setup at a time and lets its game state go once it is checked
(inspect_module's on_setup); import keeps, per setup, its commands packed (zlib: a save of
thousands of pieces is mostly the same few definitions) and the pieces inspect decoded, whose
trait states are shared across setups (the same text is one string), and whose kinds inspect's
reader shares by definition already. ccnapoleonics' 189 setups (62,000 pieces, 830 MB of
commands) so take some tens of MB, where every setup's full state took 18 GB.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from compiler.vassal.inspection.games import Item
from compiler.vassal.inspection.model import SetupSummary
from compiler.vassal.savefile import ESC


@dataclass
class SavedGame:
    packed: bytes  # the commands joined by ESC (no command holds one), deflated
    count: int
    items: dict[str, Item]  # the pieces of the started game by id (stacks and decks left out)

    def commands(self) -> list[str]:
        if not self.count:
            return []
        return zlib.decompress(self.packed).decode("utf-8", errors="surrogatepass").split(ESC)


class SetupKeeper:
    """inspect_module's on_setup for import: each setup's SavedGame."""

    def __init__(self) -> None:
        self.strings: dict[str, str] = {}

    def __call__(self, summary: SetupSummary) -> SavedGame | None:
        commands, game = summary.commands, summary.game
        if commands is None or game is None or any(ESC in command for command in commands):
            return None
        items = {}
        shared = self.strings
        for item in game.items.values():
            if item.kind != "piece":
                continue
            if item.states is not None:
                item.states = [shared.setdefault(state, state) for state in item.states]
            items[item.id] = item
        text = ESC.join(commands).encode("utf-8", errors="surrogatepass")
        return SavedGame(zlib.compress(text, 1), len(commands), items)
