"""A palette slot as VASSAL 3.7.26 would write it back, compared with how the module has it.

VASSAL decodes a slot's definition (BasicCommandEncoder.decode: each trait's mySetType and
mySetState), and writes it with encode(new AddPiece(piece)): each trait's myGetType and
myGetState, nested with SequenceEncoder, the BasicPiece's state with the slot's gpid. A
module written by an older VASSAL, or by hand, often comes back different (fields added,
old type ids replaced, states completed); the editor then rewrites the slot on save. This
module writes the slot back the same way (trait_types.py for the types, the states here)
and compares strings, so its verdict is VASSAL's own: the slot differs, is identical, or is
not judged (a value inspect does not work out).

A named command takes the code VASSAL gives its name as it loads the module (``codes``, from
compiler/vassal/namedkeys.py; without them a named key keeps its code).

Known limits: a Layer that follows a property takes a
level computed in the palette, which inspect does not compute; a Text Label's font family
is the JVM's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from compiler.javatext.numbers import parse_int
from compiler.javatext.sequence import decode
from compiler.vassal.inspection.javacodec import Tokens, Unreadable, array_text, double_text, join, modifiers
from compiler.vassal.inspection.trait_types import WRITERS, Unknown, immobilized, marker
from compiler.vassal.inspection.traits import type_prefix
from compiler.vassal.namedkeys import renumber
from compiler.vassal.pieces import split_chain

NOT_WRITTEN_BACK = "\x00"  # an old type id VASSAL writes as another: never equal to the original


@dataclass(frozen=True)
class Rewrite:
    """VASSAL's verdict on one slot: ``differs`` says why it would write it back differently
    (None: identical); ``judged`` is False when inspect cannot tell."""

    differs: str | None
    judged: bool = True
    text: str | None = None  # the definition as VASSAL writes it back, where every trait is judged


# What a Layer that follows a property reads in the palette (its property name or {expression}):
# the text VASSAL gets, or None when inspect cannot tell.
Follow = Callable[[str], "str | None"]


def rewrite(
    definition: str, gpid: str, follow: Follow | None = None, codes: dict[str, int] | None = None
) -> Rewrite:
    """Compare a slot's definition (its trimmed text) with VASSAL's re-encoding of it; ``codes``
    are the module's named commands' codes (namedkeys.named_key_codes)."""
    if not definition.startswith("+/"):
        return Rewrite(None, judged=False)
    parts = decode(definition[2:], "/")
    if len(parts) < 3:
        return Rewrite(None, judged=False)
    types = split_chain(parts[1])
    try:
        states = split_chain(parts[2], len(types) - 1)
    except ValueError:
        return Rewrite(None, judged=False)  # VASSAL cannot decode it: reported as undecodable
    written = [_numbered(_trait(t, s, gpid, follow), codes) for t, s in zip(types, states, strict=True)]
    text = None
    if all(new_type is not None and new_state is not None for new_type, new_state in written):
        new_types, new_states = [t or "" for t, _ in written], [s or "" for _, s in written]
        text = "+/" + join([parts[0], _nested(new_types), _nested(new_states)], "/")
    for old_type, old_state, (new_type, new_state) in zip(types, states, written, strict=True):
        what = f"trait '{type_prefix(old_type)}'"
        if new_type is not None and new_type != old_type:
            return Rewrite(f"{what} is written as '{_short(new_type)}'", text=text)
        if new_state is not None and new_state != old_state:
            return Rewrite(f"state of {what} is written as '{_short(new_state)}'", text=text)
    if text is None:
        return Rewrite(None, judged=False)
    if text != definition:
        return Rewrite("its encoding (escapes, quotes or extra parts) is written differently", text=text)
    return Rewrite(None, text=text)


def _numbered(
    trait: tuple[str | None, str | None], codes: dict[str, int] | None
) -> tuple[str | None, str | None]:
    """A trait written back with its named commands' codes as VASSAL gives them."""
    new_type, new_state = trait
    if not codes:
        return trait
    return (
        None if new_type is None else renumber(new_type, codes),
        None if new_state is None else renumber(new_state, codes),
    )


