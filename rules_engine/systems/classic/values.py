"""The one place the classic rules read a value a counter prints.

A face's values are those its game declares in game.json ``counter_values``, read by the
ids the options name (``"attack"``, ``"movement"``), so a game chooses which values its
rules read (docs/classic-rules.md, Counter values).
"""

from __future__ import annotations

from rules_engine.definitions import Face

Value = int | float | str | bool


def face_value(face: Face, value_id: str) -> Value | None:
    """The value ``value_id`` that ``face`` prints, or None when it prints none."""
    return face.values.get(value_id)


def face_number(face: Face, value_id: str | None) -> float:
    """A numeric value of ``face`` (0 when it prints none, or a word)."""
    if value_id is None:
        return 0.0
    value = face_value(face, value_id)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(value)
