"""Game knowledge: board geometry, typed game definitions and game systems.

This package never imports ``compiler``: the compiler builds definitions from
JSON and hands them over; the engine reasons about them.
"""
