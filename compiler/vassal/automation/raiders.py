"""A Raiders battle (charts.json combat kind "tactical-edge", 15.0-16.0, 29.0) as the module plays it.

Every unit of the player's side in the battle's space fights. Each side rolls for the
tactical edge, adding ``elite_bonus`` per elite unit (the raiders' gear counts too) to at
most ``max_bonus``; the higher total fires first and a tie goes to the side the space's
terrain favours (terrain.json ``tactical_edge_tie``, the player's where it says nothing).
Then units fire one at a time, alternating: a die at or under the firing unit's combat value
is a hit. A raider's value is its strength plus the values of the gear it carries (the gear
stacked directly on it); a hostile aeroplane adds one to the strongest other hostile but
neither fires nor is hit, and the armored train never gets it. The module works out the
edge (Resolve) and each unit's shots (Fire on the unit); who fires next, the targets and the
rounds stay the player's.
"""

from __future__ import annotations

from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import stage_trigger
from compiler.vassal.automation.expressions import braces, choose, matching, member, text
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.terrain import game_board, location_names, spaces_where
from compiler.vassal.automation.traits import Change, calculated, dynamic, report, trigger
from compiler.vassal.pieces import Trait
from compiler.vassal.sides import side_name
from rules_engine.definitions import Counter, ValidGame
from rules_engine.systems.raiders.pieces import AEROPLANE_CLASS, ARMORED_TRAIN_CLASS

UNIT = 'Wgc=="unit"'


def _gear_above(value: str) -> str:
    """The sum of ``value`` over the gear stacked directly on a unit (at most two pieces up)."""
    first = matching(['Wgc=="gear"', "StackPos==$StackPos$-1"])
    second = matching(['Wgc=="gear"', "StackPos==$StackPos$-2"])
    return (
        f'SumLocation("{value}", {first})'
        f' + (CountLocation({first}) > 0 ? SumLocation("{value}", {second}) : 0)'
    )


