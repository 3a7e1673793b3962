"""What the inspector reads from a piece: its name, the images it may draw, the prototypes and
marker pieces it pulls in, and where its BasicPiece state puts it.

A module's saves hold thousands of pieces but few distinct piece types, so everything that
depends only on the type is worked out once per type (PieceReader); per piece only the state
chain is split. Field positions are those of VASSAL 3.7's mySetType methods (Embellishment,
Obscurable, PlaceMarker, UsePrototype, BasicPiece); FORMAT.md section 3.5 lists them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.javatext.numbers import to_int
from compiler.javatext.sequence import decode
from compiler.vassal.inspection.model import Inspection
from compiler.vassal.pieces import split_chain

# Every trait type VASSAL 3.7's BasicCommandEncoder builds.
KNOWN_TRAITS = frozenset(
    [
        "AreaOfEffect;",
        "PROP;",
        "attach;",
        "basicName;",
        "border;",
        "button;",
        "calcProp;",
        "clone;",
        "cmt;",
        "delete;",
        "deselect;",
        "emb2;",
        "emb;",
        "footprint;",
        "globalhotkey;",
        "globalkey;",
        "hide;",
        "hideCmd;",
        "immob;",
        "label;",
        "locCommand;",
        "locmsg;",
        "macro;",
        "mark;",
        "markmoved;",
        "mat;",
        "matPiece;",
        "menuSeparator;",
        "nonRect2;",
        "nonRect;",
        "obs;",
        "pivot;",
        "placemark;",
        "playSound;",
        "propertysheet;",
        "prototype;",
        "replace;",
        "report;",
        "restrict;",
        "return;",
        "rotate;",
        "sendto;",
        "setpieceprop;",
        "setprop;",
        "submenu;",
        "table;",
        "translate;",
    ]
)
BASIC_TYPES = ("piece;", "stack", "deck;")
MAX_KEPT_STATES = 4096  # split states kept per kind (states())
STAND_IN = "\x00wgc\x00"  # no TAB, no quote: a BasicPiece state while a chain is split
READ_TRAITS = frozenset(("piece;", "emb2;", "emb;", "obs;", "prototype;", "placemark;", "replace;"))


def type_prefix(piece_type: str) -> str:
    """VASSAL's typePrefix: up to and including the first ';', or the whole type."""
    index = piece_type.find(";")
    return piece_type[: index + 1] if index >= 0 else piece_type


def _fields(trait_type: str) -> list[str]:
    return decode(trait_type.partition(";")[2], ";")


