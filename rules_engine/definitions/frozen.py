"""Read-only mappings for the fields of the frozen model.

The model's records are immutable tuples; a dict inside one would still let any
stage change the game under the others' feet. Builders wrap every such dict
with `read_only`, which answers lookups at dict speed and refuses writes.
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def read_only(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only view of a private copy of ``mapping``."""
    return MappingProxyType(dict(mapping))
