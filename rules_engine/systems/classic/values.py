"""The one place the classic rules read a value a counter prints.

A face's values are read by id (the ids the options name: ``"attack"``, ``"movement"``),
so a game chooses which values its rules read. Until faces carry the values a game
declares (the counter-values contract), the ids are the Face's own fields; switching
to ``face.values`` changes this module only.
"""

from __future__ import annotations

from rules_engine.definitions import Face

Value = int | float | str | bool
_FIELDS = frozenset(Face._fields)


def face_value(face: Face, value_id: str) -> Value | None:
    """The value ``value_id`` that ``face`` prints, or None when it prints none."""
    if value_id not in _FIELDS:
        return None
    value: Value | None = getattr(face, value_id)
    return value


def face_number(face: Face, value_id: str | None) -> float:
    """A numeric value of ``face`` (0 when it prints none, or text)."""
    if value_id is None:
        return 0.0
    value = face_value(face, value_id)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(value)


def value_ids() -> frozenset[str]:
    """Every value id a face may carry (what the validator accepts in the options)."""
    return _FIELDS
