"""Pieces of an imported game's module: each counter's and card's kept traits with the data put
in through their links, a fresh piece for one the data added, and the pieces as they are in play
(prototypes expanded, as VASSAL's PieceCloner does and saved games hold them).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from compiler.diagnostics import codes
from compiler.errors import BackEndError
from compiler.javatext.sequence import EncodingError, decode, encode
from compiler.vassal.extension.links import PieceData, linked, value_text
from compiler.vassal.inspection.traits import type_prefix
from compiler.vassal.pieces import Trait, basic_piece, decode_add_piece, encode_piece, key, layer, marker
from rules_engine.definitions import Counter, ValidGame
from rules_engine.definitions.kept import KeptPiece, Links

PROTOTYPE_TAG = "VASSAL.build.module.PrototypeDefinition"


@dataclass(frozen=True)
class Piece:
    """A piece's traits and states (outermost first, BasicPiece last) and its links."""

    traits: tuple[str, ...]
    states: tuple[str, ...]
    links: Links

    def text(self, piece_id: str = "null") -> str:
        """The AddPiece command that defines it (a slot's text)."""
        piece_type, piece_state = encode_piece(
            [Trait(t, s) for t, s in zip(self.traits, self.states, strict=True)]
        )
        return "+/" + encode([piece_id, piece_type, piece_state], "/")


@dataclass(frozen=True)
class Expanded:
    """A piece in play: its traits with prototypes expanded, and where each of its own traits went."""

    traits: tuple[str, ...]
    states: tuple[str, ...]
    positions: dict[int, int]  # own trait position -> position in the expanded piece


class PieceMaker:
    def __init__(self, definition: ValidGame) -> None:
        assert definition.kept is not None
        self.counters = definition.counters.counters
        self.decks = {deck.id: deck for deck in definition.decks}
        self.kept = definition.kept.pieces
        self.classes = {c.id: c.name for c in definition.game.unit_classes}
        self.prototypes: dict[str, tuple[list[str], list[str]]] = {}
        self._expanded: dict[str, list[tuple[str, str]] | None] = {}

    # --- slots ---------------------------------------------------------------------------------

    def counter_piece(self, counter_id: str) -> Piece | None:
        counter = self.counters.get(counter_id)
        if counter is None:
            return None
        kept = self.kept.counters.get(counter_id)
        if kept is None:
            return _fresh(counter)
        return _with_data(kept, self._counter_data(counter, kept.links), counter_id)

    def card_piece(self, key: str) -> Piece | None:
        deck_id, _, card_id = key.partition("/")
        deck = self.decks.get(deck_id)
        card = next((c for c in deck.cards if c.id == card_id), None) if deck is not None else None
        if deck is None or card is None:
            return None
        back = card.back_image or deck.back_image
        data = PieceData(
            name=card.title,
            image=_vassal_image(card.image.file) if card.image is not None else None,
            back=_vassal_image(back.file) if back is not None else None,
        )
        kept = self.kept.cards.get(key)
        if kept is None:
            return Piece(
                (basic_piece(data.image or "", card.title).type,), (basic_piece("", "").state,), Links()
            )
        return _with_data(kept, data, key)

    def is_new(self, counter_id: str) -> bool:
        """A counter the data added since the import: it has no kept piece."""
        return counter_id in self.counters and counter_id not in self.kept.counters

    def slot_text(self, counter_id: str, gpid: str | None = None) -> str | None:
        """A slot's text; ``gpid``: the slot's own palette id, for a counter several slots share."""
        piece = self.counter_piece(counter_id)
        if piece is None:
            return None
        if gpid is not None:
            basic = decode(piece.states[-1], ";")
            if len(basic) > 3:
                basic[3] = gpid
                piece = Piece(piece.traits, (*piece.states[:-1], encode(basic, ";")), piece.links)
        return piece.text()

    def card_text(self, key: str) -> str | None:
        piece = self.card_piece(key)
        return piece.text() if piece is not None else None

    def _counter_data(self, counter: Counter, links: Links) -> PieceData:
        images = [
            _vassal_image(face.image.art.file) if face.image is not None else "" for face in counter.faces
        ]
        blank_first = links.image is not None and links.faces is not None
        return PieceData(
            name=counter.name,
            image=images[0] if images else None,
            faces=("", *images[1:]) if blank_first else tuple(images),
            values={key: value_text(value) for key, value in counter.front.values.items()},
            kind=self.classes.get(counter.unit_class or ""),
            back=images[1] if links.back is not None and len(images) > 1 else None,
            back_values={
                key: value_text(v) for key, v in (counter.back.values if counter.back else {}).items()
            },
        )

    # --- pieces in play ------------------------------------------------------------------------

    def use_prototypes(self, root: etree._Element) -> None:
        """The prototypes of the filled tree, by name (the first of a name, as VASSAL finds it)."""
        for element in root.iter(PROTOTYPE_TAG):
            name = element.get("name", "")
            if name in self.prototypes:
                continue
            try:
                _, traits = decode_add_piece((element.text or "").strip())
            except ValueError:
                continue
            self.prototypes[name] = ([t.type for t in traits], [t.state for t in traits])

    def expand(self, piece: Piece) -> Expanded:
        traits: list[str] = []
        states: list[str] = []
        positions: dict[int, int] = {}
        for position, (trait, state) in enumerate(zip(piece.traits, piece.states, strict=True)):
            if trait.startswith("prototype;"):
                for inner_trait, inner_state in self._prototype(decode(trait[len("prototype;") :], ";")[0]):
                    traits.append(inner_trait)
                    states.append(inner_state)
            elif type_prefix(trait) != "cmt;":
                positions[position] = len(traits)
                traits.append(trait)
                states.append(state)
        return Expanded(tuple(traits), tuple(states), positions)

    def _prototype(self, name: str) -> list[tuple[str, str]]:
        """A prototype's traits (without its BasicPiece), expanded; one that uses itself while it
        is expanded adds nothing more (as inspect reads it)."""
        if name not in self._expanded:
            self._expanded[name] = None
            found: list[tuple[str, str]] = []
            definition = self.prototypes.get(name)
            if definition is not None:
                inner = self.expand(Piece(tuple(definition[0][:-1]), tuple(definition[1][:-1]), Links()))
                found = list(zip(inner.traits, inner.states, strict=True))
            self._expanded[name] = found
        return self._expanded[name] or []


def _with_data(kept: KeptPiece, data: PieceData, key: str) -> Piece:
    try:
        traits, states = linked(kept, data)
    except EncodingError as exc:
        raise BackEndError(
            codes.VASSAL_EXTENSION,
            f"'{key}' cannot be written as a VASSAL piece: {exc}",
            hint="a name or image may not end with a backslash",
        ) from None
    return Piece(tuple(traits), tuple(states), kept.links)


def _fresh(counter: Counter) -> Piece:
    """A piece for a counter the data added: its faces (a Layer to flip through), its values (a
    Marker) and its name."""
    images = [_vassal_image(face.image.art.file) if face.image is not None else "" for face in counter.faces]
    traits: list[Trait] = []
    if counter.front.values:
        traits.append(marker({k: value_text(v) for k, v in counter.front.values.items()}))
    if len(images) > 1:
        traits.append(layer(images, [""] * len(images), "Flip", key("F"), "Face"))
    traits.append(basic_piece(images[0] if len(images) == 1 else "", counter.name))
    return Piece(tuple(t.type for t in traits), tuple(t.state for t in traits), Links())


def _vassal_image(file: str) -> str:
    """A game's image name as VASSAL names it (relative to the module's images/)."""
    return file.removeprefix("images/")
