"""Build the counter mix from counters.json."""

from __future__ import annotations

from compiler.diagnostics import Diagnostic
from compiler.model.artwork import ArtSource, artwork
from compiler.model.reading import Json, strings, text
from rules_engine.definitions import Counter, CounterMix, Face, Origin
from rules_engine.definitions.art import FaceImage
from rules_engine.definitions.frozen import read_only

_FACE_FIELDS = {
    "label",
    "blank",
    "damaged",
    "strength",
    "strength_colour",
    "strength_plus",
    "strength_parenthesized",
    "strength_printed",
    "targeted_strength",
    "multiplier",
    "movement",
    "movement_class",
    "movement_hexagon",
    "movement_colour",
    "zoc",
    "no_zoc_band",
    "supply_symbol",
    "range",
    "capacity",
    "elite",
    "value",
    "text",
    "symbol",
    "background",
    "foreground",
    "flag",
}


def build_counters(
    data: Json, file: str, art: ArtSource | None = None, problems: list[Diagnostic] | None = None
) -> CounterMix:
    """The counter mix; ``art`` reads the faces' images (without it, faces have none)."""
    root = Origin(file)
    counters: dict[str, Counter] = {}
    for index, entry in enumerate(data["counters"]):
        counter = _counter(entry, root.child("counters", index))
        if art is not None:
            counter = _with_images(counter, entry, art, problems if problems is not None else [])
        counters.setdefault(entry["id"], counter)
    return CounterMix(read_only(counters), root)


def _with_images(counter: Counter, entry: Json, art: ArtSource, problems: list[Diagnostic]) -> Counter:
    faces = {}
    for side in ("front", "back"):
        face, data = getattr(counter, side), entry.get(side)
        if face is None or not isinstance(data, dict) or "image" not in data:
            continue
        named = data["image"]
        name, mode = (
            (named, "whole") if isinstance(named, str) else (named["file"], named.get("mode", "whole"))
        )
        where = (
            counter.origin.child(side, "image")
            if isinstance(named, str)
            else counter.origin.child(side, "image", "file")
        )
        found = artwork(name, where, art, problems)
        if found is not None:
            faces[side] = face._replace(image=FaceImage(found, mode))
    return counter._replace(**faces) if faces else counter


def build_face(data: Json) -> Face:
    values = {key: value for key, value in data.items() if key in _FACE_FIELDS}
    return Face(movement_marks=strings(data, "movement_marks"), **values)


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
