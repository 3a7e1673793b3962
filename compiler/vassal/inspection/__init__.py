"""The parts of `wgc inspect`: reading a module safely, VASSAL's component classes, boards and
grids, the game state of a setup, and the findings with their codes (see compiler/vassal/inspect.py)."""
