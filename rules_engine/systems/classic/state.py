"""One classic game's state: the core's positions plus what the classic rules remember.

``World`` is what every rule module of the classic system receives: the game's tables
(fixed for the game definition), the core's ``GameState`` (positions, faces, markers,
control, turn and phase), ``ClassicState`` (what a phase remembers: movement points left,
hexes attacked, supply checks) and the ZOC cache. The rule modules sit above this one and
never import each other in a circle (tests/test_classic_layers.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules_engine.core.state import ON_MAP, GameState, Unit, UnitStatus
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
    # The units that received a replacement in this phase (replacements.py, one_per_unit).
    replaced: set[str] = field(default_factory=set)
    # The first turn index from which a counter of the replacement pool may come back (pool.py).
    available_from: dict[str, int] = field(default_factory=dict)
    # The last move: the unit, where it started and the hexes it entered (for checks of random play).
    last_move: tuple[str, str, tuple[str, ...]] | None = None
    # The last combat, for replays' expectations and the player's screen.
    last_combat: Any = None
    # The shared part of the moves of the phase (movement.py), with the key it was made for.
    move_context: tuple[tuple[object, ...], Any] | None = None
    # Supply traces by side and movement class, with the epoch of the position they were made in.
    supply_cache: dict[tuple[str, str], tuple[int, dict[str, int]]] = field(default_factory=dict)


class Snapshot(NamedTuple):
    """A position put aside (World.snapshot)."""

    units: dict[str, tuple[str | None, UnitStatus, int, bool]]
    control: dict[str, str]
    attacked: set[str]
    defended: set[str]
    supply_checks: dict[str, int]


@dataclass
class World:
    """Everything a rule of the classic system reads and changes."""

    tables: Tables
    state: GameState
    extra: ClassicState
    zoc: ZocCache
    _enemy_held: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)
    _friendly_held: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)

    @property
    def phase(self) -> Phase:
        return self.tables.phases[self.state.phase_index]

    def enemy_of(self, side: str) -> str:
        return self.tables.enemies[side]

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """The hexes in the ZOC of ``side``'s enemy."""
        return self.zoc.zoc_of(self.state, self.enemy_of(side))

    def enemy_epochs(self, side: str) -> int:
        """How often the units of every side but ``side`` have changed (each side's count only
        grows, so their sum is new after any change): what is derived from the enemy's units
        alone lives as long as this."""
        epochs = self.state.side_epochs
        others = self.tables.others[side]
        if len(others) == 1:
            return epochs.get(others[0], 0)
        return sum(epochs.get(other, 0) for other in others)

    def enemy_held(self, side: str) -> frozenset[str]:
        """The hexes holding units of another side than ``side`` (kept until those units change)."""
        state = self.state
        key = self.enemy_epochs(side)
        cached = self._enemy_held.get(side)
        if cached is not None and cached[0] == key:
            return cached[1]
        by_side = state.by_side
        found = frozenset(
            u.space
            for other in self.tables.others[side]
            for u in by_side.get(other, ())
            if u.status is ON_MAP and u.space is not None
        )
        self._enemy_held[side] = (key, found)
        return found

    def friendly_held(self, side: str, besides: Unit | None = None) -> frozenset[str]:
        """The hexes holding a unit of ``side`` (other than ``besides``)."""
        state = self.state
        epoch = state.side_epochs.get(side, 0)
        cached = self._friendly_held.get(side)
        if cached is None or cached[0] != epoch:
            if self.tables.stacking.one_side_per_space:
                found = frozenset(s for s, here in state.occupants.items() if here and here[0].side == side)
            else:
                found = frozenset(
                    s for s, here in state.occupants.items() if any(u.side == side for u in here)
                )
            cached = self._friendly_held[side] = (epoch, found)
        held = cached[1]
        if besides is not None and besides.space in held:
            others = [u for u in state.units_at(besides.space) if u is not besides and u.side == side]
            if not others:
                return held - {besides.space}
        return held

    def snapshot(self) -> Snapshot:
        """What a combat may change, to put back if a player's choice in it is refused."""
        state = self.state
        return Snapshot(
            {uid: (u.space, u.status, u.face_index, u.out_of_supply) for uid, u in state.units.items()},
            dict(state.control),
            set(state.attacked),
            set(self.extra.defended),
            dict(self.extra.supply_checks),
        )

    def restore(self, snapshot: Snapshot) -> None:
        """The position as ``snapshot`` recorded it (units, control, who attacked what)."""
        state = self.state
        state.occupants.clear()
        for uid, (space, status, face, marked) in snapshot.units.items():
            unit = state.units[uid]
            unit.space, unit.status, unit.out_of_supply = space, status, marked
            unit.turn_to(face)
            if status is ON_MAP and space is not None:
                state.occupants.setdefault(space, []).append(unit)
        state.control.clear()
        state.control.update(snapshot.control)
        state.attacked.clear()
        state.attacked.update(snapshot.attacked)
        self.extra.defended = set(snapshot.defended)
        self.extra.supply_checks = dict(snapshot.supply_checks)
        for side in self.tables.sides:
            state.side_epochs[side] = state.side_epochs.get(side, 0) + 1
        state.epoch += 1

    def stacking_problem(self, space: str, arriving: list[Unit]) -> str | None:
        """Why ``arriving`` may not end up in ``space`` (None when they may)."""
        stacking = self.tables.stacking
        present = self.state.occupants.get(space, ())
        if not present and len(arriving) == 1 and self.tables.one_fits:
            return None
        if stacking.simple and stacking.limit is not None and len(arriving) == 1:
            # the common case, asked for every move: one unit into a space, an overall limit only
            unit = arriving[0]
            others = [u for u in present if u is not unit]
            if others and stacking.one_side_per_space and others[0].side != unit.side:
                return "units of both sides cannot share a space"
            counted = sum(1 for u in others if u.counter.kind == "unit") + (unit.counter.kind == "unit")
            return (
                None
                if counted <= stacking.limit
                else f"{counted} units; the stacking limit is {stacking.limit}"
            )
        together = [*(u for u in present if u not in arriving), *arriving]
        return stacking.problem([u.counter for u in together], (u.side for u in together))