def _nested(items: list[str]) -> str:
    """Decorator.getType / getState: each trait's text and the inner piece's, joined by a TAB."""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = join([item, text], "\t")
    return text


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def _trait(piece_type: str, state: str, gpid: str, follow: Follow | None) -> tuple[str | None, str | None]:
    """(type, state) as VASSAL writes them back; None where inspect cannot tell."""
    prefix = type_prefix(piece_type)
    try:
        new_type = _type(prefix, piece_type)
    except (Unknown, Unreadable):
        new_type = None
    try:
        new_state = _state(prefix, piece_type, state, gpid, follow)
    except (Unknown, Unreadable, KeyError):
        new_state = None
    return new_type, new_state


@functools.lru_cache(maxsize=8192)
def _type(prefix: str, piece_type: str) -> str:
    """A trait's type as written back (pieces share trait types: each is written once)."""
    rest = piece_type[len(prefix) :]
    if prefix in ("emb;", "nonRect;"):
        if prefix == "nonRect;":
            return "nonRect2;" + join(["1.0", rest], ";")
        return "emb2;" + NOT_WRITTEN_BACK
    if prefix == "emb2;":
        return "emb2;" + join(_layer(rest)[0], ";")
    if prefix == "nonRect2;":
        scale, _, spec = _first_token(rest)
        return prefix + join([Tokens(scale).double(1.0), spec], ";")
    if prefix == "mark;":
        return prefix + marker(rest)
    if prefix == "immob;":
        return prefix + immobilized(Tokens(rest))
    if prefix == "prototype;":
        return piece_type
    writer = WRITERS.get(prefix)
    if writer is None:
        raise Unknown(f"trait {prefix}")
    return prefix + join(writer(Tokens(rest)), ";")


def _first_token(text: str) -> tuple[str, str, str]:
    """The first ';'-token (unescaped) and the raw text after it (Decoder.getRemaining)."""
    index = 0
    while True:
        index = text.find(";", index)
        if index < 0:
            return text, "", ""
        if index == 0 or text[index - 1] != "\\":
            return decode(text[:index], ";")[0], ";", text[index + 1 :]
        index += 1


@functools.lru_cache(maxsize=8192)
def _layer(rest: str) -> tuple[list[str], dict[str, str]]:
    """Embellishment.mySetType then myGetType (and Embellishment0's when a version-0 Layer
    keeps keys of more than one character); the facts its state needs."""
    t = Tokens(rest)
    command, modifier, activate = t.token(""), t.integer(128), t.token("A")
    up_command, up_modifier, up_key = t.token(""), t.integer(128), t.token("")
    down_command, down_modifier, down_key = t.token(""), t.integer(128), t.token("")
    fields = [command, modifier, activate, up_command, up_modifier, up_key]
    fields += [down_command, down_modifier, down_key]
    fields += [t.token(""), t.named_key(""), t.token("1"), t.boolean(False), t.integer(0), t.integer(0)]
    images = t.strings(1)
    fields += [array_text(images), array_text(t.strings(len(images))), t.boolean(True), t.token("")]
    fields += [t.named_key(""), t.token(""), t.boolean(False), t.token(""), t.integer(1)]
    version, always = int(t.integer(0)), t.boolean(True)
    keys = [t.named_key(""), t.named_key(""), t.named_key("")]
    tail = [t.token(""), t.double(1.0), t.token(""), t.token("true")]
    facts = {"levels": str(len(images)), "follow": fields[21], "property": fields[22], "activate": activate}
    if version == 0:
        if max(len(activate), len(up_key), len(down_key)) > 1:
            return _layer0(rest), {**facts, "old": "true"}
        always = "true" if rest == "Activate" or not activate else "false"
        pairs = ((activate, modifier), (up_key, up_modifier), (down_key, down_modifier))
        keys = [_char_key(key, mods) for key, mods in pairs]
        version = 1
    return [*fields, str(version), always, *keys, *tail], facts


