"""The campaign game (25.0-25.3, 28.0, 32.0, 34.5, 35.1): missions played in order as one game.

When a campaign mission ends the game does not: it records the result,
moves Leadership one up or down (34.5), and waits for the player to begin the
next mission (a won mission's successor, or the failed one again, 28.0).
The next mission starts from its own set-up with what carries over: Leadership
and the Pounds left, the leaders who survived (25.0), the success the last
mission's card gives, no Garrison where one was destroyed and the space held
(32.0), rail spaces broken before (35.1), one more OEF unit in every card
battle per mission won (28.0). Two failures, or Lawrence's loss, lose it;
winning every mission wins it (25.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, EngineError, IllegalAction, Unit
from rules_engine.systems.raiders.pieces import change_track, in_box, place, raiders_at, set_track
from rules_engine.systems.raiders.rules import ARABIAN_PORT, RECRUIT_BOX

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

CAMPAIGN_WON = "Campaign won"
CAMPAIGN_LOST = "Campaign lost"


@dataclass
class CampaignRecord:
    """What the campaign carries from mission to mission."""

    order: tuple[str, ...]
    results: list[tuple[str, str]] = field(default_factory=list)
    won: int = 0
    lost: int = 0
    no_garrison: set[str] = field(default_factory=set)
    rr_breaks: set[str] = field(default_factory=set)
    next_scenario: str | None = None
    success: dict[str, int] = field(default_factory=dict)
    leaders: list[str] = field(default_factory=list)  # leaders who survived the last mission


def start_campaign(game: Game) -> None:
    """Play this mission as part of the campaign of game.json."""
    order = game.rules.campaign_order
    if not order:
        raise EngineError("this game has no campaign in game.json", field="campaign")
    game.campaign = CampaignRecord(tuple(order))


def mission_over(game: Game, result: str, won: bool, *, hero_lost: bool) -> None:
    """Record the mission, adjust Leadership, and end the campaign or wait for the next mission."""
    record = game.campaign
    assert record is not None
    mission_id = game.scenario.id
    record.results.append((mission_id, "won" if won else "lost"))
    record.won += won
    record.lost += not won
    change_track(game, game.rules.level_track, 1 if won else -1, "the campaign (34.5)")
    state = game.state
    record.no_garrison |= {s for s in game.mission.garrisons_destroyed if raiders_at(game, s)}
    record.rr_breaks |= game.mission.rr_breaks
    record.leaders = [u.uid for u in state.on_map() if game.rules.is_leader(u.counter)]
    record.success = dict(game.info.success) if won else {}
    state.note("campaign", f"mission {mission_id}: {result} ({record.won} won, {record.lost} lost)")
    if hero_lost or record.lost > game.rules.campaign_losses_allowed:
        game.finish(CAMPAIGN_LOST)
        return
    done = {m for m, r in record.results if r == "won"}
    left = [m for m in record.order if m not in done]
    if not left:
        game.finish(CAMPAIGN_WON)
        return
    record.next_scenario = left[0]
    game.between_missions = True
    state.note("campaign", f"the next mission is {record.next_scenario}")


def start_options(game: Game) -> list[str]:
    """34.5: Lawrence starts in the mission card's space or any Arabian port the next mission leaves free."""
    record = game.campaign
    assert record is not None and record.next_scenario is not None
    info = game.rules.missions[record.next_scenario]
    scenario = game.system.scenario(record.next_scenario)
    card_space = next(
        (game.board.resolve(p.at) for p in scenario.placements if p.unit == game.rules.hero), None
    )
    ports = [p for p in game.rules.spaces_of_kind(ARABIAN_PORT) if p not in info.garrison_places]
    options = [*([card_space] if card_space else []), *ports]
    return [game.space_name(s) for s in dict.fromkeys(options)]


def leader_options(game: Game) -> list[str]:
    """The leaders a won mission's success may bring (8.0 'Success'): any not kept from the last one."""
    record = game.campaign
    if record is None or not record.success.get("leaders"):
        return []
    return sorted(
        u.uid
        for u in game.state.units.values()
        if game.rules.is_leader(u.counter) and u.counter.id != game.rules.hero and u.uid not in record.leaders
    )


def next_mission(game: Game, start: str, leader: str | None, dice: DiceSource) -> None:
    """25.0: begin the next mission of the campaign with what carries over."""
    record = game.campaign
    if record is None or not game.between_missions or record.next_scenario is None:
        raise IllegalAction("25.0", "a new mission begins only between the missions of a campaign")
    if start not in start_options(game):
        raise IllegalAction("34.5", f"Lawrence starts in {', '.join(start_options(game))}, not {start}")
    choices = leader_options(game)
    if choices and leader not in choices:
        raise IllegalAction("8.0", f"the success brings one of {', '.join(choices)}")
    if not choices and leader is not None:
        raise IllegalAction("8.0", "the last mission's success brings no leader")
    pounds, leadership = game.pounds, game.leadership
    _new_mission(game, record.next_scenario)
    set_track(game, game.rules.level_track, leadership)
    set_track(game, game.rules.points_track, pounds + game.info.pounds + record.success.get("pounds", 0))
    space = game.board.resolve(start)
    assert space is not None
    place(game, game.hero, space)
    for name in [*record.leaders, *([leader] if leader else [])]:
        unit = game.state.units[name]
        if unit.counter.id != game.rules.hero:
            place(game, unit, space)
    _success_units(game, record, space)
    game.mission.set_up = False  # the new mission's random set-up follows, with these dice
    game.begin_phase(dice)


def _new_mission(game: Game, scenario_id: str) -> None:
    """A fresh set-up for the next mission, in the same game and event log."""
    fresh = type(game)(game.system, game.system.scenario(scenario_id), game.state.log)
    game.scenario, game.state, game.mission, game.info = (
        fresh.scenario,
        fresh.state,
        fresh.mission,
        fresh.info,
    )
    game.between_missions = False
    game.state.note("campaign", f"mission {scenario_id} begins")


def _success_units(game: Game, record: CampaignRecord, space: str) -> None:
    """8.0 'Success': units the last mission's card gives, placed with Lawrence."""
    for unit_class, count in record.success.items():
        if unit_class in ("leaders", "pounds"):
            continue
        stock: list[Unit] = [u for u in in_box(game, RECRUIT_BOX) if u.counter.unit_class == unit_class]
        for unit in stock[:count]:
            place(game, unit, space)
