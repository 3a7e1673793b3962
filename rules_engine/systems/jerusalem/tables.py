"""Jerusalem!'s map and charts read once into the lookups the rules ask thousands of times a game.

What a step costs (1.3: terrain by hill level, the two roads, streams, the city,
Bevingrad), which hexes Jerusalem's unprinted roads join (1.3, 8.1), where no ZOC
reaches (4.3), what blocks an artillery unit's view (10.7.1), which hexes lie
inside the Old City wall (9.6), the CRT and its columns (9.4), and the die-roll
modifiers that are not terrain (9.5, 10.8, 12.9). Every number comes from the
data; this module only knows how the rulebook combines them.
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import NamedTuple

from rules_engine.core import Board, EngineError
from rules_engine.core.movement_costs import RowsOnFirstUse
from rules_engine.definitions import Table, Terrain, ValidGame
from rules_engine.definitions.terrain import Cost

# The modifiers charts.json must give (by id), and what each is for.
MODIFIER_IDS = ("higher-terrain", "david-shaltiel", "abdullah-tell", "artillery-at-transported")
# The kinds of road a unit may follow in the Road Movement Phase (8.1); the railroad is not one.
ROAD_KINDS = ("primary-road", "secondary-road")
PRIMARY, SECONDARY = ROAD_KINDS
CONTROL_PHASE_WORDS = ("none", "prohibited", "impassable")


class Step(NamedTuple):
    """Entering a neighbour: its cost off the road and along a road (None where it cannot be made)."""

    off_road: float | None
    road: float | None

    def cost(self, road_only: bool) -> float | None:
        """What the step costs a unit that may (or in the Road Movement Phase must) follow a road."""
        if road_only:
            return self.road
        if self.road is not None and (self.off_road is None or self.road <= self.off_road):
            return self.road
        return self.off_road


class Column(NamedTuple):
    """One odds column of the CRT: attack:defence, and its place in the table's rows."""

    label: str
    ratio: Fraction
    position: int


def _number(cost: Cost | None) -> float | None:
    if cost is None or (isinstance(cost, str) and cost in CONTROL_PHASE_WORDS):
        return None
    if isinstance(cost, str):
        raise EngineError(f"'{cost}' is not a movement cost the Jerusalem! system knows")
    return float(cost)


