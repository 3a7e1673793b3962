"""The VASSAL extension of an imported game (its `vassal/` folder) and the module built from it.

`wgc import` turns a module into game data plus what the data model cannot say, kept
verbatim under `vassal/` (docs/import.md describes the format); `wgc build` fills the kept
component tree with the data again. Both sides share the format (format.py), the geometry
that names locations as VASSAL does (geometry.py) and the links that put data into kept
piece traits (links.py).
"""
