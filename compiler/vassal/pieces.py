"""Game pieces as VASSAL encodes them: a chain of traits around a BasicPiece.

A piece's type and state are nested pairs, outermost trait first and the
BasicPiece last: type(D) = SE(TAB)[myType(D), type(inner)], the same for the
state. An AddPiece command is "+/" + SE('/')[id, type, state]. The builders
here make the few traits the compiler uses; ``decode_piece`` reads any piece
back, which the inspector and the round-trip tests rely on.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from compiler.javatext.numbers import parse_int
from compiler.javatext.sequence import EncodingError, decode, encode, unquote

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
    """A named command (no real key). VASSAL gives each name a private code when it loads the
    module; every name is written here with the first of them, and the build file numbers
    them as VASSAL will (compiler/vassal/namedkeys.py), which needs a plain name."""
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise ValueError(f"a named command's name must be letters, digits and '_': {name!r}")
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
    description); it has no state. The expression is written as VASSAL writes it back
    (``calculated_expression``), so that a save leaves the trait as it is."""
    written = calculated_expression(expression)
    if written is None:
        raise ValueError(f"VASSAL cannot read the calculated expression {expression!r}")
    return Trait("calcProp;" + encode([name, written, description], ";"), "")


def calculated_expression(text: str) -> str | None:
    """A Calculated Property's expression as VASSAL writes it back: what
    BeanShellExpression.createExpression(text, true).getExpression() gives. Braces come off
    an integer ("{0}" is written "0"), a bare name keeps no braces and loses $...$, and any
    other expression is braced; None where VASSAL throws (a lone "$")."""
    trimmed = text.strip()
    inner = trimmed[1:-1] if trimmed.startswith("{") and trimmed.endswith("}") else text
    if not inner.strip():
        return ""  # NullExpression
    number = parse_int(inner)
    if number is not None:
        return str(number)  # IntExpression
    if _java_identifier(trimmed):  # SourceVersion.isIdentifier: a bare name (braces are no part of one)
        if trimmed == "$":
            return None  # SinglePropertyExpression cuts "$" to nothing: StringIndexOutOfBounds
        return trimmed[1:-1] if trimmed.startswith("$") and trimmed.endswith("$") else trimmed
    return "{" + inner + "}"  # a BeanShellExpression


def _java_identifier(text: str) -> bool:
    """SourceVersion.isIdentifier: a Java identifier start (a letter, $, _ or a connector),
    then identifier parts (those, digits, combining marks, ignorable controls)."""
    if not text or not _identifier_start(text[0]):
        return False
    return all(_identifier_start(c) or _identifier_part(c) for c in text[1:])


def _identifier_start(character: str) -> bool:
    return unicodedata.category(character) in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl", "Sc", "Pc")


def _identifier_part(character: str) -> bool:
    code = ord(character)
    ignorable = code <= 0x08 or 0x0E <= code <= 0x1B or 0x7F <= code <= 0x9F
    return ignorable or unicodedata.category(character) in ("Nd", "Mn", "Mc", "Cf")


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
    return join_chain([t.type for t in traits]), join_chain([t.state for t in traits])


def join_chain(items: list[str]) -> str:
    """The nested TAB pair of ``items`` (outermost first), as encoding each level around the
    rest gives it (SE(TAB)[item, chain of the rest]), in one pass instead of one per level.

    Each level escapes every TAB inside it once more, so a TAB of item i (counted from 0)
    gains i + 1 backslashes, one of the last item n of them, and the separator after item i
    has i. A level wraps the rest in quotes when the rest starts with a backslash, or starts
    and ends with a quote (SequenceEncoder); whether it does depends only on the rest's first
    and last characters, which are worked out from the inside out. EncodingError where an item
    but the last ends with a backslash, as ``encode`` refuses it."""
    if not items:
        return ""
    n = len(items) - 1
    quoted_rest = [False] * n
    first, last = items[n][:1], items[n][-1:]  # of the rest after item i (empty: "")
    for i in range(n - 1, -1, -1):
        quoted_rest[i] = first == "\\" or (first == "'" and last == "'")
        item = items[i]
        if item.endswith("\\"):
            raise EncodingError(f"a token may not end with a backslash: {item!r}")
        last = "'" if quoted_rest[i] else (last or TAB)
        first = _first_written(item)
    out: list[str] = []
    for i in range(n):
        item = items[i].replace(TAB, "\\" * (i + 1) + TAB)
        out.append(f"'{item}'" if _quoted(items[i]) else item)
        out.append("\\" * i + TAB + ("'" if quoted_rest[i] else ""))
    out.append(items[n].replace(TAB, "\\" * n + TAB))
    out.extend("'" for quoted in reversed(quoted_rest) if quoted)
    return "".join(out)


def _first_written(item: str) -> str:
    """The first character of an item of a chain as its level writes it (an empty item leaves
    the separator TAB first)."""
    if _quoted(item):
        return "'"
    return "\\" if item[:1] == TAB else item[:1] or TAB


def _quoted(token: str) -> bool:
    """Whether SequenceEncoder wraps the token in quotes."""
    return token.startswith("\\") or (token.startswith("'") and token.endswith("'"))


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
