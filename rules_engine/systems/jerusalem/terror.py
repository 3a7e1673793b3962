"""Terrorist attacks (13.2): Irgun and Stern Gang units raid an Arab garrison.

In the Jewish Overland Movement Phase the terrorists move their MPs in hexes
whatever the terrain and the Arab ZOCs, onto a hex held only by an Arab
garrison (its leader or dummy aside), away from other Jewish units. They fire
first at double strength; a surviving garrison fires back; then the
terrorists withdraw to a hex next to it or fight on, round after round, until
one side is gone. No terrain counts. A real Arab leader with the garrison
surprises them: no first fire, no doubling, and the garrison fires first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit, UnitStatus
from rules_engine.systems.jerusalem.combat import first_fire_problem
from rules_engine.systems.jerusalem.decisions import Fire, FireOptions
from rules_engine.systems.jerusalem.fire import KILL, clear_dummies, shoot
from rules_engine.systems.jerusalem.movement import OVERLAND, mover_problem
from rules_engine.systems.jerusalem.strength import can_fire

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# A battle that neither side can win ends with the terrorists withdrawn after this many rounds.
MAX_ROUNDS = 30


def terror_problem(game: Game, units: Sequence[Unit], path: Sequence[str]) -> IllegalAction | None:
    """Why these units may not make this terrorist attack (None when they may)."""
    if game.phase.kind != OVERLAND or game.active_side != game.jewish:
        return IllegalAction("13.2.1", "terrorist attacks are made in the Jewish Overland Movement Phase")
    if not units or not path or any(not game.role(u).terrorist for u in units):
        return IllegalAction("13.2.1", "only Irgun and Stern Gang units make terrorist attacks")
    start = units[0].space
    for unit in units:
        problem = mover_problem(game, unit)
        if problem is not None:
            return problem
        if unit.space != start:
            return IllegalAction("7.6", "units that move together start in the same hex")
        if game.spent(unit) + len(path) > game.allowance(unit):
            return IllegalAction("13.2.6", f"{unit.uid} moves at most {game.allowance(unit):g} hexes")
    if any(not game.role(u).terrorist for u in game.state.units_at(start or "") if u.side == game.jewish):
        return IllegalAction("13.2.1", "terrorists attacking may not be stacked with other Jewish units")
    return _route_problem(game, units, path)


def _route_problem(game: Game, units: Sequence[Unit], path: Sequence[str]) -> IllegalAction | None:
    here = units[0].space or ""
    for index, there in enumerate(path):
        if there not in game.board.neighbours[here]:
            return IllegalAction("13.2.6", f"{game.board.name(there)} is not next to {game.board.name(here)}")
        others = game.state.units_at(there)
        last = index == len(path) - 1
        if not last and others:
            return IllegalAction("13.2.1", f"the terrorists may not pass through {game.board.name(there)}")
        here = there
    target = game.state.units_at(here)
    garrisons = [u for u in target if game.role(u).garrison and u.side == game.arab]
    if not garrisons:
        return IllegalAction(
            "13.2.3", f"only a hex with an Arab garrison may be terror-attacked, not {game.board.name(here)}"
        )
    if any(not (game.role(u).garrison or game.role(u).leader or game.role(u).dummy) for u in target):
        return IllegalAction("13.2.3", "the raid is on the garrison alone; other Arab units guard this hex")
    if any(g.uid in game.marks.attacked for g in garrisons):
        return IllegalAction("9.9", "the garrison has already been attacked this player turn")
    return None


def terror_attack(game: Game, units: Sequence[Unit], path: Sequence[str], dice: DiceSource) -> None:
    problem = terror_problem(game, units, path)
    if problem is not None:
        raise problem
    target = path[-1]
    for unit in units:
        game.marks.zoc_lock.pop(unit.uid, None)  # 13.2.6: they ignore the Arab ZOCs this turn
        game.marks.spent[unit.uid] = game.spent(unit) + len(path)
        game.marks.moved_in.setdefault(unit.uid, set()).add(OVERLAND)
        game.marks.terrorists.add(unit.uid)
        game.put(unit, target)
    game.note(
        "terror", f"{', '.join(u.uid for u in units)} make a terrorist attack in {game.board.name(target)}"
    )
    clear_dummies(game, [target])
    garrisons = [u for u in game.state.units_at(target) if game.role(u).garrison]
    surprised = bool(game.reveal([target]))
    if not surprised:
        report = shoot(
            game, Fire(tuple(units), tuple(garrisons)), "terrorist fire", dice, terror=True, double=True
        )
        if report.result == KILL:
            return
        _return_fire(game, units, garrisons, dice)
    _fight_on(game, units, garrisons, target, surprised, dice)


def _alive(units: Sequence[Unit]) -> list[Unit]:
    return [u for u in units if u.on_map]


def _return_fire(game: Game, terrorists: Sequence[Unit], garrisons: Sequence[Unit], dice: DiceSource) -> None:
    firers = tuple(
        g
        for g in _alive(garrisons)
        if can_fire(game, g, attacking=False) and g.uid not in game.marks.disrupted
    )
    targets = tuple(_alive(terrorists))
    if not firers or not targets:
        return
    options = FireOptions(firers, targets)

    def legal(shot: Fire) -> str | None:
        problem = first_fire_problem(game, options, shot)
        return problem.message if problem else None

    shot = game.decider.first_fire(game.arab, options, legal)
    if shot is not None:
        problem = first_fire_problem(game, options, shot)
        if problem is not None:
            raise problem
        shoot(game, shot, "first fire", dice, terror=True)


def _fight_on(
    game: Game,
    units: Sequence[Unit],
    garrisons: Sequence[Unit],
    target: str,
    surprised: bool,
    dice: DiceSource,
) -> None:
    """13.2.5, 13.2.6: withdraw next to the garrison, or fight round after round without doubling."""
    for round_number in range(MAX_ROUNDS):
        if not _alive(units) or not _alive(garrisons):
            break
        if not (surprised and round_number == 0) and _withdraw(game, _alive(units), target):
            break
        _return_fire(game, units, garrisons, dice)
        if _alive(units) and _alive(garrisons):
            report = shoot(
                game, Fire(tuple(_alive(units)), tuple(_alive(garrisons))), "attack", dice, terror=True
            )
            if report.result == "odds below the lowest column" and not _withdraw(
                game, _alive(units), target, forced=True
            ):
                break
    else:
        _withdraw(game, _alive(units), target, forced=True)
    game.marks.attacked.update(g.uid for g in _alive(garrisons))
    game.hide(u.uid for u in game.state.units_at(target) if game.role(u).leader)


def _withdraw(game: Game, units: Sequence[Unit], target: str, *, forced: bool = False) -> bool:
    """13.2.5: to a hex next to the garrison, even without MPs, and the turn ends for them."""
    options = [
        h
        for h in game.board.neighbours[target]
        if game.state.side_at(h) in (None, game.jewish) and game.stacking_problem(h, list(units)) is None
    ]
    labels = [f"withdraw to {game.board.name(h)}" for h in options]
    if not forced:
        labels = ["fight on", *labels]
    if not options:
        if forced:
            for unit in units:
                game.remove(unit, UnitStatus.ELIMINATED)
        return forced
    pick = game.decider.choose(game.jewish, "the garrison holds: withdraw or fight on?", labels)
    if not forced and pick == 0:
        return False
    there = options[pick - (0 if forced else 1)]
    for unit in units:
        game.put(unit, there)
    game.stop(units)
    game.note("terror", f"the terrorists withdraw to {game.board.name(there)}")
    return True


def terror_paths(game: Game, units: Sequence[Unit]) -> list[tuple[str, ...]]:
    """13.2.6: the garrison hexes the terrorists can reach, one hex a MP, through empty hexes."""
    start = units[0].space
    if start is None:
        return []
    reach = int(min(game.allowance(u) - game.spent(u) for u in units))
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    found = []
    for _ in range(reach):
        following = []
        for here in frontier:
            for there in game.board.neighbours[here]:
                if there in paths:
                    continue
                paths[there] = (*paths[here], there)
                here_units = game.state.units_at(there)
                if not here_units:
                    following.append(there)
                elif any(game.role(u).garrison and u.side == game.arab for u in here_units):
                    found.append(paths[there])
        frontier = following
    return found
