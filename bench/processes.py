"""The environment the benches run `wgc` in: a designer's shell, whatever this one sets.

Some shared machines set PYTHONDONTWRITEBYTECODE. Python then keeps no .pyc, and every
run compiles again each module changed since the last one that did: tens of
milliseconds that a user's `wgc` never pays. The benches' child processes run without it.
"""

from __future__ import annotations

import os


def user_environment(**changes: str) -> dict[str, str]:
    """This process's environment without PYTHONDONTWRITEBYTECODE, with ``changes`` made."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment.update(changes)
    return environment