class Raiders:
    """The combat model of a Raiders game."""

    def __init__(self, definition: ValidGame) -> None:
        combat = definition.charts.combat
        assert combat is not None
        self.elite_bonus = int(combat.settings.get("elite_bonus", 1))
        self.max_bonus = int(combat.settings.get("max_bonus", 99))
        sides = definition.game.sides
        player = next((s for s in sides if s.played_by == "player"), sides[0])
        hostile = next((s for s in sides if s.id != player.id), player)
        self.player, self.hostile = player.name, hostile.name
        self.die = definition.game.dice[0].sides if definition.game.dice else 6
        board, names = game_board(definition), location_names(definition)
        self.hostile_ties = spaces_where(
            board,
            names,
            lambda s: (k := board.terrain_of.get(s)) is not None and k.tactical_edge_tie == hostile.id,
        )
        self.player_id, self.hostile_id = player.id, hostile.id
        self.definition = definition

    # --- the units ---------------------------------------------------------------------------

    def counter_values(self, counter: Counter) -> dict[str, str]:
        return {}

    def counter_traits(self, counter: Counter) -> list[Trait]:
        return []

    def automation(self) -> Automation:
        return Automation()

    def unit_traits(self) -> list[Trait]:
        hostiles = [UNIT, f"Side=={text(self.hostile)}"]
        fighters = [*hostiles, f"Class!={text(AEROPLANE_CLASS)}", f"Class!={text(ARMORED_TRAIN_CLASS)}"]
        strongest = (
            f"CountLocation({matching([*fighters, 'Strength>$Strength$'])}) == 0 && "
            f"CountLocation({matching([*fighters, 'Strength==$Strength$', 'StackPos>$StackPos$'])}) == 0"
        )
        planes = f"CountLocation({matching([*hostiles, f'Class=={text(AEROPLANE_CLASS)}'])})"
        boosted = f"Class!={text(AEROPLANE_CLASS)} && Class!={text(ARMORED_TRAIN_CLASS)}"
        hits = "FireDie <= CombatValue"
        return [
            report(
                [keys.named("Fired")],
                "$BasicName$ fires (combat value $CombatValue$): rolls $FireDie$, $FireText$",
            ),
            trigger(
                "Fire",
                [],
                [keys.named("FireRoll"), keys.named("Fired")],
                braces(f"Class!={text(AEROPLANE_CLASS)}"),
                "Fire",
                keys.FIRE,
            ),
            dynamic(
                "FireDie", "0", [Change(keys.named("FireRoll"), f"{{Random({self.die})}}")], numeric=True
            ),
            calculated("FireHit", braces(hits)),
            calculated("FireText", braces(f'{hits} ? "a hit" : "a miss"')),
            calculated("Raider", braces(f"Side=={text(self.player)}")),
            calculated("GearCarried", braces(_gear_above("Value"))),
            calculated("GearElite", braces(_gear_above("Elite"))),
            calculated(
                "PlaneBonus", braces(f"Side=={text(self.hostile)} && {boosted} && {strongest} ? {planes} : 0")
            ),
            calculated("CombatValue", braces("Raider ? Strength + GearCarried : Strength + PlaneBonus")),
            calculated("EliteCount", braces("Elite + (Raider ? GearElite : 0)")),
        ]

    def join_note(self) -> str:
        return braces('"combat value " + CombatValue + (EliteCount > 0 ? ", elite" : "")')

    def help(self) -> list[HelpRow]:
        return [
            HelpRow(
                "Ctrl+Shift+F on a unit",
                "It fires: a die at or under its combat value (its gear's included) is a hit.",
            ),
            HelpRow("Gear", "Stack a unit's gear directly on it: the gear counts for the unit under it."),
        ]

    # --- the battle marker ---------------------------------------------------------------------

    def stages(self) -> int:
        return 1

    def marker_traits(self) -> list[Trait]:
        raiders = matching([UNIT, f"Side=={text(self.player)}"])
        hostiles = matching([UNIT, f"Side=={text(self.hostile)}"])
        tie = choose([(member("LocationName", self.hostile_ties), text(self.hostile))], text(self.player))
        return [
            stage_trigger(0, [keys.named("EdgeRoll"), keys.named("EdgeTold")], "Tactical edge", last=True),
            dynamic(
                "RaiderDie", "0", [Change(keys.named("EdgeRoll"), f"{{Random({self.die})}}")], numeric=True
            ),
            dynamic(
                "HostileDie", "0", [Change(keys.named("EdgeRoll"), f"{{Random({self.die})}}")], numeric=True
            ),
            calculated("RaiderElite", braces(f'SumLocation("EliteCount", {raiders})')),
            calculated("HostileElite", braces(f'SumLocation("Elite", {hostiles})')),
            calculated("RaiderBonus", braces(self._bonus("RaiderElite"))),
            calculated("HostileBonus", braces(self._bonus("HostileElite"))),
            calculated("TieGoesTo", braces(tie)),
            calculated(
                "EdgeSide",
                braces(
                    f"RaiderDie + RaiderBonus > HostileDie + HostileBonus ? {text(self.player)} : "
                    "(RaiderDie + RaiderBonus < HostileDie + HostileBonus"
                    f" ? {text(self.hostile)} : TieGoesTo)"
                ),
            ),
            report([keys.named("EdgeTold")], "$EdgeText$"),
            report([keys.BATTLE_REPORT], "$DeclaredText$"),
            calculated(
                "EdgeText",
                braces(
                    '"Battle " + Battle + ", tactical edge: " + "the raiders roll " + RaiderDie'
                    ' + " + " + RaiderBonus + ", the hostiles " + HostileDie + " + " + HostileBonus'
                    ' + ": " + EdgeSide + " fire first."'
                ),
            ),
            calculated(
                "DeclaredText",
                braces(
                    '"Battle " + Battle + " in " + LocationName + ": tactical edge bonus, raiders +"'
                    ' + RaiderBonus + " (" + RaiderElite + " elite), hostiles +" + HostileBonus'
                    ' + " (" + HostileElite + " elite)."'
                ),
            ),
            calculated("LabelText", braces('Stage==0 ? "edge?" : EdgeSide + " first"')),
            calculated("ResultText", braces('EdgeSide + " fire first"')),
        ]

    def _bonus(self, elite: str) -> str:
        raw = f"{elite} * {self.elite_bonus}"
        return f"{raw} > {self.max_bonus} ? {self.max_bonus} : {raw}"


def raiders_side(definition: ValidGame) -> str:
    """The name of the side the player plays."""
    sides = definition.game.sides
    player = next((s for s in sides if s.played_by == "player"), sides[0])
    return side_name(definition, player.id)
