"""What a turn brings besides reinforcements, as the chat says it when the turn begins.

From the data: the points each side receives (a scenario's ``points``, per turn or by
schedule, with their restriction), places that open (terrain ``closed_until`` and
``no_remain_until``), a classic game's turn effects (mud, snow), and the scenario's last
turn (with the player turns it keeps). Each
scenario's setup gives one ``TurnNotes_<turn>`` global per turn; the turn report reads it.
"""

from __future__ import annotations

from compiler.render.names import Names
from compiler.vassal.automation.values import identifier
from rules_engine.definitions import PointsAllowance, Scenario, ValidGame


def notes_property(turn: str) -> str:
    return "TurnNotes_" + identifier(turn)


def turn_notes(definition: ValidGame, scenario: Scenario) -> dict[str, str]:
    """Each turn's notes of the scenario, one sentence after another."""
    labels = definition.game.turn_labels
    notes: dict[str, list[str]] = {turn: [] for turn in labels}
    for turn in _played(labels, scenario):
        for allowance in scenario.points:
            note = _points(definition, allowance, turn)
            if note:
                notes[turn].append(note)
    for terrain in definition.terrain.terrain.values():
        if terrain.closed_until in notes:
            notes[terrain.closed_until].append(f"{terrain.name} may be entered from this turn on.")
        if terrain.no_remain_until in notes:
            notes[terrain.no_remain_until].append(f"Units may stay in {terrain.name} from this turn on.")
    rules = definition.game.rules
    for effect in rules.turn_effects if rules is not None else ():
        for turn in effect.turns:
            if turn in notes:
                notes[turn].append(effect.summary or f"{effect.name} is in force.")
    if scenario.last_turn in notes:
        notes[scenario.last_turn].append(_last_turn(definition, scenario))
    return {notes_property(turn): " ".join(lines) for turn, lines in notes.items()}


def _played(labels: tuple[str, ...], scenario: Scenario) -> tuple[str, ...]:
    """The turns the scenario plays, first to last."""
    first = labels.index(scenario.first_turn) if scenario.first_turn in labels else 0
    last = labels.index(scenario.last_turn) if scenario.last_turn in labels else len(labels) - 1
    return labels[first : last + 1]


def _points(definition: ValidGame, allowance: PointsAllowance, turn: str) -> str:
    """A side's points this turn: its per-turn number, or what its schedule gives this turn."""
    scheduled = dict(allowance.schedule)
    points = scheduled.get(turn, allowance.per_turn if not scheduled else None)
    if not points:
        return ""
    names = Names(definition)
    track = next((t.name for t in definition.board.tracks if t.id == allowance.track), allowance.track)
    restriction = f" ({allowance.restriction.rstrip('.')})" if allowance.restriction else ""
    return f"{track} for the {names.side(allowance.side)} side: {points}{restriction}."


def _last_turn(definition: ValidGame, scenario: Scenario) -> str:
    if not scenario.last_turn_players:
        return "The scenario's last turn."
    names = Names(definition)
    players = " and ".join(names.side(side) for side in scenario.last_turn_players)
    return f"The scenario's last turn: only the {players} player turn is played."
