"""Carrying out a move: hex by hex, paying MPs, stopping in enemy ZOCs (4.2, 4.5), under fire (10.2).

The path is checked whole first (movement.py), so a refused move changes
nothing. Then the group enters one hex at a time; after each, the other
player's artillery may shell it (10.2) before it goes on. The convoy carries
its escorts and ends its run in Jerusalem (6.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.jerusalem import artillery, transport
from rules_engine.systems.jerusalem.movement import check_path, ignores_zoc, mover_problem, path_costs
from rules_engine.systems.jerusalem.zoc import zoc_hexes

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game


def move(
    game: Game, group: Sequence[Unit], path: Sequence[str], dice: DiceSource, *, checked: bool = False
) -> None:
    """7.x, 8.x: the group (with its passengers) moves along ``path``; ``checked``: the tests of
    ``check_path`` have just accepted it in this position (a random walk asks them as it goes)."""
    if not group:
        raise IllegalAction("7.1", "a move names at least one unit")
    hexes = list(path)
    if hexes and hexes[0] == group[0].space:
        hexes = hexes[1:]
    convoy = next((u for u in group if game.role(u).convoy), None)
    if convoy is not None:
        if len(group) > 1:
            raise IllegalAction("6.3.3", "the convoy moves alone; the units with it come along")
        problem = mover_problem(game, convoy) or transport.convoy_path_problem(game, convoy, hexes)
        if problem is not None:
            raise problem
    riding = [*transport.escorts_here(game, convoy)] if convoy is not None else []
    costs = path_costs(game, group, hexes) if checked else check_path(game, group, hexes, riding)
    walk(game, group, riding, hexes, costs, dice)


def walk(
    game: Game,
    group: Sequence[Unit],
    riding: Sequence[Unit],
    hexes: Sequence[str],
    costs: Sequence[dict[str, float]],
    dice: DiceSource,
) -> None:
    """Enter the hexes one by one; the enemy may shell the movers after each (10.2)."""
    marks = game.marks
    marks.anything_moved = True
    kind = game.phase.kind
    moving = list(group)
    for unit in [*moving, *riding, *(p for u in moving for p in game.passengers(u))]:
        marks.zoc_lock.pop(unit.uid, None)  # a leader alone may leave a ZOC he stopped in (12.5)
    if hexes and game.logging:
        route = " ".join(hexes)
        game.note(
            "move",
            f"{', '.join(game.label(u) for u in moving)} move to {game.board.name(hexes[-1])} by {route}",
        )
    here = moving[0].space
    enemy = game.enemy_of(moving[0].side)
    reach = artillery.shelling_reach(game, enemy)
    for there, step in zip(hexes, costs, strict=True):
        movers = [u for u in moving if u.on_map and u.space == here]  # shelled away (the convoy, 6.4.1)
        if not movers:
            return
        here = there
        escorts = [r for r in riding if r.on_map]
        cargo = [p for u in [*movers, *escorts] for p in game.passengers(u)] + escorts
        for unit in [*movers, *cargo]:
            game.put(unit, there)
        for unit in movers:
            marks.spent[unit.uid] = game.spent(unit) + step.get(unit.uid, 0.0)
            marks.moved_in.setdefault(unit.uid, set()).add(kind)
        shelled = any(there in hexes_in_range for hexes_in_range in reach) and artillery.shell_moving(
            game, [*movers, *cargo], there, game.decider, dice
        )
        if shelled:
            reach = artillery.shelling_reach(game, enemy)  # a gun has fired (or blown up)
        if _convoy_in_city(game, movers):
            return
    if not ignores_zoc(game, group):
        _stop_in_zoc(game, [u for u in [*moving, *riding] if u.on_map], hexes[-1] if hexes else None)


def _convoy_in_city(game: Game, movers: Sequence[Unit]) -> bool:
    convoy = next((u for u in movers if game.role(u).convoy and u.on_map), None)
    if convoy is not None and convoy.space in game.tables.city:
        transport.convoy_arrives(game, convoy)
        return True
    return False


def _stop_in_zoc(game: Game, units: Sequence[Unit], space: str | None) -> None:
    """4.2, 4.5: a unit that ends its move in an enemy ZOC stopped there and may not leave it this
    player turn while the ZOC lasts."""
    if space is None or not units:
        return
    if space in zoc_hexes(game, game.enemy_of(units[0].side)):
        for unit in units:
            if unit.space == space:
                game.marks.zoc_lock[unit.uid] = space
                for passenger in game.passengers(unit):
                    game.marks.zoc_lock[passenger.uid] = space
