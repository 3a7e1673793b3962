"""Jewish bulldozers and the secondary roads they build (15.x).

Bulldozers fight and move as other mechanized units do (their strength and
colours are data, 15.1). In the Jewish Overland Movement Phase they may also
build a road: from a hex with a road (printed, or built by a bulldozer) they
move into each hex of the new road, which gets a secondary road marker; the hex
they start from gets the connecting marker pointing along the new line (15.3).
What a hex of new road is worth is what entering it off the road costs a
bulldozer (its terrain, hill level or stream, 1.3); each bulldozer builds at
most 4 MP worth a turn, and bulldozers building together pool what they have
left (15.2). A new road is used by no one in the turn it is built, and by both
sides from the next turn on (15.4): the game's tables gain it when that turn
begins (``Game.open_new_roads``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.jerusalem import travel
from rules_engine.systems.jerusalem.movement import OVERLAND, check_path

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# 15.2: the MP worth of terrain one bulldozer may give a new road in a turn
ROAD_WORK = 4.0
# The six directions of a hex grid in axial coordinates, for the straight roads listed as legal.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def work_left(game: Game, unit: Unit) -> float:
    """15.2: the MP worth of road ``unit`` may still build this turn."""
    return ROAD_WORK - game.marks.road_work.get(unit.uid, 0.0)


def road_joins(game: Game, a: str, b: str) -> bool:
    """Whether a road joins the two hexes already: printed, or built (usable yet or not)."""
    roads = game.marks.new_roads
    return b in game.tables.roads.get(a, {}) or (a, b) in roads or (b, a) in roads


def is_road_hex(game: Game, space: str) -> bool:
    """15.3: a hex a new road may start from: one with a road, printed or built by a bulldozer."""
    return bool(game.tables.roads.get(space)) or any(space in link for link in game.marks.new_roads)


def check_build(game: Game, group: Sequence[Unit], path: Sequence[str]) -> list[dict[str, float]]:
    """Raise IllegalAction, naming the rule, unless the bulldozers may build a road along ``path``
    (the hexes entered) now; returns what each step costs each of them (what each hex is worth)."""
    if game.phase.kind != OVERLAND or game.active_side != game.jewish:
        raise IllegalAction("15.1", "roads are built only in the Jewish Overland Movement Phase")
    if not group or not all(game.role(u).bulldozer for u in group):
        raise IllegalAction("15.1", "only bulldozers build roads")
    if not path:
        raise IllegalAction("15.2", "a new road runs into at least one hex")
    start = group[0].space
    if start is not None and not is_road_hex(game, start):
        raise IllegalAction(
            "15.3", f"a new road must join an existing road, and {game.board.name(start)} has none"
        )
    seen: set[tuple[str, str]] = set()
    for a, b in pairwise([start or "", *path]):
        if road_joins(game, a, b) or (a, b) in seen or (b, a) in seen:
            raise IllegalAction("15.2", f"a road already joins {game.board.name(a)} and {game.board.name(b)}")
        seen.add((a, b))
    costs = check_path(game, group, path)
    worth = sum(max(step.values()) for step in costs)
    room = sum(work_left(game, u) for u in group)
    if worth > room:
        raise IllegalAction(
            "15.2",
            f"the new road is {worth:g} MP worth of terrain, and {_who(group)} may build only "
            f"{room:g} more this turn (4 a bulldozer)",
        )
    return costs


def _who(group: Sequence[Unit]) -> str:
    return "the bulldozer" if len(group) == 1 else f"the {len(group)} bulldozers"


def build_problem(game: Game, group: Sequence[Unit], path: Sequence[str]) -> IllegalAction | None:
    """What ``check_build`` would refuse, as a value."""
    try:
        check_build(game, group, path)
    except IllegalAction as refusal:
        return refusal
    return None


def build(game: Game, group: Sequence[Unit], path: Sequence[str], dice: DiceSource) -> None:
    """15.2: the bulldozers move into each hex of the new road in turn and lay its marker there; the
    enemy may shell them on the way (10.2), and the road ends where the last of them is lost."""
    hexes = list(path)
    if hexes and group and hexes[0] == group[0].space:
        hexes = hexes[1:]
    costs = check_build(game, group, hexes)
    here = group[0].space
    assert here is not None  # check_path: the bulldozers are on the map
    for there, step in zip(hexes, costs, strict=True):
        travel.walk(game, [u for u in group if u.on_map], [], [there], [step], dice)
        builders = [u for u in group if u.on_map and u.space == there]
        if not builders:
            return
        _lay(game, builders, here, there, max(step.values()))
        here = there


def _lay(game: Game, builders: Sequence[Unit], a: str, b: str, worth: float) -> None:
    """A link of new road from ``a`` to ``b``, charged to the bulldozers in the order named."""
    marks = game.marks
    first = not any(a in link for link in marks.new_roads) and bool(game.tables.roads.get(a))
    marks.new_roads[a, b] = (game.state.turn_index, worth)
    owed = worth
    for unit in builders:
        share = min(owed, work_left(game, unit))
        marks.road_work[unit.uid] = marks.road_work.get(unit.uid, 0.0) + share
        owed -= share
    if game.logging:
        joined = f"joined to the road in {game.board.name(a)}" if first else f"on from {game.board.name(a)}"
        game.note("road", f"a new secondary road runs into {game.board.name(b)} ({worth:g} MP), {joined}")


def straight_roads(game: Game, group: Sequence[Unit]) -> Iterator[tuple[str, ...]]:
    """The straight new roads the bulldozers may build from their hex now, each direction's
    shortest first (what `legal_actions` lists; any other legal road may be built all the same)."""
    start = group[0].space
    position = game.tables.axial.get(start or "")
    if position is None:
        return
    q, r = position
    by_axial = game.tables.by_axial
    for dq, dr in DIRECTIONS:
        line: list[str] = []
        while (there := by_axial.get((q + dq * (len(line) + 1), r + dr * (len(line) + 1)))) is not None:
            line.append(there)
            if build_problem(game, group, line) is not None:
                break
            yield tuple(line)
