"""A classic battle on a CRT (charts.json combat kind "odds-crt" or "differential-crt" of the
classic system, docs/classic-rules.md: Combat, The combat results table, Terrain in combat).

The units' attack and defense are classic_units.py's. The totals give the odds (rounded as the combat
section says) or the differential, and the column; the column shifts and die-roll modifiers
are the defender's hex's (cumulative effects add, of the others the lowest shift counts), the
hexsides' (a kind counts when every attacker crosses it, or any, as the terrain says) and the
turn effects' that take in every attacker. Beyond an end of the table a combat gives that
end's result, reads its last column, or may not be made. Resolve rolls the table's dice (one
die, or each of several added up: 2d6) and reads the row of the modified roll, or the result the
combat gives a roll beyond the rows.

The CRT is the engine's own (rules_engine.systems.classic.crt: its columns as odds or spans).
A battle attacks one hex: the hex of the defenders selected.
"""

from __future__ import annotations

from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import DEFENDERS, stage_trigger
from compiler.vassal.automation.classic_units import ATTACKERS, ClassicStrengths
from compiler.vassal.automation.expressions import braces, choose, matching, sum_of_lookups, text
from compiler.vassal.automation.oddscrt import cell
from compiler.vassal.automation.plan import HelpRow
from compiler.vassal.automation.terrain import kinds_of
from compiler.vassal.automation.traits import Change, calculated, dynamic, report, trigger
from compiler.vassal.automation.values import identifier
from compiler.vassal.pieces import Trait
from rules_engine.definitions import ResultMeaning, ValidGame
from rules_engine.systems.classic.crt import Crt
from rules_engine.systems.classic.rolls import hex_effect

BELOW, ABOVE = "-1", "Last + 1"
FORBIDDEN = '"the terrain forbids this attack: it may not be made"'


