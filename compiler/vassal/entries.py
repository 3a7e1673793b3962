"""The one rule for the name of an entry in a module's archive, for every reader and writer.

A module is unpacked by people and tools that write each entry at its name: an entry named
``../../x`` or ``/etc/x`` lands outside the folder it is unpacked into, one named ``C:x`` or
``a\\b`` means something else on Windows, and ``a/./b`` or ``a//b`` names one file two ways.
`wgc inspect` reports such a name (``archive.unsafe-name``), `wgc import` does not copy it, and
`wgc build` never writes it: all three ask ``entry_name_problem``.
"""

from __future__ import annotations

BUILD_FILES = ("buildFile.xml", "buildFile")  # the names VASSAL opens a module's tree by
MAX_ENTRY_NAME = 1000  # characters: far past any real module's names, short of a path's limits


def entry_name_problem(name: str) -> str | None:
    """Why ``name`` is not a safe archive entry name, or None when it is one."""
    if not name:
        return "the name is empty"
    if len(name) > MAX_ENTRY_NAME:
        return f"the name is longer than {MAX_ENTRY_NAME} characters"
    if any(ord(char) < 0x20 or char == "\x7f" for char in name):
        return "the name holds a control character"
    if "\\" in name:
        return "the name holds a backslash"
    if name.startswith("/"):
        return "the name is an absolute path"
    parts = name.split("/")
    if ":" in parts[0]:
        return "the name starts with a drive or scheme (a ':' in its first part)"
    if any(part in ("", ".", "..") for part in parts):
        return "the name has an empty, '.' or '..' part, so it leads outside its folder"
    return None


def is_safe_entry_name(name: str) -> bool:
    return entry_name_problem(name) is None


def build_file_problem(value: str) -> str | None:
    """Why ``value`` cannot be the name of a module's tree (the kept tree's ``wgc:file``)."""
    if value in BUILD_FILES:
        return None
    return "it must be " + " or ".join(f"'{name}'" for name in BUILD_FILES)
