"""A TCP server on 127.0.0.1 that is not a Dask scheduler, for `wgc simulate --scheduler`.

It sends ``greeting`` (any bytes, or none) to every connection, then keeps the
connection open without a word until the server is closed.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from types import TracebackType


def dask_greeting(*frames: bytes) -> bytes:
    """A message framed as Dask frames it (compiler/simulate/cluster.py)."""
    header = struct.pack(f"={1 + len(frames)}Q", len(frames), *(len(f) for f in frames))
    body = header + b"".join(frames)
    return struct.pack("=Q", len(body)) + body


# What a Dask 2026.8 scheduler sends on a new connection, byte for byte.
DASK_GREETING = dask_greeting(b"\x83\xabcompression\xc0\xa6python\x93\x03\x0b\x07\xafpickle-protocol\x05")


class HostileServer:
    def __init__(self, greeting: bytes = b"") -> None:
        self.greeting = greeting
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.address = f"tcp://127.0.0.1:{self.listener.getsockname()[1]}"
        self.connections: list[socket.socket] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                connection, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections.append(connection)
            connection.settimeout(5)
            with contextlib.suppress(OSError):
                connection.sendall(self.greeting)

    def __enter__(self) -> HostileServer:
        self.thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop.set()
        self.thread.join()
        for connection in [*self.connections, self.listener]:
            connection.close()