class ClassicCrt(ClassicStrengths):
    """The combat model of a classic game fought on a CRT."""

    def __init__(self, definition: ValidGame, size: int) -> None:
        super().__init__(definition, size)
        crt = self.tables.crt
        assert crt is not None
        self.crt: Crt = crt
        self.die = crt.dice.sides
        self.dice = crt.dice.number  # how many of the die the CRT rolls and adds up (2d6: 2)

    # --- the battle marker ---------------------------------------------------------------------

    def help(self) -> list[HelpRow]:
        what = "differential" if self.crt.kind == "differential-crt" else "odds"
        rolled = "die" if self.dice == 1 else f"dice ({self.crt.dice}, added up; the modifier on the sum)"
        return [
            *super().help(),
            HelpRow(
                "A battle on the CRT",
                f"The declaration writes the attack and defense totals, the {what}, each column shift and "
                "die modifier (terrain, hexsides crossed, turn effects) and the column; Resolve rolls the "
                f"{rolled} and reads the CRT, and the result marker shows the result.",
            ),
        ]

    def stages(self) -> int:
        return 1

    def marker_traits(self) -> list[Trait]:
        roll = keys.named("CrtRoll")
        return [
            stage_trigger(0, [keys.named("CrtResolve")], "Resolve", last=True),
            trigger("The roll", [keys.named("CrtResolve")], [roll, keys.named("CrtRolled")], "{Rolls}"),
            trigger("No roll", [keys.named("CrtResolve")], [keys.named("CrtNoRoll")], "{!Rolls}"),
            report([keys.named("CrtRolled")], "$RolledText$"),
            report([keys.named("CrtNoRoll")], "$NoRollText$"),
            *self._dice(roll),
            report([keys.BATTLE_REPORT], "$DeclaredText$"),
            *self._totals(),
            *self._modifiers(),
            *self._column(),
            calculated("Mod", "{Die + Drm}"),
            calculated("Cell", braces(self._cell())),
            calculated("Outcome", braces('NoAttack ? "no attack" : (EndResult!="" ? EndResult : Cell)')),
            # the result marker shows the code; the chat says what it means
            calculated("ResultText", "{Outcome}"),
            calculated("OutcomeText", braces(self._result_text())),
            calculated(
                "LabelText", braces('Stage==0 ? (Barred ? "barred" : (NoAttack ? "below" : Col)) : Outcome')
            ),
            calculated("DeclaredText", braces(self._declared_text())),
            calculated("RolledText", braces(self._rolled_text())),
            calculated(
                "NoRollText",
                braces(
                    f'"Battle " + Battle + ": " + (Barred ? {FORBIDDEN}'
                    ' : (NoAttack ? "below the table: no attack"'
                    ' : "beyond the table, no roll: " + OutcomeText)) + "."'
                ),
            ),
        ]

    def _dice(self, roll: str) -> list[Trait]:
        """``Die``, the roll: one die, or the sum of each of the CRT's dice (``Die_1`` ...)."""
        if self.dice == 1:
            return [dynamic("Die", "0", [Change(roll, f"{{Random({self.die})}}")], numeric=True)]
        each = [
            dynamic(f"Die_{n}", "0", [Change(roll, f"{{Random({self.die})}}")], numeric=True)
            for n in range(1, self.dice + 1)
        ]
        total = " + ".join(f"Die_{n}" for n in range(1, self.dice + 1))
        return [*each, calculated("Die", "{" + total + "}")]

    def _cell(self) -> str:
        """The CRT's result for the column and the modified roll; a roll beyond the rows reads the
        nearest row, or gives the result the combat names for it (below_lowest_roll ...)."""
        found = cell(self.crt.table, "Col", "Mod")
        beyond = []
        for end, test in (
            (self.procedure.below_lowest_roll, f"Mod < {self.crt.lowest_roll}"),
            (self.procedure.above_highest_roll, f"Mod > {self.crt.highest_roll}"),
        ):
            if (
                end is not None
                and end.rule == "result"
                and not (test.startswith("Mod >") and self.crt.open_top)
            ):
                beyond.append((test, text(end.result or "")))
        return choose(beyond, found) if beyond else found

    def _totals(self) -> list[Trait]:
        return [
            calculated("Attack", braces(f'Sum("CAtk", {matching([ATTACKERS])})')),
            calculated("Defense", braces(f'SumLocation("CDef", {matching([DEFENDERS])})')),
            calculated("Attackers", braces(f"Count({matching([ATTACKERS])})")),
        ]

    def _modifiers(self) -> list[Trait]:
        """The column shift and die-roll modifier of the hex, the hexsides and the turn."""
        hex_shift, hex_drm = self._hex_effects()
        crossed_shift, crossed_drm = [], []
        for kind in self.crossed:
            assert kind.combat is not None
            across = f'Sum("Across_{identifier(kind.id)}", {matching([ATTACKERS])})'
            counts = (
                f"{across} > 0" if kind.combat.applies == "any-attacker-across" else f"{across} == Attackers"
            )
            crossed_shift.append(f"({counts} && Attackers > 0 ? {kind.combat.column_shift} : 0)")
            crossed_drm.append(f"({counts} && Attackers > 0 ? {kind.combat.drm or 0} : 0)")
        turn_shift, turn_drm = [], []
        for effect in self.effects:
            if effect.column_shift or effect.drm:
                every = f'Sum("Takes_{identifier(effect.id)}", {matching([ATTACKERS])}) == Attackers'
                applies = f"{self._in_force(effect)} && {every}"
                turn_shift.append(f"({applies} ? {effect.column_shift} : 0)")
                turn_drm.append(f"({applies} ? {effect.drm} : 0)")
        return [
            calculated("HexShift", braces(hex_shift)),
            calculated("HexDrm", braces(hex_drm)),
            calculated("SideShift", braces(" + ".join(crossed_shift) or "0")),
            calculated("SideDrm", braces(" + ".join(crossed_drm) or "0")),
            calculated("TurnShift", braces(" + ".join(turn_shift) or "0")),
            calculated("TurnDrm", braces(" + ".join(turn_drm) or "0")),
            calculated("Shift", "{HexShift + SideShift + TurnShift}"),
            calculated("Drm", "{HexDrm + SideDrm + TurnDrm}"),
        ]

    def _hex_effects(self) -> tuple[str, str]:
        """The attacked hex's shift and modifier, for the defending side (not the attacker)."""
        by_side = [(side, self._hex_lookups(side)) for side in self.sides]
        if len({lookups for _, lookups in by_side}) <= 1:
            shift, drm = by_side[0][1] if by_side else ("0", "0")
            return shift, drm
        shifts = [(f"Attacker!={text(self._side_name(side))}", s) for side, (s, _) in by_side]
        drms = [(f"Attacker!={text(self._side_name(side))}", d) for side, (_, d) in by_side]
        return choose(shifts, "0"), choose(drms, "0")

    def _side_name(self, side: str) -> str:
        found = self.definition.game.side(side)
        return found.name if found is not None else side

    def _hex_lookups(self, side: str) -> tuple[str, str]:
        shifts: dict[int, list[str]] = {}
        drms: dict[int, list[str]] = {}
        for space in self.board.spaces:
            shift, drm = hex_effect(kinds_of(self.board, space), side)
            shifts.setdefault(shift, []).append(self.names[space])
            drms.setdefault(drm, []).append(self.names[space])
        return sum_of_lookups("LocationName", shifts), sum_of_lookups("LocationName", drms)

    def _column(self) -> list[Trait]:
        """Where the combat falls: ``Raw`` (-1 below the table, Last + 1 above it), then shifted."""
        last = len(self.crt.columns) - 1
        below, above = self.procedure.below_lowest, self.procedure.above_highest
        no_attack = "Barred || Raw==-1" if below.rule == "no-attack" else "Barred"
        low_end = text(below.result or "") if below.rule == "result" else '""'
        high_end = text(above.result or "") if above.rule == "result" else '""'
        labels = [(f"Pos=={i}", text(label)) for i, label in enumerate(self.crt.columns)]
        clamped = choose(
            [("Pos < 0", text(self.crt.columns[0])), (f"Pos > {last}", text(self.crt.columns[-1]))],
            choose(labels, '""'),
        )
        return [
            calculated("Last", str(last)),
            calculated("Scale", str(self.scale)),
            *(self._odds() if self.crt.kind != "differential-crt" else self._differential()),
            calculated("Barred", braces(self.barred())),
            calculated("NoAttack", braces(no_attack)),
            *self._position(low_end, high_end),
            calculated("Col", braces(f'NoAttack || EndResult!="" ? "" : {clamped}')),
            calculated("Rolls", '{!NoAttack && EndResult==""}'),
        ]

    def _position(self, low_end: str, high_end: str) -> list[Trait]:
        """``Pos``, the column after the shifts, and ``EndResult``, an end's result without a roll.
        A combat beyond an end stands one column past it and shifts from there; when the combat
        section brings it to the end first (``table_ends`` "before-shifts"), an end that gives a
        result gives it whatever the shifts, and an end read as its column shifts from that
        column."""
        last = len(self.crt.columns) - 1
        shifted_end = f'(Pos < 0 ? {low_end} : (Pos > {last} ? {high_end} : ""))'
        if self.procedure.table_ends != "before-shifts":
            return [
                calculated("Pos", "{Raw + Shift}"),
                calculated("EndResult", braces(f'NoAttack ? "" : {shifted_end}')),
            ]
        below, above = self.procedure.below_lowest, self.procedure.above_highest
        at_end = []
        if below.rule == "result":
            at_end.append(("Raw < 0", low_end))
        if above.rule == "result":
            at_end.append((f"Raw > {last}", high_end))
        return [
            calculated("Pos", braces(f"(Raw < 0 ? 0 : (Raw > {last} ? {last} : Raw)) + Shift")),
            calculated("EndResult", braces(f'NoAttack ? "" : {choose(at_end, shifted_end)}')),
        ]

    def _odds(self) -> list[Trait]:
        """The odds as (OddsA, OddsB), rounded as the combat section says, and their column."""
        rounding = self.crt.rounding
        if rounding == "attacker":
            up, down = "(Attack + Defense - 1) / Defense", "Defense / Attack"
        elif rounding == "nearest":
            up, down = "(2 * Attack + Defense - 1) / (2 * Defense)", "(2 * Defense + Attack) / (2 * Attack)"
        else:
            up, down = "Attack / Defense", "(Defense + Attack - 1) / Attack"
        odds = self.crt.odds
        first, final = odds[0], odds[-1]
        columns = [
            (f"{o.numerator} * OddsB <= OddsA * {o.denominator}", str(i))
            for i, o in reversed(list(enumerate(odds)))
        ]
        raw = choose(
            [
                ("Defense <= 0", ABOVE),
                (f"{first.numerator} * OddsB > OddsA * {first.denominator}", BELOW),
                (f"{final.numerator} * OddsB < OddsA * {final.denominator}", ABOVE),
            ],
            choose(columns, BELOW),
        )
        return [
            # at least 1 each way: Attack >= Defense > 0 rounds to 1 or more, and so does the inverse
            calculated("OddsA", braces(f"Attack <= 0 ? 0 : (Attack >= Defense ? {up} : 1)")),
            calculated("OddsB", braces(f"Attack <= 0 ? 1 : (Attack >= Defense ? 1 : {down})")),
            calculated("Odds", braces('Defense <= 0 ? "no defense" : OddsA + "-" + OddsB')),
            calculated("Raw", braces(raw)),
        ]

    def _differential(self) -> list[Trait]:
        """The differential in whole points, rounded as the combat section says, and its column."""
        s = self.scale
        rounding = self.crt.rounding
        if rounding == "attacker":
            value = (
                f"(Attack - Defense >= 0 ? (Attack - Defense + {s - 1}) / {s} : -((Defense - Attack) / {s}))"
            )
        elif rounding == "nearest":
            n, m = f"(2 * (Attack - Defense) - {s})", 2 * s
            value = f"({n} >= 0 ? ({n} + {m - 1}) / {m} : -((-{n}) / {m}))"
        else:
            value = (
                f"(Attack - Defense >= 0 ? (Attack - Defense) / {s} : -((Defense - Attack + {s - 1}) / {s}))"
            )
        spans = self.crt.spans
        cases = []
        for i, span in enumerate(spans):
            tests = [
                t
                for t in (
                    f"Diff >= {span.low}" if span.low is not None else "",
                    f"Diff <= {span.high}" if span.high is not None else "",
                )
                if t
            ]
            cases.append((" && ".join(tests) or "true", str(i)))
        if spans and spans[0].low is not None:
            cases.append((f"Diff < {spans[0].low}", BELOW))
        if spans and spans[-1].high is not None:
            cases.append((f"Diff > {spans[-1].high}", ABOVE))
        gaps = [
            (f"Diff > {span.high}", str(i))
            for i, span in reversed(list(enumerate(spans)))
            if span.high is not None
        ]
        return [
            calculated("Diff", braces(value)),
            calculated("Odds", braces('(Diff >= 0 ? "+" : "") + Diff')),
            calculated("Raw", braces(choose(cases + gaps, BELOW))),
        ]

    def _result_text(self) -> str:
        meanings = self.procedure.results
        told = [(f"Outcome=={text(code)}", text(f"{code}: {meaning(m)}")) for code, m in meanings.items()]
        return choose(told, "Outcome")

    def _declared_text(self) -> str:
        s = self.scale
        differential = self.crt.kind == "differential-crt"
        what = "differential" if differential else "odds"
        # a property that reads as a number ("+2") is one in an expression: the sign is added here
        odds = '(Diff >= 0 ? "+" : "") + Diff' if differential else "Odds"
        return (
            f'"Battle " + Battle + ": " + Attacker + " attack " + LocationName + " with " + Attack / {s}.0'
            f' + " against " + Defense / {s}.0 + ", {what} " + {odds}'
            ' + ", column shifts " + Shift + " (terrain " + HexShift + ", hexsides " + SideShift'
            ' + ", turn " + TurnShift + "), modifiers " + Drm + " (terrain " + HexDrm + ", hexsides "'
            f' + SideDrm + ", turn " + TurnDrm + "): " + (Barred ? {FORBIDDEN} : (NoAttack'
            ' ? "below the table: the attack may not be made"'
            ' : (EndResult!="" ? "beyond the table: " + EndResult : "column " + Col))) + "."'
        )

    def _rolled_text(self) -> str:
        dice = (
            ""
            if self.dice == 1
            else ' + " (" + ' + ' + " + " + '.join(f"Die_{n}" for n in range(1, self.dice + 1)) + ' + ")"'
        )
        return (
            f'"Battle " + Battle + ": column " + Col + ", roll " + Die{dice} + " + " + Drm + " = " + Mod'
            ' + ": " + OutcomeText'
        )


def meaning(result: ResultMeaning) -> str:
    """What a result code does: its summary, or its effects in words."""
    if result.summary:
        return result.summary
    parts = []
    for who, side in (("attacker", result.attacker), ("defender", result.defender)):
        if side.eliminated:
            parts.append(f"the {who} is eliminated")
        if side.steps:
            parts.append(f"the {who} loses {side.steps} step(s)")
        if side.retreat:
            parts.append(f"the {who} retreats {side.retreat} hex(es)")
    if result.exchange:
        parts.append(f"the attacker loses as much {result.exchange}")
    return "; ".join(parts).capitalize() + "." if parts else "No effect."
