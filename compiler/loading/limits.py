"""What a game folder may hold, in one place.

`wgc validate` and `wgc build` refuse a folder past any of these (loading/ for the JSON files,
vassal/extension/reading.py for the kept vassal/ part), and `wgc import` checks each before it
writes a folder (importer/limits.py), with the same numbers: an import never reports success on
a folder that build then refuses. docs/diagnostics.md lists them (diagnostics/catalogue.py).
"""

from __future__ import annotations

MiB = 1 << 20

# The game's JSON files (game.json, counters.json, scenarios/*.json ...)
JSON_FILE_BYTES = 20 * MiB  # one source file
JSON_FILES_PER_FOLDER = 500  # JSON files in scenarios/, replays/ or the game folder itself
GAME_JSON_CHARACTERS = 100 * MiB  # all of the game's JSON files together

# The kept vassal/ part of an imported game
# The two below equal what `wgc inspect` reads of a module's XML and of an image
# (vassal/inspection/limits.py XML_ENTRY and IMAGE_ENTRY; tests/test_limits.py holds them equal):
# written out here so that validating a game loads nothing of the VASSAL back end.
TEMPLATE_BYTES = 64 * MiB  # vassal/module.xml, vassal/moduledata.xml
KEPT_JSON_BYTES = 256 * MiB  # vassal/pieces.json and each vassal/setups/*.json
MAX_SETUPS = JSON_FILES_PER_FOLDER  # each setup is a scenarios/ file too
MAX_FILES = 100_000  # files the module holds: images/, files/, vassal/files/
MAX_FILE_BYTES = 512 * MiB  # one of them (import copies no larger entry)
MAX_TOTAL_BYTES = 4 << 30  # all of them (a ZIP without extensions holds no more)