def _char_key(key: str, modifiers_text: str) -> str:
    """NamedKeyStroke.of(key.charAt(0), modifiers), or none for an empty key."""
    return f"{ord(key[0])},{modifiers(int(modifiers_text))}" if key else ""


def _layer0(rest: str) -> list[str]:
    """Embellishment0: the 24 fields of a Layer written before VASSAL 3.3's keys."""
    t = Tokens(rest)
    fields = [t.token("Activate"), t.integer(128), t.token("A"), t.token("Increase"), t.integer(128)]
    fields += [t.token("]"), t.token("Decrease"), t.integer(128), t.token("["), t.token("Reset"), t.key("R")]
    fields += [t.token("1"), t.boolean(False), t.integer(0), t.integer(0)]
    images = t.strings(0)
    fields += [array_text(images), array_text(t.strings(len(images))), t.boolean(True), t.token("")]
    return [*fields, t.key(""), t.token(""), t.boolean(False), t.token(""), t.integer(1)]


# --- states -------------------------------------------------------------------------------------


def _state(prefix: str, piece_type: str, state: str, gpid: str, follow: Follow | None) -> str:
    if prefix == "piece;":
        return _basic_state(state, gpid)
    if prefix in ("emb2;", "emb;"):
        return _layer_state(piece_type[len(prefix) :], state, follow) if prefix == "emb2;" else state
    writer = STATES.get(prefix)
    if writer is None:
        if prefix in EMPTY_STATES:
            return ""
        raise Unknown(f"the state of {prefix}")
    return writer(piece_type[len(prefix) :], state)


def _basic_state(state: str, gpid: str) -> str:
    """BasicPiece.setState, off the map (the slot's piece is taken off any map), with the
    slot's gpid; persistent properties in the order of Java's HashMap."""
    t = Tokens(state)
    t.token("")
    x, y = t.integer(0), t.integer(0)
    t.token("")
    count = parse_int(t.token("0")) if t.more() else 0
    props: dict[str, str] = {}
    for _ in range(max(count or 0, 0)):
        key, value = t.token(""), t.token("")
        props[key] = value
    ordered = hash_map_order(list(props))
    return join(["null", x, y, gpid, str(len(props)), *[v for k in ordered for v in (k, props[k])]], ";")


def _layer_state(rest: str, state: str, follow: Follow | None) -> str:
    """Embellishment.mySetState: the level, within the number of images; a Layer that
    follows a property takes the property's level when its name is asked for
    (checkPropertyLevel), as the harness and the palette ask."""
    fields, facts = _layer(rest)
    levels = int(facts["levels"])
    if facts.get("old"):
        t = Tokens(state)
        value = int(t.integer(1))
        return join([str(value), t.token("" if value < 0 else facts["activate"])], ";")
    value = min(max(-levels, int(Tokens(state).integer(-1))), levels)
    if facts["follow"] == "true" and facts["property"].strip():
        read = follow(facts["property"]) if follow is not None else None
        if read is None:
            raise Unknown("a Layer following a property")
        first = int(fields[23])
        level = parse_int(read or str(first))
        if level is not None:
            level = min(max(level - first + 1, 1), levels)
            value = level if value > 0 else -level
    return str(value)


def hash_map_order(keys: list[str]) -> list[str]:
    """The order in which a java.util.HashMap<String, _> filled with ``keys`` iterates."""
    capacity = 16
    while len(keys) > capacity * 3 // 4:
        capacity *= 2
    ranked = []
    for index, key in enumerate(keys):
        code = java_hash(key)
        ranked.append(((code ^ (code >> 16)) & (capacity - 1), index))
    return [keys[index] for _, index in sorted(ranked)]


def java_hash(text: str) -> int:
    """String.hashCode over UTF-16 code units, as an unsigned 32-bit value."""
    code = 0
    for unit in _utf16_units(text):
        code = (31 * code + unit) & 0xFFFFFFFF
    return code


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def _marker_state(rest: str, state: str) -> str:
    keys = decode(rest, ",") if rest else []
    values = [""] * len(keys)
    for index, value in enumerate(decode(state, ",")[: len(keys)]):
        values[index] = value
    return join(values, ",") if keys else ""


