"""Retreats after combat (docs/classic-rules.md, Retreats).

A unit retreating N hexes moves N hexes from the hex where it fought, each farther from that
hex than the one before, into hexes it could enter by movement that hold no enemy unit,
never through an enemy ZOC where the option forbids it (or losing a step for each where it
costs one), ending within the stacking limit. Its owner (or the enemy) picks the path among
the legal ones; with none, the unit is eliminated or loses a step, as the option says.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.decisions import Decider, Path
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.zoc import enemy_zoc_for


def paths(world: World, unit: Unit, length: int) -> list[Path]:
    """Every legal retreat of ``length`` hexes for ``unit`` from where it stands."""
    origin = unit.space
    if origin is None or length <= 0:
        return []
    tables = world.tables
    rules = tables.retreat
    steps = tables.step_table(unit.counter)
    held = world.enemy_held(unit.side)
    ezoc = enemy_zoc_for(world, unit, rules.negated_by_friendly_units)
    closed = ezoc if rules.enemy_zoc == "prohibited" else frozenset()
    found: list[Path] = []

    def extend(path: Path, here: str) -> None:
        if len(path) == length:
            if world.stacking_problem(here, [unit]) is None:
                found.append(path)
            return
        for there in steps[here]:
            if there in held or there in closed or there in path:
                continue
            if tables.distance(origin, there) != len(path) + 1:
                continue
            extend((*path, there), there)

    extend((), origin)
    return found


class Retreated(NamedTuple):
    """How a retreat went: the path taken (None: no path was open) and the steps it cost."""

    path: Path | None
    steps_lost: int


def retreat(world: World, unit: Unit, length: int, role: str, decider: Decider) -> Retreated:
    """Retreat ``unit`` ``length`` hexes along the path ``decider`` picks; when none is open the
    unit is eliminated or loses a step, and an enemy ZOC entered may cost a step."""
    tables = world.tables
    rule = tables.rule("retreat")
    options = paths(world, unit, length)
    if not options:
        blocked = tables.retreat.blocked
        if world.state.logging:
            world.state.note("retreat", f"{unit.uid} cannot retreat")
        if blocked == "step-loss":
            changes.step_loss(world, unit)
            return Retreated(None, 1)
        changes.eliminate(world, unit)
        return Retreated(None, 0)
    chosen = tuple(decider.retreat(role, unit, options))
    if chosen not in options:
        name = tables.board.name
        shown = ", ".join(" ".join(name(s) for s in p) for p in options[:6])
        raise IllegalAction(
            rule, f"{unit.uid} cannot retreat by {' '.join(chosen) or 'nowhere'} (it may: {shown})"
        )
    ezoc = enemy_zoc_for(world, unit, tables.retreat.negated_by_friendly_units)
    costly = sum(1 for space in chosen if space in ezoc) if tables.retreat.enemy_zoc == "step-loss" else 0
    changes.pass_through(world, unit, chosen[:-1])
    changes.put(world, unit, chosen[-1])
    if world.state.logging:
        world.state.note(
            "retreat", f"{unit.uid} retreats to {tables.board.name(chosen[-1])} via {' '.join(chosen)}"
        )
    lost = 0
    for _ in range(costly):
        if unit.on_map:
            changes.step_loss(world, unit)
            lost += 1
    return Retreated(chosen, lost)
