"""What a classic battle reads of its units (docs/classic-rules.md: Combat, Terrain in combat).

Each attacker counts its printed attack (the value ``combat.attack`` names, of the face it
shows) times the turn effects in force that take it in, its out-of-supply factor and the
lowest attack multiplier of the hexsides it attacks across; each unit in the attacked hex
counts its printed defense times the turn effects, its out-of-supply factor and its hex's
highest defense multiplier for its side. The engine's own tables (rules_engine.systems.classic)
read the data: which faces a turn effect's units take in, what a face prints. Strengths are
whole numbers of a common scale (``Scale``: the denominators of what faces print and of every
multiplier), so odds, differentials and dice counts come out exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from compiler.render.automation_marks import mark_images
from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import THIS_BATTLE
from compiler.vassal.automation.expressions import braces, matching, member, sum_of_lookups, text
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.terrain import game_board, kinds_of, location_names, side_pairs
from compiler.vassal.automation.traits import calculated, overlay
from compiler.vassal.automation.values import identifier
from compiler.vassal.pieces import Trait
from rules_engine.definitions import Counter, Face, Terrain, TurnEffect, ValidGame
from rules_engine.systems.classic.game import ClassicRulesSystem
from rules_engine.systems.classic.selectors import counter_matches
from rules_engine.systems.classic.tables import Tables

OOS_IMAGE = "wgc-oos.png"
ATTACKERS = THIS_BATTLE + ' && BattleRole=="A"'
# every unit of the attacked hex defends (SumLocation on the marker, which stands in that hex)


def fraction(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1000)


def _lcm(values: Iterable[int]) -> int:
    return math.lcm(1, *values)


class ClassicStrengths:
    """What every classic battle reads of its units: attack and defense in a common scale."""

    def __init__(self, definition: ValidGame, size: int) -> None:
        self.definition = definition
        self.size = size
        self.tables: Tables = ClassicRulesSystem(definition).tables
        self.procedure = self.tables.procedure
        self.effects = self.tables.rules.turn_effects
        self.supply = self.tables.supply.effects
        board, self.names = game_board(definition), location_names(definition)
        self.board = board
        self.sides = [s.id for s in definition.game.sides]
        # the common scale: the denominators of what a face prints and of every multiplier
        printed = [
            fraction(self.tables.number(face, value)).denominator
            for counter in definition.counters.counters.values()
            for face in counter.faces
            for value in (self.procedure.attack, self.procedure.defense)
        ]
        self.printed_scale = _lcm(printed)
        self.effect_scale = {e.id: _lcm(fraction(f).denominator for f in _factors(e)) for e in self.effects}
        self.supply_scale = _lcm(fraction(f).denominator for f in (self.supply.attack, self.supply.defense))
        multipliers = [
            fraction(m).denominator
            for kind in definition.terrain.terrain.values()
            if kind.combat is not None
            for m in (kind.combat.attack_multiplier, kind.combat.defense_multiplier)
            if m is not None
        ]
        self.terrain_scale = _lcm(multipliers)
        self.scale = (
            self.printed_scale
            * math.prod(self.effect_scale.values())
            * self.supply_scale
            * self.terrain_scale
        )
        # the terrain on sides between hexes that shifts or modifies a combat across it
        on_sides = {
            f.terrain.id: f.terrain for others in board.sides.values() for fs in others.values() for f in fs
        }
        self.crossed = [kind for _, kind in sorted(on_sides.items()) if shifts(kind)]
        # where no attack may be made: across such a hexside, or on such a hex
        self.barred_sides = side_pairs(board, self.names, prohibits)
        self.barred_hexes = [
            self.names[space] for space in board.spaces if any(prohibits(k) for k in kinds_of(board, space))
        ]

    # --- the units ---------------------------------------------------------------------------

    def counter_values(self, counter: Counter) -> dict[str, str]:
        return {}

    def counter_traits(self, counter: Counter) -> list[Trait]:
        """Each unit's attack and defense in the common scale, and which turn effects take it in."""
        if counter.kind != "unit":
            return []
        traits = [
            calculated("CAtk", braces(self._strength(counter, attacking=True))),
            calculated("CDef", braces(self._strength(counter, attacking=False))),
        ]
        for effect in self.effects:
            if effect.column_shift or effect.drm:
                traits.append(
                    calculated(f"Takes_{identifier(effect.id)}", braces(self._taken(counter, effect)))
                )
        return traits

    def _by_face(self, counter: Counter, value: str) -> str:
        """An expression: ``value`` of the face the unit shows (a number each face gives)."""
        return by_level([self._face_number(face, value) for face in layer_faces(counter)])

    def _face_number(self, face: Face | None, value: str | None) -> int:
        if face is None:
            return 0
        return int(fraction(self.tables.number(face, value)) * self.printed_scale)

    def _strength(self, counter: Counter, attacking: bool) -> str:
        value = self.procedure.attack if attacking else self.procedure.defense
        factors = [self._by_face(counter, value or "")]
        for effect in self.effects:
            factor = effect.attack if attacking else effect.defense
            scale = self.effect_scale[effect.id]
            if factor is None:
                factors.append(str(scale))
                continue
            taken = self._taken(counter, effect)
            scaled = int(fraction(factor) * scale)
            factors.append(f"({self._in_force(effect)} && {taken}==1 ? {scaled} : {scale})")
        supply = self.supply.attack if attacking else self.supply.defense
        scaled = int(fraction(supply) * self.supply_scale)
        factors.append(f"(OOS_Active==true ? {scaled} : {self.supply_scale})")
        factors.append(self._attack_multiplier() if attacking else self._defense_multiplier(counter.side))
        return " * ".join(factors)

    def _taken(self, counter: Counter, effect: TurnEffect) -> str:
        """An expression, 1 or 0: whether the effect's units take in the unit as it shows."""
        if effect.units is None:
            return "1"
        units = effect.units
        return by_level([int(counter_matches(self.tables, units, counter, f)) for f in layer_faces(counter)])

    def _in_force(self, effect: TurnEffect) -> str:
        """An expression: whether the effect is in force in the tracker's turn and phase."""
        phases = [
            p.name
            for p in self.definition.game.phases
            if (not effect.phases or p.id in effect.phases)
            and (not effect.phase_kinds or p.kind in effect.phase_kinds)
        ]
        return f"({member('Turn', effect.turns)} && {member('Phase', phases)})"

    def _attack_multiplier(self) -> str:
        """The lowest attack multiplier of the hexsides between the unit and the hex it attacks."""
        scale = self.terrain_scale
        found: dict[int, list[str]] = {}
        for a, others in self.board.sides.items():
            for b, features in others.items():
                factors = [
                    f.terrain.combat.attack_multiplier
                    for f in features
                    if f.terrain.combat is not None and f.terrain.combat.attack_multiplier is not None
                ]
                if factors and a in self.names and b in self.names:
                    number = int(fraction(min(factors)) * scale) - scale
                    found.setdefault(number, []).append(f"{self.names[a]}|{self.names[b]}")
        return f"({scale} + {sum_of_lookups('LocationName + ' + text('|') + ' + Target', found)})"

    def _defense_multiplier(self, side: str | None) -> str:
        """The highest defense multiplier of the unit's hex for its side."""
        scale = self.terrain_scale
        found: dict[int, list[str]] = {}
        for space in self.board.spaces:
            factors = [
                k.combat.defense_multiplier
                for k in kinds_of(self.board, space)
                if k.combat is not None
                and k.combat.defense_multiplier is not None
                and k.combat.for_side in (None, side)
            ]
            if factors:
                found.setdefault(int(fraction(max(factors)) * scale) - scale, []).append(self.names[space])
        return f"({scale} + {sum_of_lookups('LocationName', found)})"

    def unit_traits(self) -> list[Trait]:
        traits = [overlay(OOS_IMAGE, "OOS", "Out of supply", keys.OUT_OF_SUPPLY)]
        if self.barred_sides:
            across = member("LocationName + " + text("|") + " + Target", self.barred_sides)
            traits.append(calculated("Barred", braces(f"{across} ? 1 : 0")))
        for kind in self.crossed:
            pairs = self._pairs(kind)
            traits.append(
                calculated(
                    f"Across_{identifier(kind.id)}",
                    braces(f"{member('LocationName + ' + text('|') + ' + Target', pairs)} ? 1 : 0"),
                )
            )
        return traits

    def _pairs(self, kind: Terrain) -> list[str]:
        pairs = []
        for a, others in self.board.sides.items():
            for b, features in others.items():
                if a in self.names and b in self.names and any(f.terrain.id == kind.id for f in features):
                    pairs.append(f"{self.names[a]}|{self.names[b]}")
        return pairs

    def barred(self) -> str:
        """An expression on the battle marker: whether the terrain forbids the attack (an
        attacker across a hexside no attack crosses, or a hex no attack may be made on)."""
        tests = [member("LocationName", self.barred_hexes)] if self.barred_hexes else []
        if self.barred_sides:
            tests.append(f'Sum("Barred", {matching([ATTACKERS])}) > 0')
        return " || ".join(tests) or "false"

    def join_note(self) -> str:
        return braces(
            f'(BattleRole=="A" ? "attack " + CAtk / {self.scale}.0 : "defense " + CDef / {self.scale}.0)'
            ' + (OOS_Active==true ? ", out of supply" : "")'
        )

    def automation(self) -> Automation:
        plan = Automation()
        plan.images.update(mark_images(self.size, {OOS_IMAGE: ("OUT OF SUPPLY", (150, 20, 20), True)}))
        return plan

    def help(self) -> list[HelpRow]:
        return [HelpRow("Ctrl+O on a unit", "Mark it out of supply (or take the mark off).")]


def layer_faces(counter: Counter) -> list[Face]:
    """The faces a unit shows by its Face layer's level (1 the front): front and back (the front
    again where it has none), then more_faces."""
    return [counter.front, counter.back or counter.front, *counter.more_faces]


def by_level(numbers: list[int]) -> str:
    """An expression: the number of the face the unit shows, ``numbers[level - 1]``; the number
    alone where every face has the same."""
    if len(set(numbers)) == 1:
        return str(numbers[0])
    expression = str(numbers[0])
    for level, number in enumerate(numbers[1:], start=2):
        expression = f"Face_Level=={level} ? {number} : {expression}"
        expression = f"({expression})"
    return expression


def _factors(effect: TurnEffect) -> list[float]:
    return [f for f in (effect.attack, effect.defense) if f is not None]


def prohibits(kind: Terrain) -> bool:
    """Whether a terrain forbids an attack on it or across it."""
    return kind.combat is not None and kind.combat.attack_prohibited


def shifts(kind: Terrain) -> bool:
    """Whether a terrain shifts a combat's column or modifies its roll."""
    return kind.combat is not None and bool(kind.combat.column_shift or kind.combat.drm)
