"""Game pieces as VASSAL encodes them: a chain of traits around a BasicPiece.

A piece's type and state are nested pairs, outermost trait first and the
BasicPiece last: type(D) = SE(TAB)[myType(D), type(inner)], the same for the
state. An AddPiece command is "+/" + SE('/')[id, type, state]. The builders
here make the few traits the compiler uses; ``decode_piece`` reads any piece
back, which the inspector and the round-trip tests rely on.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.vassal.sequence import decode, encode

TAB = "\t"
CTRL = 130
SHIFT = 65
VK = {"F": 70, "D": 68, "H": 72, "R": 82, "E": 69, "S": 83, "U": 85, "P": 80}


@dataclass(frozen=True)
class Trait:
    """One decorator (or the BasicPiece): its full type text and its state text."""

    type: str
    state: str

    @property
    def prefix(self) -> str:
        return self.type.split(";", 1)[0] + ";" if ";" in self.type else self.type


def key(letter: str, modifiers: int = CTRL) -> str:
    """A key stroke as VASSAL stores it: '<keyCode>,<modifiers>' (Ctrl+F is '70,130')."""
    return f"{VK[letter]},{modifiers}"


def named_key(name: str) -> str:
    """A named command (no real key); VASSAL gives it a private code at run time."""
    return f"57344,0,{name}"


# --- trait builders ---------------------------------------------------------------------


def basic_piece(image: str, name: str, map_id: str = "null", x: int = 0, y: int = 0, gpid: str = "") -> Trait:
    return Trait(
        "piece;" + encode(["", "", image, name], ";"), encode([map_id, str(x), str(y), gpid, "0"], ";")
    )


def layer(
    images: list[str], level_names: list[str], menu_text: str, keystroke: str, layer_name: str, level: int = 1
) -> Trait:
    """An always-active Layer (emb2;) whose command steps through ``images`` and loops:
    the flip between a counter's full and damaged sides."""
    fields = [
        "",
        "0",
        "",
        menu_text,
        "0",
        "",
        "",
        "0",
        "",
        "",
        "",
        "1",
        "false",
        "0",
        "0",
        encode(images, ","),
        encode(level_names, ","),
        "true",
        layer_name,
        "",
        "",
        "false",
        "",
        "1",
        "1",
        "true",
        "",
        keystroke,
        "",
        f"{layer_name} layer",
        "1.0",
        "",  # 3.7: only when this property ...
        "true",  # ... has this value (3.6 ignores both)
    ]
    return Trait("emb2;" + encode(fields, ";"), str(level))


def delete(menu_text: str, keystroke: str) -> Trait:
    return Trait("delete;" + encode([menu_text, keystroke, ""], ";"), "")


def marker(properties: dict[str, str]) -> Trait:
    names = list(properties)
    return Trait("mark;" + encode(names, ","), encode([properties[n] for n in names], ","))


def prototype(name: str) -> Trait:
    return Trait("prototype;" + name, "")


def mask(
    mask_image: str, menu_text: str, keystroke: str, access: str, masked_by: str | None, mask_name: str = "?"
) -> Trait:
    """Mask (obs;): others see ``mask_image``; ``access`` is 'side:' (the owning side) or
    'player:'. ``masked_by`` is the side or player hiding it now (None = face up)."""
    fields = [keystroke, mask_image, menu_text, "I", mask_name, access, "", "", "false", "", ""]
    state = encode(["null" if masked_by is None else masked_by, ""], ";")
    return Trait("obs;" + encode(fields, ";"), state)


def rotate(facings: int, clockwise_key: str, counter_key: str, name: str = "Rotate") -> Trait:
    """Can Rotate (rotate;) with ``facings`` fixed angles: a road or arrow marker that must
    point along the map. Field order of FreeRotator.myGetType; the state is the facing index."""
    fields = [
        str(facings),
        clockwise_key,
        counter_key,
        "Rotate clockwise",
        "Rotate counter-clockwise",
        "",
        "",
        name,
        "",
        "",
        "",
        "",
        "true",
    ]
    return Trait("rotate;" + encode(fields, ";"), "0")


def report(keys: list[str], message: str) -> Trait:
    return Trait("report;" + encode([encode(keys, ","), message, "", "", "", "false"], ";"), "-1")


def does_not_stack() -> Trait:
    """Markers like the turn marker sit alone and move freely."""
    return Trait("immob;;N;R;", "")


# --- whole pieces ---------------------------------------------------------------------------


def encode_piece(traits: list[Trait]) -> tuple[str, str]:
    """(type, state) of a piece; ``traits`` outermost first, BasicPiece last."""
    piece_type, piece_state = traits[-1].type, traits[-1].state
    for trait in reversed(traits[:-1]):
        piece_type = encode([trait.type, piece_type], TAB)
        piece_state = encode([trait.state, piece_state], TAB)
    return piece_type, piece_state


def add_piece(piece_id: str, traits: list[Trait]) -> str:
    piece_type, piece_state = encode_piece(traits)
    return "+/" + encode([piece_id, piece_type, piece_state], "/")


def decode_piece(piece_type: str, piece_state: str) -> list[Trait]:
    """The traits of a piece, outermost first; raises ValueError when the chains disagree."""
    traits: list[Trait] = []
    while True:
        if piece_type.startswith("piece;"):
            # The BasicPiece is innermost; like VASSAL, take its text whole (its name may hold a TAB).
            traits.append(Trait(piece_type, piece_state))
            return traits
        types = decode(piece_type, TAB)
        states = decode(piece_state, TAB)
        if len(types) == 1:
            if len(states) != 1:
                raise ValueError("the state has more parts than the type")
            traits.append(Trait(types[0], states[0]))
            return traits
        if len(types) != 2:
            raise ValueError(f"a trait pair must have two parts, found {len(types)}")
        if len(states) != 2:
            raise ValueError("no state for trait " + types[0].split(";", 1)[0])
        traits.append(Trait(types[0], states[0]))
        piece_type, piece_state = types[1], states[1]


def decode_add_piece(command: str) -> tuple[str, list[Trait]]:
    """(id, traits) of an AddPiece command ('+/id/type/state')."""
    if not command.startswith("+/"):
        raise ValueError("not an AddPiece command")
    parts = decode(command[2:], "/")
    if len(parts) < 3:
        raise ValueError("an AddPiece command needs an id, a type and a state")
    return parts[0], decode_piece(parts[1], parts[2])
