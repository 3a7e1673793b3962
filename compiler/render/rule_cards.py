"""The rules of every game the data states in words: victory, scenario special rules,
optional rules and the campaign game, as a published player aid card prints them.

These belong to no one rules system: a scenario's victory conditions and special rules,
game.json's optional rules and campaign all carry the designer's summaries, and a player
looks them up at the table as often as the CRT. Scenarios that share their conditions
(Battle for Moscow's four set-ups, one victory) print them once, under all their names.
"""

from __future__ import annotations

from collections.abc import Hashable

from compiler.render.charts import Cell, Chart, Paragraph, Table
from compiler.render.names import Names
from rules_engine.definitions import Scenario, ValidGame
from rules_engine.definitions.game import Campaign
from rules_engine.definitions.scenario import Victory, VictoryCondition, VictoryLevel


def rule_cards(definition: ValidGame, names: Names) -> list[Chart]:
    """Victory, entry hexes, special rules, optional rules and the campaign, where the game
    has them."""
    charts = [*victory_charts(definition, names)]
    entries = entry_chart(definition, names)
    if entries is not None:
        charts.append(entries)
    special = special_rules_chart(definition)
    if special is not None:
        charts.append(special)
    optional = optional_rules_chart(definition)
    if optional is not None:
        charts.append(optional)
    campaign = definition.game.campaign
    if campaign is not None:
        charts.append(campaign_chart(campaign, names))
    return charts


def _in_order(definition: ValidGame) -> list[Scenario]:
    return sorted(definition.scenarios, key=lambda s: (s.number is None, s.number or 0, s.id))


def _grouped(scenarios: list[Scenario], key: dict[str, Hashable]) -> list[tuple[list[str], Scenario]]:
    """Scenarios whose ``key`` is the same, in order: their names, and the first of them."""
    groups: dict[Hashable, tuple[list[str], Scenario]] = {}
    for scenario in scenarios:
        groups.setdefault(key[scenario.id], ([], scenario))[0].append(scenario.name)
    return list(groups.values())


def _names_of(scenarios: list[str]) -> str:
    return ", ".join(scenarios)


# --- victory ---------------------------------------------------------------------------------


def _victory_key(victory: Victory) -> Hashable:
    """What a victory says, without where it was read from (Israel 1948 cites each scenario's)."""
    return (
        victory.summary,
        victory.otherwise,
        tuple(
            (c.kind, c.summary, c.side, c.places, c.feature, c.at_least, c.result, c.levels)
            for c in victory.conditions
        ),
    )


def victory_charts(definition: ValidGame, names: Names) -> list[Chart]:
    """One Victory Conditions chart: a table of results for each set of conditions, headed
    by the scenarios that share it when they differ."""
    scenarios = [s for s in _in_order(definition) if s.victory is not None]
    if not scenarios:
        return []
    keys = {s.id: _victory_key(s.victory) for s in scenarios if s.victory is not None}
    groups = _grouped(scenarios, keys)
    blocks: list[Table | Paragraph] = []
    for scenario_names, scenario in groups:
        victory = scenario.victory
        assert victory is not None
        if len(groups) > 1 or len(definition.scenarios) > len(scenario_names):
            blocks.append(Paragraph(f"{_names_of(scenario_names)}:"))
        if victory.summary:
            blocks.append(Paragraph(victory.summary))
        rows = [
            row for condition in victory.conditions for row in _condition_rows(condition, definition, names)
        ]
        if victory.otherwise:
            rows.append((Cell(victory.otherwise, bold=True), Cell("when no condition above holds")))
        blocks.append(Table(("Result", "When"), tuple(rows), weights=(2, 5)))
    return [Chart("victory", "Victory Conditions", tuple(blocks))]


def _condition_rows(
    condition: VictoryCondition, definition: ValidGame, names: Names
) -> list[tuple[Cell, Cell]]:
    """A row per result: the designer's summary with the places it names, or for a count of
    places, a row per level of the count."""
    if condition.levels:
        return [
            (Cell(level.result, bold=True), Cell(_level_text(condition, level, names)))
            for level in condition.levels
        ]
    text = condition.summary
    places = _places(condition, names)
    if places and not all(place.split(" (")[0] in text for place in places):
        text += f" ({', '.join(places)})"
    return [(Cell(condition.result or "", bold=True), Cell(text))]


def _places(condition: VictoryCondition, names: Names) -> list[str]:
    return [names.place(p) for p in condition.places]


def _what(condition: VictoryCondition, names: Names) -> str:
    """The places a count counts: named, or the hexes of a feature."""
    places = _places(condition, names)
    if places:
        return ", ".join(places)
    if condition.feature:
        total = f"the {condition.total} " if condition.total else "the "
        return f"{total}{names.terrain(condition.feature)} hexes"
    return "the places"


