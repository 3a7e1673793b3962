"""The legal actions of the moment, segment by segment: what a player (or a random one) may choose.

Each list holds every action the rules allow now: in the set-up the starting
force's purchases; in an operation the force to choose, then what its
segment allows. Ending a segment is offered only once nothing it must do is
left (a card to carry out, a battle to fight). Moves are listed one per space
the force can end in, by a shortest path; ``apply`` accepts any legal path.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from rules_engine.core import Action, EndPhase, Unit
from rules_engine.systems.raiders import campaign, cards, leaders, movement, objectives, operations
from rules_engine.systems.raiders.actions import (
    Abandon,
    Appeal,
    Demolish,
    EndMission,
    Fight,
    Fly,
    Move,
    NextMission,
    Operate,
    PlayCard,
    Rally,
    Recruit,
    RecruitLeader,
    ResolveCard,
    Sail,
    Scout,
    Supply,
    Transfer,
)
from rules_engine.systems.raiders.force import force_space, force_units
from rules_engine.systems.raiders.pieces import (
    AEROPLANE_CLASS,
    free_capacity,
    gear_of,
    hostiles_at,
    in_box,
    is_raider,
    loose_gear_at,
    raiders_at,
)
from rules_engine.systems.raiders.rules import RECRUIT_BOX
from rules_engine.systems.raiders.stacking import problem

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

# A force of more units than this is not offered as a choice (the rules allow it; the list would be huge).
MAX_LISTED_FORCE = 8


def legal_actions(game: Game) -> list[Action]:
    if game.between_missions:
        return _next_missions(game)
    if game.in_set_up:
        return [*_recruits(game, game.hero.space), EndPhase()]
    kind = game.phase.kind
    operation = game.mission.operation
    actions: list[Action] = _allenby(game)
    if kind == "recruit-scout" and not operation.force:
        return [*_forces(game), *_appeals(game), *actions, *_end_mission(game)]
    if kind == "recruit-scout":
        actions += _recruit_segment(game)
    elif kind == "movement":
        actions += _movement(game)
    elif kind == "operations-card" and operation.card is not None and not operation.card_done:
        return [ResolveCard(operation.card, cards.title(game, operation.card)), *_guides(game), *actions]
    elif kind in ("combat", "objective"):
        battle = _battle(game, kind)
        if battle:
            firepower = (
                []
                if operation.firepower
                else [Supply(g.uid, "firepower") for g in movement.supplies_of(game)]
            )
            return [*battle, *firepower]
        actions += (
            [Demolish(g.uid) for g in objectives.demolition_charges(game)] if kind == "objective" else []
        )
    actions += [Abandon(g.uid) for u in force_units(game) for g in gear_of(game, u)]
    return [*actions, EndPhase()]


def _name(game: Game, space: str) -> str:
    return game.space_name(space)


def _forces(game: Game) -> list[Action]:
    found: list[Action] = []
    spaces = sorted({u.space for u in game.state.on_map() if u.space and is_raider(game, u)})
    for space in spaces:
        units = [u for u in raiders_at(game, space) if u.counter.id != game.rules.camp]
        units = sorted(units, key=lambda u: u.uid)[:MAX_LISTED_FORCE]
        for size in range(1, len(units) + 1):
            for group in combinations(units, size):
                if problem(game, space, group) is None:
                    found.append(Operate(tuple(u.uid for u in group)))
    return found


def _recruits(game: Game, space: str | None) -> list[Action]:
    if space is None:
        return []
    carriers = raiders_at(game, space) if game.in_set_up else force_units(game)
    sells_gear = game.in_set_up or operations.sells_gear(game, space)
    takes_units = game.in_set_up or operations.takes_recruits(game, space)
    found: list[Action] = []
    stock = in_box(game, RECRUIT_BOX)
    for unit_class, cost in sorted(game.rules.costs.items()):
        item = next((u for u in stock if u.counter.unit_class == unit_class), None)
        if item is None or cost > game.pounds:
            continue
        label = f"{_class_name(game, unit_class)} ({cost} Pounds)"
        if not game.rules.is_gear(item.counter):
            if takes_units:
                found.append(Recruit(unit_class, None, label))
        elif sells_gear:
            found.extend(Recruit(unit_class, c.uid, label) for c in carriers if free_capacity(game, c) > 0)
    return found


def _class_name(game: Game, unit_class: str) -> str:
    found = game.rules.definition.game.unit_class(unit_class)
    return found.name if found is not None else unit_class


def _recruit_segment(game: Game) -> list[Action]:
    operation = game.mission.operation
    if operation.scouted or operation.rallied:
        return []
    found: list[Action] = []
    if not operation.recruited:
        found += [Scout(_name(game, s)) for s in operations.scout_targets(game) if _has_plane(game)]
        candidates = movement.rally_candidates(game)
        if candidates:
            found.append(Rally(tuple(u.uid for u in candidates)))
    found += [r for r in _recruits(game, force_space(game)) if _fits(game, r)]
    if leaders.force_has_hero(game) and game.mission.leader_attempts > 0 and leaders.leaders_in_box(game):
        top = game.rules.level_range[1]
        found += [RecruitLeader(p) for p in range(0, max(0, min(game.pounds, top - game.leadership)) + 1)]
    return found


def _has_plane(game: Game) -> bool:
    return any(g.counter.unit_class == AEROPLANE_CLASS for u in force_units(game) for g in gear_of(game, u))


def _fits(game: Game, action: Action) -> bool:
    """A recruited unit joins the force, which must stay within its limit (10.3)."""
    if not isinstance(action, Recruit) or action.carrier is not None:
        return True
    stock = [u for u in in_box(game, RECRUIT_BOX) if u.counter.unit_class == action.unit_class]
    return problem(game, force_space(game), [*force_units(game), stock[0]]) is None


def _movement(game: Game) -> list[Action]:
    units = force_units(game)
    start = force_space(game)
    if not units or start is None:
        return []
    if game.mission.operation.moved:
        return [Transfer(g.uid, None) for u in units for g in gear_of(game, u)]
    found: list[Action] = []
    forced = game.mission.operation.forced_march
    room = movement.StackingAfterMove(game, units, start)
    for end, path in sorted(movement.reachable(game, units, start, forced).items()):
        if room.refusal(end) is None:
            found.append(Move(tuple(_name(game, s) for s in path)))
    found += [
        Sail(_name(game, s)) for s in movement.sail_targets(game, units, start) if room.refusal(s) is None
    ]
    found += [
        Fly(_name(game, s)) for s in movement.fly_targets(game, units, start) if room.refusal(s) is None
    ]
    for card_id in game.mission.hand:
        for use in cards.kept_uses(game, card_id):
            if use in ("water", "airfield"):
                targets = movement.water_targets if use == "water" else movement.airfield_targets
                found += [
                    PlayCard(card_id, use, _name(game, s))
                    for s in targets(game, units, start)
                    if room.refusal(s) is None
                ]
    if not game.mission.operation.forced_march:
        found += [Supply(g.uid, "forced-march") for g in movement.supplies_of(game)]
    return found + _transfers(game, units, start)


def _transfers(game: Game, units: list[Unit], start: str) -> list[Action]:
    found: list[Action] = []
    for holder in units:
        for gear in gear_of(game, holder):
            found.append(Transfer(gear.uid, None))
            found += [
                Transfer(gear.uid, u.uid) for u in units if u is not holder and free_capacity(game, u) > 0
            ]
    for gear in loose_gear_at(game, start):
        if not gear.damaged:
            found += [Transfer(gear.uid, u.uid) for u in units if free_capacity(game, u) > 0]
    return found


def _guides(game: Game) -> list[Action]:
    if game.mission.operation.guides_used or not game.mission.draw:
        return []
    return [PlayCard(c, "psywar") for c in game.mission.hand if "psywar" in cards.kept_uses(game, c)]


def _allenby(game: Game) -> list[Action]:
    return [PlayCard(c, "ops") for c in game.mission.hand if "ops" in cards.kept_uses(game, c)]


def _battle(game: Game, kind: str) -> list[Action]:
    space = force_space(game)
    if space is None:
        return []
    if kind == "combat" and hostiles_at(game, space):
        return [Fight(_name(game, space))]
    if kind == "objective" and objectives.garrison_battle_due(game):
        return [Fight(_name(game, space))]
    return []


def _appeals(game: Game) -> list[Action]:
    if not leaders.may_appeal(game):
        return []
    names = list(game.rules.appeal_results())
    found: list[Action] = [Appeal((n,)) for n in names]
    if leaders.appeal_cards(game):
        found += [Appeal(pair) for pair in combinations(names, 2)]
    return found


def _end_mission(game: Game) -> list[Action]:
    return [EndMission()] if objectives.objective_met(game) else []


def _next_missions(game: Game) -> list[Action]:
    leaders_offered: list[str | None] = list(campaign.leader_options(game)) or [None]
    return [
        NextMission(start, leader) for start in campaign.start_options(game) for leader in leaders_offered
    ]
