"""Saved games (.vsav): the command stream, its obfuscation and its container.

A save is a ZIP whose ``savedGame`` entry holds commands joined by ESC:
``begin_save``, an empty version-check token, the pieces, the component
commands, ``end_save``. VASSAL writes it obfuscated ("!VCSK", a key byte, and
every UTF-8 byte XOR the key in hex); we do the same so that every tool that
reads VASSAL saves reads ours, and read both forms back.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterable

from compiler.javatext.sequence import decode, encode
from compiler.vassal.archive import zip_bytes

ESC = "\x1b"
BEGIN, END = "begin_save", "end_save"
OBFUSCATION_KEY = 0x5A  # fixed, so that the same setup gives the same bytes


def command_stream(commands: list[str]) -> str:
    """begin_save, the version-check placeholder, the commands and end_save, joined by ESC."""
    return encode([BEGIN, "", *commands, END], ESC)


def obfuscate(text: str, key: int = OBFUSCATION_KEY) -> bytes:
    """VASSAL's ObfuscatingOutputStream: the header, the key, then each byte XOR the key in hex."""
    return b"!VCSK" + f"{key:02x}".encode() + binascii.hexlify(text.encode().translate(_XOR[key]))


def deobfuscate(data: bytes) -> str:
    """The command stream of a savedGame entry, obfuscated or not.

    Read as VASSAL's DeobfuscatingInputStream reads it: after the header and the key, only
    pairs of hex digits (anything else is a damaged save, ValueError); the text is UTF-8 with
    bad bytes replaced, as Java's decoder does."""
    if not data.startswith(b"!VCSK"):
        return data.decode("utf-8", errors="replace")
    try:
        key = int(data[5:7].decode("ascii"), 16)
        raw = binascii.unhexlify(memoryview(data)[7:])  # a view: no copy of the whole save
    except (UnicodeDecodeError, ValueError, binascii.Error) as exc:
        raise ValueError(f"the obfuscated saved game is damaged: {exc}") from exc
    return raw.translate(_XOR[key]).decode("utf-8", errors="replace")


_XOR = [bytes(b ^ key for b in range(256)) for key in range(256)]


def commands_of(stream: str, work_factor: int = 8) -> list[str]:
    """Every command of a stream, nested sub-command lists flattened in order."""
    return read_commands(stream, work_factor)[0]


def read_commands(
    stream: str, work_factor: int = 8, maps: Iterable[str] | None = None
) -> tuple[list[str], int]:
    """Every command of a stream, nested sub-command lists flattened in order; with ``maps``,
    without the empty stacks on those maps (or on none), and how many those were.

    GameModule.decode splits at ESC and decodes each part again until a part reads as
    itself. A part without ESC that is not wrapped in quotes reads as itself, so it is taken as
    it is (a save holds tens of thousands of such commands); every other part costs a pass over
    its text, and ``work_factor`` times the stream's length bounds their total, so a stream
    nested thousands deep is refused (ValueError).

    VASSAL 3.7 drops empty stacks (a stack that lists no piece, only its map, point and layer)
    when it saves a game (GameState.getRestorePiecesCommand), and loading one adds nothing but an
    empty stack to its map; saves of older versions can hold millions (ccnapoleonics: 66,000 in
    a save of 300 pieces). They are cut out of the stream before it is split, in one pass at C
    speed (_empty_stack): each between two delimiters of its own list, in lists nested up to
    MAX_EMPTY_DEPTH deep (the first and the last of a list are left as they are)."""
    dropped = 0
    if maps is not None and "/stack/" in stream:
        stream, dropped = _empty_stack(maps).subn("", stream)
    found: list[str] = []
    budget = work_factor * max(len(stream), 1) + 1024
    levels = [iter((stream,))]
    while levels:
        for text in levels[-1]:
            if ESC not in text and not (len(text) > 1 and text[0] == "'" and text[-1] == "'"):
                if text:
                    found.append(text)
                continue
            budget -= len(text) + 1
            if budget < 0:
                raise ValueError("the commands nest too deeply to follow")
            tokens = decode(text, ESC)
            if len(tokens) == 1 and tokens[0] == text:
                found.append(text)
                continue
            levels.append(iter(tokens))
            break
        else:
            levels.pop()
    return found, dropped


MAX_EMPTY_DEPTH = 4  # lists nested this deep at most have their empty stacks cut (saves nest 2)
_UNSAFE_IN_NAME = re.compile(r"[/\\;'\x1b]")


def _empty_stack(maps: Iterable[str]) -> re.Pattern[str]:
    """An empty stack ("+/id/stack/map;x;y;@@layer") on one of ``maps`` or on none, between two
    delimiters of its own list, as the undecoded stream holds it: a delimiter of a list nested
    d deep is written as d backslashes and an ESC (each level escapes the ESC once more). The
    match is the ESC before the command, the command and the backslashes of the delimiter after
    it, so one delimiter of their level is left between its neighbours. A map name a command
    would hold escaped (with '/', ';', a backslash ...) is not looked for: its empty stacks stay."""
    names = {name for name in maps if name and name != "null" and not _UNSAFE_IN_NAME.search(name)}
    alternatives = "|".join(["null", *(re.escape(n) for n in sorted(names, key=len, reverse=True))])
    body = rf"\+/[^/\\\x1b]+/stack/(?:{alternatives})(?:;-?\d+;-?\d+)?(?:;@@-?\d+)*"
    levels = []
    for depth in range(MAX_EMPTY_DEPTH):
        slashes = "\\\\" * depth  # the pattern of `depth` backslashes
        levels.append(rf"(?<=[^\\]{slashes}\x1b){body}{slashes}(?=\x1b)")
    return re.compile(r"\x1b(?:" + "|".join(levels) + ")")


def save_bytes(commands: list[str], module_name: str, module_version: str) -> bytes:
    """A .vsav archive holding the obfuscated stream and its metadata."""
    savedata = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        f'<data version="1"><version>{module_version}</version><extra1/><extra2/>'
        "<VassalVersion>3.6.0</VassalVersion><dateSaved>0</dateSaved></data>\n"
    )
    return zip_bytes({"savedGame": obfuscate(command_stream(commands)), "savedata": savedata.encode()})
