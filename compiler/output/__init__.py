"""Writing outputs: atomically, and byte-for-byte the same for the same input."""

from compiler.output.atomic import write_bytes_atomic, write_text_atomic

__all__ = ["write_bytes_atomic", "write_text_atomic"]
