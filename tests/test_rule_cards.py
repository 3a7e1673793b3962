"""The player aids print the game's rules from its data (issue 30, item 5): victory conditions,
zones of control, supply, replacement costs, entry hexes, a mode's limit, and a Sequence of
Play that says what each phase does; each figure is the data's, so changing it changes the aid."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from compiler.pipeline import validate_game
from compiler.render.chart_content import game_charts
from compiler.render.charts import Chart, Paragraph, Table, render_chart
from rules_engine.definitions import ValidGame

from .conftest import GAMES, ROOT, copy_game, shipped, valid_game

CADRE = ROOT / "tests" / "fixtures" / "classic" / "cadre"
CLASSIC = [g for g in GAMES if shipped(g).game.rules is not None]


def charts(definition: ValidGame) -> dict[str, Chart]:
    return {chart.id: chart for chart in game_charts(definition)}


def words(chart: Chart) -> str:
    """Everything a chart prints, as one string (paragraphs and every cell)."""
    parts: list[str] = []
    for block in chart.blocks:
        if isinstance(block, Paragraph):
            parts.append(block.text)
        elif isinstance(block, Table):
            parts += [cell.text for row in block.rows for cell in row]
            parts += [heading for _, heading in block.groups]
    return " | ".join(parts)


def phase_row(chart: Chart, name: str) -> str:
    table = chart.blocks[0]
    assert isinstance(table, Table)
    return next(row[1].text for row in table.rows if row[0].text.endswith(name))


@cache
def cadre() -> ValidGame:
    return valid_game(validate_game(CADRE, run_replays=False))


@pytest.mark.parametrize("game", CLASSIC)
def test_every_classic_option_the_game_declares_has_its_box(game: str) -> None:
    definition = shipped(game)
    rules = definition.game.rules
    ids = charts(definition)
    for option, chart in (
        ("movement", "movement"),
        ("zoc", "zoc"),
        ("supply", "supply"),
        ("reinforcements", "reinforcements"),
        ("replacements", "replacements"),
        ("control", "control"),
    ):
        assert (getattr(rules, option) is not None) == (chart in ids), (option, sorted(ids))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_with_victory_conditions_prints_them(game: str) -> None:
    """Each condition's result and the designer's summary are on the Victory Conditions chart."""
    definition = shipped(game)
    scenarios = [s for s in definition.scenarios if s.victory is not None]
    assert scenarios
    text = words(charts(definition)["victory"])
    for scenario in scenarios:
        victory = scenario.victory
        assert victory is not None
        for condition in victory.conditions:
            assert (condition.result or condition.levels[0].result) in text
            if not condition.levels:
                assert condition.summary in text
        if victory.otherwise:
            assert victory.otherwise in text


def test_battle_for_moscow_prints_its_rail_limit_zoc_and_replacement_costs() -> None:
    ids = charts(shipped("battle-for-moscow"))
    movement = words(ids["movement"])
    assert "Rail Movement" in movement and "up to 4 hexes along Railroad" in movement
    assert "stops on entering an enemy zone of control" in movement
    zoc = words(ids["zoc"])
    assert "stops there" in zoc and "straight into another" in zoc
    replacements = ids["replacements"]
    buys = replacements.blocks[0]
    assert isinstance(buys, Table)
    assert [row[1].text for row in buys.rows] == ["1 point"] * 5
    text = words(replacements)
    assert "Moscow (1103)" in text and "Placed on the west edge" in text
    assert "Soviet 5 points a turn" in text and "German 1 point on turn 2" in text
    assert "lost when the phase ends" in text
    assert "The Germans hold Moscow" in words(ids["victory"])


def test_battle_for_moscow_sequence_says_what_rail_and_replacement_phases_do() -> None:
    sequence = charts(shipped("battle-for-moscow"))["sequence"]
    rail = phase_row(sequence, "Soviet Rail Movement Phase")
    assert rail.startswith("Soviet units standing on a railway")  # the designer's summary first
    assert "up to 4 hexes along Railroad" in rail
    replacement = phase_row(sequence, "German Replacement Phase")
    assert "costs 1 point" in replacement and "unused points are lost" in replacement


def test_vallon_supply_phase_says_how_supply_is_traced_and_what_it_costs() -> None:
    """Vallon's summary says a unit out of supply loses a step; the aid adds the range, the
    sources and the halved attack the data plays."""
    ids = charts(shipped("vallon"))
    supply = phase_row(ids["sequence"], "Ostland Supply Phase")
    assert supply.startswith("Ostland's units are checked for supply")
    assert "at most 8 hexes" in supply and "Ostland: the west edge" in supply
    assert "attack x1/2" in supply
    text = words(ids["supply"])
    assert "at most 8 hexes" in text and "Vallon (0905)" in text and "cancels the zone" in text
    replacement = phase_row(ids["sequence"], "Ostland Replacement Phase")
    assert "An eliminated unit costs 2 points and a step costs 1 point" in replacement
    reinforcement = phase_row(ids["sequence"], "Ostland Reinforcement Phase")
    assert "They enter on a supply source of their side" in reinforcement
    movement = words(ids["movement"])
    assert "Armour, Motorised Infantry and Reconnaissance: Mechanised" in movement


def test_the_aid_follows_the_data_not_a_copy_of_it(tmp_path: Path) -> None:
    """Vallon with a supply range of 5 and an eliminated unit costing 3: the aid prints the new
    figures, in its boxes and in the Sequence of Play."""
    game = copy_game("vallon", tmp_path)

    def change(data: dict) -> None:  # type: ignore[type-arg]
        data["rules"]["supply"]["range"] = 5
        data["rules"]["replacements"]["buy"][1]["cost"] = 3

    game.edit("game.json", change)
    ids = charts(valid_game(validate_game(game.root, run_replays=False)))
    assert "at most 5 hexes" in words(ids["supply"])
    assert "at most 5 hexes" in phase_row(ids["sequence"], "Ostland Supply Phase")
    assert "3 points" in words(ids["replacements"])
    assert "An eliminated unit costs 3 points" in phase_row(ids["sequence"], "Ostland Replacement Phase")


def test_jerusalem_prints_its_entry_hexes() -> None:
    definition = shipped("jerusalem")
    text = words(charts(definition)["entries"])
    for entry in definition.board.entries:
        assert entry.name in text
    assert "to Tel Aviv: 0103" in text


def test_a_classic_game_prints_entry_hexes_once() -> None:
    """A classic game's entry hexes are in its Reinforcements box, not in a chart of their own."""
    for game in CLASSIC:
        assert "entries" not in charts(shipped(game))


