"""One classic game's state: the core's positions plus what the classic rules remember.

``World`` is what every rule module of the classic system receives: the game's tables
(fixed for the game definition), the core's ``GameState`` (positions, faces, markers,
control, turn and phase), ``ClassicState`` (what a phase remembers: movement points left,
hexes attacked, supply checks) and the ZOC cache. The rule modules sit above this one and
never import each other in a circle (tests/test_classic_layers.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.core.state import GameState, Unit
from rules_engine.core.zoc import ZocCache
from rules_engine.definitions import Phase, Reinforcement
from rules_engine.systems.classic.tables import Tables


@dataclass
class ClassicState:
    """What the classic rules remember beyond positions."""

    # Movement points a unit has left after its move in this phase (the phase's moved units).
    mp_left: dict[str, float] = field(default_factory=dict)
    # Hexes attacked in this combat phase (each is attacked at most once).
    defended: set[str] = field(default_factory=set)
    # How many supply checks in a row found each unit out of supply.
    supply_checks: dict[str, int] = field(default_factory=dict)
    # The scenario's record of each reinforcement (where it enters), by unit.
    arrivals: dict[str, Reinforcement] = field(default_factory=dict)
    # The last combat, for replays' expectations and the player's screen.
    last_combat: Any = None
    # Supply traces by side and movement class, with the epoch of the position they were made in.
    supply_cache: dict[tuple[str, str], tuple[int, dict[str, int]]] = field(default_factory=dict)


@dataclass
class World:
    """Everything a rule of the classic system reads and changes."""

    tables: Tables
    state: GameState
    extra: ClassicState
    zoc: ZocCache
    _enemy_held: dict[str, tuple[tuple[int, ...], frozenset[str]]] = field(default_factory=dict)
    _friendly_held: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)

    @property
    def phase(self) -> Phase:
        return self.tables.phases[self.state.phase_index]

    def enemy_of(self, side: str) -> str:
        sides = self.tables.sides
        return next((s for s in sides if s != side), side)

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """The hexes in the ZOC of ``side``'s enemy."""
        return self.zoc.zoc_of(self.state, self.enemy_of(side))

    def enemy_held(self, side: str) -> frozenset[str]:
        """The hexes holding units of another side than ``side`` (kept until those units change)."""
        state = self.state
        key = tuple(e for s, e in sorted(state.side_epochs.items()) if s != side)
        cached = self._enemy_held.get(side)
        if cached is not None and cached[0] == key:
            return cached[1]
        found = frozenset(space for space, here in state.occupants.items() if here and here[0].side != side)
        self._enemy_held[side] = (key, found)
        return found

    def friendly_held(self, side: str, besides: Unit | None = None) -> frozenset[str]:
        """The hexes holding a unit of ``side`` (other than ``besides``)."""
        state = self.state
        epoch = state.side_epochs.get(side, 0)
        cached = self._friendly_held.get(side)
        if cached is None or cached[0] != epoch:
            found = frozenset(s for s, here in state.occupants.items() if any(u.side == side for u in here))
            cached = self._friendly_held[side] = (epoch, found)
        held = cached[1]
        if besides is not None and besides.space in held:
            others = [u for u in state.units_at(besides.space) if u is not besides and u.side == side]
            if not others:
                return held - {besides.space}
        return held

    def stacking_problem(self, space: str, arriving: list[Unit]) -> str | None:
        """Why ``arriving`` may not end up in ``space`` (None when they may)."""
        present = [u for u in self.state.units_at(space) if u not in arriving]
        together = [*present, *arriving]
        return self.tables.stacking.problem([u.counter for u in together], (u.side for u in together))
