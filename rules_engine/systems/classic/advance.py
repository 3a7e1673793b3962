"""Advance after combat (docs/classic-rules.md, Advance after combat).

When the hexes attacked are empty after a combat, surviving attackers may move into them at
once, free of movement points and of ZOC, up to the option's number of units; with more
than one hex they may go on into hexes free of enemy units, an enemy ZOC ending the advance
unless the option ignores ZOCs. The attacker picks who and where; the rules check it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.core.errors import IllegalAction
from rules_engine.core.state import Unit
from rules_engine.systems.classic import changes
from rules_engine.systems.classic.decisions import Decider, Path
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.zoc import enemy_zoc_for


def paths(world: World, unit: Unit, vacated: Sequence[str]) -> list[Path]:
    """Every advance open to ``unit`` now into (and beyond) the vacated hexes."""
    rules = world.tables.procedure.advance
    if rules is None or unit.space is None:
        return []
    steps = world.tables.step_table(unit.counter)
    held = world.enemy_held(unit.side)
    ezoc = frozenset() if rules.ignore_zoc else enemy_zoc_for(world, unit, False)
    found: list[Path] = []

    def extend(path: Path, here: str) -> None:
        if world.stacking_problem(here, [unit]) is None:
            found.append(path)
        if len(path) >= rules.hexes or here in ezoc:
            return
        for there in steps[here]:
            if there not in held and there not in path and there != unit.space:
                extend((*path, there), there)

    for first in vacated:
        if first in steps[unit.space] and first not in held:
            extend((first,), first)
    return found


def advance(
    world: World, attackers: Sequence[Unit], vacated: Sequence[str], decider: Decider
) -> dict[str, Path]:
    """Let the attacker advance into ``vacated``; the units that did, with their paths."""
    rules = world.tables.procedure.advance
    done: dict[str, Path] = {}
    if rules is None or not vacated:
        return done
    limit = len(attackers) if rules.units is None else rules.units
    candidates = [u for u in attackers if u.on_map]
    while candidates and len(done) < limit:
        choice = decider.advance(candidates, lambda unit: paths(world, unit, vacated))
        if choice is None:
            break
        unit, path = choice[0], tuple(choice[1])
        if unit not in candidates or path not in paths(world, unit, vacated):
            raise IllegalAction(
                world.tables.rule("advance"),
                f"{unit.uid} cannot advance by {' '.join(path) or 'nowhere'}",
            )
        changes.pass_through(world, unit, path[:-1])
        changes.put(world, unit, path[-1])
        if world.state.logging:
            world.state.note("advance", f"{unit.uid} advances to {world.tables.board.name(path[-1])}")
        done[unit.uid] = path
        candidates.remove(unit)
    return done
