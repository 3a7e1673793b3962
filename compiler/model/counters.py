"""Build the counter mix from counters.json."""

from __future__ import annotations

from compiler.model.reading import Json, strings, text
from rules_engine.definitions import Counter, CounterMix, Face, Origin
from rules_engine.definitions.counters import FaceValue
from rules_engine.definitions.frozen import read_only

# The keys of a face every game shares: what it looks like, and notes about the data. Every
# other key of a face is a value the game declares in game.json ``counter_values``.
PRESENTATION_KEYS = ("label", "text", "blank", "damaged", "symbol", "background", "foreground", "flag")
NOTE_KEYS = ("cite", "provenance", "note")


def build_counters(data: Json, file: str) -> CounterMix:
    root = Origin(file)
    counters: dict[str, Counter] = {}
    for index, entry in enumerate(data["counters"]):
        counters.setdefault(entry["id"], _counter(entry, root.child("counters", index)))
    return CounterMix(read_only(counters), root)


def build_face(data: Json) -> Face:
    """A face: its presentation fields, and every other key as a value (a marked number as its
    number, the mark apart). Whether the game declares those values is the cross-checks' concern."""
    shown = {key: data[key] for key in PRESENTATION_KEYS if key in data}
    values: dict[str, FaceValue] = {}
    marks: dict[str, str] = {}
    for key, value in data.items():
        if key in shown or key in NOTE_KEYS:
            continue
        if isinstance(value, dict):
            values[key] = value["value"]
            marks[key] = value["mark"]
        else:
            values[key] = value
    return Face(**shown, values=read_only(values), marks=read_only(marks))


def _counter(data: Json, origin: Origin) -> Counter:
    return Counter(
        id=data["id"],
        name=data["name"],
        aliases=strings(data, "aliases"),
        kind=data["kind"],
        side=text(data, "side"),
        nation=text(data, "nation"),
        unit_class=text(data, "class"),
        formation=text(data, "formation"),
        copies=int(data.get("count", 1)),
        optional_rule=text(data, "optional_rule"),
        hidden=bool(data.get("hidden", False)),
        front=build_face(data["front"]),
        back=build_face(data["back"]) if "back" in data else None,
        special_rules=tuple(r["summary"] for r in data.get("special_rules", ())),
        origin=origin,
        short_name=text(data, "short_name"),
    )