class Tables:
    """Lookups for one game definition."""

    def __init__(self, definition: ValidGame, board: Board) -> None:
        self.board = board
        self.terrain = definition.terrain
        self.turn_labels = definition.game.turn_labels
        spaces = board.spaces
        self.level = {space_id: space.level or 0 for space_id, space in spaces.items()}
        self.city = frozenset(s for s in spaces if self._has(s, lambda t: t.id == "jerusalem-city"))
        self.no_zoc = frozenset(s for s in spaces if self._has(s, lambda t: t.blocks_zoc))
        self.blocks_view = frozenset(s for s in spaces if self._has(s, lambda t: t.blocks_line_of_sight))
        self.closed_until = self._turn_marks(lambda t: t.closed_until)
        self.no_remain_until = self._turn_marks(lambda t: t.no_remain_until)
        self.roads = self._road_links(definition)
        self.rails = {
            (a, b)
            for a, kinds in board.roads.items()
            for b, ks in kinds.items()
            if any(k.id not in ROAD_KINDS for k in ks)
        }
        self.old_city = frozenset(
            side.a
            for side in board.definition.hexsides
            if (t := board.terrain.get(side.terrain)) and t.combat
        )
        self.wall = next((t for t in self.terrain.terrain.values() if t.kind == "hexside" and t.combat), None)
        grid = board.definition.grid
        self.axial = {
            s: grid.to_axial(space.hex)
            for s, space in spaces.items()
            if grid is not None and space.hex is not None
        }
        self.by_axial = {position: s for s, position in self.axial.items()}
        self.edge = frozenset(s for s, near in board.neighbours.items() if len(near) < 6)
        self.exits = self._exits()  # 14.6
        # 12.9.3: Haj Amin's steps, free and only between city hexes
        self.city_steps = {
            a: {b: 0.0 for b in near if b in self.city} for a, near in board.neighbours.items()
        }
        self.classes = tuple(c.id for c in self.terrain.movement_classes)
        # worked out on first use: a replay on a test map often moves one class of unit only
        self._steps: dict[str, RowsOnFirstUse[dict[str, Step]]] = {}
        self._costs: dict[tuple[str, bool], RowsOnFirstUse[dict[str, float]]] = {}
        self.crt, self.columns = self._crt(definition)
        self.ratios = [c.ratio for c in self.columns]  # ascending, for bisect
        self.modifiers = self._modifiers(definition)
        self.tables = definition.charts.tables
        self._line_cache: dict[tuple[str, str], tuple[str, ...]] = {}
        self._sight_cache: dict[tuple[str, str], bool] = {}
        self._within_cache: dict[tuple[str, int], frozenset[str]] = {}
        self._city_routes: dict[str, tuple[tuple[str, ...], ...]] = {}
        # with_roads: the tables these add new roads to, and the hexes whose rows differ from theirs
        self._base: Tables | None = None
        self._changed: frozenset[str] = frozenset()

    # --- what the map holds ------------------------------------------------------------

    def _has(self, space: str, test: Callable[[Terrain], bool]) -> bool:
        return any(test(t) for t in self.board.features_of[space])

    def _turn_marks(self, getter: Callable[[Terrain], str | None]) -> dict[str, int]:
        """Hexes a feature closes (or keeps units from remaining in) until a turn, by turn index."""
        found: dict[str, int] = {}
        for space, features in self.board.features_of.items():
            for feature in features:
                label = getter(feature)
                if label is not None:
                    if label not in self.turn_labels:
                        raise EngineError(
                            f"{feature.id} names turn '{label}', which is not on the turn track"
                        )
                    found[space] = self.turn_labels.index(label)
        return found

    def _road_links(self, definition: ValidGame) -> dict[str, dict[str, Terrain]]:
        """Neighbours joined by a road (1.3), with Jerusalem's unprinted primary roads (1.3, 8.1).

        Where both roads join two hexes, the primary (cheaper) one is kept.
        """
        links: dict[str, dict[str, Terrain]] = {}
        primary = self.terrain.get(PRIMARY)
        for a, kinds in self.board.roads.items():
            for b, ks in kinds.items():
                roads = [k for k in ks if k.id in ROAD_KINDS]
                if roads:
                    links.setdefault(a, {})[b] = min(roads, key=lambda k: ROAD_KINDS.index(k.id))
        for region in definition.board.regions:
            kind = self.terrain.get(region.connected_by or "")
            if kind is None:
                continue
            for a in region.spaces:
                for b in self.board.neighbours.get(a, ()):
                    if b in region.spaces:
                        links.setdefault(a, {})[b] = primary if kind.id == PRIMARY and primary else kind
        return links

    def _exits(self) -> frozenset[str]:
        """14.6: the road hexes on the map's edge, where units may leave the map."""
        return frozenset(space for space in self.edge if self.roads.get(space))

    # --- movement costs (1.3) ----------------------------------------------------------------

    def steps(self, cls: str) -> Mapping[str, dict[str, Step]]:
        """For every hex, the neighbours a unit of ``cls`` may step into, with both costs."""
        table = self._steps.get(cls)
        if table is None:
            table = self._steps[cls] = RowsOnFirstUse(self._step_rows(cls))
        return table

    def costs(self, cls: str, road_only: bool) -> Mapping[str, dict[str, float]]:
        """For every hex, what each possible step costs in a phase (road only or not): the hot path."""
        table = self._costs.get((cls, road_only))
        if table is None:
            table = self._costs[cls, road_only] = RowsOnFirstUse(self._cost_rows(cls, road_only))
        return table

    def _step_rows(self, cls: str) -> Callable[[str], dict[str, Step]]:
        """How a hex's row of steps is worked out: a hex no new road touches has the row of the
        tables these were made from (with_roads), so the two share it."""
        base, changed = self._base, self._changed
        if base is None:
            return lambda a: self._step_row(a, cls)
        return lambda a: self._step_row(a, cls) if a in changed else base.steps(cls)[a]

    def _cost_rows(self, cls: str, road_only: bool) -> Callable[[str], dict[str, float]]:
        base, changed, steps = self._base, self._changed, self.steps(cls)
        if base is None:
            return lambda a: _row_costs(steps[a], road_only)
        return lambda a: _row_costs(steps[a], road_only) if a in changed else base.costs(cls, road_only)[a]

    def _step_row(self, a: str, cls: str) -> dict[str, Step]:
        row: dict[str, Step] = {}
        for b in self.board.neighbours[a]:
            road = self.roads.get(a, {}).get(b)
            step = Step(self._off_road(a, b, cls), self._along(a, b, cls, road) if road else None)
            if step.off_road is not None or step.road is not None:
                row[b] = step
        return row

    def with_roads(self, links: Iterable[tuple[str, str]]) -> Tables:
        """These tables with new secondary roads joining each pair of neighbours (15.2-15.4): a
        game's own once the roads its bulldozers built may be used. Everything else is shared with
        these tables, and only the rows of the hexes the new roads touch are worked out again."""
        secondary = self.terrain.get(SECONDARY)
        if secondary is None:
            raise EngineError("terrain.json has no secondary road for the bulldozers to build")
        changed = Tables.__new__(Tables)
        changed.__dict__.update(self.__dict__)
        changed.roads = copy.copy(self.roads)
        touched: set[str] = set()
        for a, b in links:
            for here, there in ((a, b), (b, a)):
                row = changed.roads[here] = dict(changed.roads.get(here, {}))
                row.setdefault(there, secondary)
                touched.add(here)
        changed._base, changed._changed = self, frozenset(touched)
        changed.exits = changed._exits()
        changed._steps, changed._costs, changed._city_routes = {}, {}, {}
        return changed

    def _off_road(self, a: str, b: str, cls: str) -> float | None:
        features = self.board.features_of[b]
        for feature in features:
            if "enter" in feature.movement:
                return _number(feature.cost("enter", cls))
        for feature in features:
            if "off-road" in feature.movement:
                if feature.linear and (a, b) in self.rails:
                    rail = self._rail_bridge(a, b, cls)
                    if rail is not None:
                        return rail
                return _number(feature.cost("off-road", cls))
        kind = self.board.terrain_of[b]
        if kind is None:
            return None
        situation = self._slope(a, b, "uphill", "downhill", "level")
        cost = kind.cost(situation, cls) if situation in kind.movement else kind.cost("enter", cls)
        return _number(cost)

    def _rail_bridge(self, a: str, b: str, cls: str) -> float | None:
        for kind in self.board.road_kinds(a, b):
            if kind.id not in ROAD_KINDS and "at-bridge" in kind.movement:
                return _number(kind.cost("at-bridge", cls))
        return None

    def _along(self, a: str, b: str, cls: str, road: Terrain) -> float | None:
        features = self.board.features_of[b]
        for feature in features:
            if "enter" in feature.movement:
                return _number(feature.cost("enter", cls))
        for feature in features:
            if "along" in feature.movement:
                # 1.3: a city hex costs 1/2 along a primary road, the road's own cost otherwise; no uphill
                return _number(feature.cost("along", cls) if road.id == PRIMARY else road.cost("along", cls))
            if feature.linear and "at-bridge" in road.movement:
                return _number(road.cost("at-bridge", cls))
        situation = self._slope(a, b, "along-uphill", "along-downhill", "along")
        return _number(road.cost(situation, cls) if situation in road.movement else road.cost("along", cls))

    def _slope(self, a: str, b: str, up: str, down: str, level: str) -> str:
        rise = self.level[b] - self.level[a]
        return up if rise > 0 else down if rise < 0 else level

    def city_routes(self, start: str) -> tuple[tuple[str, ...], ...]:
        """6.2: from ``start``, a shortest road route to each Jerusalem city hex it leads to (the
        convoy's routes to announce), in the order of the city hexes' IDs."""
        found = self._city_routes.get(start)
        if found is None:
            found = self._city_routes[start] = tuple(self._routes_from(start))
        return found

    def _routes_from(self, start: str) -> Iterator[tuple[str, ...]]:
        parents: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.roads.get(here, {})):
                if there not in parents:
                    parents[there] = here
                    queue.append(there)
        for city in sorted(self.city):
            if city in parents and city != start:
                path = [city]
                while (parent := parents[path[-1]]) is not None:
                    path.append(parent)
                yield tuple(reversed(path))

    def entry_cost(self, space: str, cls: str, road_only: bool) -> float | None:
        """14.1: a reinforcement counts the edge hex it enters as its first step."""
        roads = [r for r in (self.roads.get(space, {}).values()) if r.id in ROAD_KINDS]
        road = min((_number(r.cost("along", cls)) or 99.0 for r in roads), default=None)
        if road_only:
            return road
        off = self._off_road(space, space, cls)
        options = [c for c in (road, off) if c is not None]
        return min(options) if options else None

    # --- distances and sight (10.0, 10.7) -------------------------------------------------

    def distance(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b`` (999 when either is not a hex of the grid)."""
        first, second = self.axial.get(a), self.axial.get(b)
        if first is None or second is None:
            return 999
        dq, dr = second[0] - first[0], second[1] - first[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def hexes_from(self, spaces: Iterable[str]) -> dict[str, int]:
        """How many hexes each hex is from the nearest of ``spaces`` (the board's breadth-first count)."""
        return self.board.steps_from(spaces)

    def within(self, space: str, reach: int) -> frozenset[str]:
        """The hexes at most ``reach`` hexes from ``space`` (itself too), as ``distance`` counts them:
        a gun's range, a leader's reach; the map does not change, so each answer is kept."""
        key = (space, reach)
        found = self._within_cache.get(key)
        if found is None:
            found = self._within_cache[key] = frozenset(self._around(space, reach))
        return found

    def _around(self, space: str, reach: int) -> Iterator[str]:
        centre = self.axial.get(space)
        if centre is None:
            return
        q, r = centre
        for dq in range(-reach, reach + 1):
            for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1):
                found = self.by_axial.get((q + dq, r + dr))
                if found is not None:
                    yield found

    def between(self, a: str, b: str) -> tuple[str, ...]:
        """Hexes a straight edge from centre to centre touches, ends left out (10.7.1)."""
        key = (a, b) if a <= b else (b, a)
        cached = self._line_cache.get(key)
        if cached is None:
            cached = tuple(self._line(*key))
            self._line_cache[key] = cached
        return cached

    def _line(self, a: str, b: str) -> Iterator[str]:
        grid = self.board.definition.grid
        first, second = self.board.spaces[a].hex, self.board.spaces[b].hex
        if grid is None or first is None or second is None:
            return
        q1, r1 = grid.to_axial(first)
        q2, r2 = grid.to_axial(second)
        steps = max(grid.distance(first, second), 1)
        seen: set[str] = {a, b}
        for i in range(1, steps):
            t = i / steps
            for nudge in (1e-6, -1e-6):
                q = q1 + (q2 - q1) * t + nudge
                r = r1 + (r2 - r1) * t + nudge
                found = grid.hex_id(grid.from_axial(*_round_axial(q, r)))
                if found not in seen and found in self.board.spaces:
                    seen.add(found)
                    yield found

    def can_see(self, a: str, b: str) -> bool:
        """10.7.1: no village, city or higher hex between the two (higher than both ends)."""
        key = (a, b) if a <= b else (b, a)
        seen = self._sight_cache.get(key)
        if seen is None:
            top = max(self.level[a], self.level[b])
            seen = not any(h in self.blocks_view or self.level[h] > top for h in self.between(a, b))
            self._sight_cache[key] = seen
        return seen

    # --- the CRT (9.4) and the other die-roll modifiers ----------------------------------------

    def _crt(self, definition: ValidGame) -> tuple[Table, tuple[Column, ...]]:
        combat = definition.charts.combat
        if combat is None or combat.kind != "odds-crt" or combat.table is None:
            raise EngineError(
                "the Jerusalem! system needs an odds-crt combat system with a table in charts.json"
            )
        table = definition.charts.tables.get(combat.table)
        if table is None:
            raise EngineError(f"charts.json has no table '{combat.table}' for the CRT")
        columns = []
        for index, label in enumerate(table.columns):
            attack, _, defence = label.partition("-")
            columns.append(Column(label, Fraction(int(attack), int(defence)), index))
        return table, tuple(sorted(columns, key=lambda c: c.ratio))

    def _modifiers(self, definition: ValidGame) -> dict[str, int]:
        combat = definition.charts.combat
        given = {m.id: m.drm for m in combat.modifiers} if combat else {}
        missing = [m for m in MODIFIER_IDS if m not in given]
        if missing:
            raise EngineError(f"charts.json lacks the die-roll modifier(s) {', '.join(missing)}")
        return given

    def column(self, attack: Fraction, defence: Fraction) -> Column | None:
        """9.4.3-9.4.4: the highest column the odds reach, rounded for the defender.

        None: the odds are below the lowest column."""
        if defence <= 0:
            return self.columns[-1]
        reached = bisect_right(self.ratios, attack / defence)
        return self.columns[reached - 1] if reached else None

    def crt_result(self, column: Column, roll: int) -> str:
        """The CRT cell for a modified roll; below the first row reads the first, past the last the last."""
        rows = self.crt.rows
        for row in rows:
            span = row.roll
            if span is not None and (span.low <= roll <= span.high or (span.open_ended and roll >= span.low)):
                return row.results[column.position]
        low_row = min(rows, key=lambda r: r.roll.low if r.roll else 99)
        high_row = max(rows, key=lambda r: r.roll.low if r.roll else -99)
        return (low_row if roll < 1 else high_row).results[column.position]

    def table_effect(self, table_id: str, roll: int) -> str | None:
        """The effect a die-roll table gives a roll ('eliminate', 'disrupt-unit' ...); None: no effect."""
        table = self.tables.get(table_id)
        if table is None:
            raise EngineError(f"charts.json has no table '{table_id}'")
        for row in table.rows:
            span = row.roll
            if span is not None and span.low <= roll <= span.high:
                result = row.result
                return str(result["effect"]) if isinstance(result, dict) and "effect" in result else None
        return None


def _row_costs(row: dict[str, Step], road_only: bool) -> dict[str, float]:
    return {b: c for b, step in row.items() if (c := step.cost(road_only)) is not None}


def _round_axial(q: float, r: float) -> tuple[int, int]:
    """The hex an axial point lies in (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr
