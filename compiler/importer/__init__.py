"""`wgc import`: a VASSAL module into a game folder that `wgc build` builds again.

The reverse of compiler/vassal/module.py: what the data model can say becomes game data
(boards.json, counters.json, cards.json, scenarios, game.json), the rest is kept verbatim in the
game's vassal/ folder (compiler/vassal/extension). docs/import.md describes both.
"""

from compiler.importer.driver import ImportResult, import_module

__all__ = ["ImportResult", "import_module"]
