"""Operations cards (11.3, 13.0, 13.1, 22.0): drawing, carrying out each card's effects, kept cards.

A card's event is the list of effects cards.json gives it: a Leadership
check with what follows success and failure, hostiles picked into the
force's space, Ops, Pounds or Leadership gained or lost (now, or when the
battle is won or lost), a free recruit, a Garrison revealed, Feisal's Camp
moved, discards shuffled back. A card marked "keep" goes to the player's hand
and is played later for one of its events (13.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules_engine.core import DiceSource, IllegalAction
from rules_engine.definitions import Card
from rules_engine.systems.raiders import leaders, movement, objectives
from rules_engine.systems.raiders.decisions import Decider
from rules_engine.systems.raiders.draws import pick, pick_many, roll_d6, shuffled
from rules_engine.systems.raiders.force import force_space, force_units, require_segment
from rules_engine.systems.raiders.pieces import (
    ARMORED_TRAIN_CLASS,
    change_track,
    in_box,
    place,
    to_box,
)
from rules_engine.systems.raiders.rules import HOLY_CITY, HOSTILES_BIN, RAIL_SPACE, RECRUIT_BOX, STAGING_AREA
from rules_engine.systems.raiders.setup import place_camp
from rules_engine.systems.raiders.state import SET_ASIDE

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game

Effect = Mapping[str, Any]


def card(game: Game, card_id: str) -> Card:
    found = game.rules.operation_card(card_id)
    if found is None:
        raise IllegalAction("13.0", f"there is no operations card '{card_id}'")
    return found


def title(game: Game, card_id: str) -> str:
    return card(game, card_id).title


# --- the deck (11.3, 13.1) ------------------------------------------------------------------


def gain_ops(game: Game, amount: int, dice: DiceSource, why: str) -> None:
    """11.3: each Op gained is a reserve card picked face down onto the bottom of the draw deck."""
    mission = game.mission
    for _ in range(amount):
        if not mission.reserve and mission.discard:
            mission.reserve, mission.discard = mission.discard, []
            game.state.note("ops", "the reserve deck is exhausted: the discards form a new reserve")
        if not mission.reserve:
            game.state.note("ops", f"no card is left to gain an Op ({why})")
            return
        chosen = pick(dice, "gain op", mission.reserve)
        mission.reserve.remove(chosen)
        mission.draw.append(chosen)
        game.state.note("ops", f"an Op is gained ({why}): {mission.ops} left")


def lose_ops(game: Game, amount: int, why: str) -> None:
    """11.3: each Op lost discards the top card; with none left the mission ends after this operation."""
    mission = game.mission
    for _ in range(amount):
        if not mission.draw:
            break
        mission.discard.append(mission.draw.pop(0))
        game.state.note("ops", f"an Op is lost ({why}): {mission.ops} left")
    if not mission.draw:
        mission.ends_after_operation = True


def change_ops(game: Game, amount: int, dice: DiceSource, why: str) -> None:
    if amount > 0:
        gain_ops(game, amount, dice, why)
    elif amount < 0:
        lose_ops(game, -amount, why)


def ignores_cards(game: Game, space: str | None) -> bool:
    """30.2: a move ending in a British Staging Area or Mecca draws a card whose event is ignored."""
    return space is not None and (
        game.rules.is_kind(space, STAGING_AREA) or game.rules.is_kind(space, HOLY_CITY)
    )


def draw_for_operation(game: Game) -> None:
    """13.0: the card segment draws the top card (unless 30.2 drew it already)."""
    operation = game.mission.operation
    if operation.card_done:
        return
    space = force_space(game)
    if space is None or not game.mission.draw:
        operation.card_done = True
        return
    operation.card = game.mission.draw.pop(0)
    game.state.note("card", f"operations card drawn: {title(game, operation.card)} ({game.ops} Ops left)")
    if ignores_cards(game, space):
        game.mission.discard.append(operation.card)
        operation.card_done = True
        game.state.note(
            "card", f"in {game.space_name(space)} the event is ignored and the card discarded (30.2)"
        )


def use_guides(game: Game, guides: str) -> None:
    """22.0: put the card drawn on the bottom of the deck and draw a substitute, once a segment."""
    operation = game.mission.operation
    mission = game.mission
    if operation.card is None or operation.card_done:
        raise IllegalAction("22.0", "guides act after a card is drawn and before it is carried out")
    if operation.guides_used:
        raise IllegalAction("22.0", "a force substitutes one card a segment")
    if not mission.draw:
        raise IllegalAction("22.0", "no other card is left in the deck to draw instead")
    mission.draw.append(operation.card)
    operation.card = mission.draw.pop(0)
    operation.guides_used = True
    mission.hand.remove(guides)
    mission.discard.append(guides)
    game.state.note(
        "card", f"the guides send the card to the bottom; {title(game, operation.card)} is drawn instead"
    )


# --- carrying out a card ----------------------------------------------------------------------


def resolve(game: Game, card_id: str, dice: DiceSource, decider: Decider) -> None:
    """13.0: carry out the card drawn this operation."""
    require_segment(game, "operations-card", "13.0")
    operation = game.mission.operation
    if operation.card is None or operation.card_done:
        raise IllegalAction("13.0", "no operations card waits to be carried out")
    if card_id != operation.card:
        raise IllegalAction("13.0", f"the card drawn is {operation.card}, not {card_id}")
    drawn = card(game, card_id)
    operation.card_done = True
    if drawn.keep:
        game.mission.hand.append(drawn.id)
        game.state.note("card", f"{drawn.title} is kept in hand (13.1)")
        return
    run_effects(game, drawn.effects, dice, decider)
    game.mission.discard.append(drawn.id)


def run_effects(game: Game, effects: Sequence[Effect], dice: DiceSource, decider: Decider) -> None:
    for effect in effects:
        when = effect.get("when", "always")
        if when in ("win", "lose", "draw"):
            game.mission.operation.pending.append(effect)
            continue
        if when == "with-lawrence" and not _hero_in_force(game):
            game.state.note("card", "Lawrence is not with the force: nothing happens")
            continue
        _run(game, effect, dice, decider)


def _hero_in_force(game: Game) -> bool:
    return any(u.counter.id == game.rules.hero for u in force_units(game))


def _run(game: Game, effect: Effect, dice: DiceSource, decider: Decider) -> None:
    do = effect["do"]
    if do == "check":
        passed = leaders.leadership_check(game, dice, "the card's Leadership check")
        run_effects(game, effect.get("then" if passed else "otherwise", ()), dice, decider)
    elif do == "combat":
        place_hostiles(game, _hostile_count(game, effect["hostiles"], dice), dice)
    elif do in ("ops", "points", "level"):
        apply_amount(game, effect, dice, "the card")
    elif do == "recruit":
        _free_recruit(game, str(effect.get("class", "")), dice)
    elif do == "reveal":
        objectives.reveal_chosen(game, int(effect.get("amount", 1)), decider)
    elif do == "move" and effect.get("unit"):
        _move_camp(game, dice)
    elif do == "reshuffle-discards":
        _reshuffle(game, int(effect.get("amount", 1)), dice)


def apply_amount(game: Game, effect: Effect, dice: DiceSource, why: str) -> None:
    """Ops, Pounds or Leadership changed by an effect (13.0, 34.1)."""
    amount = int(effect.get("amount", 0))
    if effect["do"] == "ops":
        change_ops(game, amount, dice, why)
    else:
        track = effect.get("track") or (
            game.rules.level_track if effect["do"] == "level" else game.rules.points_track
        )
        change_track(game, str(track), amount, why)


def _hostile_count(game: Game, hostiles: Any, dice: DiceSource) -> int:
    """15.1: a die unless the card says; 28.0: one more per mission won in a campaign."""
    if hostiles == "die":
        count = roll_d6(dice, "hostiles")
    elif hostiles in ("leadership", "alert"):
        count = game.leadership
    else:
        count = int(hostiles)
    won = game.campaign.won if game.campaign is not None else 0
    return count + won * game.rules.extra_hostiles_per_win


def place_hostiles(game: Game, count: int, dice: DiceSource) -> None:
    """13.0, 14.0, 29.0: hostiles picked into the force's space; a train off the railroad is set aside."""
    space = force_space(game)
    if space is None or count <= 0:
        return
    drawn = pick_many(dice, "draw hostiles", in_box(game, HOSTILES_BIN), count)
    for unit in drawn:
        if unit.counter.unit_class == ARMORED_TRAIN_CLASS and not game.rules.is_kind(space, RAIL_SPACE):
            to_box(game, unit, SET_ASIDE)
            game.state.note("hostiles", f"{unit.uid} is picked off the railroad and set aside (29.0)")
            continue
        place(game, unit, space)
    names = ", ".join(u.uid for u in drawn) or "none (the bin is empty)"
    game.state.note("hostiles", f"{count} hostile unit(s) picked into {game.space_name(space)}: {names}")


