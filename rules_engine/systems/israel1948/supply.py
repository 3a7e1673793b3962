"""Supply (2.1): sources, roads not cut by the enemy, and chains of adjacent units.

A unit is in supply when it stands on one of its side's supply sources, on or
next to a road hex joined to such a source by road, or next to a friendly unit
that is itself in supply. The road is cut by hexes holding enemy units and by
hexes in an EZOC that no friendly unit occupies.

Readings of the rulebook (docs/rules-engine.md): the Israeli side traces, at
each supply check, to one of its two sources, the one its player chooses
("can only use one of the two Israeli supply sources", 2.1); unless the player
names one, the engine takes the source that puts the most units in supply.
Under the Arab Supply Constraints rule the Palestinian units, having no
country source of their own, trace to any Arab source.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules_engine.core import GameState
from rules_engine.core.zoc import ZocCache
from rules_engine.systems.israel1948.rules import Rules

PALESTINIAN = "palestinian"
# 2.1: the side that uses one of its supply sources at a time.
ONE_SOURCE_SIDE = "israeli"
# Arab Supply Constraints (Optional Rules): this side's units trace to their own country's sources.
CONSTRAINED_SIDE = "arab"


def units_in_supply(
    rules: Rules, zoc: ZocCache, state: GameState, side: str, source: str | None = None
) -> set[str]:
    """The ids of ``side``'s units on the map that are in supply now.

    For the side that uses one source at a time, ``source`` names it; None takes
    the source that supplies the most units (the first listed on a tie).
    """
    sources = rules.sources.get(side, ())
    if side != ONE_SOURCE_SIDE or len(sources) < 2:
        return _supplied(rules, zoc, state, side, sources)
    if source is not None:
        return _supplied(rules, zoc, state, side, [s for s in sources if s[0] == source])
    return _best_single_source(rules, zoc, state, side, sources)


def _best_single_source(
    rules: Rules, zoc: ZocCache, state: GameState, side: str, sources: Sequence[tuple[str, str | None]]
) -> set[str]:
    """What the source that supplies the most units supplies (the first listed on a tie).

    Sources joined by an open road supply the same units, so each road network is traced once.
    """
    blocked = _blocked(rules, zoc, state, side)
    networks = [_network(rules, at, blocked) for at, _ in sources]
    best: set[str] | None = None
    for index, network in enumerate(networks):
        if any(sources[index][0] in earlier for earlier in networks[:index]):
            continue
        supplied = _units_reached(rules, state, side, {None: _covered(rules, network)}, per_nation=False)
        if best is None or len(supplied) > len(best):
            best = supplied
    return best or set()


def supply_sources(rules: Rules, side: str) -> list[str]:
    """The hexes of ``side``'s supply sources, in map order."""
    return list(dict.fromkeys(at for at, _ in rules.sources.get(side, ())))


def uses_one_source(rules: Rules, side: str) -> bool:
    return side == ONE_SOURCE_SIDE and len(supply_sources(rules, side)) > 1


def _supplied(
    rules: Rules, zoc: ZocCache, state: GameState, side: str, sources: Iterable[tuple[str, str | None]]
) -> set[str]:
    per_nation = side == CONSTRAINED_SIDE and "arab-supply-constraints" in rules.options
    blocked = _blocked(rules, zoc, state, side)
    networks: dict[str | None, set[str]] = {}
    for at, nation in sources:
        _extend_network(rules, at, blocked, networks.setdefault(nation if per_nation else None, set()))
    reach = {key: _covered(rules, network) for key, network in networks.items()}
    return _units_reached(rules, state, side, reach, per_nation)


def _units_reached(
    rules: Rules, state: GameState, side: str, reach: dict[str | None, set[str]], per_nation: bool
) -> set[str]:
    """The units on hexes a source reaches (per nation under the constraints), and their chains."""
    everywhere = set().union(*reach.values()) if reach else set()
    by_space: dict[str, list[str]] = {}
    supplied_spaces: set[str] = set()
    for unit in state.units_of(side):
        if unit.space is None:
            continue
        by_space.setdefault(unit.space, []).append(unit.uid)
        area = everywhere
        if per_nation and unit.nation != PALESTINIAN:
            area = reach.get(unit.nation, set())
        if unit.space in area:
            supplied_spaces.add(unit.space)
    _extend_by_chains(rules, supplied_spaces, by_space)
    return {uid for space in supplied_spaces for uid in by_space[space]}


def _blocked(rules: Rules, zoc: ZocCache, state: GameState, side: str) -> set[str]:
    """2.1: hexes that cut a road: enemy units, and EZOC that no friendly unit occupies."""
    ezoc = zoc.zoc_of(state, rules.enemy_of(side))
    own = {space for space, units in state.occupants.items() if units[0].side == side}
    enemy_held = set(state.occupants) - own
    return enemy_held | (ezoc - own)


def _network(rules: Rules, source: str, blocked: set[str]) -> set[str]:
    """The road hexes joined to ``source`` by road not cut (empty when the source itself is cut)."""
    network: set[str] = set()
    _extend_network(rules, source, blocked, network)
    return network


def _extend_network(rules: Rules, source: str, blocked: set[str], network: set[str]) -> None:
    """Add to ``network`` the road hexes joined to ``source``; a source already in it adds nothing new."""
    if source in blocked or source in network:
        return
    network.add(source)
    frontier = [source]
    while frontier:
        here = frontier.pop()
        for there in rules.board.road_neighbours(here):
            if there not in network and there not in blocked:
                network.add(there)
                frontier.append(there)


def _covered(rules: Rules, network: set[str]) -> set[str]:
    """A road network and the hexes next to its road hexes: where a unit traces to it (2.1)."""
    board = rules.board
    covered = set(network)
    for space in network:
        if board.is_road_space(space):
            covered.update(board.neighbours[space])
    return covered


def _extend_by_chains(rules: Rules, supplied_spaces: set[str], by_space: dict[str, list[str]]) -> None:
    """2.1: a chain of adjacent units in supply (units sharing a hex count as adjacent)."""
    board = rules.board
    pending = list(supplied_spaces)
    while pending:
        here = pending.pop()
        for there in board.neighbours[here]:
            if there in by_space and there not in supplied_spaces:
                supplied_spaces.add(there)
                pending.append(there)
