"""What the player aids say of a classic game's options (docs/classic-rules.md), in words.

The combat procedure and its results vocabulary, a phase's doings where the data gives no
summary, the turn effects, and the combat effects of a terrain: all worded from the options
themselves, so the aids print what the engine plays. Only games with classic options get them.
"""

from __future__ import annotations

from compiler.render.charts import Cell, Chart, Paragraph, Table
from compiler.render.names import Names
from rules_engine.definitions import (
    CombatProcedure,
    Phase,
    ResultMeaning,
    SideResult,
    TableDice,
    TableEnd,
    Terrain,
    TurnEffect,
    UnitSelector,
    ValidGame,
)
from rules_engine.systems.classic.facts import MOVEMENT_PHASE

ROUNDING = {
    "defender": "rounded in the defender's favour",
    "attacker": "rounded in the attacker's favour",
    "nearest": "rounded to the nearest (a half to the defender)",
}


def sentence(text: str) -> str:
    """``text`` with its first letter a capital and nothing else changed (``capitalize`` would
    lower a result code, NE, or a name)."""
    return text[:1].upper() + text[1:]


def _plural(number: float, word: str) -> str:
    return f"{number:g} {word}" + ("" if number == 1 else "s")


def terrain_facts(terrain: Terrain, names: Names, unless_said: bool = True) -> list[tuple[str, str]]:
    """The classic combat effects of a terrain, each with the word that shows a summary says it;
    ``unless_said`` leaves out those the terrain's summary says (a chart that prints the summary),
    the map's terrain key, which prints no summary, takes them all."""
    combat = terrain.combat
    if combat is None:
        return []
    facts: list[tuple[str, str]] = []
    whom = f" ({names.side(combat.for_side)} defenders only)" if combat.for_side else ""
    if terrain.kind == "hexside":
        every = combat.applies == "every-attacker-across"
        whom += " when every attacker is across" if every else " when an attacker is across"
    if combat.column_shift:
        way = "left" if combat.column_shift < 0 else "right"
        facts.append((f"{_plural(abs(combat.column_shift), 'column')} {way}{whom}", "column"))
    if combat.defense_multiplier is not None:
        facts.append((f"defense x{combat.defense_multiplier:g}{whom}", "defense"))
    if combat.attack_multiplier is not None:
        facts.append((f"attack across x{combat.attack_multiplier:g}", "attack"))
    said = (combat.summary or "").lower() if unless_said else ""
    return [(text, key) for text, key in facts if key not in said]


def _side_part(part: SideResult, who: str) -> list[str]:
    words: list[str] = []
    if part.eliminated:
        words.append(f"{who} eliminated")
    if part.steps:
        words.append(f"{who} loses {_plural(part.steps, 'step')}")
    if part.retreat:
        words.append(f"{who} retreats {_plural(part.retreat, 'hex')}".replace("hexs", "hexes"))
    return words


def meaning_text(meaning: ResultMeaning) -> str:
    """A result code's meaning in words: its summary, or what it does to each side."""
    if meaning.summary:
        return meaning.summary
    words = _side_part(meaning.defender, "defender") + _side_part(meaning.attacker, "attacker")
    if meaning.exchange:
        words.append(f"the attacker loses as many {meaning.exchange} as the defender")
    return sentence("; ".join(words)) or "No effect"


def _end(end: TableEnd, where: str) -> str:
    if end.rule == "result":
        return f"{where}: {end.result} without a roll"
    if end.rule == "no-attack":
        return f"{where}: no attack may be made"
    return f"{where}: the {end.rule} column"


def procedure_text(
    kind: str, procedure: CombatProcedure, rounding: str | None, dice: TableDice | None = None
) -> str:
    """The classic combat procedure in a few sentences (``dice``: the CRT's, where it declares them)."""
    sentences = [
        f"Attacks are {procedure.attacks}; "
        + (
            "an attack is on one hex."
            if procedure.targets == "one-hex"
            else "an attack may be on several adjacent hexes."
        )
    ]
    if kind == "odds-crt":
        sentences.append(f"Odds are {ROUNDING.get(rounding or 'defender', '')}.")
    elif kind == "differential-crt":
        sentences.append(f"The differential is {ROUNDING.get(rounding or 'defender', '')}.")
    if kind != "dice-pool":
        sentences.append(
            # no case change: a result code (NE, DE) stays as the table prints it
            _end(procedure.below_lowest, "Below the lowest column")
            + "; "
            + _end(procedure.above_highest, "above the highest")
            + "."
        )
        sentences.append(
            "A combat beyond an end of the table is brought to it before the column shifts."
            if procedure.table_ends == "before-shifts"
            else "A combat beyond an end of the table is shifted from one column past it."
        )
        sentences += roll_sentences(procedure, dice)
    retreat = procedure.retreat
    zoc = {
        "prohibited": "never enters an enemy zone of control",
        "allowed": "may enter enemy zones of control",
        "step-loss": "loses a step for each enemy zone of control it enters",
    }
    blocked = "is eliminated" if retreat.blocked == "eliminated" else "loses a step"
    sentences.append(f"A retreating unit {zoc[retreat.enemy_zoc]}; one with no way back {blocked}.")
    advance = procedure.advance
    if advance is not None and advance.units != 0:
        who = "every attacker" if advance.units is None else f"up to {_plural(advance.units, 'attacker')}"
        sentences.append(
            f"After combat {who} may advance {_plural(advance.hexes, 'hex')}.".replace("hexs", "hexes")
        )
    return " ".join(sentences)