def test_israel_prints_each_scenarios_victory_optional_rules_and_campaign() -> None:
    definition = shipped("israel1948")
    ids = charts(definition)
    victory = ids["victory"]
    headings = [b.text for b in victory.blocks if isinstance(b, Paragraph) and b.text.endswith(":")]
    assert headings == ["Onslaught:", "Ten Days:", "End Game:"]
    assert "Israeli controls at least 6 of the 15 Town hexes" in words(victory)
    assert "Israeli controls 8 to 9 of the 15 Town hexes" in words(victory)
    optional = words(ids["optional-rules"])
    assert definition.game.optional_rules
    for rule in definition.game.optional_rules:
        assert rule.name in optional and rule.summary in optional
    campaign = words(ids["campaign"])
    assert "Scenarios in order: Onslaught - Ten Days - End Game." in campaign
    assert "Between Onslaught and Ten Days" in campaign


def test_scenarios_sharing_their_victory_print_it_once() -> None:
    """Battle for Moscow's four set-ups share one victory: it is printed once, without a heading."""
    victory = charts(shipped("battle-for-moscow"))["victory"]
    assert not [b for b in victory.blocks if isinstance(b, Paragraph) and b.text.endswith(":")]
    assert words(victory).count("The Germans hold Moscow") == 1


def test_a_unit_of_more_than_two_steps_is_bought_back_on_its_face() -> None:
    """Cadre's divisions come back on face 3, their cadre, for 2 points; a step back is one face up."""
    text = words(charts(cadre())["replacements"])
    assert "An eliminated unit, back on its face 3" in text and "2 points" in text
    assert "A step back for a reduced unit (one face up)" in text


@pytest.mark.parametrize("game", GAMES)
def test_no_rule_text_is_set_below_5_points(game: str) -> None:
    """At the aid's resolution, in a full and a half column, every string stands 5 pt or more."""
    dpi = 200
    for chart in game_charts(shipped(game)):
        for width in (7.5, 3.6):
            out = render_chart(chart, width, dpi)
            small = [t.text for t in out.texts if t.size * 72 / dpi < 5]
            assert not small, (chart.id, width, small[:3])


def test_a_group_heading_is_never_cut_from_its_first_row() -> None:
    """Israel's campaign steps: a page may break before "Between Ten Days and End Game", never
    between it and its first step (it was left alone at the foot of page 5)."""
    chart = charts(shipped("israel1948"))["campaign"]
    out = render_chart(chart, 7.5, 100)
    headings = [t for t in out.texts if t.role == "group"]
    assert len(headings) == 2
    line = round(9.0 * 1.3 * 100 / 72)
    for heading in headings:
        top, bottom = heading.bbox[1], heading.bbox[3]
        first = min(t.bbox[1] for t in out.texts if t.role == "cell" and t.bbox[1] > bottom)
        assert any(top - line <= b <= top for b in out.breaks), heading.text  # a cut before it
        assert not [b for b in out.breaks if bottom < b <= first], heading.text


def test_special_rules_every_scenario_has_are_printed_once() -> None:
    """Lawrence's missions share two special rules and differ in the cards dealt: the shared
    two come once, under "Every scenario", and no rule is printed twice."""
    table = charts(shipped("lawrence"))["special-rules"].blocks[0]
    assert isinstance(table, Table)
    rules = [row[0].text for row in table.rows]
    assert len(rules) == len(set(rules))
    headings = [heading for _, heading in table.groups]
    assert headings[0] == "Every scenario"
    assert any(rule.startswith("Deal 8 operations cards") for rule in rules)
    for scenario in shipped("lawrence").scenarios:
        assert set(scenario.special_rules) <= set(rules)
