"""Declaring, resolving and clearing battles, the same for every combat system.

The player selects the attackers and the defenders and presses Battle: the battle count
goes up, each selected unit joins the battle (the side whose phase it is attacks, the
other defends) and writes its line in the chat, and the first defender places a battle
marker on its hex. The marker carries the battle's number, the attacking side and the
attackers' hex; a system's combat model adds the calculated properties that work out the
odds (or the dice) and the stages that Resolve steps through. Cancel on the marker takes
a declaration back; Clear battles (and every change of phase) clears them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from compiler.vassal.automation import keys
from compiler.vassal.automation.components import (
    ActionButton,
    CameraButton,
    GlobalProperty,
    KeyCommand,
    PropertyCommand,
)
from compiler.vassal.automation.expressions import braces, choose, text
from compiler.vassal.automation.plan import Automation, HelpRow, PaletteSlot
from compiler.vassal.automation.traits import (
    Change,
    calculated,
    counter_global_key,
    dynamic,
    never_stacks,
    place_marker,
    report,
    set_global,
    text_label,
    trigger,
)
from compiler.vassal.pieces import Trait, add_piece, basic_piece, delete, marker
from rules_engine.definitions import Counter

BATTLE_IMAGE = "wgc-battle.png"
RESULT_IMAGE = "wgc-result.png"
# The battle marker sits up and to the right of the defender's centre, inside its hex.
MARKER_OFFSET = (14, 14)
UNIT = 'Wgc=="unit"'
THIS_BATTLE = 'Wgc=="unit" && Battle==$Battle$'
# a unit of the battle marker's defending side (SideNo and AttackerNo: sides.py)
DEFENDERS = 'Wgc=="unit" && SideNo!=$AttackerNo$'


class CombatModel(Protocol):
    """What one combat system adds to the common battle machinery."""

    def counter_values(self, counter: Counter) -> dict[str, str]:
        """Fixed values the system reads from a counter (by face), as Marker properties."""

    def counter_traits(self, counter: Counter) -> list[Trait]:
        """Calculated properties of one counter's piece (its current face's numbers)."""

    def unit_traits(self) -> list[Trait]:
        """Traits every unit gets: marks a player sets (out of supply, halted ...)."""

    def join_note(self) -> str:
        """An expression: what a unit brings to a battle, written beside its name."""

    def marker_traits(self) -> list[Trait]:
        """The battle marker's calculations, its declaration report and its stages."""

    def stages(self) -> int:
        """How many presses of Resolve a battle takes."""

    def help(self) -> list[HelpRow]:
        """The system's rows of the help page's table."""

    def automation(self) -> Automation:
        """What else the system adds: global properties, the pictures of its marks."""


@dataclass
class BattlePieces:
    """The battle and result markers' definitions, placed by Place Marker traits."""

    first_gpid: int
    battle: str = ""
    result: str = ""
    gpids: list[int] = field(default_factory=list)


