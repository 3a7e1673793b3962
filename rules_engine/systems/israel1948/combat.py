"""Combat (2.3): the defender rolls first, then the attacker; hits halt, step-lose or retreat.

One call resolves one attack from start to end, asking the Decider for every
choice the rulebook gives a player and checking each answer. The
CombatReport it returns records the dice, the hits and every result, so a
replay can compare them with the rulebook's worked example.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules_engine.core import DiceSource, EngineError, GameState, IllegalAction, Unit
from rules_engine.core.game import steps_left
from rules_engine.systems.israel1948.decisions import Decider
from rules_engine.systems.israel1948.rules import Profile, Rules


class Battlefield(Protocol):
    """What combat needs of the game it is fought in (the Israel 1948 `Game` is one).

    Combat is called by the game, so it names the game's abilities it uses
    instead of importing the game's module.
    """

    state: GameState
    rules: Rules
    last_combat: CombatReport | None

    @property
    def active_side(self) -> str: ...

    @property
    def inactive_side(self) -> str: ...

    def put(self, unit: Unit, space: str) -> None: ...

    def step_loss(self, unit: Unit) -> None: ...

    def stacking_problem(self, space: str, arriving: Sequence[Unit]) -> str | None: ...

    def retreat_options(self, unit: Unit) -> list[str]: ...

    def retreat_problem(self, unit: Unit, there: str) -> str | None: ...

    def may_use_air(self, side: str, involved: Sequence[Unit]) -> bool: ...

    def spend_air(self, side: str) -> None: ...


@dataclass(slots=True)
class CombatReport:
    attacking_from: str
    target: str
    attackers: list[str]
    defenders: list[str]
    defender_dice: dict[str, list[int]] = field(default_factory=dict)
    defender_hits: int = 0
    halted: list[str] = field(default_factory=list)
    attacker_losses: list[str] = field(default_factory=list)
    all_in: list[str] = field(default_factory=list)
    attacker_dice: dict[str, list[int]] = field(default_factory=dict)
    attacker_hits: int = 0
    step_losses: list[str] = field(default_factory=list)
    retreats: dict[str, str] = field(default_factory=dict)
    advanced: list[str] = field(default_factory=list)
    air_rerolls: dict[str, tuple[str, int, int]] = field(default_factory=dict)


def check_attack(game: Battlefield, attackers: Sequence[Unit], target: str) -> str:
    """Raise IllegalAction unless ``attackers`` may attack ``target`` now; return their hex."""
    state, rules = game.state, game.rules
    board = rules.board
    if not attackers:
        raise IllegalAction("2.3", "an attack needs at least one attacking unit")
    if len({u.uid for u in attackers}) != len(attackers):
        raise IllegalAction("2.3", "a unit is named twice in one attack")
    side = game.active_side
    spaces = {u.space for u in attackers}
    for unit in attackers:
        if not unit.on_map:
            raise IllegalAction("2.3", f"{unit.uid} is not on the map")
        if unit.side != side:
            raise IllegalAction("2.3", f"{unit.uid} belongs to the inactive player, who cannot attack")
        if unit.uid in state.attacked:
            raise IllegalAction("2.3", f"{unit.uid} has already attacked this phase; a unit attacks once")
        if not rules.profile(unit).can_attack:
            raise IllegalAction(
                "2.3", f"{unit.uid}'s strength is {unit.face.strength_colour}: it can only defend"
            )
    if len(spaces) != 1:
        raise IllegalAction("2.3", "the attacking units must all be in one hex")
    origin = next(iter(spaces))
    assert origin is not None
    if target not in board.spaces:
        raise IllegalAction("2.3", f"there is no hex {target}")
    if target not in board.neighbours[origin]:
        raise IllegalAction("2.3", f"{board.name(target)} is not adjacent to {board.name(origin)}")
    if state.side_at(target) not in (game.inactive_side,):
        raise IllegalAction("2.3", f"{board.name(target)} holds no units of the inactive player")
    prohibited = rules.attack_prohibited(origin, target)
    if prohibited is not None:
        raise IllegalAction("1.3", f"no attack is allowed across the {prohibited.name.lower()}")
    return origin


# A unit that rolls in step 2, with what the face it rolls with says (its dice and '+').
Rolling = list[tuple[Unit, Profile]]


@dataclass(slots=True)
class Fight:
    """One combat in progress: who fights where, who answers the players' choices, and the report."""

    game: Battlefield
    attackers: list[Unit]
    defenders: list[Unit]
    origin: str
    target: str
    decider: Decider
    dice: DiceSource
    report: CombatReport
    air_used: set[str] = field(default_factory=set)

    @property
    def involved(self) -> list[Unit]:
        return [*self.attackers, *self.defenders]


