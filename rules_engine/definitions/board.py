"""The map as the engine sees it: spaces, how they connect, and what lies on them.

A space is a node of the map graph. On a hex map every hex is a space (its id
is the hex ID) and neighbours come from the grid; on a point-to-point map the
spaces are listed and routes join them. Everything else (hexsides, roads,
regions, supply sources, entries, tracks, boxes) refers to spaces by id.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from rules_engine.definitions.art import BoardImage
from rules_engine.definitions.origin import NOWHERE, Origin
from rules_engine.geometry import Hex, HexGrid


class Space(NamedTuple):
    id: str
    terrain: str
    features: tuple[str, ...] = ()
    level: int | None = None
    name: str | None = None
    aliases: tuple[str, ...] = ()
    label: str | None = None
    kinds: tuple[str, ...] = ()
    hex: Hex | None = None
    x: float | None = None
    y: float | None = None
    listed: bool = True
    origin: Origin = NOWHERE

    @property
    def display_name(self) -> str:
        return f"{self.name} ({self.id})" if self.name else self.id

    def has_feature(self, feature: str) -> bool:
        return feature in self.features


class Hexside(NamedTuple):
    a: str
    b: str
    terrain: str
    bridge: bool
    origin: Origin

    @property
    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


class Road(NamedTuple):
    terrain: str
    path: tuple[str, ...]
    bridges: tuple[str, ...]
    name: str | None
    off_map: str | None
    origin: Origin

    def steps(self) -> Iterator[tuple[str, str]]:
        yield from zip(self.path, self.path[1:], strict=False)


class Route(NamedTuple):
    a: str
    b: str
    terrain: str | None
    origin: Origin


class Region(NamedTuple):
    id: str
    name: str
    kind: str
    spaces: tuple[str, ...]
    colour: str | None
    connected_by: str | None
    origin: Origin


class SupplySource(NamedTuple):
    at: str
    side: str
    nation: str | None
    label: str | None
    origin: Origin


class Entry(NamedTuple):
    id: str
    name: str
    at: str
    side: str | None
    origin: Origin


class Track(NamedTuple):
    id: str
    name: str
    kind: str
    first: int | None
    last: int | None
    side: str | None
    reinforcement_boxes: bool
    origin: Origin


class Box(NamedTuple):
    """An off-map box; ``counters`` start in it, and ``draw`` says how pieces leave it."""

    id: str
    name: str
    kind: str
    side: str | None
    counters: tuple[str, ...]
    draw: str
    origin: Origin


class Area(NamedTuple):
    """Geography drawn behind the network (presentation only): a sea or lake outline."""

    kind: str
    name: str
    points: tuple[tuple[float, float], ...]
    label: tuple[float, float] | None
    origin: Origin


class MapScale(NamedTuple):
    """Presentation only: the ground distance of one hex ('hex') or one inch of the sheet ('inch')."""

    per: str
    value: float
    unit: str


@dataclass(frozen=True)
class MapDefinition:
    """The whole board. Space references may be ids or printed place names."""

    kind: str
    name: str | None
    width: float | None
    height: float | None
    size_unit: str | None
    grid: HexGrid | None
    hex_size: float | None
    spaces: Mapping[str, Space]
    hexsides: tuple[Hexside, ...]
    roads: tuple[Road, ...]
    routes: tuple[Route, ...]
    regions: tuple[Region, ...]
    supply_sources: tuple[SupplySource, ...]
    entries: tuple[Entry, ...]
    tracks: tuple[Track, ...]
    boxes: tuple[Box, ...]
    origin: Origin
    geography: tuple[Area, ...] = ()
    scale: MapScale | None = None
    image: BoardImage | None = None  # a board drawn by someone else, the grid registered on it
    _names: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _links: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names: dict[str, list[str]] = {}
        for space in self.spaces.values():
            for name in (space.name, *space.aliases):
                if name:
                    names.setdefault(name.casefold(), []).append(space.id)
        object.__setattr__(self, "_names", {k: tuple(v) for k, v in names.items()})
        links: dict[str, set[str]] = {space_id: set() for space_id in self.spaces}
        for route in self.routes:
            if route.a in links and route.b in links:
                links[route.a].add(route.b)
                links[route.b].add(route.a)
        object.__setattr__(self, "_links", {k: frozenset(v) for k, v in links.items()})

    # --- references ------------------------------------------------------------

    def resolve(self, reference: str) -> Space | None:
        """The space an id or an unambiguous place name refers to."""
        if reference in self.spaces:
            return self.spaces[reference]
        found = self._names.get(reference.casefold(), ())
        return self.spaces[found[0]] if len(found) == 1 else None

    def spaces_named(self, name: str) -> tuple[str, ...]:
        return self._names.get(name.casefold(), ())

    def reference_words(self) -> list[str]:
        """Every id and place name, for 'did you mean' hints."""
        words = list(self.spaces)
        for space in self.spaces.values():
            words.extend(n for n in (space.name, *space.aliases) if n)
        return words

    def region(self, region_id: str) -> Region | None:
        return next((r for r in self.regions if r.id == region_id), None)

    def regions_of(self, space_id: str, kind: str | None = None) -> list[Region]:
        return [r for r in self.regions if space_id in r.spaces and (kind is None or r.kind == kind)]

    # --- adjacency -------------------------------------------------------------

    def neighbours(self, space_id: str) -> list[str]:
        space = self.spaces.get(space_id)
        if space is None:
            return []
        if self.grid is not None and space.hex is not None:
            return list(self.grid.neighbour_labels().get(self.grid.hex_id(space.hex), ()))
        return sorted(self._links.get(space_id, frozenset()))

    def are_adjacent(self, a: str, b: str) -> bool:
        first, second = self.spaces.get(a), self.spaces.get(b)
        if first is None or second is None:
            return False
        if self.grid is not None and first.hex is not None and second.hex is not None:
            return self.grid.are_adjacent(first.hex, second.hex)
        return b in self._links.get(a, frozenset())

    def distance(self, a: str, b: str) -> int | None:
        """Hexes (or routes) between two spaces; None if not connected."""
        first, second = self.spaces.get(a), self.spaces.get(b)
        if first is None or second is None:
            return None
        if self.grid is not None and first.hex is not None and second.hex is not None:
            return self.grid.distance(first.hex, second.hex)
        frontier, seen, steps = {a}, {a}, 0
        while frontier:
            if b in frontier:
                return steps
            frontier = {n for s in frontier for n in self._links.get(s, ()) if n not in seen}
            seen |= frontier
            steps += 1
        return None

    def hexside(self, a: str, b: str) -> tuple[Hexside, ...]:
        key = frozenset((a, b))
        return tuple(side for side in self.hexsides if side.key == key)
