"""The situation of a Raiders mission in a few lines, for a player at a terminal.

Ops left, Pounds, Leadership, the cards in hand and the card drawn, the
operating force, every space with Arab Revolt units (and the gear each
carries), the Garrisons (face down or their value once revealed), hostiles
on the map, RR breaks, and the last battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import Unit
from rules_engine.systems.raiders import cards
from rules_engine.systems.raiders.force import force_units
from rules_engine.systems.raiders.objectives import breaks, objective_met
from rules_engine.systems.raiders.pieces import combat_value, gear_of, hostiles_at, is_raider, loose_gear_at

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def situation(game: Game) -> list[str]:
    mission = game.mission
    when = (
        "set-up: buy the starting force"
        if game.in_set_up
        else f"operation {game.state.turn}, {game.phase.name}"
    )
    if game.between_missions:
        when = "between missions of the campaign"
    lines = [f"Mission: {game.info.card.title} ({game.scenario.id}); {when}"]
    appeal = " (appeal made)" if mission.appeal_made else ""
    lines.append(f"Ops left {game.ops} | Pounds {game.pounds} | Leadership {game.leadership}{appeal}")
    hand = ", ".join(cards.title(game, c) for c in mission.hand) or "none"
    lines.append(f"Cards in hand: {hand}")
    drawn = mission.operation.card
    if drawn is not None and not mission.operation.card_done:
        card = cards.card(game, drawn)
        lines.append(f"Card drawn: {card.title}: {' '.join(s.text for s in card.sections)}")
    lines.append(f"Objective: {_objective(game)} (met now: {'yes' if objective_met(game) else 'no'})")
    force = force_units(game)
    if force:
        lines.append(f"Operating force: {', '.join(u.uid for u in force)}")
    lines.append("Arab Revolt (combat-movement, 4.0; [the gear each carries]):")
    lines += [f"  {line}" for line in _raider_spaces(game)]
    shown = _garrisons(game)
    key = (
        " (a revealed value: the hostiles it adds and the Pounds it pays, 32.2)"
        if any(not g.endswith("face down") for g in shown)
        else ""
    )
    lines.append(f"Garrisons{key}: " + (", ".join(shown) or "none on the map"))
    hostile = [
        f"{game.space_name(s)}: {', '.join(_hostile(game, u) for u in hostiles_at(game, s))}"
        for s in _spaces(game)
    ]
    hostile = [h for h in hostile if not h.endswith(": ")]
    if hostile:
        lines.append("Hostiles (combat value; + elite, +1 to the tactical edge, 4.0): " + "; ".join(hostile))
    if breaks(game):
        lines.append("RR breaks: " + ", ".join(game.space_name(s) for s in sorted(breaks(game))))
    if game.campaign is not None:
        record = game.campaign
        lines.append(f"Campaign: {record.won} won, {record.lost} lost")
    return lines


def _objective(game: Game) -> str:
    victory = game.scenario.victory
    side = game.rules.player_side
    texts = [c.summary for c in victory.conditions if c.side == side] if victory else []
    return " ".join(texts) or "none"


def _spaces(game: Game) -> list[str]:
    return sorted({u.space for u in game.state.on_map() if u.space is not None})


def _raider_spaces(game: Game) -> list[str]:
    found = []
    for space in _spaces(game):
        units = [u for u in game.state.units_at(space) if is_raider(game, u)]
        loose = loose_gear_at(game, space)
        if units or loose:
            shown = [_raider(game, u) for u in units] + [
                f"{g.uid} (set down)" for g in loose if not g.damaged
            ]
            found.append(f"{game.space_name(space)}: {', '.join(shown)}")
    return found


def _raider(game: Game, unit: Unit) -> str:
    gear = gear_of(game, unit)
    carried = f" [{', '.join(g.uid for g in gear)}]" if gear else ""
    return f"{unit.uid} ({combat_value(game, unit)}-{unit.counter.front.movement or 0}){carried}"


def _hostile(game: Game, unit: Unit) -> str:
    return f"{unit.uid} ({int(unit.counter.front.strength or 0)}{'+' if unit.counter.front.elite else ''})"


def _garrisons(game: Game) -> list[str]:
    found = []
    for unit in game.state.on_map():
        if game.rules.is_garrison(unit.counter) and unit.space is not None:
            shown = "face down" if unit.damaged else str(unit.counter.front.value)
            found.append(f"{game.space_name(unit.space)} {shown}")
    return sorted(found)
