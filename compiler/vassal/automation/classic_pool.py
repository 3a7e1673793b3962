"""A classic battle fought with a dice pool (charts.json combat kind "dice-pool" of the classic
system, docs/classic-rules.md: Dice-pool combat).

The units' attack and defense are classic_units.py's. The attacker rolls a die of the pool's
first kind per whole point of attack; the defenders, when the combat section lets them fire,
roll their whole points of defense and the dice their hex's terrain adds (terrain.json
``defender_dice``). Each die that shows one of its ``hits_on`` numbers is a hit; the sides
share out their step losses. Resolve rolls both at once and writes each side's dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import DEFENDERS, stage_trigger
from compiler.vassal.automation.classic_units import ATTACKERS, ClassicStrengths
from compiler.vassal.automation.expressions import braces, matching, member, sum_of_lookups, text
from compiler.vassal.automation.plan import HelpRow
from compiler.vassal.automation.terrain import counted, kinds_of
from compiler.vassal.automation.traits import Change, calculated, dynamic, report, trigger
from compiler.vassal.automation.values import identifier
from compiler.vassal.pieces import Trait
from rules_engine.definitions import ValidGame

SIDES = (("Attacker", "Atk"), ("Defender", "Def"))


@dataclass(frozen=True)
class PoolDie:
    die: str
    name: str
    sides: int
    hits_on: tuple[int, ...]


class ClassicPool(ClassicStrengths):
    """The combat model of a classic game fought with a dice pool."""

    def __init__(self, definition: ValidGame, size: int) -> None:
        super().__init__(definition, size)
        combat = definition.charts.combat
        assert combat is not None and combat.dice
        sides = {d.id: d.sides for d in definition.game.dice}
        self.dice = [PoolDie(d.die, identifier(d.die), sides.get(d.die, 6), d.hits_on) for d in combat.dice]
        self.fires = self.procedure.defender_fires

    def help(self) -> list[HelpRow]:
        return [
            *super().help(),
            HelpRow(
                "A dice-pool battle",
                "The declaration writes each side's strength and dice; Resolve rolls both sides' dice at "
                "once and writes each side's hits (share out the step losses yourselves).",
            ),
        ]

    def stages(self) -> int:
        return 1

    def marker_traits(self) -> list[Trait]:
        rolls = [keys.named(f"{prefix}Roll_{d.name}") for _, prefix in SIDES for d in self.dice]
        return [
            stage_trigger(0, [*rolls, keys.named("PoolReport")], "Both sides fire", last=True),
            report([keys.named("PoolReport")], "$FiredText$"),
            report([keys.BATTLE_REPORT], "$DeclaredText$"),
            calculated("Attack", braces(f'Sum("CAtk", {matching([ATTACKERS])})')),
            calculated("Defense", braces(f'SumLocation("CDef", {matching([DEFENDERS])})')),
            calculated("Scale", str(self.scale)),
            *self._counts(),
            *(trait for who, prefix in SIDES for trait in self._firing(who, prefix)),
            *(
                dynamic(f"Die_{d.name}", "0", [Change(keys.named(f"Die_{d.name}"), f"{{Random({d.sides})}}")])
                for d in self.dice
            ),
            calculated("LabelText", braces('Stage==0 ? "" : AtkHits + "/" + DefHits + " hits"')),
            calculated(
                "ResultText", braces('AtkHits + " hit(s) on the defender, " + DefHits + " on the attacker"')
            ),
            calculated("DeclaredText", braces(self._declared_text())),
            calculated("FiredText", braces(self._fired_text())),
        ]

    def _counts(self) -> list[Trait]:
        """Each side's dice by kind: whole points of strength, and the defender's terrain dice."""
        first = self.dice[0]
        traits = []
        for d in self.dice:
            terrain = sum_of_lookups(
                "LocationName",
                counted((self.names[s], self._terrain_dice(s, d.die)) for s in self.board.spaces),
            )
            own = f"Defense / {self.scale} + " if d is first else ""
            traits += [
                calculated(
                    f"AtkDice_{d.name}", braces(f"Barred ? 0 : Attack / {self.scale}" if d is first else "0")
                ),
                calculated(
                    f"DefDice_{d.name}", braces(f"Barred ? 0 : {own}{terrain}" if self.fires else "0")
                ),
            ]
        # an attack the terrain forbids rolls no dice
        return [calculated("Barred", braces(self.barred())), *traits]

    def _terrain_dice(self, space: str, die: str) -> int:
        return sum(k.combat.defender_dice.get(die, 0) for k in kinds_of(self.board, space) if k.combat)

    def _firing(self, who: str, prefix: str) -> list[Trait]:
        """One side's dice: a loop per kind, each die rolled and tallied."""
        traits: list[Trait] = [
            dynamic(
                f"{prefix}Hits",
                "0",
                [
                    Change(
                        keys.named(f"{prefix}Tally_{d.name}"),
                        braces(
                            f"{prefix}Hits + ({member(f'Die_{d.name}', [str(n) for n in d.hits_on])} ? 1 : 0)"
                        ),
                    )
                    for d in self.dice
                ],
                numeric=True,
            )
        ]
        for d in self.dice:
            tally = keys.named(f"{prefix}Tally_{d.name}")
            rolls = f"{prefix}Rolls_{d.name}"
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
                    [
                        Change(
                            tally,
                            braces(f'({rolls}=="" ? "" : {rolls} + " ") + Die_{d.name}'),
                        )
                    ],
                ),
            ]
        return traits

    def _declared_text(self) -> str:
        def listed(prefix: str) -> str:
            return ' + ", " + '.join(f'{prefix}_{d.name} + " {d.die}"' for d in self.dice)

        s = self.scale
        return (
            f'"Battle " + Battle + ": " + Attacker + " attack " + LocationName + " with " + Attack / {s}.0'
            f' + " against " + Defense / {s}.0 + (Barred ? ": the terrain forbids this attack: it may not'
            f' be made" : ": the attacker rolls " + {listed("AtkDice")} + ", the defender "'
            f' + {listed("DefDice")}) + "."'
        )

    def _fired_text(self) -> str:
        def rolled(prefix: str) -> str:
            return ' + "; " + '.join(
                f'{text(d.die + " ")} + ({prefix}Rolls_{d.name}=="" ? "-" : {prefix}Rolls_{d.name})'
                for d in self.dice
            )

        return (
            f'"Battle " + Battle + ": the attacker rolls " + {rolled("Atk")} + ": " + AtkHits'
            f' + " hit(s) on the defender; the defender rolls " + {rolled("Def")} + ": " + DefHits'
            ' + " hit(s) on the attacker."'
        )
