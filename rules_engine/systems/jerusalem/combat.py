"""Combat (9.x) with artillery support and barrages (10.4-10.6): one attack from statement to result.

The attacker states his units and the enemy units they fire at (9.7.1); the
defender's dummies there are revealed and die, his leaders are revealed (12.1)
and may abandon their units (12.8); the defender says which units a fort
protects (9.6.3) and takes his one shot of defensive first fire (9.7); the
surviving attackers fire; a 'K' clears the targets and the attackers may go
on, anything else stops them for the player turn (3.4, 9.8) and leaves the
targets safe from further attack (9.9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.jerusalem import artillery
from rules_engine.systems.jerusalem.decisions import Fire, FireOptions
from rules_engine.systems.jerusalem.fire import KILL, ShotReport, clear_dummies, lose, shoot
from rules_engine.systems.jerusalem.movement import ROAD
from rules_engine.systems.jerusalem.roles import LEGION_FIGHTING_CLASSES
from rules_engine.systems.jerusalem.strength import can_fire, defence_strength, fire_strength, total

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.decisions import Decider
    from rules_engine.systems.jerusalem.game import Game
    from rules_engine.systems.jerusalem.tables import Column

# 14.7.1: the lowest odds the EEF attacks at, and the result of an attack first fire left below them
EEF_LOWEST_ODDS = 3
EEF_NOT_MADE = "not made: EEF below 3-1"


@dataclass
class CombatReport:
    """One attack: what each shot did, and who was stopped."""

    attackers: list[str]
    targets: list[str]
    first_fire: ShotReport | None = None
    attack: ShotReport | None = None
    automatic: bool = False
    stopped: list[str] = field(default_factory=list)
    abandoned: str | None = None


def attack_problem(game: Game, attackers: Sequence[Unit], targets: Sequence[Unit]) -> IllegalAction | None:
    """Why these attackers may not attack these targets now (None when they may)."""
    if game.phase.kind not in ("overland-movement", "road-movement"):
        return IllegalAction("9.2", f"attacks are made in the movement phases, not in the {game.phase.name}")
    if not attackers or not targets:
        return IllegalAction("9.4.1", "an attack names at least one attacking unit and one unit attacked")
    if len({u.uid for u in [*attackers, *targets]}) != len(attackers) + len(targets):
        return IllegalAction("9.4.1", "a unit is named twice in one attack")
    for unit in attackers:
        problem = attacker_problem(game, unit, targets)
        if problem is not None:
            return problem
    for target in targets:
        problem = target_problem(game, target, attackers)
        if problem is not None:
            return problem
    return _odds_problem(game, attackers, targets)


def attacker_problem(game: Game, unit: Unit, targets: Sequence[Unit]) -> IllegalAction | None:
    """Why ``unit`` may not be one of the attackers of ``targets`` now (None when it may)."""
    name, marks, role = game.label(unit), game.marks, game.role(unit)
    if unit.side != game.active_side or not unit.on_map:
        return IllegalAction("9.2", f"{name} is not a unit of the player whose turn it is")
    if unit.uid in marks.stopped:
        return IllegalAction("3.4", f"{name} has a Stop marker and may not attack again this player turn")
    if unit.uid in marks.disrupted or unit.uid in marks.fresh:
        rule = marks.disrupted_by.get(unit.uid, "10.10") if unit.uid in marks.disrupted else "6.4.2"
        return IllegalAction(rule, f"{name} may not fire now")
    if unit.uid in marks.carried_by:
        return IllegalAction("8.7.7", f"{name} is being carried; it must be dropped off to fight")
    if not can_fire(game, unit, attacking=True):
        return IllegalAction("1.2.1", f"{name}'s strength may not attack")
    if role.artillery:
        return _gun_problem(game, unit, targets) or _road_ready(game, unit)
    for target in targets:
        if target.space not in game.board.neighbours.get(unit.space or "", ()):
            return IllegalAction("9.1", f"{name} is not next to {game.board.name(target.space or '')}")
    return _road_ready(game, unit)


def _gun_problem(game: Game, gun: Unit, targets: Sequence[Unit]) -> IllegalAction | None:
    """The first reason ``gun`` cannot fire at one of ``targets``."""
    for target in targets:
        problem = artillery.gun_problem(game, gun, target.space or "")
        if problem is not None:
            return problem
    return None


def _road_ready(game: Game, unit: Unit) -> IllegalAction | None:
    """8.7.7: infantry and artillery fight in the Road Movement Phase only from where they started
    it next to the enemy (in range for artillery), or where a transport dropped them in an enemy ZOC."""
    role, marks = game.role(unit), game.marks
    if game.phase.kind != ROAD or not (role.infantry or role.artillery):
        return None
    if unit.uid in marks.road_ready or unit.uid in marks.dropped_in_zoc:
        return None
    return IllegalAction(
        "8.7.7",
        f"{game.label(unit)} neither started this Road Movement Phase next to (or in range of) the enemy "
        "nor was dropped off in an enemy ZOC",
    )


def target_problem(game: Game, target: Unit, attackers: Sequence[Unit]) -> IllegalAction | None:
    """9.9-9.11, 6.7, 10.3, 10.6: whether ``target`` may be attacked by ``attackers`` now."""
    name, role = game.label(target), game.role(target)
    if target.side == game.active_side or not target.on_map:
        return IllegalAction("9.2", f"{name} is not an enemy unit on the map")
    if target.uid in game.marks.attacked:
        return IllegalAction("9.9", f"{name} has already been attacked this player turn")
    guns_only = all(game.role(a).artillery for a in attackers)
    mates = [u for u in game.state.units_at(target.space or "") if u is not target]
    if role.convoy and guns_only:
        return None  # 10.8.2: guns may shell the convoy whoever is with it
    if role.shielded and any(not game.role(m).shielded for m in mates):
        rule = "6.7.1" if role.convoy else "9.10"
        return IllegalAction(rule, f"{name} may not be attacked until the other units with it are eliminated")
    if (
        role.vehicle_shield
        and target.uid not in game.marks.first_fired
        and any(not (game.role(m).shielded or game.role(m).vehicle_shield) for m in mates)
    ):
        return IllegalAction("9.11", f"{name} did not first fire, so it may not be attacked yet")
    if (role.leader or role.dummy) and guns_only:
        return IllegalAction("10.3", "artillery may not fire at a leader")
    if role.artillery and not guns_only and any(game.role(m).infantry for m in mates):
        return IllegalAction("10.6", f"the infantry with {name} must be eliminated before it may be attacked")
    return None


def _odds_problem(game: Game, attackers: Sequence[Unit], targets: Sequence[Unit]) -> IllegalAction | None:
    if automatic(game, attackers, targets):
        return None
    attack = total(fire_strength(game, a, targets) for a in attackers)
    defence = total(defence_strength(game, t) for t in targets)
    column = game.tables.column(attack, defence)
    if column is None:
        return IllegalAction("9.4.3", f"{attack}-{defence} is below the lowest odds column")
    if _eef_below_limit(game, attackers, column):
        return IllegalAction("14.7.1", f"the EEF never attacks at less than 3-1 (this is {column.label})")
    if _unsupported_legion_guns(game, attackers):
        return IllegalAction(
            "10.9.1", "Arab Legion artillery supports a battle only with another Legion unit in it"
        )
    return None


def _unsupported_legion_guns(game: Game, attackers: Sequence[Unit]) -> list[Unit]:
    """10.9.1: the Legion guns among ``attackers`` that may not support them, because units other
    than guns attack and none of them is a Legion infantry, armoured car or halftrack (guns alone
    make a barrage, 10.5.1, which needs no Legion unit)."""
    guns = [a for a in attackers if game.role(a).legion and game.role(a).artillery]
    others = [a for a in attackers if not game.role(a).artillery]
    if others and not any(
        a.counter.unit_class in LEGION_FIGHTING_CLASSES and game.role(a).legion for a in others
    ):
        return guns
    return []


def _eef_below_limit(game: Game, attackers: Sequence[Unit], column: Column) -> bool:
    """14.7.1: an EEF unit among the attackers, and odds below 3-1."""
    return column.ratio < EEF_LOWEST_ODDS and any(game.role(a).eef for a in attackers)


def automatic(game: Game, attackers: Sequence[Unit], targets: Sequence[Unit]) -> bool:
    """9.10, 6.7.1: lone leaders, and a lone convoy attacked by ground units, die without a roll."""
    if all(game.role(a).artillery for a in attackers):
        return False
    return all(
        (game.role(t).leader or game.role(t).dummy or game.role(t).convoy)
        and all(u in targets for u in game.state.units_at(t.space or ""))
        for t in targets
    )


def resolve_attack(
    game: Game,
    attackers: Sequence[Unit],
    targets: Sequence[Unit],
    decider: Decider,
    dice: DiceSource,
    *,
    checked: bool = False,
) -> CombatReport:
    """One attack, from the statement to the result; ``checked``: ``attack_problem`` has just
    accepted these attackers and targets in this position, so it is not asked again."""
    problem = None if checked else attack_problem(game, attackers, targets)
    if problem is not None:
        raise problem
    report = CombatReport([u.uid for u in attackers], [t.uid for t in targets])
    game.last_combat = report
    spaces = sorted({t.space for t in targets if t.space})
    if automatic(game, attackers, targets):
        report.automatic = True
        for target in targets:
            game.note("combat", f"{game.label(target)} is alone when attacked and is eliminated (9.10)")
        lose(game, targets, dice, ground=True)
        return report
    if attackers[0].side == game.jewish:
        clear_dummies(game, spaces)
    revealed = game.reveal(spaces + sorted({a.space for a in attackers if a.space}))
    report.abandoned = _abandonment(game, spaces, decider)
    protected = _protection(game, targets, decider)
    report.first_fire = _first_fire(game, attackers, targets, decider, dice)
    survivors = _supported([a for a in attackers if _still_fires(game, a, targets)], game)
    live_targets = [t for t in targets if t.on_map]
    if survivors and live_targets:
        report.attack = _eef_attack_not_made(game, survivors, live_targets) or shoot(
            game, Fire(tuple(survivors), tuple(live_targets)), "attack", dice, protected=protected
        )
        if report.attack.result != KILL:
            report.stopped = game.stop(survivors)
    game.marks.attacked.update(t.uid for t in targets if t.on_map)
    game.hide(revealed)
    return report


def _eef_attack_not_made(game: Game, attackers: Sequence[Unit], targets: Sequence[Unit]) -> ShotReport | None:
    """14.7.1 after first fire (docs/rules-engine.md): the EEF may never attack below 3-1, so an
    attack that first fire brought below 3-1 is not made; like any attack that leaves its targets
    standing, it stops the attackers (9.8.2) and the targets are safe for the player turn (9.9)."""
    attack = total(fire_strength(game, a, targets) for a in attackers)
    defence = total(defence_strength(game, t) for t in targets)
    column = game.tables.column(attack, defence)
    if column is None or not _eef_below_limit(game, attackers, column):
        return None  # below the lowest column the shot itself is refused (fire.shoot)
    report = ShotReport("attack", [a.uid for a in attackers], [t.uid for t in targets], attack, defence)
    report.odds, report.result = column.label, EEF_NOT_MADE
    game.last_shots.append(report)
    if game.logging:
        names = f"{', '.join(map(game.label, attackers))} at {', '.join(map(game.label, targets))}"
        shown = f"{report.strengths} = {column.label}"
        game.note("combat", f"attack: {names}, {shown}: below 3-1 the EEF may not attack (14.7.1)")
    return report


def _still_fires(game: Game, attacker: Unit, targets: Sequence[Unit]) -> bool:
    """After first fire: on the map, not disrupted, and a gun still spotted (10.7.3 example)."""
    if not attacker.on_map or attacker.uid in game.marks.disrupted:
        return False
    return not game.role(attacker).artillery or _gun_problem(game, attacker, targets) is None


def _supported(survivors: list[Unit], game: Game) -> list[Unit]:
    """10.9.1 after first fire (docs/rules-engine.md): a Legion gun supports a battle only while a
    Legion infantry, armoured car or halftrack is in it; once first fire has eliminated the last
    of them (9.7.3: it takes no part in the attack) the Legion guns drop out, as a gun whose
    spotter fell does (10.7.3), and the other attackers fire without them."""
    dropped = _unsupported_legion_guns(game, survivors)
    if not dropped:
        return survivors
    if game.logging:
        names = ", ".join(map(game.label, dropped))
        game.note("combat", f"{names}: no Arab Legion unit is left in the battle to support (10.9.1)")
    return [a for a in survivors if a not in dropped]


def _abandonment(game: Game, spaces: Sequence[str], decider: Decider) -> str | None:
    """12.8: in a Jewish player turn, an attacked Arab leader may flee at his full MP."""
    if game.active_side != game.jewish:
        return None
    for space in spaces:
        leader = next((u for u in game.state.units_at(space) if game.role(u).leader), None)
        if leader is None or len(game.state.units_at(space)) < 2:
            continue
        destinations = sorted(game.flight_paths(leader))
        choice = decider.abandon(leader, destinations)
        if choice is None:
            continue
        if choice not in destinations:
            raise IllegalAction("12.8.1", f"{game.label(leader)} cannot reach {game.board.name(choice)}")
        game.abandon(leader, space, choice)
        return leader.uid
    return None


def _protection(game: Game, targets: Sequence[Unit], decider: Decider) -> set[str]:
    """9.6.3: the defender names the units the fort, monastery or cathedral protects."""
    protected: set[str] = set()
    for space in sorted({t.space for t in targets if t.space}):
        limit = game.protection_limit(space)
        if limit is None:
            continue
        here = list(game.state.units_at(space))
        chosen = here if len(here) <= limit else decider.protect(here[0].side, space, here, limit)
        if len(chosen) > limit or any(u not in here for u in chosen):
            raise IllegalAction(
                "9.6.3", f"at most {limit} units in {game.board.name(space)} may be protected"
            )
        protected.update(u.uid for u in chosen)
    return protected


def first_fire_options(game: Game, attackers: Sequence[Unit], targets: Sequence[Unit]) -> FireOptions:
    """9.4.1, 9.4.2, 10.4.2, 10.5.2: who in the attacked hexes may fire, at whom, and which guns help."""
    spaces = {t.space for t in targets}
    side = targets[0].side
    firers = tuple(
        u
        for space in sorted(s for s in spaces if s)
        for u in game.state.units_at(space)
        if can_fire(game, u, attacking=False) and _may_shoot(game, u)
    )
    at = tuple(a for a in attackers if a.on_map)
    support = tuple(
        g
        for g in game.guns_of(side)
        if g.space not in spaces
        and artillery.gun_ready(game, g)
        and any(artillery.in_range(game, g, a.space or "") for a in at)
    )
    return FireOptions(firers, at, support)


def _may_shoot(game: Game, unit: Unit) -> bool:
    marks = game.marks
    if unit.uid in marks.disrupted or unit.uid in marks.carried_by:
        return False
    return not game.role(unit).artillery or artillery.gun_ready(game, unit)


def first_fire_problem(game: Game, options: FireOptions, shot: Fire) -> IllegalAction | None:
    """Why the defender may not take this shot (None when he may)."""
    if not shot.firers or not shot.targets:
        return IllegalAction("9.7.2", "first fire needs at least one firing unit and one target")
    for unit in [*shot.firers, *shot.support]:
        if game.role(unit).artillery and unit.uid in game.marks.fired:
            return IllegalAction("10.1", f"{game.label(unit)} has fired once this player turn already")
    if any(f not in options.firers for f in shot.firers):
        return IllegalAction("9.4.2", "only units in the attacked hex, able to fire, first fire")
    if any(t not in options.targets for t in shot.targets):
        return IllegalAction("9.7.1", "first fire is at the units attacking")
    for firer in shot.firers:
        for target in shot.targets:
            problem = _reach_problem(game, firer, target)
            if problem:
                return problem
    for gun in shot.support:
        problem = _gun_problem(game, gun, shot.targets) if gun in options.support else None
        if gun not in options.support or problem:
            return problem or IllegalAction(
                "10.4.2", "only artillery within range of the attackers supports first fire"
            )
    return _support_problem(game, shot)


def _support_problem(game: Game, shot: Fire) -> IllegalAction | None:
    if any(game.role(g).legion for g in shot.support) and not any(
        game.role(f).legion and f.counter.unit_class in LEGION_FIGHTING_CLASSES for f in shot.firers
    ):
        return IllegalAction(
            "10.9.1", "Arab Legion artillery supports a battle only with another Legion unit in it"
        )
    attack = total(fire_strength(game, f, shot.targets) for f in [*shot.firers, *shot.support])
    defence = total(defence_strength(game, t) for t in shot.targets)
    if game.tables.column(attack, defence) is None:
        return IllegalAction("9.4.3", f"{attack}-{defence} is below the lowest odds column")
    return None


def _reach_problem(game: Game, firer: Unit, target: Unit) -> IllegalAction | None:
    if target.space == firer.space or target.space in game.board.neighbours.get(firer.space or "", ()):
        return None  # next to it, or on top of it (a terrorist attack, 13.2.4)
    if game.role(firer).artillery and game.role(target).artillery:
        return artillery.gun_problem(game, firer, target.space or "")
    return IllegalAction(
        "10.5.2",
        f"{game.label(firer)} may first fire only at adjacent attackers, "
        "or as artillery at attacking artillery in range",
    )


def _first_fire(
    game: Game, attackers: Sequence[Unit], targets: Sequence[Unit], decider: Decider, dice: DiceSource
) -> ShotReport | None:
    options = first_fire_options(game, attackers, targets)

    def legal(shot: Fire) -> str | None:
        problem = first_fire_problem(game, options, shot)
        return problem.message if problem else None

    shot = decider.first_fire(targets[0].side, options, legal)
    if shot is None:
        return None
    problem = first_fire_problem(game, options, shot)
    if problem is not None:
        raise problem
    game.marks.first_fired.update(f.uid for f in shot.firers if game.role(f).vehicle_shield)
    protected = _attackers_protection(game, shot.targets)
    return shoot(game, shot, "first fire", dice, protected=protected)


def _attackers_protection(game: Game, attackers: Sequence[Unit]) -> set[str]:
    """9.6.3 for attackers standing in a fort: the first that fit are protected (the attacker's pick is
    not asked: he chose who stands there)."""
    protected: set[str] = set()
    for space in sorted({a.space for a in attackers if a.space}):
        limit = game.protection_limit(space)
        if limit is not None:
            protected.update(u.uid for u in game.state.units_at(space)[:limit])
    return protected