def resolve_attack(
    game: Battlefield, attackers: Sequence[Unit], target: str, decider: Decider, dice: DiceSource
) -> CombatReport:
    """2.3 in strict order: the defender rolls, the attacker rolls, the attacker advances."""
    state = game.state
    origin = check_attack(game, attackers, target)
    defenders = list(state.units_at(target))
    report = CombatReport(origin, target, [u.uid for u in attackers], [u.uid for u in defenders])
    fight = Fight(game, list(attackers), defenders, origin, target, decider, dice, report)
    for unit in attackers:
        state.attacked.add(unit.uid)
    if state.logging:
        board = game.rules.board
        state.note(
            "attack",
            f"{_names(attackers)} in {board.name(origin)} attack {_names(defenders)} in {board.name(target)}",
        )
    halted = _defender_rolls(fight)
    all_in = _attacker_rolls(fight, halted)
    _advance(fight, halted, all_in)
    game.last_combat = report
    return report


def _defender_rolls(fight: Fight) -> list[Unit]:
    """Step 1: the defender's dice; each hit halts an attacker. Returns the halted attackers."""
    game, report = fight.game, fight.report
    counts = _defender_dice(game, fight.defenders, fight.origin, fight.target)
    rolls = fight.dice.roll("defender", counts)
    rolls = _maybe_reroll(fight, game.inactive_side, "defender re-roll", rolls)
    report.defender_dice = rolls
    report.defender_hits = hits = _hits(game, rolls)
    if game.state.logging:
        game.state.note("roll", f"defender rolls {_dice_text(rolls)}: {hits} hit(s)")
    return _apply_defender_hits(game, hits, fight.attackers, fight.decider, report)


def _attacker_rolls(fight: Fight, halted: list[Unit]) -> list[Unit]:
    """Step 2: units not halted roll, with those that go all in. Returns the units that went all in."""
    game, report, decider = fight.game, fight.report, fight.decider
    candidates = [u for u in halted if u.on_map and not u.damaged]
    all_in = decider.all_in(candidates)
    _check_subset(all_in, candidates, "2.3", "only a halted full-strength attacker may go all in")
    profile = game.rules.profile
    rolling: Rolling = [(u, profile(u)) for u in fight.attackers if u.on_map and u not in halted]
    for unit in all_in:
        rolling.append((unit, profile(unit)))
        report.all_in.append(unit.uid)
        game.state.note("all-in", f"{unit.uid} goes all in")
        game.step_loss(unit)
    if not rolling:
        return all_in
    counts = _attacker_dice(fight, rolling)
    rolls = fight.dice.roll("attacker", counts)
    rolls = _maybe_reroll(fight, game.active_side, "attacker re-roll", rolls)
    report.attacker_dice = rolls
    report.attacker_hits = _hits(game, rolls)
    if game.state.logging:
        game.state.note("roll", f"attacker rolls {_dice_text(rolls)}: {report.attacker_hits} hit(s)")
    _apply_attacker_hits(game, report.attacker_hits, fight.defenders, decider, report)
    return all_in


def _advance(fight: Fight, halted: list[Unit], all_in: list[Unit]) -> None:
    """Step 3: when the defenders' hex is empty, at least one attacker that was not halted advances."""
    game, target = fight.game, fight.target
    if game.state.units_at(target):
        return
    eligible = [
        u
        for u in fight.attackers
        if u.on_map and u.space == fight.origin and (u not in halted or u in all_in)
    ]
    if not eligible:
        return
    chosen = fight.decider.advance(eligible, game.rules.stack_limit)
    _check_subset(chosen, eligible, "2.3", "only an attacker that was not halted (or went all in) advances")
    if not chosen:
        raise IllegalAction("2.3", "at least one attacking unit must advance into the vacated hex")
    problem = game.stacking_problem(target, chosen)
    if problem is not None:
        raise IllegalAction("1.3", f"the advance breaks stacking: {problem}")
    for unit in chosen:
        game.put(unit, target)
        fight.report.advanced.append(unit.uid)
    if game.state.logging:
        game.state.note("advance", f"{_names(chosen)} advance into {game.rules.board.name(target)}")


