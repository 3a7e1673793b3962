"""Palette slots into counters, deck slots into cards, and each piece's traits kept with links.

Every PieceSlot becomes a counter (a CardSlot in a deck a card of that deck's entry in
cards.json): its id is the one the module carries (wgc's own modules mark each piece with its
counter id) or one made from its name; its name is the BasicPiece's; its faces come from its
images (faces.py); Marker properties become declared values (values.py) or, for wgc's own
modules, the counter's kind and side; a prototype several slots share becomes its class. The
piece's traits are kept as VASSAL writes them, and a field is linked to the data only where
writing the data back gives the very text the module had (links.same_text).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from lxml import etree

from compiler.importer.faces import Faces, layer_images, read_faces
from compiler.importer.files import FileCopier
from compiler.importer.naming import IdMaker, is_id
from compiler.importer.source import ModuleSource
from compiler.importer.tally import Tally
from compiler.importer.values import MAX_PER_FACE, OWN_PROPERTIES, ValueCollector
from compiler.javatext.sequence import decode
from compiler.vassal.extension.format import PIECE_ID, wgc
from compiler.vassal.extension.links import (
    CALCULATED_EXPRESSION,
    MASK_IMAGE,
    PieceData,
    field_of,
    marker_names,
    read_face_expression,
    same_text,
    value_text,
)
from compiler.vassal.inspection.traits import PieceKind, type_prefix
from rules_engine.definitions.kept import KeptPiece, Links

PIECE_SLOT, CARD_SLOT = "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"
DRAW_PILE = "VASSAL.build.module.map.DrawPile"
WGC_KINDS = ("unit", "leader", "dummy", "gear", "token", "marker")
MAX_NAME = 120
LAYER_NAME = 19  # position of a Layer's name in decode(emb2 type, ";")
MAX_DECKS = 100
MAX_CLASSES = 80  # game.json unit_classes


@dataclass
class ImportedPiece:
    """A counter or a card: where it came from, its data and its kept piece."""

    key: str  # counter id, or 'deck id/card id'
    element: etree._Element | None  # its slot; None for a piece only a setup has
    kind: PieceKind
    states: list[str]
    faces: Faces
    properties: dict[str, tuple[int, str]]  # Marker property -> (trait position, value)
    data: dict[str, Any] = field(default_factory=dict)
    kept: KeptPiece | None = None
    others: list[etree._Element] = field(default_factory=list)  # more slots of the very same piece
    # Calculated Properties that give a value by face: name -> (position, front text, back text)
    by_face: dict[str, tuple[int, str, str | None]] = field(default_factory=dict)

    @property
    def gpid(self) -> str:
        values = decode(self.states[-1], ";")
        return values[3] if len(values) > 3 else ""

    @property
    def gpids(self) -> list[str]:
        """The palette ids its pieces keep: its own, and those of the other slots it stands for."""
        return [self.gpid, *(element.get("gpid", "") for element in self.others)]


@dataclass
class ImportedPieces:
    counters: list[ImportedPiece] = field(default_factory=list)
    decks: list[dict[str, Any]] = field(default_factory=list)
    cards: list[ImportedPiece] = field(default_factory=list)
    classes: dict[str, str] = field(default_factory=dict)  # prototype name -> class id
    sides: dict[str, str] = field(default_factory=dict)  # side name -> side id
    values: ValueCollector = field(default_factory=ValueCollector)

    def by_gpid(self) -> dict[str, ImportedPiece]:
        found: dict[str, ImportedPiece] = {}
        for piece in [*self.counters, *self.cards]:
            for gpid in piece.gpids:
                found.setdefault(gpid, piece)
        found.pop("", None)
        return found

    def by_definition(self) -> dict[tuple[str, ...], ImportedPiece]:
        """Pieces only setups have and that keep no palette id, by their traits."""
        return {p.kind.types: p for p in self.counters if p.element is None and not p.gpid}


def import_pieces(
    source: ModuleSource, files: FileCopier, sides: dict[str, str], tally: Tally
) -> ImportedPieces:
    found = ImportedPieces(sides=sides)
    found.classes = _shared_prototypes(source)
    decks = _decks(source, found)
    own_ids = _own_ids(source)
    counter_ids = IdMaker("counter", own_ids.get(None, ()))
    card_ids = {deck_id: IdMaker("card", own_ids.get(deck_id, ())) for deck_id in decks}
    twins: dict[tuple[str, ...], ImportedPiece] = {}
    for element in source.root.iter(PIECE_SLOT, CARD_SLOT):
        own_id = str(element.attrib.pop(PIECE_ID, ""))
        decoded = source.kind((element.text or "").strip())
        if decoded is None:
            tally.kept("slots that do not decode")
            continue
        kind, states = decoded
        piece = ImportedPiece(
            "", element, kind, states, read_faces(kind.types, states), _properties(kind, states)
        )
        pile = element.getparent()
        deck_id = pile.get(wgc("deck")) if element.tag == CARD_SLOT and pile is not None else None
        if _automation_piece(kind, piece.properties):
            tally.kept("wgc's automation pieces (battle, result and track markers)")
            continue
        if deck_id is not None and "Counter" not in piece.properties:  # wgc's own bins hold counters
            card_id = own_id if is_id(own_id) and card_ids[deck_id].take(own_id) else None
            piece.key = f"{deck_id}/{card_id or card_ids[deck_id].make(_name(kind, element))}"
            found.cards.append(piece)
        elif (same := _same_piece(piece, twins)) is not None:
            same.others.append(element)
        else:
            piece.key = _counter_id(piece, own_id, counter_ids)
            found.counters.append(piece)
            _see(found, piece)
    _unlisted(source, found, counter_ids)
    found.values.decide()
    for piece in found.counters:
        _counter(piece, found, files, tally)
    for piece in found.cards:
        _card(piece, found, files, tally)
    return found


def _same_piece(piece: ImportedPiece, twins: dict[tuple[str, ...], ImportedPiece]) -> ImportedPiece | None:
    """The counter this slot repeats (the same piece but for the palette id it keeps, which is
    its slot's own), or None, when it becomes a counter of its own (then noted for later slots)."""
    element = piece.element
    values = decode(piece.states[-1], ";")
    if element is None or len(values) < 4 or not values[3] or values[3] != element.get("gpid"):
        return None
    key = (*piece.kind.types, *piece.states[:-1], *values[:3], *values[4:])
    found = twins.get(key)
    if found is None:
        twins[key] = piece
    return found


def _unlisted(source: ModuleSource, found: ImportedPieces, ids: IdMaker) -> None:
    """Pieces that setups place but no slot defines (a slot since deleted, a marker a trait
    placed) become counters of their own, in no palette: one per palette id they keep, or per
    definition where they keep none."""
    known = set(found.by_gpid())
    seen: set[str] = set()
    for summary in source.inspection.setups:
        items = summary.kept.items.values() if summary.kept is not None and summary.kept.count else ()
        for item in items:  # inspect has decoded every piece of the save; its own ids hold no '/'
            kind, states = item.kind_of, item.states
            if item.kind != "piece" or "/" in item.id or kind is None or states is None or not kind.basic:
                continue
            if type_prefix(kind.types[-1]) != "piece;":
                continue
            values = decode(states[-1], ";")
            gpid = values[3] if len(values) > 3 else ""
            identity = gpid or "\t".join(kind.types)
            if gpid in known or identity in seen or _automation_piece(kind, _properties(kind, states)):
                continue
            seen.add(identity)
            piece = ImportedPiece(
                "", None, kind, states, read_faces(kind.types, states), _properties(kind, states)
            )
            piece.key = _counter_id(piece, "", ids)
            found.counters.append(piece)
            _see(found, piece)


def _decks(source: ModuleSource, found: ImportedPieces) -> list[str]:
    """Decks with card slots become decks of cards.json, marked wgc:deck in the tree."""
    ids = IdMaker("deck")
    decks: list[str] = []
    for pile in source.root.iter(DRAW_PILE):
        if pile.find(CARD_SLOT) is None or len(found.decks) == MAX_DECKS:
            continue
        deck_id = ids.make(pile.get("name", ""))
        decks.append(deck_id)
        found.decks.append({"id": deck_id, "name": pile.get("name", "")[:MAX_NAME] or "Deck", "cards": []})
        pile.set(wgc("deck"), deck_id)
    return decks


def _see(found: ImportedPieces, piece: ImportedPiece) -> None:
    """Note the piece's property values for the declarations: its Markers', and those its
    Calculated Properties give each face."""
    piece.by_face = _by_face(piece)
    found.values.see({name: value for name, (_, value) in piece.properties.items()})
    for name, (_, front, back) in piece.by_face.items():
        found.values.see({name: front})
        if back is not None:
            found.values.see({name: back})


def _by_face(piece: ImportedPiece) -> dict[str, tuple[int, str, str | None]]:
    """Calculated Properties that give a value by the face shown, as wgc's modules write them:
    by the level of the Layer that shows the faces, or for whoever a Mask shows the face to."""
    types = piece.kind.types
    layer = field_of(types[piece.faces.layer], LAYER_NAME) if piece.faces.layer is not None else None
    masked = any(type_prefix(t) == "obs;" for t in types[:-1])
    found: dict[str, tuple[int, str, str | None]] = {}
    for position, trait in enumerate(types[:-1]):
        if type_prefix(trait) != "calcProp;":
            continue
        name, shape = field_of(trait, 1), read_face_expression(field_of(trait, CALCULATED_EXPRESSION))
        if shape is None or name in piece.properties or name in found:
            continue
        by_layer, front, back = shape
        if (by_layer is not None and by_layer == layer) or (by_layer is None and masked):
            found[name] = (position, front, back)
    return found


def _automation_marker(trait: str) -> bool:
    """A Marker of wgc's automation (its properties are led by 'Wgc'): the module's machinery,
    not the game's values."""
    return type_prefix(trait) == "mark;" and "Wgc" in marker_names(trait)


def _automation_piece(kind: PieceKind, properties: dict[str, tuple[int, str]]) -> bool:
    """A piece wgc's automation adds (a battle or result marker, a track's marker): it has the
    automation's Marker and is no counter of the game; kept as it is, never a counter."""
    automation = any(_automation_marker(trait) for trait in kind.types[:-1])
    return automation and "Counter" not in properties


def _properties(kind: PieceKind, states: list[str]) -> dict[str, tuple[int, str]]:
    """The piece's own Marker properties (the first Marker that names one wins, as in VASSAL),
    but for the automation's."""
    found: dict[str, tuple[int, str]] = {}
    for position, trait in enumerate(kind.types[:-1]):
        if type_prefix(trait) != "mark;" or _automation_marker(trait):
            continue
        names = marker_names(trait)
        values = decode(states[position], ",") + [""] * len(names)
        for name, value in zip(names, values, strict=False):
            found.setdefault(name, (position, value))
    return found


def _name(kind: PieceKind, element: etree._Element | None) -> str:
    entry = element.get("entryName", "") if element is not None else ""
    return kind.basic_name or entry or "piece"


def _counter_id(piece: ImportedPiece, own_id: str, ids: IdMaker) -> str:
    """The id wgc's own modules give a piece (its 'Counter' property), or the id the build of
    an imported game kept on its slot, else one from its name."""
    for own in (piece.properties.get("Counter", (0, ""))[1], own_id):
        if is_id(own) and ids.take(own):
            return own
    return ids.make(_name(piece.kind, piece.element))


def _own_ids(source: ModuleSource) -> dict[str | None, set[str]]:
    """The ids built modules keep on their slots, by deck (None: counters), so that no id made
    from a name takes one a later slot keeps."""
    found: dict[str | None, set[str]] = {}
    for element in source.root.iter(PIECE_SLOT, CARD_SLOT):
        own = element.get(PIECE_ID, "")
        pile = element.getparent()
        deck_id = pile.get(wgc("deck")) if element.tag == CARD_SLOT and pile is not None else None
        if is_id(own):
            found.setdefault(deck_id, set()).add(own)
    return found


def _shared_prototypes(source: ModuleSource) -> dict[str, str]:
    """Prototypes that two or more slots name directly become classes (prototype name -> id)."""
    uses: Counter[str] = Counter()
    for element in source.root.iter(PIECE_SLOT, CARD_SLOT):
        decoded = source.kind((element.text or "").strip())
        if decoded is not None:
            uses.update(
                {
                    decode(t[len("prototype;") :], ";")[0]
                    for t in decoded[0].types
                    if t.startswith("prototype;")
                }
            )
    ids = IdMaker("class")
    shared = [
        name
        for name, count in sorted(uses.items(), key=lambda item: (-item[1], item[0]))
        if count >= 2
        and name in source.prototypes
        and "$" not in name
        and "{" not in name
        and 0 < len(name) <= MAX_NAME
    ]
    return {name: ids.make(name) for name in sorted(shared[:MAX_CLASSES])}


def _counter(piece: ImportedPiece, found: ImportedPieces, files: FileCopier, tally: Tally) -> None:
    data: dict[str, Any] = {
        "id": piece.key,
        "name": _name(piece.kind, piece.element)[:MAX_NAME],
        "kind": "token",
    }
    candidate = _candidate_links(piece, found, files, data)
    faces = _face_data(piece, files)
    values = _face_values(piece, found, data)
    mask = _mask_image(piece)
    hidden = files.art_name(mask[1]) if mask is not None else None
    if len(faces) == 1 and piece.faces.layer is None and mask is not None and hidden is not None:
        faces.append({"image": hidden})  # the side a Mask shows the others: the counter's back
        candidate = replace(candidate, faces=None, back=mask[0])
    if faces:
        data["front"] = {**faces[0], **values}
        if len(faces) > 1:
            data["back"] = {**faces[1], **_back_values(piece, found)}
        if len(faces) > 2:
            data["more_faces"] = faces[2:]
    else:
        data["front"] = values
    piece.data = data
    piece.kept = _verified(piece, candidate, _piece_data(piece, found, data), tally)
    for element in [piece.element, *piece.others] if piece.element is not None else []:
        element.text = None
        element.set(wgc("counter"), piece.key)
        if piece.others:  # one counter, several slots: each slot writes its own palette id
            element.set(wgc("gpid"), "slot")
    tally.data("counters")


def _card(piece: ImportedPiece, found: ImportedPieces, files: FileCopier, tally: Tally) -> None:
    deck_id, card_id = piece.key.split("/", 1)
    data: dict[str, Any] = {"id": card_id, "title": _name(piece.kind, piece.element)[:MAX_NAME]}
    candidate = _candidate_links(piece, found, files, data)
    data.pop("class", None)  # a card has no class: its prototypes stay as they are
    candidate = replace(candidate, values={}, kind=None, back=None, calculated={})
    faces = _face_data(piece, files)
    if faces:
        data["image"] = faces[0]["image"]
    back = _mask_image(piece)
    if back is not None and files.art_name(back[1]) is not None:
        data["back_image"] = files.art_name(back[1])
        candidate = replace(candidate, back=back[0])
    piece.data = data
    piece.kept = _verified(piece, candidate, _piece_data(piece, found, data), tally)
    next(d for d in found.decks if d["id"] == deck_id)["cards"].append(data)
    if piece.element is not None:
        piece.element.text = None
        piece.element.set(wgc("card"), piece.key)
    tally.data("cards")


def _candidate_links(
    piece: ImportedPiece, found: ImportedPieces, files: FileCopier, data: dict[str, Any]
) -> Links:
    """The links the data could give: name, faces, values, class (checked against the text later)."""
    kind, basic = piece.kind, len(piece.kind.types) - 1
    name_link = (
        basic if 0 < len(kind.basic_name) <= MAX_NAME and type_prefix(kind.types[basic]) == "piece;" else None
    )
    faces = piece.faces
    faces_ok = bool(faces.images) and all(files.art_name(image) for image in faces.images)
    class_link = None
    for position, trait in enumerate(kind.types[:-1]):
        name = decode(trait[len("prototype;") :], ";")[0] if trait.startswith("prototype;") else None
        if name is not None and name in found.classes:
            data["class"] = found.classes[name]
            class_link = position
            break
    values: dict[int, dict[str, str]] = {}
    calculated: dict[int, str] = {}
    for name, declared in found.values.declared.items():
        position, value = piece.properties.get(name, (0, ""))
        if value:
            values.setdefault(position, {})[name] = declared.id
        if name in piece.by_face and piece.by_face[name][1]:
            calculated[piece.by_face[name][0]] = declared.id
    return Links(
        name=name_link,
        image=faces.basic if faces_ok else None,
        faces=faces.layer if faces_ok else None,
        values=values,
        kind=class_link,
        calculated=calculated,
    )


def _face_data(piece: ImportedPiece, files: FileCopier) -> list[dict[str, Any]]:
    names = [files.art_name(image) for image in piece.faces.images]
    if not names or not all(names):
        return []
    return [{"image": name} for name in names]


def _face_values(piece: ImportedPiece, found: ImportedPieces, data: dict[str, Any]) -> dict[str, Any]:
    """Declared values on the front; wgc's own properties as the counter's kind and side."""
    values: dict[str, Any] = {}
    for name, declared in found.values.declared.items():
        value = piece.properties.get(name, (0, ""))[1] or piece.by_face.get(name, (0, "", None))[1]
        if value and len(values) < MAX_PER_FACE:
            values[declared.id] = declared.face_value(value)
    own = {name: piece.properties[name][1] for name in OWN_PROPERTIES if name in piece.properties}
    if own.get("Kind") in WGC_KINDS:
        data["kind"] = own["Kind"]
    if own.get("Side") in found.sides:
        data["side"] = found.sides[own["Side"]]
    return values


def _back_values(piece: ImportedPiece, found: ImportedPieces) -> dict[str, Any]:
    """What the back prints, where a Calculated Property gives it by face."""
    values: dict[str, Any] = {}
    for name, (_, _, back) in piece.by_face.items():
        declared = found.values.declared.get(name)
        if declared is not None and back and len(values) < MAX_PER_FACE:
            values[declared.id] = declared.face_value(back)
    return values


def _mask_image(piece: ImportedPiece) -> tuple[int, str] | None:
    """A card's back: the image of its Mask (what the other players see)."""
    for position, trait in enumerate(piece.kind.types[:-1]):
        if type_prefix(trait) == "obs;":
            image = field_of(trait, MASK_IMAGE)
            return (position, image) if image else None
    return None


def _piece_data(piece: ImportedPiece, found: ImportedPieces, data: dict[str, Any]) -> PieceData:
    """The data as the links read it, in VASSAL's terms (image names without images/)."""
    faces = tuple(image for image in piece.faces.images)
    layer = layer_images(faces, piece.faces.blank_first) if piece.faces.layer is not None else ()
    values = {
        d.id: value_text(data["front"][d.id])
        for d in found.values.declared.values()
        if d.id in data.get("front", {})
    }
    back_values = {
        d.id: value_text(data["back"][d.id])
        for d in found.values.declared.values()
        if d.id in data.get("back", {})
    }
    prototype = next(
        (name for name, class_id in found.classes.items() if class_id == data.get("class")), None
    )
    back = data.get("back_image") if "title" in data else data.get("back", {}).get("image")
    return PieceData(
        name=data.get("name") if "title" not in data else data["title"],
        image=faces[0] if faces else None,
        faces=layer,
        values=values,
        kind=prototype,
        back=back.removeprefix("images/") if isinstance(back, str) else None,
        back_values=back_values,
    )


def _verified(piece: ImportedPiece, links: Links, data: PieceData, tally: Tally) -> KeptPiece:
    """The kept piece with each link that gives the module's text back; the others are dropped
    (that field then stays as it is, whatever the data says)."""
    kept = KeptPiece(piece.kind.types, tuple(piece.states), links)
    if same_text(kept, data):
        return kept
    good: dict[str, Any] = {}
    for name in ("name", "image", "faces", "kind", "back"):
        single = Links(**{name: getattr(links, name)}) if getattr(links, name) is not None else None
        if single is not None and same_text(KeptPiece(kept.traits, kept.states, single), data):
            good[name] = getattr(links, name)
        elif single is not None:
            tally.kept(f"{name} fields the data cannot write back")
    if links.values and same_text(KeptPiece(kept.traits, kept.states, Links(values=links.values)), data):
        good["values"] = links.values
    for position, value_id in links.calculated.items():
        single = Links(calculated={position: value_id})
        if same_text(KeptPiece(kept.traits, kept.states, single), data):
            good.setdefault("calculated", {})[position] = value_id
    return KeptPiece(kept.traits, kept.states, Links(**good))