def _level_text(condition: VictoryCondition, level: VictoryLevel, names: Names) -> str:
    low, high = level.minimum, level.maximum
    if low is not None and high is not None:
        count = str(low) if low == high else f"{low} to {high}"
    elif low is not None:
        count = f"at least {low}"
    else:
        count = f"at most {high}"
    return f"{names.side(condition.side)} controls {count} of {_what(condition, names)}"


# --- entry hexes ------------------------------------------------------------------------------


def entries_by_side(definition: ValidGame, names: Names) -> list[tuple[str, str]]:
    """The entry hexes map.json names, a line per side: "Jewish", "to Tel Aviv: 0103; ..."."""
    by_side: dict[str, list[str]] = {}
    for entry in definition.board.entries:
        side = names.side(entry.side) if entry.side else "Either side"
        by_side.setdefault(side, []).append(f"{entry.name}: {names.place(entry.at)}")
    return [(side, "; ".join(hexes)) for side, hexes in by_side.items()]


def entry_chart(definition: ValidGame, names: Names) -> Chart | None:
    """The entry hexes, for a game whose reinforcement rules do not print them already (a
    classic game's Reinforcements box lists them beside where its reinforcements enter)."""
    rules = definition.game.rules
    if rules is not None and rules.reinforcements is not None:
        return None
    rows = tuple((Cell(side, bold=True), Cell(hexes)) for side, hexes in entries_by_side(definition, names))
    if not rows:
        return None
    return Chart(
        "entries", "Entry Hexes", (Table(("Side", "Where reinforcements enter"), rows, weights=(2, 5)),)
    )


# --- special rules, optional rules, campaign --------------------------------------------------


def special_rules_chart(definition: ValidGame) -> Chart | None:
    """Each scenario's special rules: those every scenario has once, under "Every scenario",
    then the rest once for the scenarios that share them (Lawrence's missions differ only in
    how many cards are dealt)."""
    scenarios = [s for s in _in_order(definition) if s.special_rules]
    if not scenarios:
        return None
    shared = _shared_rules(scenarios) if len(scenarios) == len(definition.scenarios) else ()
    own = {s.id: tuple(rule for rule in s.special_rules if rule not in shared) for s in scenarios}
    groups = [group for group in _grouped(scenarios, dict(own)) if own[group[1].id]]
    rows: list[tuple[Cell, ...]] = []
    headings: list[tuple[int, str]] = []
    if shared and groups:
        headings.append((0, "Every scenario"))
    rows += [(Cell(rule),) for rule in shared]
    for scenario_names, scenario in groups:
        headings.append((len(rows), _names_of(scenario_names)))
        rows += [(Cell(rule),) for rule in own[scenario.id]]
    return Chart(
        "special-rules", "Scenario Special Rules", (Table(("Rule",), tuple(rows), groups=tuple(headings)),)
    )


def _shared_rules(scenarios: list[Scenario]) -> tuple[str, ...]:
    """The special rules every one of ``scenarios`` has, in the first one's order."""
    return tuple(
        rule for rule in scenarios[0].special_rules if all(rule in s.special_rules for s in scenarios)
    )


def optional_rules_chart(definition: ValidGame) -> Chart | None:
    rules = definition.game.optional_rules
    if not rules:
        return None
    rows = tuple((Cell(rule.name, bold=True), Cell(rule.summary)) for rule in rules)
    return Chart(
        "optional-rules", "Optional Rules", (Table(("Rule", "What it changes"), rows, weights=(2, 5)),)
    )


def campaign_chart(campaign: Campaign, names: Names) -> Chart:
    """The campaign game: its summary, the rules that carry over, and the steps between
    scenarios (each with the actions a player chooses from)."""
    blocks: list[Table | Paragraph] = []
    if campaign.summary:
        blocks.append(Paragraph(campaign.summary))
    order = " - ".join(names.scenario(s) for s in campaign.scenarios)
    blocks.append(Paragraph(f"Scenarios in order: {order}.", italic_note=True))
    if campaign.rules:
        blocks.append(Table(("Campaign rule",), tuple((Cell(r.summary),) for r in campaign.rules)))
    rows: list[tuple[Cell, ...]] = []
    headings: list[tuple[int, str]] = []
    for link in campaign.links:
        headings.append(
            (
                len(rows),
                f"Between {names.scenario(link.from_scenario)} and {names.scenario(link.to_scenario)}",
            )
        )
        for step in link.steps:
            text = step.summary + "".join(f" - {action}" for action in step.actions)
            rows.append((Cell(text),))
    if rows:
        blocks.append(Table(("Step",), tuple(rows), groups=tuple(headings)))
    return Chart("campaign", "Campaign Game", tuple(blocks))