def _defender_dice(game: Battlefield, defenders: list[Unit], origin: str, target: str) -> dict[str, int]:
    rules = game.rules
    counts = dict.fromkeys(rules.dice_order, 0)
    profile = rules.profile
    for unit in defenders:
        found = profile(unit).dice
        if found is not None:
            counts[found[0]] = counts.get(found[0], 0) + found[1]
    for die, number in rules.defender_terrain_dice(origin, target).items():
        counts[die] = counts.get(die, 0) + number
    return counts


def _attacker_dice(fight: Fight, rolling: Rolling) -> dict[str, int]:
    """2.3 step 2: the rolling units' dice, the '+' die, and the supply of both sides (cumulative)."""
    game = fight.game
    rules = game.rules
    counts = dict.fromkeys(rules.dice_order, 0)
    for _, profile in rolling:
        found = profile.dice
        if found is not None:
            counts[found[0]] = counts.get(found[0], 0) + found[1]
    weakest = rules.weakest_die
    if any(profile.plus for _, profile in rolling) and _plus_die_applies(game, fight.origin, fight.target):
        counts[weakest] += 1
        game.state.note("dice", "the '+' unit gains a die against clear terrain")
    # "Attacking unit" means a unit that rolls, for the '+' die and for supply alike: a halted
    # unit "is no longer able to attack" (2.3 step 1) unless it goes all in.
    if any(unit.out_of_supply for unit, _ in rolling):
        counts = _drop_a_die(game, counts, fight.decider)
    if any(u.out_of_supply for u in fight.defenders):
        counts[weakest] += 1
        game.state.note("dice", "a defender is out of supply: the attacker gains a black die")
    return counts


def _drop_a_die(game: Battlefield, counts: dict[str, int], decider: Decider) -> dict[str, int]:
    """An out-of-supply attacker loses one die of the attacker's choice; a lone die stays, as black."""
    weakest = game.rules.weakest_die
    total = sum(counts.values())
    if total == 1:
        counts = dict.fromkeys(counts, 0)
        counts[weakest] = 1
        game.state.note("dice", "an out-of-supply attacker keeps a single black die")
    elif total > 1:
        colour = decider.drop_die(dict(counts))
        if counts.get(colour, 0) < 1:
            raise IllegalAction("2.3", f"the attacker has no {colour} die to lose")
        counts[colour] -= 1
        game.state.note("dice", f"an attacker is out of supply: one {colour} die is lost")
    return counts


def _plus_die_applies(game: Battlefield, origin: str, target: str) -> bool:
    """2.3 step 2: clear terrain, no town or city, and no hexside terrain in between."""
    board = game.rules.board
    kind = board.terrain_of[target]
    if kind is None or kind.combat is None or not kind.combat.attacker_plus_die:
        return False
    if any(f.combat is not None and f.combat.cancels_plus_die for f in board.features_of[target]):
        return False
    return not board.side_features(origin, target)


def _hits(game: Battlefield, rolls: dict[str, list[int]]) -> int:
    hits_on = game.rules.hits_on
    return sum(1 for die, values in rolls.items() for value in values if value in hits_on.get(die, ()))


def _maybe_reroll(fight: Fight, side: str, purpose: str, rolls: dict[str, list[int]]) -> dict[str, list[int]]:
    """Air points (2.3): at most one per player per combat, re-rolling one die of their own."""
    game = fight.game
    if side in fight.air_used or not game.may_use_air(side, fight.involved):
        return rolls
    choice = fight.decider.air_reroll(side, {k: list(v) for k, v in rolls.items() if v})
    if choice is None:
        return rolls
    colour, index = choice
    if not 0 <= index < len(rolls.get(colour, [])):
        raise IllegalAction("2.3", f"there is no {colour} die number {index + 1} to re-roll")
    new = fight.dice.roll(purpose, {colour: 1})[colour][0]
    old = rolls[colour][index]
    rolls = {k: list(v) for k, v in rolls.items()}
    rolls[colour][index] = new
    fight.air_used.add(side)
    game.spend_air(side)
    fight.report.air_rerolls[side] = (colour, old, new)
    game.state.note("air", f"{side} spends an air point: {colour} {old} re-rolled to {new}")
    return rolls


