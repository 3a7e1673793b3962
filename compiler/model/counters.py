"""Build the counter mix from counters.json."""

from __future__ import annotations

from compiler.diagnostics import Diagnostic
from compiler.model.artwork import ArtSource, artwork
from compiler.model.reading import Json, strings, text
from rules_engine.definitions import Counter, CounterMix, Face, Origin
from rules_engine.definitions.art import FaceImage
from rules_engine.definitions.counters import FaceValue
from rules_engine.definitions.frozen import read_only

# The keys of a face every game shares: what it looks like, and notes about the data. Every
# other key of a face is a value the game declares in game.json ``counter_values``.
PRESENTATION_KEYS = ("label", "text", "blank", "damaged", "symbol", "background", "foreground", "flag")
NOTE_KEYS = ("cite", "provenance", "note")
ART_KEYS = ("image",)  # the face's picture: read with the game's art (``_with_images``), not a value


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
    front = _face_image(counter.front, entry.get("front"), counter.origin.child("front"), art, problems)
    back = _face_image(counter.back, entry.get("back"), counter.origin.child("back"), art, problems)
    more = [
        _face_image(face, data, counter.origin.child("more_faces", i), art, problems) or face
        for i, (face, data) in enumerate(zip(counter.more_faces, entry.get("more_faces", ()), strict=False))
    ]
    return counter._replace(
        front=front or counter.front, back=back or counter.back, more_faces=tuple(more) or counter.more_faces
    )


def _face_image(
    face: Face | None, data: object, origin: Origin, art: ArtSource, problems: list[Diagnostic]
) -> Face | None:
    """The face with its picture read, or None when it names none (or cannot be read)."""
    if face is None or not isinstance(data, dict) or "image" not in data:
        return None
    named = data["image"]
    name, mode = (named, "whole") if isinstance(named, str) else (named["file"], named.get("mode", "whole"))
    where = origin.child("image") if isinstance(named, str) else origin.child("image", "file")
    found = artwork(name, where, art, problems)
    return face._replace(image=FaceImage(found, mode)) if found is not None else None


def build_face(data: Json) -> Face:
    """A face: its presentation fields, and every other key as a value (a marked number as its
    number, the mark apart). Whether the game declares those values is the cross-checks' concern."""
    shown = {key: data[key] for key in PRESENTATION_KEYS if key in data}
    values: dict[str, FaceValue] = {}
    marks: dict[str, str] = {}
    for key, value in data.items():
        if key in shown or key in NOTE_KEYS or key in ART_KEYS:
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
        more_faces=tuple(build_face(face) for face in data.get("more_faces", ())),
    )