@dataclass(frozen=True)
class PieceKind:
    """What a piece's type says, outermost trait first."""

    types: tuple[str, ...]
    basic_name: str
    layers: tuple[tuple[int, tuple[str, ...]], ...]  # (trait index, level names) of each Layer
    images: tuple[str, ...]
    prototypes: tuple[str, ...]
    markers: tuple[str, ...]  # AddPiece texts of the pieces Place Marker and Replace create
    unknown: tuple[str, ...]  # traits of a type VASSAL does not know (their first 80 characters)
    basic: bool
    _states: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, piece_type: str) -> PieceKind:
        types = split_chain(piece_type)
        layers, images, prototypes, markers = [], [], [], []
        for index, trait in enumerate(types):
            prefix = type_prefix(trait)
            values = _fields(trait) if prefix in READ_TRAITS else []
            if prefix == "piece;" and len(values) >= 3:
                images.append(values[2])
            elif prefix == "emb2;" and len(values) >= 16:
                images.extend(decode(values[15], ","))
                layers.append((index, tuple(decode(values[16], ",")) if len(values) > 16 else ()))
            elif prefix == "emb;":
                images.extend(decode(entry, ",")[0] for entry in values[8:])
            elif prefix == "obs;" and len(values) >= 2:
                images.append(values[1])
            elif prefix == "prototype;":
                prototypes.append(values[0])
            elif prefix in ("placemark;", "replace;") and len(values) > 2 and values[2].startswith("+/"):
                markers.append(values[2])
        basic = _fields(types[-1]) if type_prefix(types[-1]) == "piece;" else []
        return cls(
            types=tuple(types),
            basic_name=basic[3] if len(basic) > 3 else "",
            layers=tuple(layers),
            images=tuple(image for image in images if image.strip()),
            prototypes=tuple(prototypes),
            markers=tuple(markers),
            unknown=tuple(t[:80] for t in types[:-1] if type_prefix(t) not in KNOWN_TRAITS),
            basic=type_prefix(types[-1]) in BASIC_TYPES,
        )

    def states(self, piece_state: str) -> list[str]:
        """The state of each trait; ValueError when the state has fewer parts than the type.

        The BasicPiece's state (map, point, ids) is innermost, after the last TAB, and pieces
        of a kind in a save mostly differ in it alone (ccnapoleonics: 2,241 texts before it for
        19,865 pieces). So the text before the last TAB is split once, with a stand-in after it:
        where the stand-in comes back whole as the last state, that TAB ends the chain, and any
        BasicPiece state without a TAB or a quote at either end reads the same way after it."""
        levels = len(self.types) - 1
        cut = piece_state.rfind("\t")
        tail = piece_state[cut + 1 :]
        if levels == 0 or cut < 0 or "'" in (tail[:1], tail[-1:]):
            return split_chain(piece_state, levels)
        head = piece_state[:cut]
        known = self._states.get(head)
        if known is None:
            if len(self._states) >= MAX_KEPT_STATES:
                self._states.clear()
            try:
                found = split_chain(f"{head}\t{STAND_IN}", levels)
            except ValueError:
                found = []
            known = self._states[head] = tuple(found[:-1]) if found[-1:] == [STAND_IN] else ()
        if not known:
            return split_chain(piece_state, levels)
        return [*known, tail]

    def name(self, states: list[str]) -> str:
        """The name VASSAL shows: the BasicPiece's name as the active layers change it."""
        shown = self.basic_name
        for index, level_names in self.layers:
            level = basic_int([states[index]], 0) if states[index] else 1
            if 0 < level <= len(level_names) and level_names[level - 1]:
                shown = _layer_name(level_names[level - 1], shown)
        return shown

    def check(self, report: Inspection, what: str, where: str, custom_traits: bool) -> None:
        """What VASSAL reports when it builds such a piece: unknown traits, no basic piece."""
        if not custom_traits:
            for prefix in self.unknown:
                report.add(
                    "piece.unknown-trait", f"{what} has trait '{prefix}', which VASSAL does not know", where
                )
        if not self.basic:
            report.add(
                "piece.not-basic",
                f"{what}: its innermost part '{type_prefix(self.types[-1])}' is not a basic piece",
                where,
            )


class PieceReader:
    """PieceKinds by type text, each worked out once per inspection."""

    def __init__(self) -> None:
        self._kinds: dict[str, PieceKind] = {}

    def kind(self, piece_type: str) -> PieceKind:
        found = self._kinds.get(piece_type)
        if found is None:
            found = self._kinds[piece_type] = PieceKind.of(piece_type)
        return found

    def add_piece(self, command: str) -> tuple[str, PieceKind, list[str]]:
        """(id, kind, states) of an AddPiece command; ValueError when it does not decode."""
        if not command.startswith("+/"):
            raise ValueError("not an AddPiece command")
        parts = decode(command[2:], "/")
        if len(parts) < 3:
            raise ValueError("an AddPiece command needs an id, a type and a state")
        kind = self.kind(parts[1])
        return parts[0], kind, kind.states(parts[2])


def basic_state(states: list[str]) -> tuple[str | None, int, int]:
    """(map id or None, x, y) from the BasicPiece state, read like BasicPiece.setState."""
    values = decode(states[-1], ";")
    return (None if values[0] == "null" else values[0]), basic_int(values, 1), basic_int(values, 2)


def basic_int(values: list[str], index: int) -> int:
    """SequenceEncoder.Decoder.nextInt(0) at ``index``: the token as a Java int, else 0."""
    return to_int(values[index]) if index < len(values) else 0


def _layer_name(level_name: str, inner: str) -> str:
    """Embellishment.getName: the level's name read with '+' as the delimiter (a backslash
    escapes one): '+ (damaged)' adds to the inner name, 'Big +' goes before it, a name
    without a '+' replaces it."""
    tokens = decode(level_name, "+")
    if len(tokens) == 1:
        return tokens[0]
    first, second = tokens[0], tokens[1]
    return inner + second if not first else first + inner
