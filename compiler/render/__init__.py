"""Rendering: counters, cards, boards and print sheets, drawn with Pillow.

One counter painter and one map painter serve both the print sheets and the
VASSAL module, so what a player prints is what the module shows.
"""
