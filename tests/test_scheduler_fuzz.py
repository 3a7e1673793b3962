"""Whatever a server answers at `wgc simulate --scheduler`, wgc refuses it in bounded time and
memory, or finds a Dask greeting (compiler/simulate/cluster.py); it never raises anything else.

The server sends mangled handshakes: random bytes, Dask's length word announcing any size
followed by random bytes, Dask's framing around random frames, and the real greeting cut short.
"""

from __future__ import annotations

import struct
import time
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.simulate import cluster

from .hostile_server import DASK_GREETING, HostileServer, dask_greeting

TIMEOUT = 0.2  # seconds the probe waits for a greeting here
FUZZ = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])

announced = st.builds(
    lambda size, rest: struct.pack("=Q", size) + rest,
    st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 200)),
    st.binary(max_size=64),
)
framed = st.builds(
    lambda frames: dask_greeting(*frames), st.lists(st.binary(max_size=40), min_size=0, max_size=4)
)
cut_short = st.integers(0, len(DASK_GREETING) - 1).map(lambda n: DASK_GREETING[:n])
handshakes = st.one_of(st.binary(max_size=300), announced, framed, cut_short)


def _announces_too_much(greeting: bytes) -> bool:
    return len(greeting) >= 8 and struct.unpack_from("=Q", greeting)[0] > cluster.GREETING_LIMIT


@FUZZ
@given(greeting=handshakes)
def test_a_mangled_handshake_is_refused_in_bounded_time_and_memory(greeting: bytes) -> None:
    with HostileServer(greeting) as server:
        address = cluster.parse_scheduler(server.address)
        tracemalloc.start()
        start = time.monotonic()
        try:
            cluster.probe_scheduler(address, seconds=TIMEOUT)
            accepted = True
        except cluster.SchedulerError as exc:
            accepted = False
            assert str(server.address) in exc.message and exc.hint
        finally:
            seconds = time.monotonic() - start
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
    assert seconds < TIMEOUT + 2
    assert peak < cluster.GREETING_LIMIT + 256 * 1024
    if accepted:  # only Dask's framing around a msgpack map passes
        assert not _announces_too_much(greeting)
        (frames,) = struct.unpack_from("=Q", greeting, 8)
        assert greeting[8 + 8 * (1 + frames)] in {*range(0x80, 0x90), 0xDE, 0xDF}
    if _announces_too_much(greeting):
        assert not accepted


def test_the_real_greeting_passes_and_every_cut_of_it_is_refused() -> None:
    with HostileServer(DASK_GREETING) as server:
        cluster.probe_scheduler(cluster.parse_scheduler(server.address), seconds=TIMEOUT)
    for length in (0, 7, 8, 30, len(DASK_GREETING) - 1):
        with HostileServer(DASK_GREETING[:length]) as server, pytest.raises(cluster.SchedulerError):
            cluster.probe_scheduler(cluster.parse_scheduler(server.address), seconds=TIMEOUT)


@FUZZ
@given(text=st.text(max_size=40))
def test_any_scheduler_text_is_an_address_or_a_usage_error(text: str) -> None:
    try:
        address = cluster.parse_scheduler(text)
    except cluster.UsageError as exc:
        assert exc.exit_code == 2 and "--scheduler" in exc.message
    else:
        assert cluster.parse_scheduler(str(address)) == address
