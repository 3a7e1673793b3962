"""What goes wrong with an image file: a stable code, a message and a hint for the designer."""

from __future__ import annotations


class ArtError(Exception):
    """An image that cannot be used; ``code`` is a diagnostic code (compiler/diagnostics/codes.py)."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.hint = hint
