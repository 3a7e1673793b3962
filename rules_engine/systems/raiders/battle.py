"""Battle (15.0-16.0, 20.2, 30.1, 32.2, 33.0): the tactical edge and alternating single-die fire.

Every Arab Revolt unit in the force's space fights (15.0), Feisal's Camp as a
2 (36.2). Each side rolls for the tactical edge, adding one per elite unit
(leaders, the Pasha, the AK, either side's aeroplane), to at most the data's
maximum; a tie goes to the side the terrain favours. The hostiles line up
strongest first (equal values in the order they were drawn: the order among
equals changes nothing but which of them gets the Ottoman aeroplane's +1),
the raiders in the player's order each round. The side with the edge fires
first, then the sides alternate one unit at a time; a unit eliminated before
its turn does not fire, and the larger side fires its remaining units at the
end. A raider's hit eliminates the hostile the player picks; a hostile's hit
the first raider in line. Rounds repeat until one side is gone, or until
consecutive rounds without a loss break the battle off (never against a
Garrison). Aeroplanes add to the tactical edge and to a unit's combat value
but neither fire nor can be hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.raiders import cards, leaders, objectives
from rules_engine.systems.raiders.decisions import Decider
from rules_engine.systems.raiders.draws import roll_d6
from rules_engine.systems.raiders.force import force_space, require_segment
from rules_engine.systems.raiders.pieces import (
    AEROPLANE_CLASS,
    ARMORED_TRAIN_CLASS,
    combat_value,
    eliminate_raider,
    gear_of,
    hostiles_at,
    in_box,
    raiders_at,
    to_box,
)
from rules_engine.systems.raiders.rules import CRITICAL_CITY, HOSTILES_BIN
from rules_engine.systems.raiders.state import SET_ASIDE, BattleReport, BattleView

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

# 30.1: no battle gains or loses more than this many Ops.
MAX_OPS_PER_BATTLE = 2
# A battle against a Garrison has no breakoff; this many rounds mean a bug, not a long fight.
MAX_ROUNDS = 500


def fight(game: Game, at: str, dice: DiceSource, decider: Decider) -> BattleReport:
    """The battle in the force's space: a card's in the combat segment, a Garrison's in the objective one."""
    kind = game.phase.kind
    if kind not in ("combat", "objective"):
        require_segment(game, "combat", "15.0")
    space = force_space(game)
    if space is None or game.board.resolve(at) != space:
        raise IllegalAction("15.0", f"battles are fought in the operating force's space, not {at}")
    garrison = None
    if kind == "objective":
        if not objectives.garrison_battle_due(game):
            raise IllegalAction("32.2", "no revealed Garrison waits to be fought here")
        garrison = objectives.garrison_in(game, space)
        assert garrison is not None
        game.mission.operation.garrison_fought = True
        objectives.place_garrison_units(game, garrison, dice)
    elif not hostiles_at(game, space):
        raise IllegalAction("15.0", "there are no hostile units in the force's space")
    report = resolve_battle(game, space, dice, decider, no_breakoff=garrison is not None)
    report.garrison = garrison.uid if garrison is not None else None
    after_battle(game, report, dice, decider)
    return report


def resolve_battle(
    game: Game, space: str, dice: DiceSource, decider: Decider, *, no_breakoff: bool = False
) -> BattleReport:
    """15.1, 15.2: the rounds of fire until one side is gone or the battle breaks off."""
    if game.battle_watcher is not None:
        game.battle_watcher(game, space)
    raiders, hostiles, everyone = battle_sides(game, space)
    for unit in raiders:
        if unit.damaged:
            game.state.set_damaged(unit, False)  # a face-down Bedouin shows its value in battle
    if not hostiles:
        game.state.note("battle", "no hostile unit here can fight: the raiders win without a roll")
        report = BattleReport(space, [u.uid for u in raiders], [], game.rules.player_side, (0, 0), (0, 0))
        report.outcome = "win"
        game.mission.last_battle = report
        return report
    report = tactical_edge(game, space, raiders, everyone, dice)
    report.raiders, report.hostiles = [u.uid for u in raiders], [u.uid for u in hostiles]
    values = fighting_values(game, raiders, hostiles, everyone)
    quiet = 0
    while _alive(raiders, report) and _alive(hostiles, report, hostile=True):
        if report.rounds >= MAX_ROUNDS:
            raise IllegalAction("15.1", "the battle did not end")
        report.rounds += 1
        game.state.note("battle", f"round {report.rounds}")
        losses = len(report.raider_losses) + len(report.hostile_losses)
        line = _raider_line(game, report, raiders, hostiles, values, decider)
        _round(game, report, line, _alive(hostiles, report, hostile=True), values, dice, decider)
        quiet = quiet + 1 if len(report.raider_losses) + len(report.hostile_losses) == losses else 0
        if quiet >= game.rules.breakoff_rounds and not no_breakoff:
            game.state.note("battle", f"{quiet} rounds without a loss: the battle breaks off, a draw (15.2)")
            break
    if not _alive(hostiles, report, hostile=True):
        report.outcome = "win"
    elif not _alive(raiders, report):
        report.outcome = "lose"
    game.mission.last_battle = report
    game.state.note(
        "battle", f"the battle at {game.space_name(space)} ends: the raiders {_outcome_words(report)}"
    )
    return report


