"""The roll a CRT is read with (docs/classic-rules.md, The roll): its dice, summed, and how far
the die-roll modifiers can take the sum.

A table declares its dice (charts.json ``"dice": "2d6"``: two of game.json's die ``d6``), or
one of its ``die``, or one of the game's first die. The engine rolls them and adds them up; the
modifiers apply to the sum. ``modifier_range`` is what the validator asks to check that the
rows, or the combat's ``below_lowest_roll`` and ``above_highest_roll``, take in every modified
roll a combat on the game's map can make. It reads only definitions, so the validator, the
engine and the painter of the aids share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from rules_engine.definitions import (
    Die,
    MapDefinition,
    Phase,
    Table,
    TableDice,
    Terrain,
    TurnEffect,
)

DEFAULT_DIE = "d6"
DEFAULT_SIDES = 6


class CrtDice(NamedTuple):
    """The dice a CRT is read with: ``number`` dice of ``die``, each of ``sides`` faces."""

    number: int
    die: str
    sides: int

    @property
    def lowest(self) -> int:
        return self.number

    @property
    def highest(self) -> int:
        return self.number * self.sides

    def __str__(self) -> str:
        return f"{self.number}{self.die}"

    def chances(self) -> dict[int, float]:
        """Each sum's chance, the dice fair and independent."""
        ways: dict[int, int] = {0: 1}
        for _ in range(self.number):
            rolled: dict[int, int] = {}
            for total, count in ways.items():
                for face in range(1, self.sides + 1):
                    rolled[total + face] = rolled.get(total + face, 0) + count
            ways = rolled
        every = self.sides**self.number
        return {total: count / every for total, count in sorted(ways.items())}


def table_dice(table: Table, dice: Sequence[Die]) -> CrtDice:
    """The dice ``table`` is read with, as game.json's ``dice`` give their sides (an unknown die,
    which the validator refuses, as six-sided)."""
    given: TableDice = table.dice or TableDice(1, table.die or (dice[0].id if dice else DEFAULT_DIE))
    sides = next((d.sides for d in dice if d.id == given.die), DEFAULT_SIDES)
    return CrtDice(given.number, given.die, sides)


def modifier_range(
    board: MapDefinition,
    terrain: Mapping[str, Terrain],
    effects: Sequence[TurnEffect],
    phases: Sequence[Phase],
    sides: Sequence[str],
) -> tuple[int, int]:
    """The lowest and highest die-roll modifier a combat on ``board`` can have: the defender's hex
    (for any side), the hexsides around it (each kind once, any of them crossed) and the turn
    effects in force together in a combat phase."""
    low = high = 0
    first = True
    for space in board.spaces.values():
        kinds = [terrain[t] for t in (space.terrain, *space.features) if t in terrain]
        around = _around(board, terrain, space.id)
        for side in sides or ("",):
            drm = hex_effect(kinds, side)[1]
            down = drm + sum(min(0, d) for d in around)
            up = drm + sum(max(0, d) for d in around)
            low, high = (down, up) if first else (min(low, down), max(high, up))
            first = False
    turn_low, turn_high = _turn_range(effects, phases)
    return low + turn_low, high + turn_high


def hex_effect(terrain: Iterable[Terrain], side: str) -> tuple[int, int]:
    """The shift and modifier of a hex's terrain for a defender of ``side``: cumulative effects add,
    of the others only the lowest shift counts."""
    shift = drm = 0
    best: tuple[int, int] | None = None
    for kind in terrain:
        combat = kind.combat
        if combat is None or combat.for_side not in (None, side):
            continue
        effect = (combat.column_shift, combat.drm or 0)
        if combat.cumulative:
            shift, drm = shift + effect[0], drm + effect[1]
        elif best is None or effect < best:
            best = effect
    if best is not None:
        shift, drm = shift + best[0], drm + best[1]
    return shift, drm


def _around(board: MapDefinition, terrain: Mapping[str, Terrain], space: str) -> list[int]:
    """The modifier of each kind of hexside terrain on the sides of ``space`` (each kind once)."""
    found: dict[str, int] = {}
    for side in board.hexsides:
        if space in (side.a, side.b):
            kind = terrain.get(side.terrain)
            if kind is not None and kind.combat is not None and kind.combat.drm:
                found[kind.id] = kind.combat.drm
    return list(found.values())


def _turn_range(effects: Sequence[TurnEffect], phases: Sequence[Phase]) -> tuple[int, int]:
    """The lowest and highest sum of the modifiers of the turn effects in force together in one
    combat phase of one turn."""
    combat_phases = [p for p in phases if p.kind == "combat"]
    turns = sorted({t for e in effects if e.drm for t in e.turns})
    low = high = 0
    for turn in turns:
        for phase in combat_phases:
            drms = [
                e.drm
                for e in effects
                if e.drm
                and turn in e.turns
                and (not e.phases or phase.id in e.phases)
                and (not e.phase_kinds or phase.kind in e.phase_kinds)
            ]
            low = min(low, sum(d for d in drms if d < 0))
            high = max(high, sum(d for d in drms if d > 0))
    return low, high