def _apply_defender_hits(
    game: Battlefield, hits: int, attackers: list[Unit], decider: Decider, report: CombatReport
) -> list[Unit]:
    """Each hit halts an attacker; hits beyond the attackers are step losses. Returns the halted."""
    if hits == 0:
        return []
    if hits <= len(attackers):
        halted = decider.halt(hits, attackers)
        _check_subset(halted, attackers, "2.3", "only attacking units can be halted")
        if len({u.uid for u in halted}) != hits:
            raise IllegalAction("2.3", f"{hits} hit(s) halt {hits} different attacking unit(s)")
    else:
        halted = list(attackers)
        extra = hits - len(attackers)
        can_take = sum(steps_left(u) for u in attackers)
        losses = decider.attacker_losses(min(extra, can_take), attackers)
        if len(losses) != min(extra, can_take):
            raise IllegalAction("2.3", f"the {extra} hit(s) beyond the attackers must each be a step loss")
        for unit in losses:
            if unit not in attackers:
                raise IllegalAction("2.3", f"{unit.uid} is not attacking; only attackers take these losses")
            if not unit.on_map:
                raise IllegalAction("2.3", f"{unit.uid} is already eliminated")
            report.attacker_losses.append(unit.uid)
            game.step_loss(unit)
    report.halted = [u.uid for u in halted]
    if game.state.logging:
        game.state.note("halt", f"halted: {_names(halted)}")
    return halted


def _apply_attacker_hits(
    game: Battlefield, hits: int, defenders: list[Unit], decider: Decider, report: CombatReport
) -> None:
    """The first hit is a step loss; each later one a step loss or a retreat (each unit retreats once)."""
    retreated: set[str] = set()
    for number in range(1, hits + 1):
        alive = [u for u in defenders if u.on_map]
        if not alive:
            break
        must_be_step = number == 1 or all(u.uid in retreated for u in alive)

        def retreats(unit: Unit) -> list[str]:
            """Where ``unit`` may retreat for this hit: nowhere once it has retreated (each unit once)."""
            return [] if unit.uid in retreated else game.retreat_options(unit)

        taken = decider.defender_hit(number, alive, retreats, must_be_step)
        unit = taken.unit
        if unit not in alive:
            raise IllegalAction("2.3", f"{unit.uid} is not a defender still on the map")
        if not taken.retreat:
            report.step_losses.append(unit.uid)
            game.step_loss(unit)
            continue
        if number == 1:
            raise IllegalAction("2.3", "the first hit on the defender must be a step loss")
        if unit.uid in retreated:
            raise IllegalAction("2.3", f"{unit.uid} has already retreated; each unit retreats only once")
        options = game.retreat_options(unit)
        if not options:
            game.state.note("retreat", f"{unit.uid} cannot retreat and takes a step loss instead")
            report.step_losses.append(unit.uid)
            game.step_loss(unit)
            continue
        if taken.to is None:
            raise EngineError(f"say where {unit.uid} retreats to (one of {', '.join(options)})")
        if taken.to not in options:
            raise IllegalAction(
                "1.1",
                f"{unit.uid} cannot retreat into {game.rules.board.name(taken.to)}: "
                f"{game.retreat_problem(unit, taken.to)}",
            )
        retreated.add(unit.uid)
        report.retreats[unit.uid] = taken.to
        game.put(unit, taken.to)
        game.state.note("retreat", f"{unit.uid} retreats to {game.rules.board.name(taken.to)}")


def _check_subset(chosen: Sequence[Unit], allowed: Sequence[Unit], rule: str, message: str) -> None:
    for unit in chosen:
        if unit not in allowed:
            raise IllegalAction(rule, f"{unit.uid}: {message}")


def _names(units: Sequence[Unit]) -> str:
    return ", ".join(u.uid for u in units) or "nobody"


def _dice_text(rolls: dict[str, list[int]]) -> str:
    return (
        "; ".join(f"{die} {' '.join(map(str, values))}" for die, values in rolls.items() if values)
        or "nothing"
    )


__all__ = ["CombatReport", "check_attack", "resolve_attack"]
