"""The event log: what happened, in order, in words a player would use.

Every change of state the rules make is logged, so that `wgc replay --trace`
can show a game move by move and a failed expectation can be read against the
events that led to it.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    turn: str
    phase: str
    kind: str
    text: str

    def __str__(self) -> str:
        return f"[turn {self.turn}, {self.phase}] {self.text}"


class EventLog:
    """An append-only list of events; ``enabled=False`` keeps nothing (for benchmarks)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.events: list[Event] = []

    def add(self, turn: str, phase: str, kind: str, text: str) -> None:
        if self.enabled:
            self.events.append(Event(turn, phase, kind, text))

    def __len__(self) -> int:
        return len(self.events)

    def since(self, start: int) -> list[Event]:
        return self.events[start:]
