"""The two ways the engine refuses: a rule forbids an action, or the request itself makes no sense."""

from __future__ import annotations


class IllegalAction(Exception):
    """A rule forbids the action; ``rule`` is the rulebook section that says so ("2.2")."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class EngineError(Exception):
    """The request names something that does not exist or cannot apply (an unknown unit, a bad phase).

    Unlike IllegalAction this is not a rules question: the caller (a replay file,
    a test) is wrong about the game. ``field`` names what the request got wrong
    ("scenario", "options", "position/turn" ...) when the engine knows it, so that
    a caller can point at the place in its own file without reading the message.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
