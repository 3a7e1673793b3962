"""Automation in the module: combat worked out from the data, the sequence of play, markers.

``automation_plan`` decides everything the module gains from the same data the rules engine
reads; the module writer (catalogue, buildfile, setups) writes it. See docs/automation.md.
"""

from __future__ import annotations

from compiler.render.art import BoardArt
from compiler.render.automation_marks import band, battle_marker, moved_flag, result_marker
from compiler.render.images import png_bytes
from compiler.vassal.automation.battle import BATTLE_IMAGE, RESULT_IMAGE, CombatModel, battle_automation
from compiler.vassal.automation.dicepool import ALL_IN_IMAGE, HALTED_IMAGE, OOS_IMAGE, DicePool
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.turns import phase_change, turn_automation
from rules_engine.definitions import ValidGame

__all__ = ["AUTOMATION_GPIDS", "Automation", "HelpRow", "automation_plan"]

# gpids the automation's placed markers take, after the palette's and the decks'
AUTOMATION_GPIDS = 2


def combat_model(definition: ValidGame) -> CombatModel | None:
    """The combat model of the game's combat system, if the module automates it."""
    combat = definition.charts.combat
    if combat is None:
        return None
    if combat.kind == "dice-pool":
        return DicePool(definition)
    return None


def automation_plan(definition: ValidGame, art: BoardArt, first_gpid: int, piece_size: int) -> Automation:
    """What the module gains: ``first_gpid`` and the next AUTOMATION_GPIDS - 1 are the markers'."""
    del art
    plan = Automation()
    plan.extend(turn_automation(definition))
    model = combat_model(definition)
    if model is not None:
        plan.extend(battle_automation(model, first_gpid, _battle_images(piece_size)))
    plan.extend(phase_change(plan))
    return plan


def _battle_images(size: int) -> dict[str, bytes]:
    return {
        BATTLE_IMAGE: png_bytes(battle_marker(size)),
        RESULT_IMAGE: png_bytes(result_marker(size)),
        OOS_IMAGE: png_bytes(band(size, "OUT OF SUPPLY", (150, 20, 20), top=True)),
        HALTED_IMAGE: png_bytes(band(size, "HALTED", (90, 90, 90), top=False)),
        ALL_IN_IMAGE: png_bytes(band(size, "ALL IN", (200, 110, 0), top=False)),
        "wgc-moved.png": png_bytes(moved_flag(size)),
    }
