"""Ids for what a module names freely: maps, boards, counters, cards, scenarios, values.

VASSAL names are any text; game data ids are lower-case words joined by '-' (common.schema.json
id) and value ids snake_case (valueId). ``IdMaker`` turns names into ids that stay unique
within their kind, the same way on every run.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

ID_LENGTH = 64
VALUE_ID_LENGTH = 32
_NOT_WORD = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
VALUE_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def words(name: str) -> list[str]:
    """The name's letters and digits as lower-case ASCII words ('Jaén 2nd' -> ['jaen', '2nd'])."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return [w for w in _NOT_WORD.split(_CAMEL.sub(" ", ascii_name).lower()) if w]


def slug(name: str, fallback: str) -> str:
    joined = "-".join(words(name))[:ID_LENGTH].strip("-")
    return joined or fallback


def is_id(text: str) -> bool:
    """Whether a text is an id as IdMaker makes them (lower-case words joined by '-')."""
    return bool(text) and text == "-".join(words(text)) and len(text) <= ID_LENGTH


def value_id(name: str) -> str | None:
    """A counter value id for a property name ('CardNum' -> 'card_num'), None if it has no letter first."""
    joined = "_".join(words(name))[:VALUE_ID_LENGTH].strip("_")
    return joined if VALUE_ID.match(joined) else None


class IdMaker:
    """Unique ids of one kind: the second 'foo' is 'foo-2', and so on."""

    def __init__(self, fallback: str, reserved: Iterable[str] = ()) -> None:
        self.fallback = fallback
        self.used: set[str] = set()
        self.reserved = set(reserved)  # ids the module carries: taken by their own, never made

    def take(self, wanted: str) -> bool:
        """Claim an id exactly (an id the module itself carries); False when it is taken."""
        if wanted in self.used:
            return False
        self.used.add(wanted)
        return True

    def make(self, name: str) -> str:
        base = slug(name, self.fallback)
        found, number = base, 1
        while found in self.used or found in self.reserved:
            number += 1
            suffix = f"-{number}"
            found = base[: ID_LENGTH - len(suffix)].rstrip("-") + suffix
        self.used.add(found)
        return found
