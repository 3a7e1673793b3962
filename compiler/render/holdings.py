"""Where waiting pieces sit off the map, and how much room each place needs.

A scenario puts reinforcements on its side's Order of Battle (or under the turn
track), markers on track boxes, and spare units in boxes such as the Recruit
Box. Each such place holds stacks ("groups"): the copies of one counter stack
together, different counters stand side by side. The board painter sizes every
place for the most any scenario puts there, and the VASSAL set-ups put each
group on its own slot, so no stack spills out of its box.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from rules_engine.definitions import Scenario, ValidGame

SLOT_IN = 0.75  # one counter (5/8 in) with a margin
RISE_IN = 0.04  # VASSAL draws each piece of a closed stack 4 px (at 100 dpi) higher than the last
SHIFT_IN = 0.03  # ... and 3 px to the right
COUNTER_IN = 0.625
MARGIN_IN = 0.0375  # between a slot's edge and the stack in it
ELIMINATED_MIN, ELIMINATED_MAX = 4, 12  # the stacks an eliminated-units box makes room for

Key = tuple[
    str, str, str
]  # ("oob", box, turn) | ("reinforcements", track, turn) | ("track", track, box) | ("box", box, "")
Groups = dict[Key, list[tuple[str, int, str]]]  # (counter, copies, face) per place


@dataclass(frozen=True)
class Holding:
    """A place's needs over every scenario: slots side by side, and the tallest stack."""

    slots: int
    height: int

    @property
    def slot_height_in(self) -> float:
        return SLOT_IN + max(0, self.height - 1) * RISE_IN

    def slot_width_in(self, base: float = SLOT_IN) -> float:
        """Wide enough for the stack drawn from the slot's lower left corner."""
        return max(base, COUNTER_IN + 2 * MARGIN_IN + max(0, self.height - 1) * SHIFT_IN)


def turn_track(definition: ValidGame) -> str | None:
    board = definition.board
    return next((t.id for t in board.tracks if t.kind == "turns"), None)


def eliminated_key(definition: ValidGame, counter_id: str) -> Key | None:
    """Where a unit eliminated at the start waits: its side's box of kind "eliminated" (None: the
    map has none, and the set-up shows it nowhere)."""
    counter = definition.counters.get(counter_id)
    side = counter.side if counter else None
    box = next((b for b in definition.board.boxes if b.kind == "eliminated" and b.side == side), None)
    return None if box is None else ("box", box.id, "")


def reinforcement_key(definition: ValidGame, counter_id: str, turn: str) -> Key:
    """Where a reinforcement waits: its side's Order of Battle box, else the turn track's
    reinforcement box, else the turn box itself."""
    board = definition.board
    counters = definition.counters
    counter = counters.get(counter_id)
    side = counter.side if counter else None
    if board is not None:
        oob = next((b for b in board.boxes if b.kind == "order-of-battle" and b.side == side), None)
        if oob is not None:
            return ("oob", oob.id, turn)
    track = turn_track(definition) or ""
    has_boxes = board is not None and any(t.id == track and t.reinforcement_boxes for t in board.tracks)
    return ("reinforcements" if has_boxes else "track", track, turn)


def scenario_groups(definition: ValidGame, scenario: Scenario) -> Groups:
    """The groups (counter, copies, face) a scenario puts in each off-map place, in order."""
    groups: dict[Key, dict[tuple[str, str], int]] = defaultdict(dict)
    for r in scenario.reinforcements:
        key = reinforcement_key(definition, r.unit, r.turn)
        groups[key][(r.unit, r.face)] = groups[key].get((r.unit, r.face), 0) + r.copies
    for e in scenario.eliminated:
        pile = eliminated_key(definition, e.unit)
        if pile is not None:
            groups[pile][(e.unit, "front")] = groups[pile].get((e.unit, "front"), 0) + e.copies
    for m in scenario.markers:
        if m.at is None and m.track is not None and m.box is not None:
            key = ("track", m.track, m.box)
            groups[key][(m.counter, m.face)] = groups[key].get((m.counter, m.face), 0) + m.copies
    used = used_copies(scenario)
    board = definition.board
    counters = definition.counters
    for box in board.boxes:
        if box.draw == "random":
            continue
        for counter_id in box.counters:
            counter = counters.get(counter_id)
            left = (counter.copies if counter else 0) - used.get(counter_id, 0)
            if left > 0:
                groups[("box", box.id, "")][(counter_id, "front")] = left
    return {key: [(c, n, face) for (c, face), n in found.items()] for key, found in groups.items()}


def used_copies(scenario: Scenario) -> dict[str, int]:
    """How many copies of each counter the scenario puts on the map, on tracks, in reinforcements or
    among the units eliminated at the start."""
    used: dict[str, int] = {}
    for counter_id, copies in (
        [(p.unit, p.copies) for p in scenario.placements]
        + [(m.counter, m.copies) for m in scenario.markers]
        + [(r.unit, r.copies) for r in scenario.reinforcements]
        + [(e.unit, e.copies) for e in scenario.eliminated]
    ):
        used[counter_id] = used.get(counter_id, 0) + copies
    return used


def holdings(definition: ValidGame) -> dict[Key, Holding]:
    """Each place's needs over every scenario. A turn track's reinforcement box holds one stack
    (all of the turn's arrivals); other places a slot per counter."""
    needs: dict[Key, Holding] = {}
    for scenario in definition.scenarios:
        for key, groups in scenario_groups(definition, scenario).items():
            if key[0] in ("reinforcements", "track"):
                slots, height = 1, sum(copies for _, copies, _ in groups)
            else:
                slots, height = len(groups), max(copies for _, copies, _ in groups)
            old = needs.get(key, Holding(0, 0))
            needs[key] = Holding(max(old.slots, slots), max(old.height, height))
    for box in definition.board.boxes:
        if box.kind == "eliminated":
            key = ("box", box.id, "")
            old = needs.get(key, Holding(0, 1))
            needs[key] = Holding(max(old.slots, losses_room(definition, box.side)), old.height)
    return needs


def losses_room(definition: ValidGame, side: str | None) -> int:
    """The stacks an eliminated-units box makes room for: a quarter of its side's unit counters
    (every side's, for a box of no side; at least four, at most twelve). A printed box is sized
    for the game's losses, not for the units dead at the start (Battle for Moscow's German box
    held one square)."""
    units = sum(
        max(1, counter.copies)
        for counter in definition.counters.counters.values()
        if counter.is_unit and (side is None or counter.side == side)
    )
    return max(ELIMINATED_MIN, min(ELIMINATED_MAX, math.ceil(units / 4)))
