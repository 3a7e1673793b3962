"""Work done aside, in a forked copy of this process, while this one goes on.

A game's board is its largest drawing, and Python draws on one core at a time: a
forked copy draws the board while this process draws the counters and charts. The
copy hands back bytes through a pipe; if anything goes wrong there, the caller gets
None and does the work itself, so forking only ever saves time.

Forking is done only where it is safe: on a system that has it, and in a process
running no other thread (a lock held by another thread would stay locked for ever in
the copy). So a caller forks before it starts its thread pools.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable

Waiter = Callable[[], "bytes | None"]


def fork_call(work: Callable[[], bytes]) -> Waiter | None:
    """Run ``work`` in a forked copy; the returned function waits for its bytes (None if the
    copy failed). None, and nothing started, where forking is not possible or not safe."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return None
    sys.stdout.flush()
    sys.stderr.flush()  # nothing buffered may be written twice
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: work, hand over the bytes, and leave without running the parent's exit code
        os.close(read_end)
        code = 1
        try:
            data = work()
            with os.fdopen(write_end, "wb") as stream:
                stream.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    waited: list[bytes | None] = []

    def wait() -> bytes | None:
        """The copy's bytes; asked again (a caller's clean-up after a failure), the same answer:
        the pipe is read and the copy reaped once."""
        if not waited:
            with os.fdopen(read_end, "rb") as stream:
                data = stream.read()
            _, status = os.waitpid(pid, 0)
            waited.append(data if os.waitstatus_to_exitcode(status) == 0 else None)
        return waited[0]

    return wait
