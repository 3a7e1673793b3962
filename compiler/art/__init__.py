"""Art a game brings: image files read safely, drawn at any size, and the tools that
turn scans into data (``slicing``: a counter sheet into faces; ``gridfit``: the hex grid
of a map image).
"""