def battle_automation(
    model: CombatModel, first_gpid: int, images: dict[str, bytes], sides: Mapping[str, int]
) -> Automation:
    """Everything battles add to a module; ``sides`` numbers the sides by name (sides.py)."""
    result = PaletteSlot("Battle result", first_gpid + 1, result_marker(first_gpid + 1))
    battle = PaletteSlot("Battle", first_gpid, battle_marker(model, first_gpid, result, sides))
    plan = Automation(images=dict(images), palette=[battle, result])
    plan.globals += [
        GlobalProperty("BattleNo", "0", numeric=True, description="the last battle declared"),
        GlobalProperty("BattleMarked", "0", numeric=True, description="the last battle given a marker"),
        GlobalProperty("BattleFrom", "", description="where the last battle's attackers stand"),
        GlobalProperty("BattleAt", "", description="the hex the last battle attacks"),
    ]
    plan.property_commands.append(PropertyCommand("BattleNo", keys.BATTLE_NEXT, "1", increment=True))
    plan.buttons += [
        ActionButton(
            keys.BATTLE,
            (keys.BATTLE_NEXT, keys.BATTLE_AIM, keys.BATTLE_JOIN_SELECTED, keys.BATTLE_MARK),
            text="Battle",
            tooltip="Declare a battle: the selected attackers against the selected defenders",
        ),
        ActionButton(
            keys.CLEAR, (keys.CLEAR_UNITS, keys.CLEAR_MARKERS), "Clear battles", "Clear every battle"
        ),
        ActionButton("", (keys.RESOLVE_SELECTED,), "Resolve", "Resolve the selected battle's next step"),
    ]
    plan.key_commands += [
        # the hex attacked first, so that each attacker knows it as it joins
        KeyCommand(
            keys.BATTLE_AIM, keys.AIM, braces(f"Selected==true && {UNIT} && Battle==0 && Side!=ActiveSide")
        ),
        KeyCommand(keys.BATTLE_JOIN_SELECTED, keys.JOIN, braces(f"Selected==true && {UNIT} && Battle==0")),
        KeyCommand(
            keys.BATTLE_MARK, keys.MARK_DEFENDER, braces(f'{UNIT} && Battle==BattleNo && BattleRole=="D"')
        ),
        KeyCommand(keys.CLEAR_UNITS, keys.LEAVE, braces(f"{UNIT} && Battle>0")),
        KeyCommand(keys.CLEAR_MARKERS, keys.REMOVE, braces('Wgc=="battle" || Wgc=="result"')),
        KeyCommand(keys.RESOLVE_SELECTED, keys.STEP, braces('Selected==true && Wgc=="battle"')),
    ]
    plan.cameras.append(
        CameraButton(
            "Next battle",
            "Centre the map on the nearest battle not yet resolved",
            keys.NEAREST_BATTLE,
            braces(f'Wgc=="battle" && Stage<{model.stages()}'),
        )
    )
    plan.unit_traits += _unit_traits(model, battle)
    plan.counter_values.append(model.counter_values)
    plan.counter_traits.append(model.counter_traits)
    plan.help += _help() + model.help()
    plan.extend(model.automation())
    plan.on_phase_change += [keys.CLEAR_UNITS, keys.CLEAR_MARKERS]
    return plan


def _unit_traits(model: CombatModel, battle: PaletteSlot) -> list[Trait]:
    joined = '{BattleRole=="A" ? "attacks from" : "defends in"}'
    line = "Battle $Battle$: $BasicName$ ($Side$) $BattleJoinText$ $LocationName$: $BattleNote$"
    return [
        report([keys.JOIN], line),
        calculated("BattleJoinText", joined),
        calculated("BattleNote", model.join_note()),
        trigger("Attacker's hex", [keys.JOIN], [keys.SET_FROM], condition="{Side==ActiveSide}"),
        set_global("BattleFrom", [Change(keys.SET_FROM, "{LocationName}")]),
        set_global("BattleAt", [Change(keys.AIM, "{LocationName}")]),
        # the hex the unit attacks (an attacker's), or its own (a defender's)
        dynamic("Target", "", [Change(keys.JOIN, "{BattleAt}"), Change(keys.LEAVE, "")]),
        trigger(
            "Battle marker",
            [keys.MARK_DEFENDER],
            [keys.SET_MARKED, keys.PLACE_BATTLE],
            "{BattleMarked!=BattleNo}",
        ),
        set_global("BattleMarked", [Change(keys.SET_MARKED, "{BattleNo}")], numeric=True),
        place_marker(keys.PLACE_BATTLE, battle.path, str(battle.gpid), keys.BATTLE_INIT, *MARKER_OFFSET),
        dynamic("Battle", "0", [Change(keys.JOIN, "{BattleNo}"), Change(keys.LEAVE, "0")], numeric=True),
        dynamic(
            "BattleRole", "", [Change(keys.JOIN, '{Side==ActiveSide ? "A" : "D"}'), Change(keys.LEAVE, "")]
        ),
        *model.unit_traits(),
    ]


