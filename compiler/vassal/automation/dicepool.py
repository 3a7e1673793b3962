"""A dice-pool battle (charts.json combat kind "dice-pool", Israel 1948 2.3) as the module plays it.

Every point of strength is a die of its colour's die; the defender rolls first, with the
dice of every defending unit and those its hex, the hex's features and the side crossed
give (terrain.json ``defender_dice``); each hit halts an attacker. The attacker then rolls
the dice of the units not halted (a halted unit marked "all in" rolls with its front face);
a '+' unit adds the weakest die where the terrain allows it (``attacker_plus_die``, no
feature that ``cancels_plus_die``, no side feature at all); an out-of-supply attacker
loses one die (the weakest there is; a lone die stays, as the weakest), an out-of-supply
defender gives the attacker one more weakest die (only when some attacker rolls: with every
one halted and none all in the attacker rolls nothing, as 2.3's example shows). Hits are
counted from each die's ``hits_on``. Which attackers halt, step losses and retreats stay the players' choices.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from compiler.render.automation_marks import mark_images
from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import DEFENDERS, THIS_BATTLE, stage_trigger
from compiler.vassal.automation.expressions import braces, matching, member, sum_of_lookups, text
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.terrain import (
    counted,
    game_board,
    kinds_of,
    location_names,
    side_pairs,
    side_totals,
    spaces_where,
)
from compiler.vassal.automation.traits import Change, calculated, dynamic, overlay, report, trigger
from compiler.vassal.automation.values import identifier
from compiler.vassal.pieces import Trait
from rules_engine.definitions import CombatSystem, Counter, Terrain, ValidGame

OOS_IMAGE = "wgc-oos.png"
HALTED_IMAGE = "wgc-halted.png"
ALL_IN_IMAGE = "wgc-all-in.png"
ATTACKERS = THIS_BATTLE + ' && BattleRole=="A"'
ROLLING = ATTACKERS + " && (Halted_Active==false || AllIn_Active==true)"


@dataclass(frozen=True)
class PoolDie:
    """One die of the pool: its id, a name fit for a property, its faces and what hits."""

    die: str
    name: str
    sides: int
    hits_on: tuple[int, ...]


def _side_dice(terrain: Terrain, *, die: str) -> int:
    return _defender_dice(terrain, die)


def _defender_dice(terrain: Terrain, die: str) -> int:
    return terrain.combat.defender_dice.get(die, 0) if terrain.combat is not None else 0


class DicePool:
    """The combat model of a dice-pool game."""

    def __init__(self, definition: ValidGame, size: int) -> None:
        self.size = size
        combat = definition.charts.combat
        assert combat is not None and combat.kind == "dice-pool"
        self.combat: CombatSystem = combat
        sides = {d.id: d.sides for d in definition.game.dice}
        self.dice = [PoolDie(d.die, identifier(d.die), sides.get(d.die, 6), d.hits_on) for d in combat.dice]
        # the weakest die first: the one an out-of-supply attacker drops and the '+' unit adds
        self.by_strength = sorted(self.dice, key=lambda d: len(d.hits_on))
        self.weakest = self.by_strength[0]
        board, names = game_board(definition), location_names(definition)
        self.hex_dice = {
            d.die: sum_of_lookups(
                "LocationName",
                counted(
                    (names[s], sum(_defender_dice(k, d.die) for k in kinds_of(board, s)))
                    for s in board.spaces
                ),
            )
            for d in self.dice
        }
        self.side_dice = {
            d.die: sum_of_lookups(
                'From + "|" + LocationName',
                side_totals(board, names, functools.partial(_side_dice, die=d.die)),
            )
            for d in self.dice
        }

        def plus_allowed(space: str) -> bool:
            kind = board.terrain_of[space]
            if kind is None or kind.combat is None or not kind.combat.attacker_plus_die:
                return False
            return not any(
                f.combat is not None and f.combat.cancels_plus_die for f in board.features_of[space]
            )

        self.plus_hexes = spaces_where(board, names, plus_allowed)
        self.any_side = side_pairs(board, names, lambda t: True)

    # --- the units ---------------------------------------------------------------------------

    def counter_values(self, counter: Counter) -> dict[str, str]:
        return {}

    def counter_traits(self, counter: Counter) -> list[Trait]:
        return []

    def unit_traits(self) -> list[Trait]:
        traits = [
            overlay(OOS_IMAGE, "OOS", "Out of supply", keys.OUT_OF_SUPPLY),
            overlay(HALTED_IMAGE, "Halted", "Halted", keys.HALTED),
            overlay(ALL_IN_IMAGE, "AllIn", "All in", keys.ALL_IN),
        ]
        for die in self.dice:
            colours = [c.colour for c in self.combat.strength_colours if (c.die or c.colour) == die.die]
            front = f"({member('StrengthColour_1', colours)} ? Strength_1 : 0)"
            traits += [
                calculated(f"Dice_{die.name}", braces(f"{member('StrengthColour', colours)} ? Strength : 0")),
                calculated(
                    f"Roll_{die.name}",
                    braces(f"AllIn_Active==true ? {front} : (Halted_Active==true ? 0 : Dice_{die.name})"),
                ),
            ]
        return traits

    def join_note(self) -> str:
        parts = ' + ", " + '.join(f'Dice_{d.name} + " {d.die}"' for d in self.dice)
        return braces(f'{parts} + (OOS_Active==true ? ", out of supply" : "")')

    def automation(self) -> Automation:
        """The pictures of the marks a player sets on units."""
        plan = Automation()
        plan.images.update(
            mark_images(
                self.size,
                {
                    OOS_IMAGE: ("OUT OF SUPPLY", (150, 20, 20), True),
                    HALTED_IMAGE: ("HALTED", (90, 90, 90), False),
                    ALL_IN_IMAGE: ("ALL IN", (200, 110, 0), False),
                },
            )
        )
        return plan

    def help(self) -> list[HelpRow]:
        return [
            HelpRow("Ctrl+O on a unit", "Mark it out of supply (or take the mark off)."),
            HelpRow(
                "Ctrl+T on a unit",
                "Mark an attacker halted by the defender's hits: it does not roll when the attacker fires.",
            ),
            HelpRow("Ctrl+I on a halted unit", "It goes all in: it rolls with its full-strength side."),
        ]

    # --- the battle marker ---------------------------------------------------------------------

    def stages(self) -> int:
        return 2

    def marker_traits(self) -> list[Trait]:
        label = 'Stage==0 ? "" : (Stage==1 ? DefHits + " hits" : DefHits + "/" + AtkHits + " hits")'
        return [
            stage_trigger(0, [keys.named("DefenderFires")], "The defender fires"),
            stage_trigger(1, [keys.named("AttackerFires")], "The attacker fires", last=True),
            *self._firing("Defender", "Def"),
            *self._firing("Attacker", "Atk"),
            report([keys.BATTLE_REPORT], "$DeclaredText$"),
            calculated("DeclaredText", self._declared_text()),
            calculated("LabelText", braces(label)),
            calculated(
                "ResultText", braces('DefHits + " hit(s) on the attacker, " + AtkHits + " on the defender"')
            ),
            *self._defender_traits(),
            *self._attacker_traits(),
            *(
                dynamic(f"Die_{d.name}", "0", [Change(keys.named(f"Die_{d.name}"), f"{{Random({d.sides})}}")])
                for d in self.dice
            ),
        ]

    def _defender_traits(self) -> list[Trait]:
        traits = [
            calculated("DefOOS", "{CountLocation(" + matching([DEFENDERS, "OOS_Active==true"]) + ") > 0}")
        ]
        for d in self.dice:
            units = f'SumLocation("Dice_{d.name}", {matching([DEFENDERS])})'
            traits += [
                calculated(
                    f"DefTerrain_{d.name}", braces(f"({self.hex_dice[d.die]}) + ({self.side_dice[d.die]})")
                ),
                calculated(f"DefDice_{d.name}", braces(f"{units} + DefTerrain_{d.name}")),
            ]
        return traits

    def _attacker_traits(self) -> list[Trait]:
        crossing = member('From + "|" + LocationName', self.any_side)
        plus_here = f"{member('LocationName', self.plus_hexes)} && !{crossing}"
        traits = [
            calculated(
                "AtkPlus", braces(f"Count({matching([ROLLING, 'StrengthPlus==1'])}) > 0 && {plus_here}")
            ),
            calculated("AtkOOS", braces(f"Count({matching([ROLLING, 'OOS_Active==true'])}) > 0")),
            # 2.3: with every attacker halted (and none all in) the attacker rolls nothing at all
            calculated("AtkRolling", braces(f"Count({matching([ROLLING])}) > 0")),
        ]
        for d in self.dice:
            plus = " + (AtkPlus ? 1 : 0)" if d is self.weakest else ""
            traits.append(
                calculated(f"AtkPre_{d.name}", braces(f'Sum("Roll_{d.name}", {matching([ATTACKERS])}){plus}'))
            )
        traits.append(calculated("AtkPreTotal", braces(" + ".join(f"AtkPre_{d.name}" for d in self.dice))))
        for index, d in enumerate(self.by_strength):
            # out of supply: the weakest die present goes; a lone die stays, as the weakest
            weaker_empty = " && ".join(f"AtkPre_{w.name}==0" for w in self.by_strength[:index]) or "true"
            drop = f"(AtkPreTotal>1 && {weaker_empty} && AtkPre_{d.name}>0 ? 1 : 0)"
            lone = f"(AtkPreTotal==1 ? AtkPre_{d.name} - {1 if d is self.weakest else 0} : 0)"
            supply = " + (DefOOS && AtkRolling ? 1 : 0)" if d is self.weakest else ""
            traits.append(
                calculated(
                    f"AtkDice_{d.name}", braces(f"AtkPre_{d.name} - (AtkOOS ? {drop} + {lone} : 0){supply}")
                )
            )
        return traits

    def _firing(self, who: str, prefix: str) -> list[Trait]:
        """One side's roll: a loop per die rolling its dice and tallying the hits, then a report."""
        tallies = [keys.named(f"{prefix}Tally_{d.name}") for d in self.dice]
        hits = [
            Change(
                tally,
                braces(f"{prefix}Hits + ({member(f'Die_{d.name}', [str(n) for n in d.hits_on])} ? 1 : 0)"),
            )
            for d, tally in zip(self.dice, tallies, strict=True)
        ]
        traits: list[Trait] = [
            trigger(
                f"{who} fires",
                [keys.named(f"{who}Fires")],
                [*(keys.named(f"{prefix}Roll_{d.name}") for d in self.dice), keys.named(f"{prefix}Report")],
            ),
            report([keys.named(f"{prefix}Report")], f"${prefix}FiredText$"),
            calculated(f"{prefix}FiredText", self._fired_text(who, prefix)),
            dynamic(f"{prefix}Hits", "0", hits, numeric=True),
        ]
        for d, tally in zip(self.dice, tallies, strict=True):
            traits += [
                trigger(
                    f"{who} rolls {d.die}",
                    [keys.named(f"{prefix}Roll_{d.name}")],
                    [keys.named(f"Die_{d.name}"), tally],
                    loop_count=braces(f"{prefix}Dice_{d.name}"),
                ),
                dynamic(
                    f"{prefix}Rolls_{d.name}",
                    "",
                    [Change(tally, braces(f'{prefix}Rolls_{d.name} + " " + Die_{d.name}'))],
                ),
            ]
        return traits

    def _declared_text(self) -> str:
        def listed(prefix: str) -> str:
            return ' + ", " + '.join(f'{prefix}_{d.name} + " {d.die}"' for d in self.dice)

        return braces(
            f'"Battle " + Battle + ": " + Attacker + " attack " + LocationName + " from " + From'
            f' + ". The defender rolls " + {listed("DefDice")} + " (terrain " + {listed("DefTerrain")}'
            ' + (DefOOS ? "; a defender is out of supply" : "") + "); the attacker rolls "'
            f' + {listed("AtkDice")} + (AtkPlus ? " (with the + die)" : "")'
            ' + (AtkOOS ? " (out of supply: one die less)" : "") + ", less the dice of halted units."'
        )

    def _fired_text(self, who: str, prefix: str) -> str:
        rolls = ' + "; " + '.join(
            f'{text(d.die)} + ({prefix}Rolls_{d.name}=="" ? " -" : {prefix}Rolls_{d.name})' for d in self.dice
        )
        return braces(
            f'"Battle " + Battle + ": the {who.lower()} rolls " + {rolls} + ": " + {prefix}Hits + " hit(s)."'
        )
