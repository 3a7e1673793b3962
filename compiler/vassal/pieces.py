"""Game pieces as VASSAL encodes them: a chain of traits around a BasicPiece.

A piece's type and state are nested pairs, outermost trait first and the
BasicPiece last: type(D) = SE(TAB)[myType(D), type(inner)], the same for the
state. An AddPiece command is "+/" + SE('/')[id, type, state]. The builders
here make the few traits the compiler uses; ``decode_piece`` reads any piece
back, which the inspector and the round-trip tests rely on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.javatext.sequence import decode, encode, unquote

TAB = "\t"
CTRL = 130
SHIFT = 65


@dataclass(frozen=True)
class Trait:
    """One decorator (or the BasicPiece): its full type text and its state text."""

    type: str
    state: str

    @property
    def prefix(self) -> str:
        return self.type.split(";", 1)[0] + ";" if ";" in self.type else self.type


def key(letter: str, modifiers: int = CTRL) -> str:
    """A key stroke as VASSAL stores it: '<keyCode>,<modifiers>' (Ctrl+F is '70,130'); a
    letter's Java key code (VK_A to VK_Z) is its upper-case code point."""
    return f"{ord(letter.upper())},{modifiers}"


def named_key(name: str) -> str:
    """A named command (no real key); VASSAL gives it a private code at run time."""
    return f"57344,0,{name}"


# --- trait builders ---------------------------------------------------------------------


def basic_piece(image: str, name: str, map_id: str = "null", x: int = 0, y: int = 0, gpid: str = "") -> Trait:
    return Trait(
        "piece;" + encode(["", "", image, name], ";"), encode([map_id, str(x), str(y), gpid, "0"], ";")
    )


def layer(
    images: list[str],
    level_names: list[str],
    menu_text: str,
    keystroke: str,
    layer_name: str,
    level: int = 1,
    down_text: str = "",
    down_keystroke: str = "",
) -> Trait:
    """An always-active Layer (emb2;) whose command steps through ``images`` and loops:
    the flip between a counter's full and damaged sides; with ``down_text``, a command that
    steps back (a unit of more than two steps, walked up by a replacement)."""
    fields = [
        "",
        "0",
        "",
        menu_text,
        "0",
        "",
        down_text,
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
        down_keystroke,
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


def calculated_property(name: str, expression: str, description: str = "") -> Trait:
    """A Calculated Property (calcProp;): a property whose value VASSAL works out from
    ``expression`` whenever it is asked for (CalculatedProperty.myGetType: name, expression,
    description); it has no state."""
    return Trait("calcProp;" + encode([name, expression, description], ";"), "")


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
    """The traits of a piece, outermost first; raises ValueError when the chains disagree.

    Reads the chains the way VASSAL's BasicCommandEncoder.createPiece and Decorator.setState
    do (each level takes the first two TAB tokens and decodes the second again), in one pass
    over the text instead of one per trait: see ``split_chain``."""
    types = split_chain(piece_type)
    states = split_chain(piece_state, len(types) - 1)
    return [Trait(t, s) for t, s in zip(types, states, strict=True)]


_TAB_RUN = re.compile(r"\\*\t")


def split_chain(text: str, levels: int | None = None) -> list[str]:
    """The tokens of a nested TAB pair (outermost first), as VASSAL decodes it level by level.

    Decoding a level drops one backslash before each escaped TAB, so a TAB preceded by k
    backslashes is the separator of level k, and the second token of level k ends at the
    next TAB preceded by k backslashes or fewer. Knowing each TAB's run of backslashes, one
    walk over the TABs finds every separator and where the last token ends, and every token
    is cut out once: the work is linear in the text. ``levels`` is the number of separators a
    state must have (one per trait of its type); without it, splitting goes on while there is
    a separator, and the innermost token is decoded once more, as createPiece does with a type."""
    spans = [match.span() for match in _TAB_RUN.finditer(text)]
    runs = [tab_end - 1 - run_start for run_start, tab_end in spans]
    ends: list[int] | None = None
    tokens: list[str] = []
    start, end, level, index, count = 0, len(text), 0, 0, len(spans)
    while levels is None or level < levels:
        while index < count and runs[index] > level:
            index += 1  # a TAB inside this trait's own text
        if index == count or runs[index] < level:
            if levels is not None:
                raise ValueError("no state for trait: the state has fewer parts than the type")
            break
        tokens.append(unquote(_unescape(text[start : spans[index][0]], level + 1)))
        start = spans[index][1]
        if start < end and text[start] == "'":  # a quoted second token: where does it end?
            ends = ends if ends is not None else _next_not_deeper(runs)
            stop = ends[index]
            end = min(end, spans[stop][0]) if stop < count else end
            if end - start > 1 and text[end - 1] == "'":
                start, end = start + 1, end - 1
        level, index = level + 1, index + 1
    while index < count and runs[index] >= level:
        index += 1
    end = min(end, spans[index][0]) if index < count else end
    last = _unescape(text[start:end], level + (1 if levels is None else 0))
    tokens.append(unquote(last) if levels is None else last)
    return tokens


def _next_not_deeper(runs: list[int]) -> list[int]:
    """For each TAB, the index of the next TAB with as few backslashes or fewer (or len)."""
    found = [len(runs)] * len(runs)
    stack: list[int] = []
    for index in range(len(runs) - 1, -1, -1):
        while stack and runs[stack[-1]] > runs[index]:
            stack.pop()
        if stack:
            found[index] = stack[-1]
        stack.append(index)
    return found


def _unescape(token: str, depth: int) -> str:
    """``token`` as it reads after ``depth`` decodings: each run of backslashes before a TAB
    loses ``depth`` of them."""
    if "\t" not in token or depth == 0:
        return token
    return _TAB_RUN.sub(lambda m: m.group()[min(depth, len(m.group()) - 1) :], token)


def decode_add_piece(command: str) -> tuple[str, list[Trait]]:
    """(id, traits) of an AddPiece command ('+/id/type/state')."""
    if not command.startswith("+/"):
        raise ValueError("not an AddPiece command")
    parts = decode(command[2:], "/")
    if len(parts) < 3:
        raise ValueError("an AddPiece command needs an id, a type and a state")
    return parts[0], decode_piece(parts[1], parts[2])