def battle_marker(model: CombatModel, gpid: int, result: PaletteSlot, sides: Mapping[str, int]) -> str:
    """The battle marker's AddPiece text (its traits outermost first). ``AttackerNo`` is the
    attacking side's number, which filters compare with a unit's ``SideNo``: a side's name is
    the data's and never enters a filter's text."""
    attacker_no = choose([(f"Attacker=={text(name)}", str(n)) for name, n in sides.items()], "0")
    stages = model.stages()
    traits: list[Trait] = [
        trigger(
            "Resolve",
            [keys.STEP],
            [keys.named("Stage")],
            "{Stage<" + str(stages) + "}",
            "Resolve",
            keys.RESOLVE,
        ),
        trigger("Cancel", [], [keys.CANCEL_UNITS, keys.REMOVE], "", "Cancel battle", keys.CANCEL),
        counter_global_key("Units of the battle", keys.CANCEL_UNITS, keys.LEAVE, "{" + THIS_BATTLE + "}"),
        place_marker(
            keys.PLACE_RESULT,
            result.path,
            str(result.gpid),
            "",
            16,
            -16,
            [("Battle", "$Battle$"), ("Result", "$Result$")],
        ),
        trigger(
            "Declared",
            [keys.BATTLE_INIT],
            [keys.BATTLE_SET, keys.BATTLE_SETUP, keys.BATTLE_REPORT, keys.SET_LABEL],
        ),
        *model.marker_traits(),
        dynamic("Attacker", "", [Change(keys.BATTLE_SET, "{ActiveSide}")]),
        calculated("AttackerNo", braces(attacker_no)),
        dynamic("From", "", [Change(keys.BATTLE_SET, "{BattleFrom}")]),
        dynamic("Stage", "0", [Change(keys.STAGE_DONE, "1", increment=True)], numeric=True),
        dynamic("Battle", "0", [Change(keys.BATTLE_SET, "{BattleNo}")], numeric=True),
        dynamic("Result", "", [Change(keys.SET_RESULT, "{ResultText}")]),
        # the label is set at each step, not worked out at each repaint of the map
        dynamic("Label", "", [Change(keys.SET_LABEL, "{LabelText}")]),
        delete("", keys.REMOVE),
        text_label("B$Battle$ $Label$", "BattleLabel"),
        never_stacks(),
        marker({"Wgc": "battle"}),
        basic_piece(BATTLE_IMAGE, "Battle", gpid=str(gpid)),
    ]
    return add_piece("null", traits)


def result_marker(gpid: int) -> str:
    traits: list[Trait] = [
        delete("", keys.REMOVE),
        dynamic("Result", ""),
        dynamic("Battle", "0", numeric=True),
        text_label("$Result$", "ResultLabel", background="255,255,160"),
        never_stacks(),
        marker({"Wgc": "result"}),
        basic_piece(RESULT_IMAGE, "Battle result", gpid=str(gpid)),
    ]
    return add_piece("null", traits)


def _help() -> list[HelpRow]:
    return [
        HelpRow(
            "Battle button (Ctrl+Shift+B)",
            "Select the attacking units and the units they attack, then press it: the units of the side "
            "whose phase it is attack, a battle marker goes on the defenders, and the chat shows what "
            "the rules work out.",
        ),
        HelpRow("Ctrl+Shift+R on a battle marker (or the Resolve button)", "Resolve the battle's next step."),
        HelpRow("Ctrl+Shift+X on a battle marker", "Take the declaration back."),
        HelpRow(
            "Clear battles button (Ctrl+Shift+C)",
            "Remove every battle and result marker; this also happens at every change of phase.",
        ),
        HelpRow(
            "Next battle button (Ctrl+Shift+N)", "Centre the map on the nearest battle not yet resolved."
        ),
    ]


def stage_trigger(stage: int, actions: Sequence[str], name: str, last: bool = False) -> Trait:
    """The trigger of one stage of Resolve: ``actions`` run when the marker is at ``stage``, then the
    stage count goes up; the last stage also sets the result (the model's ResultText) and places
    the result marker.

    A Trigger Action acts after the traits inside it have seen the key (TriggerAction.keyEvent),
    so the stages must be listed first stage outermost: the later stages, inside, look at the
    count before an earlier stage raises it."""
    final = [keys.SET_RESULT, keys.PLACE_RESULT] if last else []
    return trigger(
        name, [keys.named("Stage")], [*actions, keys.STAGE_DONE, *final], "{Stage==" + str(stage) + "}"
    )
