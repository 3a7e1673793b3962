"""Saved games (.vsav): the command stream, its obfuscation and its container.

A save is a ZIP whose ``savedGame`` entry holds commands joined by ESC:
``begin_save``, an empty version-check token, the pieces, the component
commands, ``end_save``. VASSAL writes it obfuscated ("!VCSK", a key byte, and
every UTF-8 byte XOR the key in hex); we do the same so that every tool that
reads VASSAL saves reads ours, and read both forms back.
"""

from __future__ import annotations

import binascii

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
        raw = binascii.unhexlify(data[7:])
    except (UnicodeDecodeError, ValueError, binascii.Error) as exc:
        raise ValueError(f"the obfuscated saved game is damaged: {exc}") from exc
    return raw.translate(_XOR[key]).decode("utf-8", errors="replace")


_XOR = [bytes(b ^ key for b in range(256)) for key in range(256)]


def commands_of(stream: str, work_factor: int = 8) -> list[str]:
    """Every command of a stream, nested sub-command lists flattened in order.

    GameModule.decode splits at ESC and decodes each part again until a part reads as
    itself. Each level costs a pass over its text; ``work_factor`` times the stream's
    length bounds the total, so a stream nested thousands deep is refused (ValueError)."""
    found: list[str] = []
    budget = work_factor * max(len(stream), 1) + 1024
    pending = [stream]
    while pending:
        text = pending.pop()
        budget -= len(text) + 1
        if budget < 0:
            raise ValueError("the commands nest too deeply to follow")
        if ESC not in text and not (len(text) > 1 and text[0] == text[-1] == "'"):
            tokens = [text]  # what decode gives a text with no ESC and no quotes around it
        else:
            tokens = decode(text, ESC)
        if len(tokens) == 1 and tokens[0] == text:
            if text:
                found.append(text)
            continue
        pending.extend(reversed(tokens))
    return found


def save_bytes(commands: list[str], module_name: str, module_version: str) -> bytes:
    """A .vsav archive holding the obfuscated stream and its metadata."""
    savedata = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        f'<data version="1"><version>{module_version}</version><extra1/><extra2/>'
        "<VassalVersion>3.6.0</VassalVersion><dateSaved>0</dateSaved></data>\n"
    )
    return zip_bytes({"savedGame": obfuscate(command_stream(commands)), "savedata": savedata.encode()})
