"""A replay stops at its first problem; the problem knows its code and where in the file it is."""

from __future__ import annotations


class ReplayProblem(Exception):
    """Something at ``pointer`` in the replay file: a failed expectation, an illegal step ..."""

    def __init__(self, code: str, pointer: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.pointer = pointer
        self.message = message
        self.hint = hint
