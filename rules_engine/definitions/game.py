"""The game manifest: sides, nations, classes, dice, turns, phases, stacking."""

from typing import NamedTuple

from rules_engine.definitions.classic import ClassicRules, UnitSelector
from rules_engine.definitions.layout import CounterChart, CounterLayout, CounterNames
from rules_engine.definitions.origin import Origin


class Side(NamedTuple):
    id: str
    name: str
    colour: str | None
    text_colour: str | None
    played_by: str
    origin: Origin


class Nation(NamedTuple):
    id: str
    name: str
    side: str
    abbreviation: str | None
    colour: str | None
    mark_colours: tuple[str, ...]
    mark_stripes: str | None
    origin: Origin
    mark_emblem: str | None = None


class UnitClass(NamedTuple):
    id: str
    name: str
    symbol: str
    groups: tuple[str, ...]
    origin: Origin


class Die(NamedTuple):
    id: str
    name: str
    sides: int
    colour: str | None
    origin: Origin
    dice_count: int | None = None  # how many dice one roll throws (a VASSAL button's nDice); None: one


class Phase(NamedTuple):
    """One phase of the sequence of play; ``kind`` says what happens in it, in the system's words."""

    id: str
    name: str
    kind: str
    player: str
    group: str | None
    order: str
    summary: str | None
    origin: Origin
    # The classic system's additions: which units act, a movement mode, the turns it happens on.
    units: UnitSelector | None = None
    mode: str | None = None
    turns: tuple[str, ...] = ()
    # The section it cites first: what a refusal of a unit that does not act in it names (classic).
    cite: str | None = None


class StackingWith(NamedTuple):
    """A higher limit while a counter of the rule's side is present: a named unit or any of some classes.

    ``plus_track`` adds a track's current value ("4 plus the Leadership level").
    """

    max: int
    unit: str | None = None
    classes: tuple[str, ...] = ()
    plus_track: str | None = None
    summary: str | None = None


class StackingRule(NamedTuple):
    max: int
    classes: tuple[str, ...]
    kinds: tuple[str, ...]
    with_unit: str | None
    max_with_unit: int | None
    not_with_nations: tuple[str, ...]
    except_counters: tuple[str, ...]
    summary: str | None
    origin: Origin
    # Only counters of this side count (None: every side).
    side: str | None = None
    # Higher limits while one of these is present; the highest that applies is used.
    raised_by: tuple[StackingWith, ...] = ()
    # Space kinds or features where the rule does not apply (Staging Areas hold any number).
    unlimited_in: tuple[str, ...] = ()


class Stacking(NamedTuple):
    limit: int | None
    tokens_count: bool
    one_side_per_space: bool
    rules: tuple[StackingRule, ...]
    summary: str | None
    # The section it cites first: what the classic system's stacking refusals name.
    cite: str | None = None


class StatedCount(NamedTuple):
    """A number the rulebook states, which the data must reproduce."""

    what: str
    of: str | None
    number: int
    cite: str
    origin: Origin


class OptionalRule(NamedTuple):
    id: str
    name: str
    summary: str
    extra_turns: int
    end_roll_table: str | None
    origin: Origin


class CampaignStep(NamedTuple):
    summary: str
    side: str | None
    recovery_points: int | None
    distinct_actions: bool
    actions: tuple[str, ...]
    units: tuple[str, ...]
    origin: Origin


class CampaignLink(NamedTuple):
    from_scenario: str
    to_scenario: str
    steps: tuple[CampaignStep, ...]
    origin: Origin


class CampaignRule(NamedTuple):
    summary: str
    when: str
    track: str | None
    amount: int | None
    per_mission_won: int | None
    origin: Origin


class Campaign(NamedTuple):
    scenarios: tuple[str, ...]
    summary: str | None
    links: tuple[CampaignLink, ...]
    rules: tuple[CampaignRule, ...]
    losses_allowed: int | None
    origin: Origin


class CounterValue(NamedTuple):
    """A value the game's counters print, as game.json ``counter_values`` declares it.

    ``kind`` is "number", "text", "choice" or "flag". A number may be bounded (``minimum``,
    ``maximum``), a multiple of ``step``, carry one of ``marks`` or be one of ``words``
    instead; a choice is one of ``choices``, or of the ids ``choices_from`` names
    ("movement_classes": terrain.json's movement classes).
    """

    id: str
    name: str
    kind: str
    origin: Origin
    minimum: float | None = None
    maximum: float | None = None
    step: float = 1
    marks: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    choices_from: str | None = None
    max_length: int = 40
    summary: str | None = None


class RequiredValues(NamedTuple):
    """Counters of these kinds, classes and sides (empty: any) must carry these values."""

    values: tuple[str, ...]
    kinds: tuple[str, ...]
    classes: tuple[str, ...]
    sides: tuple[str, ...]
    origin: Origin

    def selects(self, kind: str, unit_class: str | None, side: str | None) -> bool:
        return (
            (not self.kinds or kind in self.kinds)
            and (not self.classes or unit_class in self.classes)
            and (not self.sides or side in self.sides)
        )


class GameInfo(NamedTuple):
    """Everything game.json says."""

    id: str
    title: str
    subtitle: str | None
    system: str
    rulebook: str | None
    summary: str | None
    min_players: int
    max_players: int
    sides: tuple[Side, ...]
    nations: tuple[Nation, ...]
    unit_classes: tuple[UnitClass, ...]
    dice: tuple[Die, ...]
    turn_labels: tuple[str, ...]
    phases: tuple[Phase, ...]
    stacking: Stacking
    stated_counts: tuple[StatedCount, ...]
    optional_rules: tuple[OptionalRule, ...]
    campaign: Campaign | None
    origin: Origin
    # The classic system's options (docs/classic-rules.md); other systems have none.
    rules: ClassicRules | None = None
    # The values the counters print (game.json counter_values) and who must carry which.
    counter_values: tuple[CounterValue, ...] = ()
    required_values: tuple[RequiredValues, ...] = ()
    # Where the counters print their values and how their names read (game.json counter_layout;
    # empty: the default layout), and the tables of counters the player aids print.
    counter_layout: tuple[CounterLayout, ...] = ()
    counter_names: tuple[CounterNames, ...] = ()
    counter_charts: tuple[CounterChart, ...] = ()

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def nation(self, nation_id: str) -> Nation | None:
        return next((n for n in self.nations if n.id == nation_id), None)

    def unit_class(self, class_id: str) -> UnitClass | None:
        return next((c for c in self.unit_classes if c.id == class_id), None)

    def counter_value(self, value_id: str) -> CounterValue | None:
        return next((v for v in self.counter_values if v.id == value_id), None)

    def layout_for(self, kind: str, unit_class: str | None, side: str | None) -> CounterLayout | None:
        """The first layout of counter_layout that selects such a counter (None: the default)."""
        return next(
            (layout for layout in self.counter_layout if layout.selects(kind, unit_class, side)), None
        )

    def names_for(self, kind: str, unit_class: str | None, side: str | None) -> CounterNames | None:
        """The first rule of counter_names that selects such a counter (None: plain names)."""
        return next((names for names in self.counter_names if names.selects(kind, unit_class, side)), None)

    def turn_index(self, turn: str) -> int | None:
        try:
            return self.turn_labels.index(turn)
        except ValueError:
            return None
