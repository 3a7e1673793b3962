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

from rules_engine.core import GameState, Unit
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
    placed = _units_by_space(state, side)
    blocked = _blocked(rules, zoc, state, side, placed)
    networks: list[set[str]] = []
    best: set[str] | None = None
    for at, _ in sources:
        if any(at in earlier for earlier in networks):
            continue  # on the network of a source before it: it supplies the same units
        network = _network(rules, at, blocked)
        networks.append(network)
        supplied = _units_reached(rules, placed, {None: network}, per_nation=False)
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
    placed = _units_by_space(state, side)
    blocked = _blocked(rules, zoc, state, side, placed)
    networks: dict[str | None, set[str]] = {}
    for at, nation in sources:
        _extend_network(rules, at, blocked, networks.setdefault(nation if per_nation else None, set()))
    return _units_reached(rules, placed, networks, per_nation)


def _units_by_space(state: GameState, side: str) -> dict[str, list[Unit]]:
    """The hexes ``side`` holds and its units there (a hex holds one side's units only, 1.3)."""
    return {space: units for space, units in state.occupants.items() if units[0].side == side}


def _units_reached(
    rules: Rules, placed: dict[str, list[Unit]], networks: dict[str | None, set[str]], per_nation: bool
) -> set[str]:
    """The units that trace to a network (to their nation's under the constraints), and their chains."""
    everywhere = set().union(*networks.values()) if networks else set()
    supplied_spaces: set[str]
    if not per_nation:  # every unit traces to the same network: a hex's units are supplied together
        road_neighbours = rules.road_neighbours
        supplied_spaces = {
            space
            for space in placed
            if space in everywhere or not everywhere.isdisjoint(road_neighbours[space])
        }
        _extend_by_chains(rules, supplied_spaces, placed)
        return {unit.uid for space in supplied_spaces for unit in placed[space]}
    supplied_spaces = set()
    for space, units in placed.items():
        for unit in units:
            network = everywhere
            if per_nation and unit.nation != PALESTINIAN:
                network = networks.get(unit.nation, set())
            if _traces_to(rules, space, network):
                supplied_spaces.add(space)
                break
    _extend_by_chains(rules, supplied_spaces, placed)
    return {unit.uid for space in supplied_spaces for unit in placed[space]}


def _blocked(
    rules: Rules, zoc: ZocCache, state: GameState, side: str, own: dict[str, list[Unit]]
) -> set[str]:
    """2.1: hexes that cut a road: enemy units, and EZOC that no friendly unit occupies
    (``own``: the hexes ``side`` holds)."""
    ezoc = zoc.zoc_of(state, rules.enemy_of(side))
    return (state.occupants.keys() | ezoc) - own.keys()


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
    road_links = rules.board.road_links
    # the source need not be a road hex; every hex the search reaches after it is one
    frontier = [source] if source in road_links else []
    add, grow, take = network.add, frontier.append, frontier.pop
    while frontier:
        for there in road_links[take()]:
            if there not in network and there not in blocked:
                add(there)
                grow(there)


def _traces_to(rules: Rules, space: str, network: set[str]) -> bool:
    """2.1: a unit traces to a road network from a hex of it or from next to one of its road
    hexes (the source itself may not be a road hex)."""
    return space in network or not network.isdisjoint(rules.road_neighbours[space])


def _extend_by_chains(rules: Rules, supplied_spaces: set[str], placed: dict[str, list[Unit]]) -> None:
    """2.1: a chain of adjacent units in supply (units sharing a hex count as adjacent).

    Most hexes trace to a road themselves, so the few that do not are asked, round after
    round, whether they now touch a supplied hex.
    """
    neighbours = rules.board.neighbours
    waiting = [space for space in placed if space not in supplied_spaces]
    while waiting:
        joined = [space for space in waiting if not supplied_spaces.isdisjoint(neighbours[space])]
        if not joined:
            return
        supplied_spaces.update(joined)
        waiting = [space for space in waiting if space not in supplied_spaces]
