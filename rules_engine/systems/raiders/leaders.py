"""Leaders and Leadership (20.0-20.2, 33.0, 34.0-34.4): checks, recruiting, escape, the Cairo appeal.

A Leadership check succeeds on a die at or under the Leadership level (34.2).
Lawrence's force may try once a mission, plus once per battle won, to recruit
a leader, raising the check with Pounds up to five (34.3); a won battle may
bring a leader by the Gaining Leaders table (20.2). A leader who falls rolls
on the Leader Escape Table and loses his gear whatever happens (33.0); losing
Lawrence loses the mission (34.0). With Lawrence in Cairo the player may
appeal once a mission to the High Command (34.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, IllegalAction, Unit
from rules_engine.systems.raiders import objectives
from rules_engine.systems.raiders.decisions import Decider
from rules_engine.systems.raiders.draws import pick, roll_d6
from rules_engine.systems.raiders.force import force_units, require_force, require_segment
from rules_engine.systems.raiders.pieces import (
    carry,
    change_track,
    free_capacity,
    gear_of,
    in_box,
    place,
    raiders_at,
    to_box,
)
from rules_engine.systems.raiders.rules import (
    APPEAL,
    ARABIAN_PORT,
    HIGH_COMMAND,
    LEADER_ESCAPE,
    LEADER_GAIN,
    RECRUIT_BOX,
)
from rules_engine.systems.raiders.state import LOST, BattleReport

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def leadership_check(game: Game, dice: DiceSource, why: str, extra: int = 0) -> bool:
    """34.2: a die at or under the Leadership level (plus Pounds spent, 34.3) succeeds."""
    roll = roll_d6(dice, "leadership")
    target = game.leadership + extra
    passed = roll <= target
    game.state.note("check", f"{why}: rolls {roll} against {target}: {'success' if passed else 'failure'}")
    return passed


def leaders_in_box(game: Game) -> list[Unit]:
    return [u for u in in_box(game, RECRUIT_BOX) if game.rules.is_leader(u.counter)]


def recruit_leader(game: Game, pounds: int, dice: DiceSource) -> None:
    """34.3: Lawrence's force makes a Leadership check, raised by the Pounds spent, to gain a leader."""
    require_segment(game, "recruit-scout", "34.3")
    units = require_force(game, "34.3")
    operation, mission = game.mission.operation, game.mission
    hero = next((u for u in units if u.counter.id == game.rules.hero), None)
    if hero is None or hero.space is None:
        raise IllegalAction("34.3", "Lawrence must be part of the operating force")
    if operation.scouted or operation.rallied:
        raise IllegalAction("11.0", "the force has scouted or rallied: it may not also recruit")
    if mission.leader_attempts < 1:
        raise IllegalAction("34.3", "no leader recruiting attempt is left this mission")
    if not leaders_in_box(game):
        raise IllegalAction("34.3", "no leader waits in the Recruit Box")
    top = game.rules.level_range[1]
    if pounds < 0 or pounds > game.pounds or game.leadership + pounds > max(top, game.leadership):
        raise IllegalAction(
            "34.3",
            f"spend 0 to {max(0, min(game.pounds, top - game.leadership))} Pounds (the value rises to {top})",
        )
    change_track(game, game.rules.points_track, -pounds, "spent on a leader recruiting attempt")
    mission.leader_attempts -= 1
    operation.recruited = True
    if leadership_check(game, dice, "leader recruitment", pounds):
        leader = pick(dice, "draw leader", leaders_in_box(game))
        place(game, leader, hero.space)
        operation.force.append(leader.uid)
        game.state.note("leader", f"{leader.uid} joins Lawrence in {game.space_name(hero.space)}")


def leader_gain(game: Game, space: str, dice: DiceSource) -> None:
    """20.2: after a battle won, the Gaining Leaders table may bring a leader to the force."""
    roll = roll_d6(dice, "leader gain")
    results = game.rules.roll_results(LEADER_GAIN, roll)
    available = leaders_in_box(game)
    if "leader" not in results or not available:
        game.state.note("leader", f"gaining leaders: roll {roll}, no leader joins")
        return
    leader = pick(dice, "draw leader", available)
    place(game, leader, space)
    game.mission.operation.force.append(leader.uid)
    game.state.note("leader", f"gaining leaders: roll {roll}, {leader.uid} joins the force")


def escape(game: Game, leader: Unit, report: BattleReport, dice: DiceSource, decider: Decider) -> None:
    """33.0: a fallen leader rolls to escape; his gear is lost whatever the roll."""
    for gear in gear_of(game, leader):
        to_box(game, gear, LOST)
    roll = roll_d6(dice, "leader escape")
    results = game.rules.roll_results(LEADER_ESCAPE, roll)
    options: list[str] = []
    if "escape:force" in results:
        options = _near_forces(game, report)
    if not options and ("escape:port" in results or "escape:force" in results):
        options = nearest_ports(game, report.space)
    if not options:
        to_box(game, leader, LOST)
        game.state.note("leader", f"{leader.uid} rolls {roll} on the Leader Escape Table and is lost")
        if leader.counter.id == game.rules.hero:
            game.state.note("leader", "Lawrence is lost: the mission is lost (34.0)")
            objectives.lose_mission(game)
        return
    space = options[0] if len(options) == 1 else decider.escape(leader, options)
    if space not in options:
        raise IllegalAction("33.0", f"{leader.uid} may escape to {', '.join(options)}, not {space}")
    place(game, leader, space)
    report.escapes[leader.uid] = space
    if leader.uid in game.mission.operation.force:
        game.mission.operation.force.remove(leader.uid)  # he is no longer with the operating force
    game.state.note("leader", f"{leader.uid} rolls {roll} and escapes to {game.space_name(space)}")


