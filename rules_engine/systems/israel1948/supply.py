"""Supply (2.1): sources, roads not cut by the enemy, and chains of adjacent units.

A unit is in supply when it stands on one of its side's supply sources, on or
next to a road hex joined to such a source by road, or next to a friendly unit
that is itself in supply. The road is cut by hexes holding enemy units and by
hexes in an EZOC that no friendly unit occupies.

Two readings of the rulebook are worth knowing (docs/rules-engine.md):
each Israeli unit may trace to either Israeli source (2.1 "can only use one of
the two"); and under the Arab Supply Constraints rule the Palestinian units,
having no country source of their own, trace to any Arab source.
"""

from __future__ import annotations

from rules_engine.core import GameState
from rules_engine.core.zoc import ZocCache
from rules_engine.systems.israel1948.rules import Rules

PALESTINIAN = "palestinian"


def units_in_supply(rules: Rules, zoc: ZocCache, state: GameState, side: str) -> set[str]:
    """The ids of ``side``'s units on the map that are in supply now."""
    board = rules.board
    enemy = rules.enemy_of(side)
    ezoc = zoc.zoc_of(state, enemy)
    occupied_by: dict[str, str] = {space: units[0].side for space, units in state.occupants.items() if units}

    def blocked(space: str) -> bool:
        holder = occupied_by.get(space)
        if holder == enemy:
            return True
        return space in ezoc and holder != side

    per_nation = side == "arab" and "arab-supply-constraints" in rules.options
    networks: dict[str | None, set[str]] = {}
    for at, nation in rules.sources.get(side, ()):
        key = nation if per_nation else None
        networks.setdefault(key, set())
        if blocked(at):
            continue
        network = networks[key]
        network.add(at)
        frontier = [at]
        while frontier:
            here = frontier.pop()
            for there in board.road_neighbours(here):
                if there not in network and not blocked(there):
                    network.add(there)
                    frontier.append(there)
    reach: dict[str | None, set[str]] = {}
    for key, network in networks.items():
        covered = set(network)
        for space in network:
            if board.is_road_space(space):
                covered.update(board.neighbours[space])
        reach[key] = covered
    everywhere = set().union(*reach.values()) if reach else set()

    by_space: dict[str, list[str]] = {}
    for unit in state.units_of(side):
        if unit.space is not None:
            by_space.setdefault(unit.space, []).append(unit.uid)
    supplied_spaces: set[str] = set()
    for unit in state.units_of(side):
        area = everywhere
        if per_nation and unit.nation != PALESTINIAN:
            area = reach.get(unit.nation, set())
        if unit.space is not None and unit.space in area:
            supplied_spaces.add(unit.space)
    # 2.1: a chain of adjacent units in supply (units sharing a hex count as adjacent)
    pending = list(supplied_spaces)
    while pending:
        here = pending.pop()
        for there in board.neighbours[here]:
            if there in by_space and there not in supplied_spaces:
                supplied_spaces.add(there)
                pending.append(there)
    return {uid for space in supplied_spaces for uid in by_space[space]}
