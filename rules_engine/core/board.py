"""The map as the rules read it: neighbours, what lies on each side, and where roads run.

MapDefinition keeps the data as written (lists of hexsides and roads); the rules
ask the same questions thousands of times a game ("what separates these two
hexes?", "does a road join them?"), so the Board answers them from dictionaries
built once per map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from rules_engine.definitions import MapDefinition, Space, Terrain, TerrainChart


class SideFeature(NamedTuple):
    """One terrain on the side between two spaces (a river, an all-sea side ...)."""

    terrain: Terrain
    bridge: bool


class Board:
    """Adjacency, hexside features and road links of one map, with its terrain chart."""

    def __init__(self, definition: MapDefinition, terrain: TerrainChart) -> None:
        self.definition = definition
        self.terrain = terrain
        self.spaces: Mapping[str, Space] = definition.spaces
        self.neighbours: dict[str, tuple[str, ...]] = {
            space_id: tuple(n for n in definition.neighbours(space_id) if n in self.spaces)
            for space_id in self.spaces
        }
        self.sides: dict[str, dict[str, tuple[SideFeature, ...]]] = {}
        for side in definition.hexsides:
            kind = terrain.get(side.terrain)
            if kind is None:
                continue
            feature = SideFeature(kind, side.bridge)
            for a, b in ((side.a, side.b), (side.b, side.a)):
                existing = self.sides.setdefault(a, {}).get(b, ())
                self.sides[a][b] = (*existing, feature)
        self.roads: dict[str, dict[str, tuple[Terrain, ...]]] = {}
        for road in definition.roads:
            kind = terrain.get(road.terrain)
            if kind is None:
                continue
            for a, b in road.steps():
                for x, y in ((a, b), (b, a)):
                    known = self.roads.setdefault(x, {}).get(y, ())
                    if kind not in known:
                        self.roads[x][y] = (*known, kind)
        # the road neighbours of every road space: what supply traces ask for each hex they reach
        self.road_links: dict[str, tuple[str, ...]] = {
            space: tuple(links) for space, links in self.roads.items()
        }
        self.features_of: dict[str, tuple[Terrain, ...]] = {
            space_id: tuple(t for t in (terrain.get(f) for f in space.features) if t is not None)
            for space_id, space in self.spaces.items()
        }
        self.terrain_of: dict[str, Terrain | None] = {
            space_id: terrain.get(space.terrain) for space_id, space in self.spaces.items()
        }
        self._with_feature: dict[str, tuple[str, ...]] = {}
        self._resolved: dict[str, str | None] = {}

    def side_features(self, a: str, b: str) -> tuple[SideFeature, ...]:
        return self.sides.get(a, {}).get(b, ())

    def road_kinds(self, a: str, b: str) -> tuple[Terrain, ...]:
        """The kinds of road that lead directly from ``a`` to ``b`` (empty if none)."""
        return self.roads.get(a, {}).get(b, ())

    def road_neighbours(self, space_id: str) -> tuple[str, ...]:
        return self.road_links.get(space_id, ())

    def is_road_space(self, space_id: str) -> bool:
        return space_id in self.roads

    def has_feature(self, space_id: str, feature: str) -> bool:
        space = self.spaces.get(space_id)
        return space is not None and feature in space.features

    def spaces_with(self, feature: str) -> tuple[str, ...]:
        """Every space with ``feature``, in map order: victory asks it at the end of every game, so
        each feature's spaces are found once per map."""
        found = self._with_feature.get(feature)
        if found is None:
            found = self._with_feature[feature] = tuple(
                s for s in self.spaces if self.has_feature(s, feature)
            )
        return found

    def resolve(self, reference: str) -> str | None:
        """The space an id or an unambiguous place name refers to: a map's names do not change, so
        each reference is looked up once (every new game resolves its whole set-up)."""
        if reference in self.spaces:
            return reference
        known = self._resolved
        if reference not in known:
            space = self.definition.resolve(reference)
            known[reference] = space.id if space is not None else None
        return known[reference]

    def name(self, space_id: str) -> str:
        space = self.spaces.get(space_id)
        return space.display_name if space is not None else space_id

    def steps_from(self, spaces: Iterable[str]) -> dict[str, int]:
        """How many steps (neighbour to neighbour) each space is from the nearest of ``spaces``:
        a breadth-first search over the map, which players and policies use to head somewhere."""
        frontier = sorted(spaces)
        distance = dict.fromkeys(frontier, 0)
        while frontier:
            following = []
            for here in frontier:
                for there in self.neighbours[here]:
                    if there not in distance:
                        distance[there] = distance[here] + 1
                        following.append(there)
            frontier = following
        return distance
