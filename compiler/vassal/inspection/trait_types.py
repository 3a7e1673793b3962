"""Each trait's type as VASSAL 3.7.26 writes it back: what its mySetType reads (with Java's
defaults for fields an older VASSAL did not write) followed by what its myGetType appends.

One function per trait class, in the order of the Java code, each returning the fields
written after the trait's id. A value this module cannot work out raises Unknown; a type
Java could not read raises Unreadable (javacodec.py). Sub-encodings VASSAL reads and writes
back unchanged in practice (a GlobalCommandTarget's expressions, a Dynamic Property's
constraints and commands, Place Marker parameters) are carried over as they are.
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from compiler.javatext.numbers import parse_int
from compiler.javatext.sequence import decode
from compiler.vassal.inspection.javacodec import (
    Tokens,
    Unreadable,
    array_text,
    char_key,
    double_text,
    join,
    named_key,
    string_array,
)
from compiler.vassal.pieces import calculated_expression


class Unknown(Exception):
    """The re-encoding depends on what inspect does not work out (the JVM's fonts, say)."""


Fields = list[str]
GRAY, RED, BLACK, WHITE = "128,128,128", "255,0,0", "0,0,0", "255,255,255"
LOGICAL_FONTS = frozenset(["Dialog", "DialogInput", "Serif", "SansSerif", "Monospaced"])
TARGETS = frozenset(
    [
        "CURSTACK",
        "CURMAP",
        "CURZONE",
        "CURLOC",
        "MAP",
        "ZONE",
        "LOCATION",
        "XY",
        "DECK",
        "CURMAT",
        "CURATTACH",
    ]
)
COMPARES = frozenset(
    ["EQUALS", "NOT_EQUALS", "GREATER", "GREATER_EQUALS", "LESS", "LESS_EQUALS", "MATCH", "NOT_MATCH"]
)


def key_list(text: str) -> str:
    """A Trigger Action's (or Report's, Restrict's) keys: NamedKeyStrokeArrayConfigurer when
    the text has a comma after its first character, else one Ctrl key per character;
    written without the null keys."""
    if text.find(",") > 0:
        keys = [named_key(token) for token in decode(text, ",") if token]
    else:
        keys = [char_key(c) for c in text]
    return join([k for k in keys if k and k != "0,0"], ",")


def target(text: str) -> str:
    """GlobalCommandTarget.decode then encode, of a piece's command (always COUNTER)."""
    t = Tokens(text, "|")
    source = t.token("")
    if source and source not in ("COUNTER", "MAP", "MODULE", "DECK"):
        raise Unreadable(f"no GKC type {source}")
    fast = t.boolean(False)
    kind = t.token("MAP") or "MAP"
    if kind not in TARGETS:
        raise Unreadable(f"no target type {kind}")
    where = [t.token(""), t.token(""), t.token(""), t.token(""), t.token("0"), t.token("0"), t.token("")]
    fast_property = t.boolean(False)
    prop, value = t.token(""), t.token("")
    compare = t.token("EQUALS") or "EQUALS"
    if compare not in COMPARES:
        raise Unreadable(f"no comparison {compare}")
    fields = ["COUNTER", fast, kind, *where, fast_property, prop, value, compare, t.token(""), t.token("")]
    return join(fields, "|")


def access(text: str | None) -> str:
    """PieceAccessConfigurer.decode then encode."""
    if text == "side:":
        return "side:"
    if text is not None and text.startswith("sides:"):
        return "sides:" + join(decode(text[len("sides:") :], ":"), ":")
    return "player:"


def _f32(value: float) -> float:
    single: float = struct.unpack(">f", struct.pack(">f", value))[0]
    return single


# --- the traits -------------------------------------------------------------------------------------


def basic(t: Tokens) -> Fields:
    """BasicPiece: the clone and delete keys keep one character; image and name are required."""
    return [t.char(""), t.char(""), t.token(), t.token()]


def simple_command(default_key: str) -> Callable[[Tokens], Fields]:
    """Clone, Delete: a required command name, a key, a description."""

    def write(t: Tokens) -> Fields:
        return [t.token(), t.named_key(default_key), t.token("")]

    return write


def calculated(t: Tokens) -> Fields:
    name, expression, description = t.token(""), t.token(""), t.token("")
    written = calculated_expression(expression)
    if written is None:
        raise Unreadable(f"calculated expression {expression!r}")
    return [name, written, description]


def marker(text: str) -> str:
    """Marker: its keys, split and joined at commas."""
    return join(decode(text, ","), ",") if text else ""


def dynamic_property(t: Tokens) -> Fields:
    return [t.token("name"), t.token(""), t.token(""), t.token("")]


def set_global_property(t: Tokens) -> Fields:
    return [*dynamic_property(t), t.token("Current Zone/Current Map/Module"), t.token("")]


def set_piece_property(t: Tokens) -> Fields:
    fields = dynamic_property(t)
    fields += [target(t.token("")), t.token(""), t.boolean(False), t.integer(1), t.boolean(True)]
    return [*fields, t.token(""), t.token("-1"), t.boolean(False)]


def label(t: Tokens) -> Fields:
    fields = [t.named_key(""), t.token("Change label"), t.integer(10), t.color(""), t.color(BLACK)]
    fields += [t.char("t"), t.integer(0), t.char("c"), t.integer(0), t.char("b"), t.char("c")]
    fields.append(t.token("$pieceName$ ($label$)").replace("$PieceName$", "$pieceName$"))
    family = t.token("Dialog")
    if family not in LOGICAL_FONTS:
        raise Unknown(f"font {family} (its family is the JVM's)")
    style = int(t.integer(0))
    fields += [family, str(style if style & ~3 == 0 else 0), t.integer(0), t.token("TextLabel")]
    return [*fields, t.token(""), t.boolean(False)]


def area_of_effect(t: Tokens) -> Fields:
    shade = t.color(GRAY)
    level = int(t.integer(30))
    written = int(_f32(_f32(level / 100) * 100))  # (int) (float / 100.0F * 100)
    fields = [shade, str(written), t.integer(1), t.boolean(True), t.token("Show area"), t.named_key("")]
    fields += [t.token(""), t.boolean(True), t.token(""), t.token(""), t.token(""), t.token("")]
    return [*fields, t.named_key(""), t.token(""), t.named_key(""), t.boolean(True)]


def place_marker(t: Tokens) -> Fields:
    """PlaceMarker (and Replace): always written as version 1."""
    fields = [t.token(), t.named_key(""), t.token(), t.token("null"), t.token("0"), t.token("0")]
    fields += [t.boolean(False), t.named_key(""), t.token(""), t.token(""), t.integer(0), t.boolean(False)]
    fields += [t.boolean(False), t.token("")]
    t.integer(0)
    return [*fields, "1"]


def action_button(t: Tokens) -> Fields:
    key = t.named_key("A")
    x, y, width, height = (int(t.integer(0)) for _ in range(4))
    description, popup, whole = t.token(""), t.boolean(False), t.boolean(False)
    points: list[int] = []
    if int(t.integer(0)) < 1:
        if width > 0 and height > 0:
            points = [x, y, x + width, y, x + width, y + height, x, y + height]
        else:
            whole = "true"
    else:
        count = int(t.integer(0))
        points = [int(t.integer(0)) for _ in range(2 * max(count, 0))]
    fields = [key, str(x), str(y), str(width), str(height), description, popup, whole, "1"]
    return [*fields, str(len(points) // 2), *(str(p) for p in points)]


def return_to_deck(t: Tokens) -> Fields:
    command, key, deck = t.token(), t.named_key(""), t.token("")
    fields = [command, key, deck, t.token("Select destination"), t.token("")]
    if int(t.integer(0)) < 2:
        return [*fields, "2", "true" if not deck else "false", deck]
    return [*fields, "2", t.boolean(True), t.token("")]


def obscurable(t: Tokens) -> Fields:
    fields = [t.named_key(""), t.token(), t.token("Mask")]
    existing = t.more()
    style = "I"
    if existing:
        text = t.token("I")
        if not text:
            raise Unreadable("an empty display style")
        style = _display_style(text)
    fields += [style, t.token("?"), access(t.token() if t.more() else None), t.token("Peek"), t.token("")]
    return [*fields, t.boolean(not existing), t.named_key(""), t.token("")]


def _display_style(text: str) -> str:
    """Obscurable's display style as written: P with its peek key, G with its image, else
    the first character alone."""
    if text[0] == "P":
        if len(text) == 1:
            return "P"
        return "P" + (char_key(text[1]) if len(text) == 2 else named_key(text[1:]))
    if text[0] == "G":
        return "G" + (text[1:] if len(text) > 1 else "null")
    return text[0]


def free_rotator(t: Tokens) -> Fields:
    count = parse_int(t.token())
    if count is None or count < 0:
        raise Unreadable("a rotation count Integer.parseInt refuses")
    fields = [str(count)]
    if count == 1:
        fields += [t.named_key(""), t.token() if t.more() else "Rotate"]
    else:
        fields += [t.named_key(""), t.named_key(""), t.token(""), t.token("")]
    fields += [t.named_key(""), t.token(""), t.token(""), t.token(""), t.named_key(""), t.token("")]
    return [*fields, t.token(""), t.boolean(True)]


def immobilized(t: Tokens) -> str:
    """Immobilized writes its option letters back in a fixed order."""
    selection, movement, stacking, description = t.token(""), t.token(""), t.token("R"), t.token("")
    flags = {c for c in selection}
    pick = next((c for c in "nitc" if c in flags), "")
    band = next((c for c in "ZAB" if c in flags), "")
    never_move = "n" in flags
    selected = bool(flags & set("itc"))
    if movement:
        never_move, selected = movement[0] == "V", movement[0] == "I"
    move = "V" if never_move else "I" if selected else "N"
    stack = "L" if stacking.startswith("L") else "R"
    return f"{pick}{'g' if 'g' in flags else ''}{band};{move};{stack};{description}"


def report(t: Tokens) -> Fields:
    keys = key_list(t.token(""))
    fields = [keys, t.token("$location$: $newPieceName$ *"), key_list(t.token(""))]
    return [*fields, array_text(string_array(t.token(""))), t.token(""), t.boolean(False)]


def global_key(t: Tokens) -> Fields:
    fields = [t.token("Global Command"), t.named_key("G"), t.named_key("K"), t.token(""), t.boolean(False)]
    fields += [t.integer(1), t.boolean(True), t.boolean(True), t.token(""), t.token(""), t.token("-1")]
    return [*fields, target(t.token("")), t.boolean(False), t.token("")]


def trigger(t: Tokens) -> Fields:
    fields = [t.token(""), t.token("Trigger"), t.named_key("T"), t.token(""), key_list(t.token(""))]
    fields += [key_list(t.token("")), t.boolean(False), t.named_key(""), t.named_key(""), t.token("counted")]
    fields += [t.token(""), t.token(""), t.token(""), t.boolean(False), t.token("")]
    return [*fields, t.token("1"), t.token("1")]


def restrict_commands(t: Tokens) -> Fields:
    return [t.token(""), t.token("Hide"), t.token(""), key_list(t.token(""))]


def restricted(t: Tokens) -> Fields:
    return [array_text(t.strings(0)), t.boolean(False), t.boolean(True), t.token("")]


def send_to(t: Tokens) -> Fields:
    fields = [t.token(""), t.named_key(""), t.token(""), t.token(""), t.token("0"), t.token("0")]
    fields += [t.token(""), t.named_key(""), t.token("0"), t.token("0"), t.token("1"), t.token("1")]
    fields.append(t.token(""))
    destination = t.token("L") or "L"
    return [*fields, destination, t.token(""), t.token(""), t.token(""), t.token("")]


def footprint(t: Tokens) -> Fields:
    fields = [t.named_key("T"), t.token("Movement Trail"), t.boolean(False), t.boolean(False), t.integer(10)]
    fields += [t.color(WHITE), t.color(BLACK), t.integer(100), t.integer(50), t.integer(20), t.integer(30)]
    return [*fields, t.double(1.0), t.named_key(""), t.named_key(""), t.named_key(""), t.token("")]


def hideable(t: Tokens) -> Fields:
    fields = [t.named_key("I"), t.token("Invisible"), t.color(""), access(t.token() if t.more() else None)]
    shown = _f32(float(t.double(0.3))) if t.more() else _f32(0.3)
    fields.append(double_text(min(1.0, max(0.0, shown))))  # a float, widened to double
    return [*fields, t.token(""), t.boolean(False)]


def table(t: Tokens) -> Fields:
    return [t.integer(2), t.integer(2), t.token("Show Data"), t.named_key(""), t.token("")]


def property_sheet(t: Tokens) -> Fields:
    definition, menu, launch, commit = t.token(), t.token(), t.token(""), t.integer(0)
    rgb = [t.token() if t.more() else "" for _ in range(3)]
    stroke, description = t.token(""), t.token("")
    if rgb[0]:
        numbers = [parse_int(c) or 0 for c in rgb]  # atoi
        if any(not 0 <= n <= 255 for n in numbers):
            raise Unreadable("a colour out of range")
        rgb = [str(n) for n in numbers]
    else:
        rgb = ["", "", ""]
    key = named_key(stroke) if stroke else char_key(launch[0] if launch else "P")
    return [definition, menu, "", commit, *rgb, key, description]


def pivot(t: Tokens) -> Fields:
    fields = [t.token("Pivot"), t.named_key(""), t.integer(0), t.integer(0), t.boolean(True), t.double(90.0)]
    return [*fields, t.token(""), t.token(""), t.named_key(""), t.double(270.0)]


def play_sound(t: Tokens) -> Fields:
    fields = [t.token(""), t.token("Play Sound"), t.named_key("P"), t.boolean(False)]
    return [*fields, t.token(""), t.boolean(False)]


def movement_markable(t: Tokens) -> Fields:
    fields = [t.token(), t.integer(0), t.integer(0), t.token("Toggle whether piece marked as moved")]
    fields += [t.named_key("M"), t.token(""), t.boolean(False), t.token("Mark piece as moved")]
    fields.append(t.named_key(""))
    return [*fields, t.token("Mark piece as unmoved"), t.named_key("")]


def translate(t: Tokens) -> Fields:
    fields = [t.token("Move Forward"), t.named_key("M"), t.token("0"), t.token("60"), t.boolean(False)]
    return [*fields, t.token("0"), t.token("0"), t.token("0"), t.token("0"), t.token("")]


def sub_menu(t: Tokens) -> Fields:
    return [t.token(), array_text(string_array(t.token())), t.token("")]


def attachment(t: Tokens) -> Fields:
    fields = [t.token(), t.token(), t.token("Attach to pieces"), t.named_key("")]
    fields.append(t.token("Clear all attachments"))
    fields += [t.named_key(""), t.token(""), t.boolean(False), t.integer(1), t.boolean(True), t.token("")]
    fields += [t.token("-1"), target(t.token("")), t.token("Clear matching attachments"), t.named_key("")]
    fields += [t.token(""), t.token("nothing"), t.token("nothing"), t.token("clear")]
    return [*fields, t.boolean(False), t.boolean(True)]


def multi_location(t: Tokens) -> Fields:
    fields = [t.token(""), t.token("locRegions"), t.token(""), t.token("Do Something At $LocationOfCommand$")]
    return [*fields, t.named_key(""), t.boolean(True)]


def border(t: Tokens) -> Fields:
    return [t.token(""), t.token(""), t.integer(2), t.color(RED), t.token(""), t.token("AND")]


def mat_cargo(t: Tokens) -> Fields:
    return [t.token(), t.boolean(True), t.integer(0), t.integer(0), t.named_key(""), t.named_key("")]


def one_required(t: Tokens) -> Fields:
    return [t.token()]


def two_required(t: Tokens) -> Fields:
    return [t.token(), t.token()]


def separator(t: Tokens) -> Fields:
    return [t.token(), t.named_key("")]


def global_hot_key(t: Tokens) -> Fields:
    return [t.token(), t.named_key("H"), t.named_key(""), t.token("")]


def deselect(t: Tokens) -> Fields:
    return [t.token(), t.named_key("K"), t.token(""), t.boolean(False), t.token("D")]


def message(t: Tokens) -> Fields:
    return [t.token("name"), t.token(""), t.token("")]


def comment(t: Tokens) -> Fields:
    return [t.token("")]


WRITERS: dict[str, Callable[[Tokens], Fields]] = {
    "piece;": basic,
    "clone;": simple_command("C"),
    "delete;": simple_command("D"),
    "calcProp;": calculated,
    "PROP;": dynamic_property,
    "setprop;": set_global_property,
    "setpieceprop;": set_piece_property,
    "label;": label,
    "AreaOfEffect;": area_of_effect,
    "placemark;": place_marker,
    "replace;": place_marker,
    "button;": action_button,
    "return;": return_to_deck,
    "obs;": obscurable,
    "rotate;": free_rotator,
    "report;": report,
    "globalkey;": global_key,
    "macro;": trigger,
    "hideCmd;": restrict_commands,
    "restrict;": restricted,
    "sendto;": send_to,
    "footprint;": footprint,
    "hide;": hideable,
    "table;": table,
    "propertysheet;": property_sheet,
    "pivot;": pivot,
    "playSound;": play_sound,
    "markmoved;": movement_markable,
    "translate;": translate,
    "submenu;": sub_menu,
    "attach;": attachment,
    "locCommand;": multi_location,
    "border;": border,
    "matPiece;": mat_cargo,
    "mat;": two_required,
    "basicName;": one_required,
    "menuSeparator;": separator,
    "globalhotkey;": global_hot_key,
    "deselect;": deselect,
    "locmsg;": message,
    "cmt;": comment,
}