def _outcome_words(report: BattleReport) -> str:
    return {"win": "win", "lose": "lose", "draw": "draw (breakoff)"}[report.outcome]


def _alive(units: Sequence[Unit], report: BattleReport, *, hostile: bool = False) -> list[Unit]:
    lost = set(report.hostile_losses if hostile else report.raider_losses)
    return [u for u in units if u.uid not in lost]


def battle_sides(game: Game, space: str) -> tuple[list[Unit], list[Unit], list[Unit]]:
    """Who fights in ``space``: the raiders, the hostiles' line (aeroplanes do not fire) and every
    hostile there (aeroplanes too, which count for the edge and the values)."""
    raiders = raiders_at(game, space)
    everyone = hostiles_at(game, space)
    hostiles = _hostile_line(game, [u for u in everyone if u.counter.unit_class != AEROPLANE_CLASS], everyone)
    return raiders, hostiles, everyone


def fighting_values(
    game: Game, raiders: list[Unit], hostiles: list[Unit], everyone: list[Unit]
) -> dict[str, int]:
    """Each fighting unit's combat value: a raider's with its gear (4.0), a hostile's with the
    aeroplanes' +1 on the strongest (29.0)."""
    return {u.uid: combat_value(game, u) for u in raiders} | _hostile_values(game, hostiles, everyone)


def tactical_edge(
    game: Game, space: str, raiders: list[Unit], hostiles: list[Unit], dice: DiceSource
) -> BattleReport:
    """15.1: each side's die plus one per elite unit; ties to the side the terrain favours."""
    rules = game.rules
    raider_elite = sum(1 for u in raiders if u.counter.front.elite) + sum(
        1 for u in raiders for g in gear_of(game, u) if g.counter.front.elite
    )
    hostile_elite = sum(1 for u in hostiles if u.counter.front.elite)
    bonus = (
        min(raider_elite * rules.elite_bonus, rules.max_bonus),
        min(hostile_elite * rules.elite_bonus, rules.max_bonus),
    )
    rolls = (roll_d6(dice, "raider edge"), roll_d6(dice, "hostile edge"))
    raider_total, hostile_total = rolls[0] + bonus[0], rolls[1] + bonus[1]
    if raider_total != hostile_total:
        edge = rules.player_side if raider_total > hostile_total else rules.hostile_side
    else:
        edge = rules.edge_tie_side(space)
    who = "the raiders" if edge == rules.player_side else "the hostiles"
    game.state.note(
        "battle",
        f"tactical edge (a die, +1 per elite unit): raiders {rolls[0]}+{bonus[0]}, "
        f"hostiles {rolls[1]}+{bonus[1]}: {who} fire first",
    )
    return BattleReport(space, [], [], edge, rolls, bonus)


def _hostile_line(game: Game, fighters: list[Unit], everyone: list[Unit]) -> list[Unit]:
    values = _hostile_values(game, fighters, everyone)
    return sorted(fighters, key=lambda u: -values[u.uid])


def _hostile_values(game: Game, fighters: list[Unit], everyone: list[Unit]) -> dict[str, int]:
    """29.0: an Ottoman aeroplane adds one to the strongest unit other than the Armored Train."""
    values = {u.uid: int(u.counter.front.strength or 0) for u in fighters}
    planes = sum(1 for u in everyone if u.counter.unit_class == AEROPLANE_CLASS)
    boosted = [u for u in fighters if u.counter.unit_class != ARMORED_TRAIN_CLASS]
    if planes and boosted:
        strongest = max(boosted, key=lambda u: values[u.uid])
        values[strongest.uid] += planes
    return values


def _raider_line(
    game: Game,
    report: BattleReport,
    raiders: list[Unit],
    hostiles: list[Unit],
    values: dict[str, int],
    decider: Decider,
) -> list[Unit]:
    alive = _alive(raiders, report)
    if len(alive) == 1:
        return alive
    line = decider.line(
        report.rounds,
        alive,
        _alive(hostiles, report, hostile=True),
        BattleView(values, report, report.edge == game.rules.player_side),
    )
    if sorted(u.uid for u in line) != sorted(u.uid for u in alive):
        raise IllegalAction("15.1", "the raider line holds each surviving raider once")
    return line


