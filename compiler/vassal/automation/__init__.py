"""Automation in the module: combat worked out from the data, the sequence of play, markers.

``automation_plan`` decides everything the module gains from the same data the rules engine
reads; the module writer (catalogue, buildfile, setups) writes it. See docs/automation.md.
"""

from __future__ import annotations

from compiler.render.art import BoardArt
from compiler.render.automation_marks import battle_marker, result_marker
from compiler.render.images import png_bytes
from compiler.vassal.automation.battle import BATTLE_IMAGE, RESULT_IMAGE, CombatModel, battle_automation
from compiler.vassal.automation.classic import ClassicCrt
from compiler.vassal.automation.classic_pool import ClassicPool
from compiler.vassal.automation.dicepool import DicePool
from compiler.vassal.automation.jerusalem import Jerusalem
from compiler.vassal.automation.markers import marker_automation
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.raiders import Raiders
from compiler.vassal.automation.raiders_play import raiders_play
from compiler.vassal.automation.turns import phase_change, turn_automation
from compiler.vassal.sides import side_numbers
from rules_engine.definitions import ValidGame

__all__ = ["AUTOMATION_GPIDS", "Automation", "HelpRow", "automation_plan"]

# gpids the automation's placed markers take, after the palette's and the decks'
AUTOMATION_GPIDS = 2


def combat_model(definition: ValidGame, art: BoardArt, piece_size: int) -> CombatModel | None:
    """The combat model of the game's combat system, if the module automates it."""
    combat = definition.charts.combat
    if combat is None:
        return None
    system = definition.game.system
    if system == "classic" and combat.kind in ("odds-crt", "differential-crt"):
        return ClassicCrt(definition, piece_size)
    if system == "classic" and combat.kind == "dice-pool":
        return ClassicPool(definition, piece_size)
    if system == "israel1948" and combat.kind == "dice-pool":
        return DicePool(definition, piece_size)
    if system == "jerusalem" and combat.kind == "odds-crt":
        return Jerusalem(definition, art, piece_size)
    if combat.kind == "tactical-edge":
        return Raiders(definition)
    return None


def automation_plan(
    definition: ValidGame,
    art: BoardArt,
    first_gpid: int,
    piece_size: int,
    card_size: tuple[int, int] = (0, 0),
) -> Automation:
    """What the module gains: ``first_gpid`` and the next AUTOMATION_GPIDS - 1 are the markers';
    ``card_size`` is the size of the game's cards (the Cards in play window holds three)."""
    plan = Automation()
    combat = definition.charts.combat
    plan.extend(turn_automation(definition))
    plan.extend(marker_automation(definition, art, piece_size))
    model = combat_model(definition, art, piece_size)
    if model is not None:
        sides = side_numbers(definition)
        plan.extend(battle_automation(model, first_gpid, _battle_images(piece_size), sides))
    if combat is not None and combat.kind == "tactical-edge":
        plan.extend(raiders_play(definition, art, card_size))
    plan.extend(phase_change(definition, plan))
    return plan


def _battle_images(size: int) -> dict[str, bytes]:
    return {BATTLE_IMAGE: png_bytes(battle_marker(size)), RESULT_IMAGE: png_bytes(result_marker(size))}