def _free_recruit(game: Game, unit_class: str, dice: DiceSource) -> None:
    """9.2: a free unit joins the force, picked at random; none left, nothing happens."""
    space = force_space(game)
    stock = [u for u in in_box(game, RECRUIT_BOX) if u.counter.unit_class == unit_class]
    if space is None or not stock:
        game.state.note("recruit", f"no {unit_class} is left to join: no effect (9.2)")
        return
    unit = pick(dice, "draw recruit", stock)
    place(game, unit, space)
    game.state.set_damaged(unit, False)
    game.mission.operation.force.append(unit.uid)
    game.state.note("recruit", f"a {unit.counter.name} joins the force free")


def _move_camp(game: Game, dice: DiceSource) -> None:
    place_camp(game, dice)


def _reshuffle(game: Game, amount: int, dice: DiceSource) -> None:
    """13.1: cards picked from the discards are shuffled into the draw deck."""
    mission = game.mission
    back = pick_many(dice, "pick discards", mission.discard, amount)
    for card_id in back:
        mission.discard.remove(card_id)
    mission.draw = shuffled(dice, "shuffle deck", [*mission.draw, *back])
    game.state.note("ops", f"{len(back)} discard(s) shuffled into the deck: {mission.ops} Ops left")


def settle_pending(game: Game, outcome: str, dice: DiceSource) -> int:
    """16.0: the card's win or lose effects once the battle is decided; returns the Ops it changes."""
    operation = game.mission.operation
    ops = 0
    for effect in operation.pending:
        if effect.get("when") != outcome:
            continue
        if effect["do"] == "ops":
            ops += int(effect.get("amount", 0))
        else:
            apply_amount(game, effect, dice, f"the battle is a {outcome}")
    operation.pending = []
    return ops


