"""The Raiders commands: an operations card, hostiles from the bin, a Garrison revealed.

Draw card takes the top operations card (the pile stays face down, 13.0), shows it in the
Cards in play window, writes its event in the chat and makes the rolls its effects call
for (cards.json ``effects``, the same vocabulary the engine reads: a Leadership check is a
die at or under the Leadership level, 34.2; a battle's hostiles are a die, a number or the
Leadership level, 15.1); the hostiles a card or a Garrison calls for wait in ``HostilesDue``.
Draw hostiles takes that many from the face-down bin, at random, into the space of the
selected unit (14.0); Reveal garrison turns the selected Garrison face up (32.0) and draws
its number of hostiles into its space (32.2). A hostile eliminated goes back into the bin.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.render.art import BoardArt
from compiler.vassal.automation import keys
from compiler.vassal.automation.components import ActionButton, GlobalProperty, KeyCommand, PropertyCommand
from compiler.vassal.automation.expressions import braces, choose, matching, text
from compiler.vassal.automation.plan import Automation, ExtraMap, HelpRow
from compiler.vassal.automation.traits import (
    Change,
    dynamic,
    global_hotkey,
    report,
    return_to_deck,
    send_to_point,
    send_to_region,
    set_global,
    trigger,
)
from compiler.vassal.pieces import Trait, key
from rules_engine.definitions import Card, Counter, Deck, ValidGame

CARDS_MAP = "Cards in play"
# a count in a report looks on the reporting piece's map only unless told which (ReportState)
MAIN_MAP = "Main Map"
DRAW_CARD = keys.named("DrawCard")
DRAW_CARD_TOP = keys.named("DrawCardTop")
SET_DRAW_TO = keys.named("SetDrawTo")
TELL_DRAW_TO = keys.named("TellDrawTo")
DRAW_ONE = keys.named("DrawOne")
DRAW_HOSTILE = keys.named("DrawHostile")
HOSTILES_DONE = keys.named("HostilesDone")
DRAW_LOOP = keys.named("DrawHostilesLoop")
REVEAL = keys.named("Reveal")
REVEAL_SELECTED = keys.named("RevealSelected")
CARD_FLIP = key("F")  # the Mask of a card (decks.py)
GARRISON_UNMASK = key("H")  # the Mask of a face-down counter (catalogue.py)


def raiders_play(definition: ValidGame, art: BoardArt, card_size: tuple[int, int]) -> Automation:
    """Everything the Raiders commands add to a Raiders game's module."""
    plan = Automation()
    bin_box = next((b for b in definition.board.boxes if b.kind == "bin"), None)
    operations = next((d for d in definition.decks if d.kind == "operations"), None)
    if bin_box is None or operations is None:
        return plan
    leadership = _leadership_level(definition, art)
    plan.globals += [
        GlobalProperty(
            "HostilesDue", "0", numeric=True, description="hostiles a card or a Garrison calls for"
        ),
        GlobalProperty("DrawTo", "", description="where the hostiles drawn go"),
    ]
    plan.property_commands.append(PropertyCommand("HostilesDue", HOSTILES_DONE, "0"))
    plan.buttons += _buttons()
    plan.key_commands += [
        KeyCommand(DRAW_CARD_TOP, DRAW_CARD, braces(f"DeckName=={text(operations.name)}"), deck_count=1),
        KeyCommand(TELL_DRAW_TO, SET_DRAW_TO, braces('Selected==true && Wgc=="unit"')),
        KeyCommand(DRAW_ONE, DRAW_HOSTILE, braces(f"DeckName=={text(bin_box.name)}"), deck_count=1),
        KeyCommand(REVEAL_SELECTED, REVEAL, braces("Selected==true && Garrison==true")),
    ]
    width, height = card_size
    plan.extra_maps.append(ExtraMap(CARDS_MAP, width * 3 + 40, height + 40, "Cards"))
    plan.card_traits.append(
        lambda deck, card: _card(deck, card, leadership, (width // 2 + 20, height // 2 + 20))
    )
    plan.counter_traits.append(lambda counter: _counter(definition, counter, bin_box.name))
    plan.counter_values.append(
        lambda counter: {"Garrison": "true" if _is_garrison(definition, counter) else "false"}
    )
    plan.help += _help()
    return plan


def _buttons() -> list[ActionButton]:
    return [
        ActionButton(keys.DRAW_OPERATIONS, (DRAW_CARD_TOP,), "Draw card", "Draw the top operations card"),
        ActionButton(
            keys.DRAW_HOSTILES,
            (DRAW_ONE,),
            "Draw hostiles",
            "Draw the hostiles due from the bin into the selected unit's space",
            loop="{HostilesDue}",
            before_loop=TELL_DRAW_TO,
            after_loop=HOSTILES_DONE,
        ),
        ActionButton(DRAW_LOOP, (DRAW_ONE,), loop="{HostilesDue}", after_loop=HOSTILES_DONE),
        ActionButton(
            keys.REVEAL_GARRISON, (REVEAL_SELECTED,), "Reveal garrison", "Reveal the selected Garrison"
        ),
    ]


def _help() -> list[HelpRow]:
    return [
        HelpRow(
            "Draw card button (Ctrl+Shift+O)",
            "The top operations card goes to the Cards in play window; the chat shows its event and the "
            "rolls it calls for (a Leadership check, how many hostiles).",
        ),
        HelpRow(
            "Draw hostiles button (Ctrl+Shift+H)",
            "Select a unit of the operating force first: the hostiles due are drawn from the face-down bin "
            "at random into its space.",
        ),
        HelpRow(
            "Reveal garrison button (Ctrl+Shift+G)",
            "Select a face-down Garrison first: it is revealed and its number of hostiles drawn"
            " into its space.",
        ),
    ]


def _is_garrison(definition: ValidGame, counter: Counter) -> bool:
    box = next((b for b in definition.board.boxes if b.kind == "available"), None)
    return box is not None and counter.id in box.counters


def _counter(definition: ValidGame, counter: Counter, bin_name: str) -> list[Trait]:
    """A unit tells where hostiles go; a hostile comes from and goes back to the bin; a Garrison reveals."""
    traits: list[Trait] = []
    if counter.is_unit:
        traits.append(set_global("DrawTo", [Change(SET_DRAW_TO, "{LocationName}")]))
    box = next((b for b in definition.board.boxes if b.kind == "bin" and counter.id in b.counters), None)
    if box is not None:
        traits += [
            report([DRAW_HOSTILE], "$BasicName$ is drawn from the bin into $DrawTo$"),
            send_to_region("", DRAW_HOSTILE, "$DrawTo$"),
            return_to_deck("Back to the bin", keys.ELIMINATE, bin_name),
        ]
    if _is_garrison(definition, counter):
        traits += _garrison()
    return traits


def _garrison() -> list[Trait]:
    told = keys.named("GarrisonTold")
    return [
        report([told], "The Garrison in $LocationName$ is revealed: $Value$$GarrisonNote$"),
        dynamic(
            "GarrisonNote",
            "",
            [Change(told, '{Value==0 ? " (a 0 is removed at once, 32.2)" : " hostiles are drawn"}')],
        ),
        trigger(
            "Reveal garrison",
            [REVEAL],
            [
                GARRISON_UNMASK,
                keys.named("GarrisonWhere"),
                keys.named("GarrisonDue"),
                told,
                keys.named("GarrisonDraws"),
            ],
            "{Obscured==true || ObscuredToOthers==true}",
            "Reveal garrison",
            keys.REVEAL_GARRISON,
        ),
        set_global("DrawTo", [Change(keys.named("GarrisonWhere"), "{LocationName}")]),
        set_global("HostilesDue", [Change(keys.named("GarrisonDue"), "{Value}")], numeric=True),
        global_hotkey(keys.named("GarrisonDraws"), DRAW_LOOP),
    ]


def _leadership_level(definition: ValidGame, art: BoardArt) -> str:
    """An expression: the Leadership level, read from the box its marker stands in."""
    track = next((t for t in definition.board.tracks if t.kind == "level"), None)
    if track is None:
        return "0"
    name = art.track_names.get(track.id, track.id)
    labels = [b.label for b in art.track_boxes if b.track == track.id]
    placed = {m.counter for s in definition.scenarios for m in s.markers if m.track == track.id}
    marker = next(iter(sorted(placed)), "")
    cases = [
        (
            f"Count({matching([f'Counter=={text(marker)}', f'CurrentZone=={text(name + chr(32) + label)}'])},"
            f" {text(MAIN_MAP)}) > 0",
            label,
        )
        for label in labels
        if label.lstrip("-").isdigit()
    ]
    return choose(cases, "0")


def _card(deck: Deck, card: Card, leadership: str, where: tuple[int, int]) -> list[Trait]:
    """An operations card drawn: shown, its event told, the rolls of its effects made."""
    if deck.kind != "operations":
        return []
    event = next((s.text for s in card.sections if s.heading.lower() == "event"), "")
    told = keys.named("CardTold")
    steps = [keys.named("CardShow"), CARD_FLIP, told]
    traits = [
        report([told], f"Operations card: {card.title}. {event}"),
        send_to_point("", keys.named("CardShow"), where[0], where[1], CARDS_MAP),
    ]
    effects_traits, effect_keys = _effects(card.effects, leadership)
    traits = [trigger("Drawn", [DRAW_CARD], [*steps, *effect_keys]), *traits, *effects_traits]
    return traits


def _effects(effects: Sequence[Mapping[str, Any]], leadership: str) -> tuple[list[Trait], list[str]]:
    """The rolls a card's effects call for: a Leadership check and the hostiles of a battle."""
    traits: list[Trait] = []
    steps: list[str] = []
    for index, effect in enumerate(effects):
        if effect.get("do") == "check":
            traits += _check(effect, leadership, index)
            steps.append(keys.named(f"Check{index}"))
        elif effect.get("do") == "combat":
            traits += _hostiles(effect, leadership, f"E{index}", "true")
            steps.append(keys.named(f"HostilesE{index}"))
    return traits, steps


def _check(effect: Mapping[str, Any], leadership: str, index: int) -> list[Trait]:
    roll, told = keys.named(f"CheckRoll{index}"), keys.named(f"CheckTold{index}")
    passed = f"CheckDie{index} <= ({leadership})"
    traits = [
        dynamic(f"CheckDie{index}", "0", [Change(roll, "{Random(6)}")], numeric=True),
        report(
            [told],
            braces(
                f'"Leadership check: rolls " + CheckDie{index} + " against " + ({leadership})'
                f' + ": " + ({passed} ? "success" : "failure")'
            ),
        ),
    ]
    followers: list[str] = []
    for branch, condition in (("then", passed), ("otherwise", f"!({passed})")):
        for number, inner in enumerate(effect.get(branch, ())):
            if inner.get("do") == "combat":
                name = f"{index}{branch}{number}"
                traits += _hostiles(inner, leadership, name, condition)
                followers.append(keys.named(f"Hostiles{name}"))
    traits.insert(0, trigger(f"Check {index}", [keys.named(f"Check{index}")], [roll, told, *followers]))
    return traits


def _hostiles(effect: Mapping[str, Any], leadership: str, name: str, condition: str) -> list[Trait]:
    """15.1: how many hostiles the battle has: a die, a number, or the Leadership level."""
    count = effect.get("hostiles")
    roll, due, told = (
        keys.named(f"HostilesRoll{name}"),
        keys.named(f"HostilesDue{name}"),
        keys.named(f"HostilesTold{name}"),
    )
    if count == "die":
        value, words = f"HostilesDie{name}", '"a die: " + HostilesDie' + name
    elif count in ("leadership", "alert"):
        value, words = f"({leadership})", '"the Leadership level, "' + f" + ({leadership})"
    else:
        value, words = str(int(count or 0)), f'"{int(count or 0)}"'
    return [
        trigger(f"Hostiles {name}", [keys.named(f"Hostiles{name}")], [roll, due, told], braces(condition)),
        dynamic(f"HostilesDie{name}", "0", [Change(roll, "{Random(6)}")], numeric=True),
        set_global("HostilesDue", [Change(due, braces(value))], numeric=True),
        report([told], braces(f'"Hostiles for the battle: " + {words} + " (Draw hostiles brings them)."')),
    ]