def roll_sentences(procedure: CombatProcedure, dice: TableDice | None) -> list[str]:
    """How the CRT's roll is made and read beyond its rows, where the data says so."""
    sentences = []
    if dice is not None and dice.number > 1:
        sentences.append(f"Roll {dice} and add them up; die-roll modifiers apply to the sum.")
    ends = [
        (procedure.below_lowest_roll, "A modified roll below the first row", "the first row"),
        (procedure.above_highest_roll, "a modified roll above the last row", "the last row"),
    ]
    told = [
        f"{words} is {'read on ' + row if end.rule != 'result' else end.result}"
        for end, words, row in ends
        if end is not None
    ]
    if told:
        sentences.append(("; ".join(told) + ".")[:1].upper() + ("; ".join(told) + ".")[1:])
    return sentences


def combat_blocks(
    kind: str, procedure: CombatProcedure, rounding: str | None, dice: TableDice | None = None
) -> list[Table | Paragraph]:
    """The classic combat procedure and its results vocabulary, for the combat chart."""
    blocks: list[Table | Paragraph] = [Paragraph(procedure_text(kind, procedure, rounding, dice))]
    if procedure.results:
        rows = tuple(
            (Cell(code, bold=True, centre=True), Cell(meaning_text(meaning)))
            for code, meaning in procedure.results.items()
        )
        blocks.append(Table(("Result", "Meaning"), rows, weights=(1, 6)))
    return blocks


def _player(phase: Phase, names: Names) -> str:
    return {"first": "The first player", "second": "The second player", "both": "Every player"}.get(
        phase.player, names.side(phase.player)
    )


def selector_text(selector: UnitSelector, names: Names) -> str:
    words = [names.side(selector.side)] if selector.side else []
    words += [" or ".join(map(names.unit_class, selector.classes))] if selector.classes else []
    if selector.not_classes:
        words.append(f"not {' or '.join(map(names.unit_class, selector.not_classes))}")
    words += [f"with {k} {v}" for k, v in selector.values.items()]
    return " ".join(words) or "all"


def phase_text(phase: Phase, definition: ValidGame, names: Names) -> str:
    """What happens in a classic phase, where the data gives no summary."""
    if phase.summary:
        return phase.summary
    who = _player(phase, names)
    doing = {
        MOVEMENT_PHASE: f"{who} moves units",
        "combat": f"{who} attacks",
        "reinforcement": f"{who} places reinforcements",
        "replacement": f"{who} receives and spends replacement points",
        "supply": f"{who} checks supply",
    }.get(phase.kind, "")
    if phase.units is not None:
        doing += f" ({selector_text(phase.units, names)} only)"
    rules = definition.game.rules
    modes = {m.id: m.name for m in rules.movement.modes} if rules and rules.movement else {}
    if phase.mode:
        doing += f" by {modes.get(phase.mode, phase.mode)}"
    if phase.turns:
        doing += f"; turns {', '.join(phase.turns)} only"
    return doing + "." if doing else ""


def effect_text(effect: TurnEffect, modes: dict[str, str] | None = None) -> str:
    """A turn effect in words: its summary, or what it changes (``modes``: the movement modes'
    names by id, so a player reads "Rail Movement", not an id)."""
    if effect.summary:
        return effect.summary
    words: list[str] = []
    if effect.movement_hexes is not None:
        words.append(f"units move at most {_plural(effect.movement_hexes, 'hex')}".replace("hexs", "hexes"))
    if effect.movement_allowance is not None:
        words.append(f"movement allowance {effect.movement_allowance:g}")
    if effect.movement_multiply is not None:
        words.append(f"movement allowance x{effect.movement_multiply:g}")
    if effect.except_modes:
        named = [(modes or {}).get(mode, f"{mode} movement") for mode in effect.except_modes]
        words.append(f"not in {', '.join(named)}")
    if effect.attack is not None:
        words.append(f"attack x{effect.attack:g}")
    if effect.defense is not None:
        words.append(f"defense x{effect.defense:g}")
    if effect.column_shift:
        words.append(f"{effect.column_shift:+d} column(s)")
    if effect.drm:
        words.append(f"{effect.drm:+d} to the die")
    return sentence("; ".join(words)) + "."


def turn_effects_chart(definition: ValidGame) -> Chart | None:
    rules = definition.game.rules
    if rules is None or not rules.turn_effects:
        return None
    modes = {m.id: m.name for m in rules.movement.modes} if rules.movement else {}
    rows = tuple(
        (Cell(e.name, bold=True), Cell(", ".join(e.turns), centre=True), Cell(effect_text(e, modes)))
        for e in rules.turn_effects
    )
    return Chart(
        "turn-effects", "Turn Effects", (Table(("Effect", "Turns", "What it does"), rows, weights=(2, 1, 5)),)
    )
