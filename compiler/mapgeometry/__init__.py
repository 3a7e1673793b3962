"""Where a point of a map lies and what it is called, below both the checks and the back ends.

``grids``: VASSAL's hex, square, region and zoned grids with its integer arithmetic (the name of
a point, the point of a name); ``boards``: a map's boards laid out as VASSAL lays them;
``maps``: boards.json's maps as those grids and boards (``MapGeometry``); ``registration``: where
the hexes of a board image are and its resolution. `wgc validate` checks a game's places with
these, `wgc inspect` and `wgc import` read modules with them and the module writer places
pieces with them; nothing here imports lxml, Pillow or the VASSAL back end.
"""
