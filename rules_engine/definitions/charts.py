"""The combat system and the game's tables."""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from rules_engine.definitions.classic import CombatProcedure
from rules_engine.definitions.origin import Origin


class PoolDie(NamedTuple):
    die: str
    hits_on: tuple[int, ...]


class StrengthColour(NamedTuple):
    colour: str
    die: str | None
    can_attack: bool
    can_first_fire: bool


class Modifier(NamedTuple):
    id: str
    drm: int
    summary: str


class CombatSystem(NamedTuple):
    """One of 'dice-pool', 'odds-crt', 'differential-crt' or 'tactical-edge', with the fields it uses."""

    kind: str
    dice: tuple[PoolDie, ...]
    strength_colours: tuple[StrengthColour, ...]
    table: str | None
    rounding: str | None
    missing_columns: str | None
    modifiers: tuple[Modifier, ...]
    settings: Mapping[str, Any]
    summary: str | None
    origin: Origin
    # How a classic combat phase runs (docs/classic-rules.md); read by the classic system only.
    procedure: CombatProcedure = CombatProcedure()

    def colour(self, colour: str) -> StrengthColour | None:
        return next((c for c in self.strength_colours if c.colour == colour), None)


class DieRange(NamedTuple):
    """Inclusive range of die results; ``open_ended`` for '8+'."""

    low: int
    high: int
    open_ended: bool = False

    @classmethod
    def parse(cls, roll: int | float | str) -> "DieRange":
        if isinstance(roll, (int, float)):  # JSON Schema counts 2.0 as an integer
            return cls(int(roll), int(roll))
        if roll.endswith("+"):
            low = int(roll[:-1])
            return cls(low, low, open_ended=True)
        if "-" in roll:
            low_text, high_text = roll.split("-", 1)
            return cls(int(low_text), int(high_text))
        return cls(int(roll), int(roll))

    def __str__(self) -> str:
        if self.open_ended:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class TableDice(NamedTuple):
    """The dice a table is read with, summed: ``number`` dice of the game's die ``die`` ("2d6")."""

    number: int
    die: str

    @classmethod
    def parse(cls, text: str) -> "TableDice":
        """'2d6' is two of the die 'd6' (the number, then a die id of game.json's dice)."""
        digits = len(text) - len(text.lstrip("0123456789"))
        return cls(int(text[:digits]), text[digits:])

    def __str__(self) -> str:
        return f"{self.number}{self.die}"


class TableRow(NamedTuple):
    roll: DieRange | None
    item: str | None
    result: Any
    results: tuple[str, ...]
    origin: Origin


class Table(NamedTuple):
    id: str
    name: str
    kind: str
    die: str | None
    rows: tuple[TableRow, ...]
    columns: tuple[str, ...]
    legend: Mapping[str, str]
    summary: str | None
    reconstructed: bool
    origin: Origin
    result_colours: Mapping[str, str] = MappingProxyType({})  # presentation: a result's printed colour
    dice: TableDice | None = None  # the dice it is read with, summed ("2d6"); None: one of ``die``


class Charts(NamedTuple):
    combat: CombatSystem | None
    tables: Mapping[str, Table]
    origin: Origin