def _round(
    game: Game,
    report: BattleReport,
    raiders: list[Unit],
    hostiles: list[Unit],
    values: dict[str, int],
    dice: DiceSource,
    decider: Decider,
) -> None:
    """15.1: one round, the edge side first, alternating one unit at a time."""
    player = game.rules.player_side
    lines = {player: list(raiders), game.rules.hostile_side: list(hostiles)}
    turn = report.edge
    while True:
        firer = _next_firer(lines[turn], report, hostile=turn != player)
        other = game.rules.hostile_side if turn == player else player
        if firer is None:
            if _next_firer(lines[other], report, hostile=other != player) is None:
                return
            turn = other
            continue
        lines[turn].remove(firer)
        for _ in range(_shots(game, report, firer, turn == player)):
            if not _alive(raiders, report) or not _alive(hostiles, report, hostile=True):
                return
            _fire(game, report, firer, turn == player, raiders, hostiles, values, dice, decider)
        if not _alive(raiders, report) or not _alive(hostiles, report, hostile=True):
            return
        turn = other


def _shots(game: Game, report: BattleReport, firer: Unit, raider: bool) -> int:
    """24.0: with maximum firepower each unit of the force rolls twice in the first round."""
    operation = game.mission.operation
    return 2 if raider and report.rounds == 1 and operation.firepower and firer.uid in operation.force else 1


def _next_firer(line: list[Unit], report: BattleReport, *, hostile: bool) -> Unit | None:
    alive = _alive(line, report, hostile=hostile)
    return alive[0] if alive else None


def _fire(
    game: Game,
    report: BattleReport,
    firer: Unit,
    raider: bool,
    raiders: list[Unit],
    hostiles: list[Unit],
    values: dict[str, int],
    dice: DiceSource,
    decider: Decider,
) -> None:
    """2.2, 15.1: a die at or under the firer's combat value eliminates one enemy unit."""
    roll = roll_d6(dice, "raider fire" if raider else "hostile fire")
    hit = roll <= values[firer.uid]
    target: Unit | None = None
    if hit and raider:
        targets = _alive(hostiles, report, hostile=True)
        target = (
            targets[0]
            if len(targets) == 1
            else decider.target(
                firer, targets, BattleView(values, report, report.edge == game.rules.player_side)
            )
        )
        if target not in targets:
            raise IllegalAction("15.1", f"{target.uid} is not a hostile still in the battle")
        report.hostile_losses.append(target.uid)
    elif hit:
        target = _alive(raiders, report)[0]
        report.raider_losses.append(target.uid)
    report.shots.append((firer.uid, target.uid if target else "", roll, hit))
    result = f"eliminates {target.uid}" if target else "misses"
    game.state.note("fire", f"{firer.uid} ({values[firer.uid]}) rolls {roll}: {result}")


# --- after the battle (16.0, 20.2, 30.1, 32.2, 33.0) ---------------------------------------------


def after_battle(game: Game, report: BattleReport, dice: DiceSource, decider: Decider) -> None:
    space = report.space
    game.mission.operation.firepower = False  # 24.0: spent on one battle's first round
    for name in report.hostile_losses:
        game.state.note("battle", f"{name} is eliminated and goes back to the bin (14.0)")
    _hostiles_home(game, space)
    card_ops = cards.settle_pending(game, report.outcome, dice)
    if report.garrison is not None and report.outcome == "win":
        objectives.garrison_beaten(game, report.garrison, space)
    ops = card_ops + _critical_city_ops(game, space, report.outcome)
    ops = max(-MAX_OPS_PER_BATTLE, min(MAX_OPS_PER_BATTLE, ops))
    report.ops_change = ops
    cards.change_ops(game, ops, dice, f"the battle at {game.space_name(space)}")
    fallen = [game.state.units[name] for name in report.raider_losses]
    _remove_fallen(game, [u for u in fallen if not game.rules.is_leader(u.counter)])
    if report.outcome == "win":
        game.mission.battles_won += 1
        game.mission.leader_attempts += 1
        leaders.leader_gain(game, space, dice)
    for leader in (u for u in fallen if game.rules.is_leader(u.counter)):
        leaders.escape(game, leader, report, dice, decider)
        if game.over:
            return


def _hostiles_home(game: Game, space: str) -> None:
    """14.0, 31.0: every hostile, eliminated or not, goes back to the bin; so does a train set aside."""
    for unit in hostiles_at(game, space):
        to_box(game, unit, HOSTILES_BIN)
    for unit in in_box(game, SET_ASIDE):
        to_box(game, unit, HOSTILES_BIN)


def _critical_city_ops(game: Game, space: str, outcome: str) -> int:
    """30.1: one more Op for a battle won in Medina or Damascus, one fewer for one lost."""
    if not game.rules.is_kind(space, CRITICAL_CITY):
        return 0
    return {"win": 1, "lose": -1}.get(outcome, 0)


def _remove_fallen(game: Game, units: list[Unit]) -> None:
    for unit in units:
        eliminate_raider(game, unit)
