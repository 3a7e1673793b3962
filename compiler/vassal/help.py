"""The module's help page, generated from the data.

Every sentence here is either the project's template wording or a summary
written into the data in the designers' own words; no rulebook text is copied.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from compiler.render.names import Names
from compiler.vassal.automation.plan import HelpRow
from rules_engine.definitions import Scenario, ValidGame
from rules_engine.definitions.counters import face_words

STYLE = """body{font-family:sans-serif;max-width:52em;margin:1em auto;line-height:1.4}
table{border-collapse:collapse}td,th{border:1px solid #aaa;padding:2px 6px;text-align:left}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc}"""


def help_page(
    definition: ValidGame, charts: list[tuple[str, str]], automation: Sequence[HelpRow] = ()
) -> str:
    game = definition.game
    title = game.title
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
    ]
    if game and game.summary:
        parts.append(f"<p>{escape(game.summary)}</p>")
    parts.append(_sides(definition))
    parts.append(_sequence(definition))
    parts.append(_stacking(definition))
    parts.append(_combat(definition))
    parts.append(_automation(automation))
    if charts:
        parts.append(
            "<h2>Charts</h2><p>The Charts button opens: "
            + ", ".join(escape(name) for name, _ in charts)
            + ".</p>"
        )
    for scenario in scenarios_in_order(definition):
        parts.append(_scenario(definition, scenario))
    parts.append(_optional_rules(definition))
    parts.append(_campaign(definition))
    parts.append(
        "<h2>About the data</h2><p>Names and numbers come from the rulebook and cite its sections. "
        "Where the rulebook does not print a value (for example the map), the value was "
        "reconstructed so that every stated fact holds, and is marked as reconstructed in the "
        "source data.</p>"
    )
    parts.append("</body></html>")
    return "\n".join(part for part in parts if part)


def _list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>" if items else ""


def _automation(rows: Sequence[HelpRow]) -> str:
    """What the module works out for the players, and the keys that make it do it."""
    if not rows:
        return ""
    table = "".join(f"<tr><td>{escape(row.keys)}</td><td>{escape(row.does)}</td></tr>" for row in rows)
    return (
        "<h2>What the module does for you</h2><p>The module works out what the rules work out, from the "
        "same data as the rules engine, and writes each step in the chat (the game's log), so an "
        "opponent playing by e-mail can check it. Nothing stops you from moving pieces by hand: the "
        "automation only acts when you ask.</p><table><tr><th>Keys or button</th><th>What it does</th></tr>"
        f"{table}</table>"
    )


def _sides(definition: ValidGame) -> str:
    game = definition.game
    rows = []
    for side in game.sides:
        nations = ", ".join(n.name for n in game.nations if n.side == side.id)
        played = " (played by the game system)" if side.played_by == "game-system" else ""
        rows.append(f"<b>{escape(side.name)}</b>{played}" + (f": {escape(nations)}" if nations else ""))
    return "<h2>Sides</h2>" + _list(rows)


def _sequence(definition: ValidGame) -> str:
    game = definition.game
    if not game.phases:
        return ""
    items = [
        f"<b>{escape(p.name)}</b>" + (f" - {escape(p.summary)}" if p.summary else "") for p in game.phases
    ]
    return "<h2>Sequence of play</h2><ol>" + "".join(f"<li>{item}</li>" for item in items) + "</ol>"


def _stacking(definition: ValidGame) -> str:
    """The stacking rule once: its summary, or the list of its rules where there is none."""
    game = definition.game
    if game.stacking.summary:
        return f"<h2>Stacking</h2><p>{escape(game.stacking.summary)}</p>"
    items = [escape(rule.summary) for rule in game.stacking.rules if rule.summary]
    return "<h2>Stacking</h2>" + _list(items) if items else ""


def scenarios_in_order(definition: ValidGame) -> list[Scenario]:
    """Scenarios as a player meets them: campaign order, else by number, else as listed."""
    scenarios = list(definition.scenarios)
    game = definition.game
    order = list(game.campaign.scenarios) if game and game.campaign else []
    return sorted(
        scenarios,
        key=lambda s: (
            order.index(s.id) if s.id in order else len(order),
            s.number if s.number is not None else 1000,
            scenarios.index(s),
        ),
    )


def _combat(definition: ValidGame) -> str:
    charts = definition.charts
    if charts.combat is None or not charts.combat.summary:
        return ""
    return f"<h2>Combat</h2><p>{escape(charts.combat.summary)}</p>"


def _scenario(definition: ValidGame, scenario: Scenario) -> str:
    names = Names(definition)
    parts = [f"<h2>Scenario: {escape(scenario.name)}</h2>"]
    if scenario.period:
        parts.append(f"<p><i>{escape(scenario.period)}</i></p>")
    if scenario.summary:
        parts.append(f"<p>{escape(scenario.summary)}</p>")
    parts.append(_list(_facts(definition, names, scenario)))
    parts.append(_setup(names, scenario))
    parts.append(_markers_and_reinforcements(definition, names, scenario))
    parts.append(_victory(scenario))
    if scenario.special_rules:
        parts.append("<h3>Special rules</h3>" + _list([escape(rule) for rule in scenario.special_rules]))
    return "\n".join(part for part in parts if part)


