"""Artillery (10.x): range, spotting and line of sight, and shelling units while they move (10.2).

Range counts the target's hex and not the gun's (1.2.1); a gun fires once in
each player turn (10.1); it fires only at what it or a friendly unit can see,
and Arab Legion guns only at what a Legion unit sees (10.7); guns never fire at
leaders (10.3); at a carried unit they fire at -1, except at the Jerusalem
Convoy itself, which they may shell whatever is with it, at (12) (10.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.jerusalem.decisions import Fire, FireOptions
from rules_engine.systems.jerusalem.fire import KILL, ShotReport, lose, shoot
from rules_engine.systems.jerusalem.strength import defence_strength, fire_strength, total

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.decisions import Decider
    from rules_engine.systems.jerusalem.game import Game


def gun_ready(game: Game, gun: Unit) -> bool:
    """10.1: an artillery unit on the map that has not fired this player turn and may fire."""
    marks = game.marks
    return (
        game.role(gun).artillery
        and gun.on_map
        and gun.uid not in marks.fired
        and gun.uid not in marks.disrupted
        and gun.uid not in marks.carried_by
        and gun.uid not in marks.fresh
    )


def in_range(game: Game, gun: Unit, space: str) -> bool:
    """1.2.1: counting the target's hex and not the gun's."""
    reach = gun.face.range or 0
    return gun.space is not None and game.tables.distance(gun.space, space) <= reach


def spotted(game: Game, gun: Unit, space: str) -> bool:
    """10.7: the gun sees the target hex, or a friendly unit does (a Legion one for Legion guns, 10.7.3)."""
    tables = game.tables
    assert gun.space is not None
    if tables.can_see(gun.space, space):
        return True
    legion = game.role(gun).legion
    for unit in game.state.units_of(gun.side):
        role = game.role(unit)
        if unit is gun or role.dummy or unit.space is None or (legion and not role.legion):
            continue
        if tables.can_see(unit.space, space):
            return True
    return False


def gun_problem(game: Game, gun: Unit, space: str) -> IllegalAction | None:
    """Why ``gun`` may not fire at units in ``space`` now (None when it may)."""
    name, marks = game.label(gun), game.marks
    if not game.role(gun).artillery or not gun.on_map:
        return IllegalAction("10.0", f"{name} is not an artillery unit on the map")
    if gun.uid in marks.fired:
        return IllegalAction("10.1", f"{name} has fired once this player turn already")
    if not gun_ready(game, gun):
        return IllegalAction(marks.disrupted_by.get(gun.uid, "8.7.7"), f"{name} may not fire now")
    if not in_range(game, gun, space):
        return IllegalAction(
            "1.2.1", f"{game.board.name(space)} is out of {name}'s range of {gun.face.range}"
        )
    if not spotted(game, gun, space):
        legion = game.role(gun).legion
        who = "an Arab Legion unit" if legion else "a friendly unit"
        rule = "10.7.3" if legion else "10.7.2"
        return IllegalAction(rule, f"neither {name} nor {who} can see {game.board.name(space)}")
    return None


def shelling_targets(game: Game, movers: Sequence[Unit], space: str) -> list[Unit]:
    """10.3, 10.8: what guns may fire at among units moving in ``space``: not leaders, and a carrier's
    passengers rather than the carrier (the convoy itself excepted)."""
    found: list[Unit] = []
    for unit in movers:
        role = game.role(unit)
        if unit.space != space or role.leader or role.dummy:
            continue
        riders = [r for r in game.passengers(unit) if not (game.role(r).leader or game.role(r).dummy)]
        if riders and not role.convoy:
            found.extend(riders)
        else:
            found.append(unit)
            found.extend(r for r in riders if r not in found)
    return found


def shell_moving(
    game: Game, movers: Sequence[Unit], space: str, decider: Decider, dice: DiceSource
) -> ShotReport | None:
    """10.2: the other player may shell units as they come within range, before they move on."""
    side = game.enemy_of(movers[0].side)
    guns = tuple(g for g in game.state.units_of(side) if gun_problem(game, g, space) is None)
    targets = tuple(shelling_targets(game, movers, space))
    if not guns or not targets:
        return None
    options = FireOptions(guns, targets)

    def legal(shot: Fire) -> str | None:
        problem = shelling_problem(game, options, shot)
        return problem.message if problem else None

    shot = decider.shell(side, options, legal)
    if shot is None:
        return None
    problem = shelling_problem(game, options, shot)
    if problem is not None:
        raise problem
    carriers = {game.marks.carried_by[t.uid] for t in shot.targets if t.uid in game.marks.carried_by}
    report = shoot(game, shot, "shelling", dice)
    if report.result == KILL:
        _empty_carriers(game, carriers, dice)
    return report


def shelling_problem(game: Game, options: FireOptions, shot: Fire) -> IllegalAction | None:
    """10.2, 10.3: why these guns may not shell these moving units now."""
    if not shot.firers or not shot.targets:
        return IllegalAction("10.2", "a shot needs at least one gun and one target")
    for gun in shot.firers:
        problem = gun_problem(game, gun, shot.targets[0].space or "")
        if problem is not None:
            return problem
    if any(g not in options.firers for g in shot.firers):
        return IllegalAction("10.2", "the shot names a gun of the wrong side")
    if any(t not in options.targets for t in shot.targets):
        return IllegalAction(
            "10.3", "guns fire at the units moving here, not at leaders nor at a loaded transport"
        )
    attack = total(fire_strength(game, g, shot.targets) for g in shot.firers)
    defence = total(defence_strength(game, t) for t in shot.targets)
    if game.tables.column(attack, defence) is None:
        return IllegalAction("9.4.3", f"{attack}-{defence} is below the lowest odds column")
    return None


def _empty_carriers(game: Game, carriers: set[str], dice: DiceSource) -> None:
    """10.8.1: a transport whose passengers were all destroyed goes with them (not the convoy); a
    leader it carried is set down, since guns never kill a leader (10.3)."""
    for uid in sorted(carriers):
        carrier = game.state.units[uid]
        riders = game.passengers(carrier)
        if not carrier.on_map or game.role(carrier).convoy or any(not _leader(game, r) for r in riders):
            continue
        for rider in riders:
            del game.marks.carried_by[rider.uid]
        game.note("combat", f"{game.label(carrier)} is lost with the units it carried (10.8.1)")
        lose(game, [carrier], dice, ground=False)


def _leader(game: Game, unit: Unit) -> bool:
    return game.role(unit).leader or game.role(unit).dummy
