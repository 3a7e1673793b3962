"""Module-level components the automation adds: global properties, toolbar buttons, global key
commands, camera buttons and the turn tracker's hotkeys, each a small spec and a writer.

Attribute names are those of the VASSAL 3.7.26 classes (their getAttributeNames): a
toolbar button with neither text nor icon stays hidden (LaunchButton.checkVisibility), so
the commands that only chain other commands are hidden buttons with a named hotkey.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from compiler.javatext.sequence import encode
from compiler.vassal.automation.traits import keys_list

M = "VASSAL.build.module."


def element(parent: etree._Element, tag: str, **attributes: str) -> etree._Element:
    """A child element with its attributes in a fixed (sorted) order: same input, same bytes."""
    child = etree.SubElement(parent, tag)
    for name in sorted(attributes):
        child.set(name, attributes[name])
    return child


def _toolbar(text: str, tooltip: str, hotkey: str) -> dict[str, str]:
    return {
        "canDisable": "false",
        "propertyGate": "",
        "hideWhenDisabled": "false",
        "disabledIcon": "",
        "icon": "",
        "tooltip": tooltip,
        "hotkey": hotkey,
        "text": text,
    }


@dataclass(frozen=True)
class GlobalProperty:
    """A module-level Global Property (its value is saved with the game)."""

    name: str
    initial: str = ""
    numeric: bool = False
    description: str = ""

    def write(self, container: etree._Element) -> None:
        element(
            container,
            M + "properties.GlobalProperty",
            name=self.name,
            initialValue=self.initial,
            description=self.description,
            isNumeric="true" if self.numeric else "false",
            min="-999999" if self.numeric else "null",
            max="999999" if self.numeric else "null",
            wrap="false",
        )


@dataclass(frozen=True)
class PropertyCommand:
    """A command that sets a Global Property (a ChangePropertyButton inside it), hidden from the
    toolbar: ``hotkey`` runs it; ``value`` is an expression, or one is added with ``increment``."""

    property: str
    hotkey: str
    value: str
    increment: bool = False


def write_globals(
    root: etree._Element, properties: Sequence[GlobalProperty], commands: Sequence[PropertyCommand]
) -> None:
    if not properties:
        return
    container = element(root, M + "properties.GlobalProperties")
    for spec in properties:
        spec.write(container)
        prop = container[-1]
        for command in commands:
            if command.property == spec.name:
                changer = encode(["I" if command.increment else "P", command.value], ",")
                element(
                    prop,
                    M + "properties.ChangePropertyButton",
                    desc="",
                    reportFormat="",
                    propChanger=changer,
                    **_toolbar("", "", command.hotkey),
                )


@dataclass(frozen=True)
class ActionButton:
    """An Action Button: sends ``hotkeys`` in order and may write ``report`` in the chat; with no
    text it is hidden and run only by its own ``hotkey``."""

    hotkey: str
    hotkeys: tuple[str, ...]
    text: str = ""
    tooltip: str = ""
    report: str = ""
    # a counted loop: the hotkeys run ``loop`` times (an expression), between two other hotkeys
    loop: str = ""
    before_loop: str = ""
    after_loop: str = ""

    def write(self, root: etree._Element) -> None:
        element(
            root,
            M + "DoActionButton",
            name=self.text or self.hotkey.rsplit(",", 1)[-1],
            doReport="true" if self.report else "false",
            reportFormat=self.report,
            doSound="false",
            soundClip="",
            doHotkey="true",
            hotkeys=keys_list(self.hotkeys),
            doLoop="true" if self.loop else "false",
            loopType="counted",
            loopCount=self.loop or "1",
            whileExpression="",
            untilExpression="",
            preLoopKey=self.before_loop,
            postLoopKey=self.after_loop,
            index="false",
            indexProperty="",
            indexStart="1",
            indexStep="1",
            **_toolbar(self.text, self.tooltip, self.hotkey),
        )


@dataclass(frozen=True)
class KeyCommand:
    """A Global Key Command: ``key`` goes to every piece matching ``condition`` (a BeanShell
    expression); run by ``hotkey``, shown on the toolbar when it has a text."""

    hotkey: str
    key: str
    condition: str
    text: str = ""
    tooltip: str = ""
    # how many pieces of each deck it reaches, from the top (-1: all)
    deck_count: int = -1

    def write(self, root: etree._Element) -> None:
        target = encode(
            ["MAP", "false", "MAP", "", "", "", "", "0", "0", "", "false", "", "", "EQUALS", "", ""], "|"
        )
        attributes = _toolbar("", self.tooltip, "")
        del attributes["text"], attributes["hotkey"]
        element(
            root,
            M + "GlobalKeyCommand",
            name=self.text or self.key.rsplit(",", 1)[-1],
            buttonText=self.text,
            buttonHotkey=self.hotkey,
            hotkey=self.key,
            singleMap="false",
            target=target,
            filter=self.condition,
            deckCount=str(self.deck_count),
            reportSingle="false",
            suppressSounds="false",
            reportFormat="",
            parameters="",
            **attributes,
        )


@dataclass(frozen=True)
class StartupKey:
    """A Startup Global Key Command that fires the hotkey ``key`` once, when a game starts
    (``startOfGameOnly``: a predefined setup counts as a new game, a saved game remembers it)."""

    key: str

    def write(self, root: etree._Element) -> None:
        target = encode(
            ["MAP", "false", "MAP", "", "", "", "", "0", "0", "", "false", "", "", "EQUALS", "", ""], "|"
        )
        element(
            root,
            M + "StartupGlobalKeyCommand",
            name=self.key.rsplit(",", 1)[-1],
            whenToApply="startOfGameOnly",
            hotkeyOrKeyCommand="sendHotkey",
            globalHotkey=self.key,
            buttonText="",
            buttonHotkey="",
            hotkey="",
            icon="",
            tooltip="",
            canDisable="false",
            propertyGate="",
            hideWhenDisabled="false",
            disabledIcon="",
            singleMap="false",
            target=target,
            filter="",
            deckCount="-1",
            reportSingle="false",
            suppressSounds="false",
            reportFormat="",
            parameters="",
        )


@dataclass(frozen=True)
class CameraButton:
    """A Move Camera button of the main map: centres the view on the nearest piece matching
    ``condition``."""

    text: str
    tooltip: str
    hotkey: str
    condition: str

    def write(self, game_map: etree._Element) -> None:
        element(
            game_map,
            M + "map.MoveCameraButton",
            moveCameraMode="N",
            boardName="",
            zoneName="",
            regionName="",
            gridLocation="",
            xPos="0",
            yPos="0",
            xOffset="0",
            yOffset="0",
            propertyFilter=self.condition,
            zoom="",
            **_toolbar(self.text, self.tooltip, self.hotkey),
        )


@dataclass(frozen=True)
class TurnHotkey:
    """A hotkey the turn tracker fires after every change of turn or phase that ``match`` accepts
    (empty: every change)."""

    name: str
    hotkey: str
    match: str = ""
    report: str = ""

    def write(self, tracker: etree._Element) -> None:
        element(
            tracker,
            M + "turn.TurnGlobalHotkey",
            name=self.name,
            hotkey=self.hotkey,
            match=self.match,
            reportFormat=self.report,
        )
