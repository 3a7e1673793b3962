"""The traits the automation adds to pieces, each written with the fields of VASSAL 3.7.26.

Field orders follow each trait's ``myGetType`` (VASSAL.counters.*): Calculated Property,
Dynamic Property, Set Global Property, Trigger Action, Report Action, Global Key Command,
Place Marker, Mark When Moved, Send To Location, Restrict Commands, Text Label, an overlay
Layer and Does Not Stack. Keys are NamedKeyStroke texts (``compiler.vassal.pieces.key`` and
``named_key``); a list of keys is itself encoded with ',' as VASSAL's
NamedKeyStrokeArrayConfigurer does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from compiler.javatext.sequence import encode
from compiler.vassal.pieces import Trait, calculated_property

PARAMETER_DELIMITER = ":"  # VASSAL.configure.Parameter.DELIMITER


def keys_list(keys: Sequence[str]) -> str:
    """An array of NamedKeyStrokes as one field."""
    return encode(list(keys), ",")


def calculated(name: str, expression: str, description: str = "") -> Trait:
    """A Calculated Property: ``expression`` (BeanShell in braces) worked out when read."""
    return calculated_property(name, expression, description)


@dataclass(frozen=True)
class Change:
    """One command of a Dynamic or Set Global Property: a menu text (empty: no menu item),
    its key, and how the value changes: ``set`` to an expression, or ``increment`` by one."""

    key: str
    value: str
    increment: bool = False
    menu: str = ""

    def encoded(self) -> str:
        changer = encode(["I" if self.increment else "P", self.value], ",")
        return encode([self.menu, self.key, changer], ":")


def dynamic(name: str, value: str, changes: Sequence[Change] = (), numeric: bool = False) -> Trait:
    """A Dynamic Property with its commands; its state is the current value."""
    constraints = encode(["true" if numeric else "false", "-999999", "999999", "false"], ",")
    commands = encode([change.encoded() for change in changes], ",")
    return Trait("PROP;" + encode([name, constraints, commands, ""], ";"), value)


def set_global(name: str, changes: Sequence[Change], numeric: bool = False) -> Trait:
    """A Set Global Property on a module-level Global Property named ``name``."""
    constraints = encode(["true" if numeric else "false", "-999999", "999999", "false"], ",")
    commands = encode([change.encoded() for change in changes], ",")
    return Trait("setprop;" + encode([name, constraints, commands, "", "Module", ""], ";"), "")


def trigger(
    name: str,
    watch: Sequence[str],
    actions: Sequence[str],
    condition: str = "",
    menu: str = "",
    menu_key: str = "",
    loop_count: str = "",
) -> Trait:
    """A Trigger Action: on any ``watch`` key (or its menu key), when ``condition`` holds,
    send ``actions`` to the piece in order; ``loop_count`` repeats them that many times."""
    looped = bool(loop_count)
    fields = [
        name,
        menu,
        menu_key,
        condition,
        keys_list(watch),
        keys_list(actions),
        "true" if looped else "false",
        "",
        "",
        "counted",
        "",
        "",
        loop_count,
        "false",
        "",
        "1",
        "1",
    ]
    return Trait("macro;" + encode(fields, ";"), "")


def report(watch: Sequence[str], message: str, description: str = "") -> Trait:
    """A Report Action: on any ``watch`` key, write ``message`` (a format) in the chat."""
    return Trait("report;" + encode([keys_list(watch), message, "", "", description, "false"], ";"), "-1")


def counter_global_key(
    name: str, watch: str, send: str, condition: str, *, same_location: bool = False
) -> Trait:
    """A Global Key Command trait: on ``watch``, send ``send`` to every piece matching ``condition``
    (on any map, or only in this piece's location)."""
    target = encode(
        ["COUNTER", "false", "MAP", "", "", "", "", "0", "0", "", "false", "", "", "EQUALS", "", ""], "|"
    )
    fields = [
        "",
        watch,
        send,
        condition,
        "true" if same_location else "false",
        "0",
        "false",
        "true",
        "",
        name,
        "-1",
        target,
        "false",
        "",
    ]
    return Trait("globalkey;" + encode(fields, ";"), "")


def place_marker(
    key: str,
    marker_piece: str,
    gpid: str,
    after: str = "",
    x_offset: int = 0,
    y_offset: int = 0,
    parameters: Sequence[tuple[str, str]] = (),
) -> Trait:
    """A Place Marker with the marker's definition inside (an AddPiece text); ``after`` is sent to
    the new marker; ``parameters`` set the marker's Dynamic Properties (name, value: ``$Name$``
    is the placing piece's property)."""
    fields = [
        "",
        key,
        marker_piece,
        "null",
        str(x_offset),
        str(y_offset),
        "false",
        after,
        "",
        gpid,
        "0",
        "false",
        "false",
        encode([encode([name, value], PARAMETER_DELIMITER) for name, value in parameters], ","),
        "1",
    ]
    return Trait("placemark;" + encode(fields, ";"), "")


def moved_mark(image: str, clear_key: str) -> Trait:
    """Mark When Moved: a flag the map sets when the piece moves; ``clear_key`` clears it."""
    fields = [image, "30", "-30", "", "", "", "true", "", "", "", clear_key]
    return Trait("markmoved;" + encode(fields, ";"), "false")


def send_to_point(menu: str, key: str, x: int, y: int, map_name: str = "Main Map") -> Trait:
    """Send To Location: to a fixed point of a map (an eliminated box)."""
    fields = [
        menu,
        key,
        map_name,
        "Board",
        str(x),
        str(y),
        "",
        "",
        "0",
        "0",
        "0",
        "0",
        "",
        "L",
        "",
        "",
        "",
        "",
    ]
    return Trait("sendto;" + encode(fields, ";"), ";;")


def send_to_region(menu: str, key: str, region: str) -> Trait:
    """Send To Location: to a region of the main map's grid, named by a format ($Property$)."""
    fields = [menu, key, "Main Map", "", "0", "0", "", "", "0", "0", "0", "0", "", "R", "", region, "", ""]
    return Trait("sendto;" + encode(fields, ";"), ";;")


def return_to_deck(menu: str, key: str, deck: str) -> Trait:
    """Return To Deck: into the draw pile named ``deck``."""
    fields = [menu, key, "", "Select destination", "", "2", "false", deck]
    return Trait("return;" + encode(fields, ";"), "")


def global_hotkey(key: str, hotkey: str) -> Trait:
    """Global Hotkey: on ``key``, fire a module-level hotkey (a toolbar button's)."""
    return Trait("globalhotkey;" + encode(["", key, hotkey, ""], ";"), "")


def restrict_commands(name: str, condition: str, keys: Sequence[str], hide: bool = True) -> Trait:
    """Restrict Commands: the ``keys`` are hidden (or disabled) while ``condition`` holds."""
    return Trait(
        "hideCmd;" + encode([name, "Hide" if hide else "Disable", condition, keys_list(keys)], ";"), ""
    )


def text_label(text: str, name: str, colour: str = "0,0,0", background: str = "255,255,255") -> Trait:
    """A Text Label showing ``text`` (a format: $Property$ is replaced) under the piece's image;
    the piece's name stays its own."""
    fields = [
        "",
        "",
        "11",
        background,
        colour,
        "b",
        "0",
        "c",
        "0",
        "t",
        "c",
        "$pieceName$",
        "Dialog",
        "1",
        "0",
        name,
        name,
        "false",
    ]
    return Trait("label;" + encode(fields, ";"), text)


def overlay(image: str, name: str, menu: str, toggle_key: str, active: bool = False) -> Trait:
    """A Layer with one image drawn over the piece, switched on and off by ``toggle_key``;
    ``<name>_Active`` says whether it shows."""
    fields = [
        menu,
        "0",
        "",
        "",
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
        image,
        "",
        "true",
        name,
        "",
        "",
        "false",
        "",
        "1",
        "1",
        "false",
        toggle_key,
        "",
        "",
        f"{name} layer",
        "1.0",
        "",
        "true",
    ]
    return Trait("emb2;" + encode(fields, ";"), "1" if active else "-1")


def never_stacks(selectable: bool = True) -> Trait:
    """Does Not Stack, moved freely and snapped to nothing, so a marker sits where it is put."""
    return Trait("immob;" + ("g" if selectable else "ng") + ";N;R;", "")
