"""The errors wgc raises; each owns its exit code, and one place turns them into exits.

The library never prints and never exits: a back end that cannot express valid
data raises BackEndError, a write that the system refuses raises OutputError,
and the command group (compiler/cli/main.py) prints the message and exits with
the error's code. Invalid game data is not an exception: it is diagnostics in
a report, and the command's exit code says so.
"""

from __future__ import annotations

from rules_engine.definitions import Origin

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


class WgcError(Exception):
    """Something wgc cannot do; ``exit_code`` is what the process exits with."""

    exit_code = EXIT_INVALID

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def render(self) -> str:
        """The error as the command line prints it."""
        text = f"error: {self.message}"
        return text + (f"\n    hint: {self.hint}" if self.hint else "")


class DataError(WgcError):
    """The game's data cannot be used for what was asked (it did not validate)."""


class UsageError(WgcError):
    """The command line asks for something that cannot be (a counter size of 0in)."""

    exit_code = EXIT_USAGE


class OutputError(WgcError):
    """An output cannot be written (a read-only folder, a full disk, a folder in a file's place).

    The previous output stays as it was: every write is atomic.
    """


class BackEndError(WgcError):
    """A back end cannot express data that validated; ``code`` is stable, ``origin`` is where it came from."""

    def __init__(
        self, code: str, message: str, origin: Origin | None = None, *, hint: str | None = None
    ) -> None:
        super().__init__(message, hint=hint)
        self.code = code
        self.origin = origin

    def render(self) -> str:
        where = ""
        if self.origin is not None and self.origin.file:
            where = (
                f"{self.origin.file}" + (f" at {self.origin.pointer}" if self.origin.pointer else "") + ": "
            )
        text = f"error [{self.code}]: {where}{self.message}"
        return text + (f"\n    hint: {self.hint}" if self.hint else "")
