"""Where a definition came from, so any stage can point a designer at it."""

from typing import NamedTuple


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class Origin(NamedTuple):
    """A source file (relative to the game folder) and a JSON pointer into it."""

    file: str
    pointer: str = ""

    def child(self, *tokens: str | int) -> "Origin":
        pointer = self.pointer + "".join("/" + _escape(str(token)) for token in tokens)
        return Origin(self.file, pointer)


NOWHERE = Origin("")