def _facts(definition: ValidGame, names: Names, scenario: Scenario) -> list[str]:
    facts = []
    if scenario.first_turn is not None:
        facts.append(f"Turns {escape(scenario.first_turn)} to {escape(scenario.last_turn or '?')}.")
    if scenario.first_player:
        facts.append(f"First player: {escape(names.side(scenario.first_player))}.")
    for allowance in scenario.points:
        amount = (
            f"{allowance.per_turn} a turn"
            if allowance.per_turn is not None
            else ", ".join(f"{points} in turn {turn}" for turn, points in allowance.schedule)
        )
        restriction = f" ({escape(allowance.restriction)})" if allowance.restriction else ""
        track = _track_name(definition, allowance.track)
        facts.append(f"{escape(names.side(allowance.side))} {escape(track)}: {escape(amount)}{restriction}")
    return facts


def _setup(names: Names, scenario: Scenario) -> str:
    """The set-up table: side, unit as the rulebook names it (with its values), and where."""
    rows = []
    for placement in scenario.placements:
        face = (
            ""
            if placement.face == "front"
            else " (damaged)"
            if placement.face == "back"
            else f" ({face_words(placement.face)})"
        )
        copies = f"{placement.copies} x " if placement.copies > 1 else ""
        constraint = placement.constraint
        choice = f" <i>- {escape(constraint.summary)}</i>" if constraint and constraint.summary else ""
        rows.append(
            f"<tr><td>{escape(names.side(placement.side))}</td>"
            f"<td>{copies}{escape(names.counter(placement.unit))}{face}</td>"
            f"<td>{escape(names.place(placement.at))}{choice}</td></tr>"
        )
    if not rows:
        return ""
    return (
        "<h3>Set-up</h3><table><tr><th>Side</th><th>Unit</th><th>Where</th></tr>" + "".join(rows) + "</table>"
    )


def _markers_and_reinforcements(definition: ValidGame, names: Names, scenario: Scenario) -> str:
    parts = []
    markers = []
    for marker in scenario.markers:
        if marker.at is not None:
            markers.append(f"{escape(names.counter(marker.counter))} in {escape(names.place(marker.at))}")
        elif marker.track is not None and marker.box is not None:
            track = _track_name(definition, marker.track)
            markers.append(f"{escape(names.counter(marker.counter))} on {escape(track)} {escape(marker.box)}")
    if markers:
        parts.append("<h3>Markers</h3>" + _list(markers))
    reinforcements = [
        f"Turn {escape(r.turn)}: {escape(names.counter(r.unit))}"
        + (f" x {r.copies}" if r.copies > 1 else "")
        + (f" at {escape(names.place(r.at))}" if r.at else "")
        for r in scenario.reinforcements
    ]
    if reinforcements:
        parts.append("<h3>Reinforcements</h3>" + _list(reinforcements))
    pool = [
        escape(names.counter(e.unit))
        + (f" x {e.copies}" if e.copies > 1 else "")
        + (f" (from turn {escape(e.from_turn)})" if e.from_turn else "")
        for e in scenario.eliminated
    ]
    if pool:
        parts.append("<h3>Eliminated at the start</h3>" + _list(pool))
    return "\n".join(parts)


def _victory(scenario: Scenario) -> str:
    if scenario.victory is None:
        return ""
    items = []
    for condition in scenario.victory.conditions:
        levels = "; ".join(_level(level.minimum, level.maximum, level.result) for level in condition.levels)
        items.append(escape(condition.summary) + (f" ({escape(levels)})" if levels else ""))
    summary = f"<p>{escape(scenario.victory.summary)}</p>" if scenario.victory.summary else ""
    return "<h3>Victory</h3>" + summary + _list(items)


def _track_name(definition: ValidGame, track_id: str) -> str:
    board = definition.board
    track = next((t for t in board.tracks if t.id == track_id), None)
    return track.name if track else track_id.replace("-", " ")


def _level(minimum: int | None, maximum: int | None, result: str) -> str:
    if minimum is not None and maximum is not None:
        span = str(minimum) if minimum == maximum else f"{minimum}-{maximum}"
    elif minimum is not None:
        span = f"{minimum} or more"
    elif maximum is not None:
        span = f"{maximum} or fewer"
    else:
        span = "any"
    return f"{span}: {result}"


def _optional_rules(definition: ValidGame) -> str:
    game = definition.game
    if not game.optional_rules:
        return ""
    return "<h2>Optional rules</h2>" + _list(
        [f"<b>{escape(rule.name)}</b> - {escape(rule.summary)}" for rule in game.optional_rules]
    )


def _campaign(definition: ValidGame) -> str:
    game = definition.game
    if game.campaign is None:
        return ""
    campaign = game.campaign
    names = Names(definition)
    parts = ["<h2>Campaign</h2>"]
    if campaign.summary:
        parts.append(f"<p>{escape(campaign.summary)}</p>")
    parts.append(_list([escape(rule.summary) for rule in campaign.rules]))
    for link in campaign.links:
        steps = [
            escape(step.summary) + _list([escape(action) for action in step.actions]) for step in link.steps
        ]
        first, then = names.scenario(link.from_scenario), names.scenario(link.to_scenario)
        parts.append(
            f"<h3>From {escape(first)} to {escape(then)}</h3>"
            + "<ol>"
            + "".join(f"<li>{step}</li>" for step in steps)
            + "</ol>"
        )
    return "\n".join(parts)