def _near_forces(game: Game, report: BattleReport) -> list[str]:
    fallen = set(report.raider_losses)
    spaces = (report.space, *game.board.neighbours[report.space])
    return [s for s in spaces if any(u.uid not in fallen for u in raiders_at(game, s))]


def nearest_ports(game: Game, start: str) -> list[str]:
    """The Arabian ports with no Garrison marker closest to ``start`` (ties all count)."""
    ports = [p for p in game.rules.spaces_of_kind(ARABIAN_PORT) if objectives.garrison_in(game, p) is None]
    distances = {p: game.board.definition.distance(start, p) for p in ports}
    known = {p: d for p, d in distances.items() if d is not None}
    if not known:
        return []
    best = min(known.values())
    return sorted(p for p, d in known.items() if d == best)


# --- the appeal to the High Command (34.4) --------------------------------------------------------


def may_appeal(game: Game) -> bool:
    hero = game.hero
    return (
        not game.mission.appeal_made
        and hero.space is not None
        and game.rules.is_kind(hero.space, HIGH_COMMAND)
        and not game.mission.operation.force
    )


def appeal_cards(game: Game) -> list[str]:
    """Kept cards that give two results at an appeal (Allenby)."""
    found = []
    for card_id in game.mission.hand:
        card = game.rules.operation_card(card_id)
        if card is not None and any(e.get("how") == "appeal-two-results" for e in card.effects):
            found.append(card_id)
    return found


def appeal(game: Game, results: Sequence[str], dice: DiceSource, decider: Decider) -> None:
    """34.4: once a mission, not an Op: a Leadership check, then one result (two different with Allenby)."""
    require_segment(game, "recruit-scout", "34.4")
    if not may_appeal(game):
        raise IllegalAction(
            "34.4", "Lawrence appeals from Cairo, once a mission, before an operation's force is chosen"
        )
    table = game.rules.appeal_results()
    unknown = [r for r in results if r not in table]
    if unknown or not results:
        raise IllegalAction("34.4", f"the High Command table's results are {', '.join(table)}")
    allenby = appeal_cards(game)
    if len(results) > 1 and (len(results) > 2 or results[0] == results[1] or not allenby):
        raise IllegalAction("34.4", "one result, or two different ones with the Allenby card")
    if len(results) == 2:
        game.mission.hand.remove(allenby[0])
        game.mission.discard.append(allenby[0])
    game.mission.appeal_made = True
    if not leadership_check(game, dice, "appeal to the High Command"):
        return
    for result in results:
        _appeal_result(game, result, table[result], dice, decider)


def _appeal_result(game: Game, name: str, codes: Sequence[str], dice: DiceSource, decider: Decider) -> None:
    free: list[Unit] = []
    for code in codes:
        word, _, argument = code.partition(":")
        if word == "pounds":
            amount = roll_d6(dice, "funding") if argument == "die" else int(argument)
            change_track(game, game.rules.points_track, amount, f"{name} ({APPEAL})")
        elif word == "free":
            stock = [u for u in in_box(game, RECRUIT_BOX) if u.counter.unit_class == argument]
            if stock:
                free.append(stock[0])
        elif word == "reveal":
            objectives.reveal_chosen(game, int(argument), decider)
        elif word == "place":
            _place_free(game, free, _appeal_places(game, argument), decider)


def _appeal_places(game: Game, where: str) -> list[str]:
    ports = [p for p in game.rules.spaces_of_kind(ARABIAN_PORT) if objectives.garrison_in(game, p) is None]
    if where.endswith("with-unit"):
        return [p for p in game.rules.spaces_of_kind(ARABIAN_PORT) if raiders_at(game, p)]
    return ports


def _place_free(game: Game, free: list[Unit], options: list[str], decider: Decider) -> None:
    """34.4: the appeal's free units go to the port chosen; its gear to units there that can carry it."""
    if not free or not options:
        game.state.note("appeal", "nothing is left to send, or no port to send it to: no effect (9.2)")
        return
    space = options[0] if len(options) == 1 else decider.port(options)
    if space not in options:
        raise IllegalAction("34.4", f"the units go to {', '.join(options)}, not {space}")
    units = [u for u in free if not game.rules.is_gear(u.counter)]
    for unit in units:
        place(game, unit, space)
    for gear in (u for u in free if game.rules.is_gear(u.counter)):
        carriers = [u for u in [*units, *raiders_at(game, space)] if free_capacity(game, u) > 0]
        place(game, gear, space)
        if carriers:
            carry(game, gear, carriers[0])
    game.state.note("appeal", f"{', '.join(u.uid for u in free)} arrive in {game.space_name(space)}")


def force_has_hero(game: Game) -> bool:
    return any(u.counter.id == game.rules.hero for u in force_units(game))
