"""Saved games (.vsav): the command stream, its obfuscation and its container.

A save is a ZIP whose ``savedGame`` entry holds commands joined by ESC:
``begin_save``, an empty version-check token, the pieces, the component
commands, ``end_save``. VASSAL writes it obfuscated ("!VCSK", a key byte, and
every UTF-8 byte XOR the key in hex); we do the same so that every tool that
reads VASSAL saves reads ours, and read both forms back.
"""

from __future__ import annotations

from compiler.vassal.archive import zip_bytes
from compiler.vassal.sequence import decode, encode

ESC = "\x1b"
BEGIN, END = "begin_save", "end_save"
OBFUSCATION_KEY = 0x5A  # fixed, so that the same setup gives the same bytes


def command_stream(commands: list[str]) -> str:
    """begin_save, the version-check placeholder, the commands and end_save, joined by ESC."""
    return encode([BEGIN, "", *commands, END], ESC)


def obfuscate(text: str, key: int = OBFUSCATION_KEY) -> bytes:
    return b"!VCSK" + f"{key:02x}".encode() + "".join(f"{byte ^ key:02x}" for byte in text.encode()).encode()


def deobfuscate(data: bytes) -> str:
    if not data.startswith(b"!VCSK"):
        return data.decode("utf-8")
    key = int(data[5:7], 16)
    hexes = data[7:].decode("ascii").strip()
    return bytes(int(hexes[i : i + 2], 16) ^ key for i in range(0, len(hexes) - 1, 2)).decode("utf-8")


def commands_of(stream: str) -> list[str]:
    """Every command of a stream, nested sub-command lists flattened in order."""
    found: list[str] = []
    for token in decode(stream, ESC):
        if ESC in token:
            found.extend(commands_of(token))
        elif token:
            found.append(token)
    return found


def save_bytes(commands: list[str], module_name: str, module_version: str) -> bytes:
    """A .vsav archive holding the obfuscated stream and its metadata."""
    savedata = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        f'<data version="1"><version>{module_version}</version><extra1/><extra2/>'
        "<VassalVersion>3.6.0</VassalVersion><dateSaved>0</dateSaved></data>\n"
    )
    return zip_bytes({"savedGame": obfuscate(command_stream(commands)), "savedata": savedata.encode()})