# --- kept cards (13.1) ---------------------------------------------------------------------------


def kept_uses(game: Game, card_id: str) -> list[str]:
    """The events a kept card may be played for: 'ops', 'water', 'airfield', 'psywar'."""
    uses: list[str] = []
    for effect in card(game, card_id).effects:
        if effect["do"] == "ops":
            uses.append("ops")
        elif effect.get("how") in ("water", "airfield", "psywar"):
            uses.append(str(effect["how"]))
    return uses


def play_kept(game: Game, card_id: str, use: str, to: str | None, dice: DiceSource) -> None:
    """13.1: play a kept card for one of its events, then discard it."""
    mission = game.mission
    if card_id not in mission.hand:
        raise IllegalAction("13.1", f"{card_id} is not a card in hand")
    if use not in kept_uses(game, card_id):
        raise IllegalAction("13.1", f"{card_id} has no '{use}' event")
    if game.in_set_up or game.over or game.between_missions:
        raise IllegalAction("13.1", "kept cards are played during the mission's operations")
    if use == "psywar":
        require_segment(game, "operations-card", "22.0")
        use_guides(game, card_id)
        return
    if use in ("water", "airfield"):
        if to is None:
            raise IllegalAction("18.0", "a water or airfield move needs its destination")
        movement.special_move(game, use, to, "18.2" if use == "water" else "18.1")
    else:
        change_ops(game, 1, dice, f"{card(game, card_id).title} played")
    mission.hand.remove(card_id)
    mission.discard.append(card_id)