def _plain(rest: str, state: str) -> str:
    """A state VASSAL keeps as it is, unless a FormattedString would rewrite it."""
    if "$" in state or state.strip().startswith("{"):
        raise Unknown("a value VASSAL formats")
    return state


def _label_state(rest: str, state: str) -> str:
    """Labeler.setLabel(s.trim()): without references to its own property."""
    name = Tokens(rest).items[16] if len(Tokens(rest).items) > 16 else "TextLabel"
    text = state.strip("".join(chr(c) for c in range(33)))
    while f"${name}$" in text:
        text = text.replace(f"${name}$", "", 1)
    return text


def _area_state(rest: str, state: str) -> str:
    t = Tokens(rest)
    t.token(""), t.token(""), t.token("")
    always = t.boolean(True) == "true"
    for _ in range(11):
        t.token("")
    visible = t.boolean(True) == "true"
    if always or not visible:
        return "false"
    return "true" if state == "true" else "false"


def _rotator_state(rest: str, state: str) -> str:
    count = parse_int(Tokens(rest).token())
    if count is None:
        raise Unreadable("no count")
    if count == 1:
        try:
            return double_text(float(state)) if state.strip() and "_" not in state else "0.0"
        except ValueError:
            return "0.0"
    index = parse_int(state)
    index = 0 if index is None else index
    return str(min(index, count - 1))


def _obscurable_state(rest: str, state: str) -> str:
    t = Tokens(state)
    by = t.token("null")
    if by == "null":
        return join(["null", ""], ";")
    options = t.token("")
    if "$" in options:
        raise Unknown("obscured options")
    return join([by, options], ";")


def _footprint_state(rest: str, state: str) -> str:
    t = Tokens(state)
    visible = t.boolean(Tokens(rest).items[2:3] == ["true"])
    start = t.token("")
    count = parse_int(t.token("0")) if t.more() else 0
    points = []
    for _ in range(max(count or 0, 0)):
        point = t.token("")
        if point:
            xy = Tokens(point, ",")
            points.append(f"{xy.integer(0)},{xy.integer(0)}")
    return join([visible, start, str(len(points)), *points, t.boolean(False)], ";")


def _report_state(rest: str, state: str) -> str:
    if not state:
        return "-1"
    value = parse_int(state)
    return "-1" if value is None else str(value)


def _send_to_state(rest: str, state: str) -> str:
    t = Tokens(state)
    if t.token(""):
        raise Unknown("a back map")
    x, y = t.token(""), t.token("")
    back = (x, y) if x and y and parse_int(x) is not None and parse_int(y) is not None else ("", "")
    return join(["", *(str(parse_int(v)) if v else "" for v in back)], ";")


STATES: dict[str, Callable[[str, str], str]] = {
    "mark;": _marker_state,
    "PROP;": _plain,
    "table;": _plain,
    "propertysheet;": _plain,
    "restrict;": lambda rest, state: state,
    "label;": _label_state,
    "AreaOfEffect;": _area_state,
    "rotate;": _rotator_state,
    "obs;": _obscurable_state,
    "hide;": lambda rest, state: state,
    "markmoved;": lambda rest, state: "true" if state == "true" else "false",
    "footprint;": _footprint_state,
    "report;": _report_state,
    "sendto;": _send_to_state,
    "attach;": lambda rest, state: "0",
    "mat;": lambda rest, state: "0",
    "matPiece;": lambda rest, state: "noMat",
}
EMPTY_STATES = frozenset(
    [
        "button;",
        "basicName;",
        "border;",
        "calcProp;",
        "clone;",
        "cmt;",
        "delete;",
        "deselect;",
        "globalhotkey;",
        "globalkey;",
        "immob;",
        "menuSeparator;",
        "locCommand;",
        "nonRect;",
        "nonRect2;",
        "pivot;",
        "placemark;",
        "replace;",
        "playSound;",
        "hideCmd;",
        "return;",
        "setprop;",
        "setpieceprop;",
        "submenu;",
        "locmsg;",
        "translate;",
        "macro;",
        "prototype;",
    ]
)
