"""The campaign game (3.4): carry a finished scenario's position into the next one.

Between two linked scenarios the steps of the link replace the next
scenario's set-up: out-of-supply markers go, each side spends recovery points,
named units enter or leave, and the Israeli player may swap two units. The
numbers (recovery points, distinct Arab actions, the units that enter) come
from the campaign data in game.json; what each kind of recovery action may do
is the rulebook's and is coded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules_engine.core import EngineError, IllegalAction, ScriptedDice, Unit, UnitStatus
from rules_engine.definitions import CampaignLink
from rules_engine.systems.israel1948.game import Game
from rules_engine.systems.israel1948.stacking import stacking_problem

ISRAELI_ACTIONS = ("kibbutz", "recover", "flip")
ARAB_ACTIONS = ("flip-egypt", "flip-jordan", "flip-syria", "return-fazaa", "return-irregular")
FLIP_NATION = {"flip-egypt": "egypt", "flip-jordan": "jordan", "flip-syria": "syria"}
IRREGULARS = ("AOS", "ALA", "FUTUWA")


class LinkRules(NamedTuple):
    """What differs between the two links (3.4)."""

    arab_actions: tuple[str, ...]
    not_recovered: tuple[str, ...]  # counters the Israeli player may not recover
    removed_by_choice: str | None  # a nation the Arab player removes one unit of
    removed: tuple[str, ...]  # counters that leave play


LINK_RULES = {
    ("onslaught", "ten-days"): LinkRules(ARAB_ACTIONS, (), "jordan", ()),
    ("ten-days", "end-game"): LinkRules(
        ("flip-egypt", "return-fazaa", "return-irregular"), ("irgun",), None, ("irgun",)
    ),
}


class Recovery(NamedTuple):
    """One recovery point spent: the action, the unit, and where it is placed (if it is)."""

    action: str
    unit: str
    at: str | None = None


class LinkChoices(NamedTuple):
    israeli: Sequence[Recovery] = ()
    arab: Sequence[Recovery] = ()
    entering: tuple[tuple[str, str], ...] = ()  # (unit, hex) for the units the link brings in
    removed_jordanian: str | None = None
    swap: tuple[str, str] | None = None


def link_to_next_scenario(game: Game, to_scenario: str, choices: LinkChoices) -> Game:
    """The next scenario's game, starting at its turn 1 from ``game``'s final position."""
    link = _link(game, to_scenario)
    rules = LINK_RULES.get((link.from_scenario, link.to_scenario))
    if rules is None:
        raise EngineError(f"no campaign rules for {link.from_scenario} -> {link.to_scenario}")
    new = game.system.blank_game(to_scenario, log=game.state.log.enabled)
    _carry_over(game, new)
    new.state.note("campaign", f"campaign: {link.from_scenario} continues as {to_scenario}")
    for step in link.steps:
        if step.recovery_points is not None and step.side == "israeli":
            _israeli_recovery(new, choices.israeli, step.recovery_points, rules)
        elif step.recovery_points is not None and step.side == "arab":
            _arab_recovery(new, choices.arab, step.recovery_points, step.distinct_actions, rules)
        for counter_id in step.units:
            if counter_id in rules.removed:
                _remove(new, counter_id)
            else:
                _enter(new, counter_id, dict(choices.entering))
    if rules.removed_by_choice is not None:
        _remove_chosen(new, choices.removed_jordanian, rules.removed_by_choice)
    if choices.swap is not None:
        _swap(new, *choices.swap)
    new.begin_phase(ScriptedDice({}))
    return new


def _link(game: Game, to_scenario: str) -> CampaignLink:
    campaign = game.rules.game.campaign
    if campaign is None:
        raise EngineError("this game has no campaign")
    for link in campaign.links:
        if link.from_scenario == game.scenario.id and link.to_scenario == to_scenario:
            return link
    raise EngineError(f"the campaign does not link {game.scenario.id} to {to_scenario}")


def _carry_over(old: Game, new: Game) -> None:
    """Positions, faces, losses and control carry over; out-of-supply markers do not (step 1)."""
    for uid, unit in old.state.units.items():
        target = new.state.units[uid]  # two scenarios of one game have the same units
        if unit.space is not None:  # on the map
            new.state.place(target, unit.space)
            new.state.set_damaged(target, unit.damaged)
        else:
            target.status = (
                UnitStatus.ELIMINATED if unit.status is UnitStatus.ELIMINATED else UnitStatus.REMOVED
            )
            target.turn_to(unit.face_index)
    new.state.control.update(old.state.control)


def _israeli_recovery(game: Game, spent: Sequence[Recovery], points: int, rules: LinkRules) -> None:
    if len(spent) > points:
        raise IllegalAction("3.4", f"the Israeli player has {points} recovery points, not {len(spent)}")
    for choice in spent:
        unit = game.unit(choice.unit)
        if unit.side != "israeli" or choice.action not in ISRAELI_ACTIONS:
            raise IllegalAction("3.4", f"'{choice.action}' with {unit.uid} is not an Israeli recovery action")
        if choice.action == "flip":
            _flip(game, unit)
        elif choice.action == "kibbutz":
            if unit.counter.name != "KIBBUTZ" or unit.status is not UnitStatus.ELIMINATED:
                raise IllegalAction("3.4", f"{unit.uid} is not an eliminated KIBBUTZ")
            _return(game, unit, choice.at, _near_israeli_unit_or_place(game), damaged=False)
        else:
            if unit.counter.id in rules.not_recovered:
                raise IllegalAction("3.4", f"{unit.uid} cannot be recovered in this link")
            if unit.status is not UnitStatus.ELIMINATED:
                raise IllegalAction("3.4", f"{unit.uid} is not eliminated")
            _return(game, unit, choice.at, _near_controlled_source(game), damaged=True)


def _arab_recovery(
    game: Game, spent: Sequence[Recovery], points: int, distinct: bool, rules: LinkRules
) -> None:
    if len(spent) > points:
        raise IllegalAction("3.4", f"the Arab player has {points} recovery points, not {len(spent)}")
    actions = [choice.action for choice in spent]
    if distinct and len(set(actions)) != len(actions):
        raise IllegalAction("3.4", "the Arab recovery points must be spent on different actions")
    for choice in spent:
        unit = game.unit(choice.unit)
        if choice.action not in rules.arab_actions or unit.side != "arab":
            raise IllegalAction("3.4", f"'{choice.action}' is not an Arab recovery action in this link")
        if choice.action in FLIP_NATION:
            if unit.nation != FLIP_NATION[choice.action]:
                raise IllegalAction("3.4", f"{unit.uid} is not a unit of {FLIP_NATION[choice.action]}")
            _flip(game, unit)
            continue
        wanted = ("FAZA'A",) if choice.action == "return-fazaa" else IRREGULARS
        if unit.counter.name not in wanted or unit.status is not UnitStatus.ELIMINATED:
            raise IllegalAction("3.4", f"{unit.uid} is not an eliminated {' or '.join(wanted)}")
        with_arabs = {u.space for u in game.state.units_of("arab") if u.space is not None}
        _return(game, unit, choice.at, with_arabs, damaged=choice.action == "return-irregular")


def _flip(game: Game, unit: Unit) -> None:
    if not unit.on_map or not unit.damaged:
        raise IllegalAction("3.4", f"{unit.uid} is not a damaged unit on the map")
    game.state.set_damaged(unit, False)
    game.state.note("campaign", f"{unit.uid} is restored to full strength")


def _return(game: Game, unit: Unit, at: str | None, allowed: set[str], damaged: bool) -> None:
    space = game.rules.board.resolve(at) if at else None
    if space is None or space not in allowed:
        raise IllegalAction("3.4", f"{unit.uid} cannot be placed in {at}")
    problem = stacking_problem(game.rules, game.state, space, [unit])
    if problem is not None:
        raise IllegalAction("1.3", f"{unit.uid} cannot be placed in {at}: {problem}")
    game.put(unit, space)
    game.state.set_damaged(unit, damaged)
    game.state.note("campaign", f"{unit.uid} returns in {game.rules.board.name(space)}")


def _near(game: Game, spaces: set[str]) -> set[str]:
    board = game.rules.board
    return spaces | {n for s in spaces for n in board.neighbours[s]}


def _israeli_places(game: Game) -> set[str]:
    return {
        s
        for s, side in game.state.control.items()
        if side == "israeli" and game.system.is_controlled_place(s)
    }


def _near_israeli_unit_or_place(game: Game) -> set[str]:
    units = {u.space for u in game.state.units_of("israeli") if u.space is not None}
    return _near(game, units | _israeli_places(game))


def _near_controlled_source(game: Game) -> set[str]:
    sources = {
        at
        for at, _ in game.rules.sources.get("israeli", ())
        if game.state.control.get(at, "israeli") == "israeli"
    }
    return _near(game, sources)


def _enter(game: Game, counter_id: str, entering: dict[str, str]) -> None:
    """A unit the link brings in, at full strength, where its step says (3.4)."""
    unit = game.next_unused(counter_id)
    at = entering.get(unit.uid) or entering.get(counter_id)
    _return(game, unit, at, _entry_places(game, unit), damaged=False)


def _entry_places(game: Game, unit: Unit) -> set[str]:
    board = game.rules.board
    name = unit.counter.id
    if name in ("syria-tank", "iraq-4"):
        return {at for at, nation in game.rules.sources.get("arab", ()) if nation == unit.nation}
    if name == "negev-2":
        return _near(game, {u.space for u in game.state.units_of("israeli") if u.space is not None})
    if name == "minorities":
        haifa = board.resolve("Haifa")
        return _near(game, {haifa} if haifa else set())
    return _near(game, _israeli_places(game))


def _remove(game: Game, counter_id: str) -> None:
    for unit in game.state.units.values():
        if unit.counter.id == counter_id and unit.on_map:
            game.state.take_off(unit, UnitStatus.REMOVED)
            game.state.note("campaign", f"{unit.uid} leaves play")


def _remove_chosen(game: Game, reference: str | None, nation: str) -> None:
    if reference is None:
        raise IllegalAction("3.4", f"the Arab player must remove one unit of {nation}")
    unit = game.unit(reference)
    if unit.nation != nation or not unit.on_map:
        raise IllegalAction("3.4", f"{unit.uid} is not a unit of {nation} on the map")
    game.state.take_off(unit, UnitStatus.REMOVED)
    game.state.note("campaign", f"{unit.uid} leaves play")


def _swap(game: Game, first: str, second: str) -> None:
    """Step 8. Both hexes hold Israeli units, so both are under Israeli control already (1.2)."""
    a, b = game.unit(first), game.unit(second)
    space_a, space_b = a.space, b.space  # a unit off the map has no hex
    if a.side != "israeli" or b.side != "israeli" or space_a is None or space_b is None:
        raise IllegalAction("3.4", "only two Israeli units on the map may swap places")
    game.state.place(a, space_b)
    game.state.place(b, space_a)
