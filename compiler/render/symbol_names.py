"""The names a face's ``symbol`` (and a unit class's) may take: the vocabulary the painters draw.

Two families, drawn as vector shapes: the unit-type symbols of compiler/render/symbols.py
(NATO style where NATO has one) and the marker icons of compiler/render/icons.py (what a
published game prints on a marker: a stop sign, a bomb, a calendar ...), plus ``flag``, the
nation's flag filling the face. The schemas list the same names as enums (the validator
reads JSON Schema alone); tests/test_counter_design.py holds both to the painters' tables.
"""

from __future__ import annotations

UNIT_SYMBOLS = (
    "infantry",
    "armour",
    "armoured-car",
    "mechanised",
    "militia",
    "fortified",
    "artillery",
    "mortar",
    "anti-tank",
    "transport",
    "bus",
    "halftrack",
    "bulldozer",
    "flamethrower",
    "convoy",
    "garrison",
    "leader",
    "dummy",
    "cavalry",
    "camel",
    "aeroplane",
    "train",
    "camp",
    "engineer",
    "none",
)
MARKER_ICONS = (
    "aircraft",
    "arrow",
    "banner",
    "bomb",
    "broken-rail",
    "calendar",
    "coins",
    "control",
    "dynamite",
    "letter",
    "machinegun",
    "no-entry",
    "no-stopping",
    "out-of-supply",
    "phase-first",
    "phase-second",
    "plus",
    "road",
    "stop",
    "turn",
)
FLAG = "flag"  # the nation's flag across the face (a face-down Ottoman unit)
FACE_SYMBOLS = (*UNIT_SYMBOLS, *MARKER_ICONS, FLAG)
