"""What the automation adds to a module, collected from its parts before anything is written.

Each part (turns and phases, markers and piles, battles, a system's combat, the Raiders
commands) returns an ``Automation``; ``Automation.extend`` merges them. The module writer
reads the merged plan: global properties and toolbar components for the build file,
traits for the Unit prototype and for each counter's piece, the images of the markers
the automation places, the values each scenario's setup gives the global properties, and
the rows of the help page's table of keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from compiler.vassal.automation.components import (
    ActionButton,
    CameraButton,
    GlobalProperty,
    KeyCommand,
    PropertyCommand,
    StartupKey,
    TurnHotkey,
)
from compiler.vassal.pieces import Trait
from rules_engine.definitions import Card, Counter, Deck, Scenario

CounterTraits = Callable[[Counter], list[Trait]]
CardTraits = Callable[[Deck, Card], list[Trait]]
SetupValues = Callable[[Scenario], dict[str, str]]


@dataclass(frozen=True)
class HelpRow:
    """One line of the help page's table: the keys or button, and what the module does."""

    keys: str
    does: str


PALETTE = "Automation"


@dataclass(frozen=True)
class PaletteSlot:
    """A piece the automation places: the slot's name and id, and the piece (an AddPiece text)."""

    name: str
    gpid: int
    piece: str

    @property
    def path(self) -> str:
        """How a Place Marker names this slot (VASSAL's ComponentPathBuilder ids)."""
        return f"VASSAL.build.module.PieceWindow:{PALETTE}/VASSAL.build.widget.PieceSlot:{self.name}"


@dataclass(frozen=True)
class ExtraMap:
    """A window of its own holding pieces the automation puts there (the cards in play): a
    blank board of ``width`` x ``height`` pixels, opened by a toolbar button."""

    name: str
    width: int
    height: int
    button: str


@dataclass
class Automation:
    globals: list[GlobalProperty] = field(default_factory=list)
    property_commands: list[PropertyCommand] = field(default_factory=list)
    buttons: list[ActionButton] = field(default_factory=list)
    key_commands: list[KeyCommand] = field(default_factory=list)
    cameras: list[CameraButton] = field(default_factory=list)
    turn_hotkeys: list[TurnHotkey] = field(default_factory=list)
    # hotkeys fired once when a game starts
    startup_keys: list[StartupKey] = field(default_factory=list)
    # the Unit prototype's traits, outermost first (the prototype's own Delete comes after)
    unit_traits: list[Trait] = field(default_factory=list)
    # traits of one counter's piece, outermost first, inside its prototype and before its values
    counter_traits: list[CounterTraits] = field(default_factory=list)
    # properties every counter's piece carries (its Marker trait), by counter
    counter_values: list[Callable[[Counter], dict[str, str]]] = field(default_factory=list)
    images: dict[str, bytes] = field(default_factory=dict)
    setup_values: list[SetupValues] = field(default_factory=list)
    help: list[HelpRow] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    # hotkeys run at every change of turn or phase, in order
    on_phase_change: list[str] = field(default_factory=list)
    # units have an Eliminate command of the automation's (to their side's eliminated units)
    eliminates: bool = False
    # pieces the automation places (battle and result markers): slots of a hidden palette
    palette: list[PaletteSlot] = field(default_factory=list)
    # traits of a card's piece, outermost (before the card's Mask)
    card_traits: list[CardTraits] = field(default_factory=list)
    extra_maps: list[ExtraMap] = field(default_factory=list)

    def extend(self, other: Automation) -> None:
        self.globals += other.globals
        self.property_commands += other.property_commands
        self.buttons += other.buttons
        self.key_commands += other.key_commands
        self.cameras += other.cameras
        self.turn_hotkeys += other.turn_hotkeys
        self.startup_keys += other.startup_keys
        self.unit_traits += other.unit_traits
        self.counter_traits += other.counter_traits
        self.counter_values += other.counter_values
        self.images.update(other.images)
        self.setup_values += other.setup_values
        self.help += other.help
        self.summary += other.summary
        self.on_phase_change += other.on_phase_change
        self.eliminates = self.eliminates or other.eliminates
        self.palette += other.palette
        self.card_traits += other.card_traits
        self.extra_maps += other.extra_maps

    def traits_of(self, counter: Counter) -> list[Trait]:
        return [trait for part in self.counter_traits for trait in part(counter)]

    def traits_of_card(self, deck: Deck, card: Card) -> list[Trait]:
        return [trait for part in self.card_traits for trait in part(deck, card)]

    def values_of(self, counter: Counter) -> dict[str, str]:
        values: dict[str, str] = {}
        for part in self.counter_values:
            values.update(part(counter))
        return values

    def setup_globals(self, scenario: Scenario) -> dict[str, str]:
        values: dict[str, str] = {}
        for part in self.setup_values:
            values.update(part(scenario))
        return values
