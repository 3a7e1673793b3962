"""The protocol's two methods for Jerusalem!: the legal actions of the moment, and taking one.

``legal_actions`` lists what a player may do now, in his words (display names,
and no name of a face-down counter the enemy cannot know, 12.1). Attacks are
listed for each enemy unit alone and each whole attackable group, with the
adjacent units and with or without the artillery that may join; any other
legal combination may be applied all the same. ``apply_action`` carries out
any action, legal or not, and refuses the illegal ones naming the rule.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import TYPE_CHECKING

from rules_engine.core import Action, ChoosePhaseFirst, DiceSource, EndPhase, EngineError, IllegalAction, Unit
from rules_engine.systems.jerusalem import (
    arrivals,
    artillery,
    bulldozers,
    combat,
    departures,
    leaders,
    terror,
    transport,
    travel,
)
from rules_engine.systems.jerusalem.actions import (
    AnnounceRoute,
    Attack,
    Bomb,
    Build,
    Enter,
    HaltConvoy,
    Leave,
    Load,
    Move,
    TerrorAttack,
    Unload,
)
from rules_engine.systems.jerusalem.movement import OVERLAND, ROAD, path_problem, reachable
from rules_engine.systems.jerusalem.strength import can_fire

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

ANNOUNCE = "announce"


def apply_action(game: Game, action: Action, dice: DiceSource) -> None:
    """Carry out one action; IllegalAction (naming the rule) when the rules refuse it.

    An action the player has just had accepted by the same test (``game.vetted``) is not
    tested again: nothing has happened since."""
    checked = action is game.vetted
    game.vetted = None
    if isinstance(action, EndPhase):
        game.end_phase(dice)
    elif isinstance(action, ChoosePhaseFirst):
        if game.phase.kind != ANNOUNCE:
            raise IllegalAction(
                "3.2", "the order of the two movement phases is announced as the player turn starts"
            )
        game.choose_phase_first(action.phase, "3.2")
    elif isinstance(action, Move):
        travel.move(game, game.units_named(action.units), action.path, dice, checked=checked)
    elif isinstance(action, Enter):
        arrivals.enter(game, game.units_named(action.units), action.path, dice, checked=checked)
    elif isinstance(action, Load):
        transport.load(game, game.unit(action.transport), game.units_named(action.units))
    elif isinstance(action, Unload):
        transport.unload(game, game.unit(action.transport), game.units_named(action.units))
    elif isinstance(action, Attack):
        targets = [*game.units_named(action.targets), *face_down_in(game, action.hexes)]
        attackers = game.units_named(action.attackers)
        combat.resolve_attack(game, attackers, targets, game.decider, dice, checked=checked)
    elif isinstance(action, AnnounceRoute):
        transport.announce_route(game, action.path)
    elif isinstance(action, HaltConvoy):
        halt_convoy(game)
    elif isinstance(action, Bomb):
        leaders.bomb(game, action.path, action.away, dice)
    elif isinstance(action, TerrorAttack):
        terror.terror_attack(game, game.units_named(action.units), action.path, dice)
    elif isinstance(action, Leave):
        departures.leave(game, game.units_named(action.units))
    elif isinstance(action, Build):
        bulldozers.build(game, game.units_named(action.units), action.path, dice)
    else:
        raise EngineError(f"the Jerusalem! system has no action '{action.kind}'")


def face_down_in(game: Game, spaces: Sequence[str]) -> list[Unit]:
    """12.1: the counters an attacker can only point at by their hex."""
    return [u for s in spaces for u in game.state.units_at(s) if u.uid in game.marks.face_down]


def halt_convoy(game: Game) -> None:
    problem = transport.convoy_pending_problem(game)
    if problem is None:
        raise IllegalAction("6.5", "the convoy has no run to halt in this phase")
    transport.convoy_failed(game)


# --- the legal actions ---------------------------------------------------------------------


def legal_actions(game: Game) -> list[Action]:
    if game.state.over:
        return []
    kind = game.phase.kind
    if kind == ANNOUNCE:
        return [*game.phase_order_choices(), EndPhase()]
    if kind not in (OVERLAND, ROAD):
        return [EndPhase()]
    found: list[Action] = [*convoy_actions(game), *entries(game), *moves(game), *leaves(game)]
    if kind == ROAD:
        found.extend(loads(game))
    found.extend(attacks(game))
    if kind == OVERLAND:
        found.extend(bombs(game))
        found.extend(terror_attacks(game))
        found.extend(builds(game))
    if game.end_phase_problem() is None:
        found.append(EndPhase())
    return found


def _names(game: Game, units: Sequence[Unit]) -> str:
    return ", ".join(game.label(u) for u in units)


def moves(game: Game) -> Iterator[Action]:
    for unit in sorted(game.state.units_of(game.active_side), key=lambda u: u.uid):
        if game.role(unit).convoy:
            continue
        for there, path in sorted(reachable(game, unit).items()):
            yield Move((unit.uid,), path, f"move {game.label(unit)} to {game.board.name(there)}")


def entries(game: Game, units: Sequence[Unit] | None = None) -> Iterator[Action]:
    """Reinforcements coming on (14.1), alone or with what a transport may carry; ``units``: only
    these of the reinforcements due (all of them by default)."""
    ready = arrivals.due(game)
    for unit in ready if units is None else units:
        if game.role(unit).convoy:
            continue
        for space in arrivals.entry_hexes(game, unit):
            group = [unit]
            if game.role(unit).transport and game.phase.kind == ROAD:
                group += [r for r in ready if r is not unit and game.role(r).carried_on_road][
                    : max(game.role(unit).capacity, 0)
                ]
            for chosen in ([unit], group) if len(group) > 1 else ([unit],):
                if arrivals.enter_problem(game, chosen, space) is None:
                    yield Enter(
                        tuple(u.uid for u in chosen),
                        (space,),
                        f"bring {_names(game, chosen)} on at {game.board.name(space)}",
                    )


def loads(game: Game, carriers: Collection[str] | None = None) -> Iterator[Action]:
    """Transports picking units up and dropping them off (8.7.2); ``carriers``: only these."""
    side = game.state.units_of(game.active_side)
    for carrier in sorted((u for u in side if game.role(u).transport), key=lambda u: u.uid):
        if carriers is not None and carrier.uid not in carriers:
            continue
        for rider in game.passengers(carrier):
            yield Unload(carrier.uid, (rider.uid,), f"{game.label(carrier)} drops off {game.label(rider)}")
        for rider in game.state.units_at(carrier.space or ""):
            if rider is not carrier and transport.load_problem(game, carrier, [rider]) is None:
                yield Load(carrier.uid, (rider.uid,), f"{game.label(carrier)} picks up {game.label(rider)}")


def convoy_actions(game: Game) -> Iterator[Action]:
    convoy = game.convoy_unit()
    if convoy is None or game.phase.kind != ROAD or convoy.side != game.active_side:
        return
    marks = game.marks
    if transport.convoy_pending_problem(game) is not None:
        yield HaltConvoy()
    if not marks.route and not marks.convoy_done:
        for route in convoy_routes(game, convoy):
            yield AnnounceRoute(
                route,
                f"announce the convoy's route to {game.board.name(route[-1])} by {game.board.name(route[1])}",
            )
        return
    if not marks.route or marks.convoy_done:
        return
    if not convoy.on_map:
        if arrivals.enter_problem(game, [convoy], marks.route[0]) is None:
            yield Enter(
                (convoy.uid,), (marks.route[0],), f"bring the convoy on at {game.board.name(marks.route[0])}"
            )
        return
    position = marks.route.index(convoy.space) if convoy.space in marks.route else -1
    ahead = marks.route[position + 1 :]
    for end in range(1, len(ahead) + 1):
        if transport.convoy_path_problem(game, convoy, ahead[:end]) is not None:
            break
        if path_problem(game, [convoy], ahead[:end], transport.escorts_here(game, convoy)) is not None:
            break
        yield Move((convoy.uid,), ahead[:end], f"move the convoy to {game.board.name(ahead[end - 1])}")


def convoy_routes(game: Game, convoy: Unit) -> list[tuple[str, ...]]:
    """The shortest road route from each place the convoy may start to each city hex it can reach."""
    if transport.announce_problem(game) is not None:
        return []
    starts = [convoy.space] if convoy.on_map and convoy.space else game.entry_hexes(convoy)
    routes = [r for start in starts for r in game.tables.city_routes(start)]
    return [r for r in routes if transport.route_problem(game, r) is None][:4]


def attacks(game: Game) -> Iterator[Action]:
    fronts = attack_fronts(game)
    for space in sorted(fronts):
        yield from attacks_on(game, space, *fronts[space])


def attack_fronts(game: Game) -> dict[str, tuple[list[Unit], list[Unit]]]:
    """Each enemy-held hex the active side may attack now: its units next to the hex that may
    attack (9.1), and its artillery that may fire at the hex (10.4)."""
    side = game.active_side
    held = {space for space, units in game.state.occupants.items() if units and units[0].side != side}
    attackers = [u for u in game.state.units_of(side) if can_fire(game, u, attacking=True)]
    guns = [u for u in attackers if artillery.gun_ready(game, u)]
    next_to: dict[str, list[Unit]] = {}
    for unit in attackers:
        if not game.role(unit).artillery:
            for space in game.board.neighbours[unit.space or ""]:
                if space in held:
                    next_to.setdefault(space, []).append(unit)
    in_range = held.intersection(
        set().union(*(game.tables.within(g.space or "", g.face.range or 0) for g in guns))
    )
    fronts: dict[str, tuple[list[Unit], list[Unit]]] = {}
    for space in held:
        near = next_to.get(space, [])
        shelling = artillery.guns_on(game, guns, space) if space in in_range else []
        if near or shelling:
            fronts[space] = (near, shelling)
    return fronts


def attacks_on(game: Game, space: str, near: Sequence[Unit], shelling: Sequence[Unit]) -> Iterator[Action]:
    """The attacks listed on the units in ``space`` (one of ``attack_fronts``)."""
    for targets, hexes in _target_sets(game, space, near or shelling):
        for group in _attacker_sets(near, shelling):
            units = [*targets, *face_down_in(game, hexes)]
            if combat.attack_problem(game, group, units) is None:
                yield Attack(
                    tuple(u.uid for u in group),
                    tuple(t.uid for t in targets),
                    hexes,
                    f"attack {_names(game, units)} in {game.board.name(space)} with {_names(game, group)}",
                )


def _target_sets(
    game: Game, space: str, attackers: Sequence[Unit]
) -> Iterator[tuple[list[Unit], tuple[str, ...]]]:
    here = game.state.units_at(space)
    shown = [u for u in here if u.uid not in game.marks.face_down]
    if not shown:
        yield [], (space,)
        return
    open_targets = [u for u in shown if combat.target_problem(game, u, attackers) is None]
    for unit in open_targets:
        yield [unit], ()
    if len(open_targets) > 1:
        yield open_targets, ()


def _attacker_sets(near: Sequence[Unit], guns: Sequence[Unit]) -> Iterator[list[Unit]]:
    if near:
        yield list(near)
        if guns:
            yield [*near, *guns]
    elif guns:
        yield list(guns)


def bombs(game: Game) -> Iterator[Action]:
    bomber = leaders.kutub(game)
    if bomber is None or not bomber.on_map or bomber.side != game.active_side:
        return
    for path, away in leaders.bomb_routes(game, bomber):
        if leaders.bomb_problem(game, bomber, path, away) is None:
            yield Bomb(
                path,
                away,
                f"El Kutub bombs {game.board.name(path[-1])} and slips away to {game.board.name(away[-1])}",
            )


def terror_attacks(game: Game) -> Iterator[Action]:
    groups: dict[str, list[Unit]] = {}
    for unit in game.state.units_of(game.active_side):
        if game.role(unit).terrorist and unit.space:
            groups.setdefault(unit.space, []).append(unit)
    for _, units in sorted(groups.items()):
        for path in terror.terror_paths(game, units):
            if terror.terror_problem(game, units, path) is None:
                yield TerrorAttack(
                    tuple(u.uid for u in units),
                    path,
                    f"{_names(game, units)} make a terrorist attack on {game.board.name(path[-1])}",
                )


def leaves(game: Game) -> Iterator[Action]:
    """14.6: each unit in a road hex at the map's edge leaving the map alone, and all that may
    leave from the hex together."""
    for space in departures.exits(game):
        units = [u for u in game.state.units_at(space) if u.side == game.active_side]
        able = [u for u in units if departures.leave_problem(game, [u]) is None]
        for group in [[u] for u in able] + ([able] if len(able) > 1 else []):
            if len(group) == 1 or departures.leave_problem(game, group) is None:
                yield Leave(
                    tuple(u.uid for u in group),
                    f"{_names(game, group)} {'leaves' if len(group) == 1 else 'leave'} the map by the road "
                    f"at {game.board.name(space)}",
                )


def builds(game: Game) -> Iterator[Action]:
    """15.2: straight new roads from each bulldozer's hex, by each bulldozer alone and by all the
    bulldozers of the hex together."""
    if game.active_side != game.jewish:
        return
    stacks: dict[str, list[Unit]] = {}
    for unit in game.state.units_of(game.active_side):
        if game.role(unit).bulldozer and unit.space is not None:
            stacks.setdefault(unit.space, []).append(unit)
    for space, dozers in sorted(stacks.items()):
        if not bulldozers.is_road_hex(game, space):
            continue
        for group in [[d] for d in dozers] + ([dozers] if len(dozers) > 1 else []):
            for path in bulldozers.straight_roads(game, group):
                yield Build(
                    tuple(u.uid for u in group),
                    path,
                    f"{_names(game, group)} build a road from {game.board.name(space)} to "
                    f"{game.board.name(path[-1])}",
                )
