"""Named steps: the build reports how long each part took, so a bench can time the parts
without copying the builder's body.

A step's name says where it sits: "validate", "module", "module: board" ... A
caller passes ``on_step`` (name, seconds); the default ignores it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

StepTimer = Callable[[str, float], None]


def ignore_step(step: str, seconds: float) -> None:
    """The default listener: nobody is timing this run."""


@contextmanager
def timed(on_step: StepTimer, step: str) -> Iterator[None]:
    """Report the time spent inside the block as ``step``."""
    start = time.perf_counter()
    yield
    on_step(step, time.perf_counter() - start)
