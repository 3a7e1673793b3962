"""A Dask scheduler's address, read and tried before a balance run hands it to Dask.

`distributed.Client` trusts whatever answers at the address. Against a server that is
not Dask it misbehaves: Dask reads the first 8 bytes a server sends as the length of its
first message and allocates that much (an HTTP reply announces exabytes and ends in a
MemoryError; 8 bytes announcing 2^30 take 1.1 GB), and a server that accepts the
connection and stays silent keeps `Client(timeout="10s")` waiting for ever (Dask 2026.8).
So the address is read here first (a usage error when it is not one), and a TCP
scheduler is asked for its greeting, the small message a Dask scheduler sends on
every new connection (a map of its Python version, compression and pickle protocol,
58 bytes from Dask 2026.8), within ``CONNECT_SECONDS`` and ``GREETING_LIMIT`` bytes.
Only a server whose greeting has Dask's framing is handed to Dask.

Dask frames a message as: its length (8 bytes), the number of frames (8 bytes), each
frame's length (8 bytes each), then the frames; the first frame is a msgpack map.
"""

from __future__ import annotations

import re
import socket
import struct
import time
from typing import NamedTuple

from compiler.errors import UsageError, WgcError

SCHEMES = ("tcp", "tls", "inproc", "ws", "wss", "ucx")  # what distributed 2026.8 can connect over
CONNECT_SECONDS = 10.0  # to connect and read the greeting, all told
GREETING_LIMIT = 64 * 1024  # bytes: a Dask greeting is under 100
MAX_FRAMES = 64
_WORD = struct.Struct("=Q")  # Dask's own: native byte order, 8 bytes
_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]")
_MSGPACK_MAP = frozenset({*range(0x80, 0x90), 0xDE, 0xDF})  # fixmap, map 16, map 32
EXAMPLE = "tcp://HOST:8786"


class SchedulerError(WgcError):
    """The scheduler cannot be reached, or what answers is not a Dask scheduler."""


class SchedulerAddress(NamedTuple):
    scheme: str
    host: str  # the rest of the address for inproc
    port: int | None

    def __str__(self) -> str:
        return f"{self.scheme}://{self.host}" + (f":{self.port}" if self.port is not None else "")


def parse_scheduler(text: str) -> SchedulerAddress:
    """The address in ``text`` (``tcp://host:port``, or ``host:port`` for TCP); UsageError if it is none."""
    scheme, separator, rest = text.strip().partition("://")
    if not separator:
        scheme, rest = "tcp", text.strip()
    scheme = scheme.lower()
    if scheme not in SCHEMES:
        raise UsageError(
            f"--scheduler {text!r} names no scheme Dask knows ('{scheme}')",
            hint=f"write it as {EXAMPLE} ({', '.join(SCHEMES)} are known)",
        )
    if scheme == "inproc":
        if not rest or not rest.isprintable() or " " in rest:
            raise UsageError(f"--scheduler {text!r} is not an inproc address", hint="inproc://ADDRESS/PID/ID")
        return SchedulerAddress(scheme, rest, None)
    host, colon, port = rest.rpartition(":")
    if not colon or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(
            f"--scheduler {text!r} has no port number (1 to 65535) after the host",
            hint=f"write it as {EXAMPLE}",
        )
    if _HOST.fullmatch(host) is None:
        raise UsageError(f"--scheduler {text!r} names no host", hint=f"write it as {EXAMPLE}")
    return SchedulerAddress(scheme, host, int(port))


def probe_scheduler(address: SchedulerAddress, seconds: float | None = None) -> None:
    """Connect to a TCP scheduler and read its greeting within ``seconds`` (``CONNECT_SECONDS``)
    and ``GREETING_LIMIT`` bytes; SchedulerError if nothing or something else than Dask answers.
    Other transports (TLS, websockets, in-process) are left to Dask."""
    if address.scheme != "tcp" or address.port is None:
        return
    seconds = CONNECT_SECONDS if seconds is None else seconds
    deadline = time.monotonic() + seconds
    host = address.host.strip("[]")
    try:
        with socket.create_connection((host, address.port), timeout=seconds) as connection:
            (size,) = _WORD.unpack(_read(connection, _WORD.size, deadline))
            if size > GREETING_LIMIT:
                raise _not_dask(address, f"its first message announces {size:,} bytes")
            _check_greeting(address, _read(connection, size, deadline))
    except TimeoutError:
        raise SchedulerError(
            f"the server at {address} sent no Dask greeting within {seconds:g} s",
            hint="a Dask scheduler greets every connection at once: is this its address and port?",
        ) from None
    except OSError as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None


def _read(connection: socket.socket, count: int, deadline: float) -> bytes:
    """Exactly ``count`` bytes, before ``deadline``."""
    data = bytearray()
    while len(data) < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        connection.settimeout(remaining)
        chunk = connection.recv(min(count - len(data), 65536))
        if not chunk:
            raise ConnectionAbortedError(0, f"the server closed the connection after {len(data)} bytes")
        data += chunk
    return bytes(data)


def _check_greeting(address: SchedulerAddress, data: bytes) -> None:
    """Dask's framing: a frame count, the frames' lengths, frames that fit, a msgpack map first."""
    if len(data) < 2 * _WORD.size:
        raise _not_dask(address, f"its first message has {len(data)} bytes")
    (frames,) = _WORD.unpack_from(data)
    header = _WORD.size * (1 + frames)
    if not 0 < frames <= MAX_FRAMES or header >= len(data):
        raise _not_dask(address, f"its first message does not hold {frames:,} frames")
    lengths = struct.unpack_from(f"={frames}Q", data, _WORD.size)
    if sum(lengths) != len(data) - header or lengths[0] == 0:
        raise _not_dask(address, "the frames of its first message do not add up")
    if data[header] not in _MSGPACK_MAP:
        raise _not_dask(address, "its first message is not a msgpack map")


def _not_dask(address: SchedulerAddress, why: str) -> SchedulerError:
    return SchedulerError(
        f"the server at {address} is not a Dask scheduler: {why}",
        hint="give the address and port a Dask scheduler listens on (8786 unless it was changed)",
    )
