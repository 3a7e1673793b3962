"""Jerusalem!'s battles (charts.json combat kind "odds-crt", 9.0-12.9) as the module plays them.

A battle is two shots. First fire (9.7): every unit in the attacked hex that may first fire
shoots at every attacker next to that hex; then the attack: the attackers still there, not
disrupted, shoot at the units attacked. Each shot totals the firing strengths and the target
strengths (a leader's multiplier for the units with him, halved for units a leader abandoned,
a target-icon strength where it applies), reads the odds column in the defender's favour,
rolls a die, adds the modifiers and reads the CRT; a 'K' eliminates the units fired at (the
players take them off, and a first-fire 'K' leaves fewer attackers). The modifiers are the
best terrain of the hexes fired at (terrain.json: with its variants for Arab Legion targets,
firing from inside the Old City and units a fort protects), higher terrain, David Shaltiel,
Abdullah Tell and artillery firing at transported units (charts.json). Lone leaders, dummies
and the convoy attacked by ground units die without a roll (9.10). The Davidka rolls before it
fires (10.10): on a 6 it blows up and every unit with it rolls for disruption.

Which counter is a leader, a gun, the Legion's, a vehicle ... is the rules engine's own
reading of the data (rules_engine.systems.jerusalem.roles), so the module and the engine
cannot read a counter differently. The module assumes the defender protects the units
attacked in a fort (9.6.3) and that the first units of an attacker's stack are the ones its
fort protects; it does not check line of sight or range (the players chose the guns).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

from compiler.render.art import BoardArt
from compiler.render.automation_marks import mark_images
from compiler.vassal.automation import keys
from compiler.vassal.automation.battle import stage_trigger
from compiler.vassal.automation.components import GlobalProperty
from compiler.vassal.automation.expressions import braces, choose, matching, member, sum_of_lookups, text
from compiler.vassal.automation.oddscrt import cell, column
from compiler.vassal.automation.plan import Automation, HelpRow
from compiler.vassal.automation.terrain import counted, game_board, kinds_of, location_names
from compiler.vassal.automation.traits import (
    Change,
    calculated,
    counter_global_key,
    dynamic,
    overlay,
    report,
    set_global,
    trigger,
)
from compiler.vassal.pieces import Trait
from rules_engine.definitions import Counter, Table, Terrain, ValidGame
from rules_engine.systems.jerusalem.combat import EEF_LOWEST_ODDS, EEF_NOT_MADE
from rules_engine.systems.jerusalem.roles import (
    DAVIDKA,
    KHADER,
    SHALTIEL,
    SYRIAN,
    TELL,
    TELL_FORMATION,
    role_of,
)
from rules_engine.systems.jerusalem.strength import (
    FIRED_FROM_INSIDE,
    LEGION_TARGET,
    UNPROTECTED,
    leader_multiplier,
)
from rules_engine.systems.jerusalem.tables import MODIFIER_IDS

HALVED_IMAGE = "wgc-halved.png"
DISRUPTED_IMAGE = "wgc-disrupted.png"
FIRED_IMAGE = "wgc-fired.png"
TRANSPORTED_IMAGE = "wgc-transported.png"
QUIET_IMAGE = "wgc-quiet.png"
# each mark's picture: its text, colour, and whether it sits at the counter's top
MARKS = {
    HALVED_IMAGE: ("HALVED", (120, 60, 160), True),
    DISRUPTED_IMAGE: ("DISRUPTED", (150, 20, 20), False),
    FIRED_IMAGE: ("FIRED", (90, 90, 90), False),
    TRANSPORTED_IMAGE: ("CARRIED", (20, 90, 150), True),
    QUIET_IMAGE: ("NO EFFECT", (90, 90, 90), True),
}
UNIT = 'Wgc=="unit"'
ATTACKERS = UNIT + ' && Battle==$Battle$ && BattleRole=="A"'
FIRERS = ATTACKERS + " && Disrupted_Active!=true"
TARGETS = UNIT + ' && Battle==$Battle$ && BattleRole=="D"'
FF_FIRERS = (
    UNIT + " && SideNo!=$AttackerNo$ && CanFirstFire==true && Disrupted_Active!=true"
    " && Transported_Active!=true && (JArty!=true || Fired_Active!=true)"
)
NOT_A_TARGET = '!(Battle==$Battle$ && BattleRole=="D")'
FF_TARGETS = UNIT + ' && Battle==$Battle$ && BattleRole=="A" && FFNear==true'
# what a battle being resolved tells the units (global properties)
RESOLVING = {
    "ResolvingBattle": ("{Battle}", True),
    "ResolvingX": ("{CurrentX - 14}", True),
    "ResolvingY": ("{CurrentY + 14}", True),
    "ResolvingLevel": ("{HexLevel}", True),
    "ResolvingInside": ("{InOldCity}", False),
}
# quarters of a strength point: the scale in which leaders' x1/2 and halving stay whole
SCALE = 4
# the flags a hex's terrain modifier depends on: all the targets there are the Legion's, a
# firer stands inside the Old City, a target there is protected by the fort
FLAGS = list(itertools.product((False, True), repeat=3))
MODIFIERS = ("Terrain", "Higher", "Shaltiel", "Tell", "Guns")


def _q(multiplier: Fraction) -> int:
    """A leader's multiplier in quarters (1/2 -> 2, 3 -> 12, 1 -> 4)."""
    return int(multiplier * SCALE)


class Jerusalem:
    """The combat model of Jerusalem!.

    Count and Sum over the whole map bind every property their filter names for every piece,
    so their filters name only cheap properties (markers, dynamic properties, layers); what a
    unit works out about the battle being resolved (is it next to the attacked hex, its hex's
    terrain for first fire) is set into dynamic properties by a key when the battle starts
    each step. Location-bound sums (SumLocation) look at a handful of pieces and may read
    anything."""

    def __init__(self, definition: ValidGame, art: BoardArt, piece_size: int) -> None:
        combat = definition.charts.combat
        assert combat is not None and combat.table is not None
        self.definition = definition
        self.crt: Table = definition.charts.tables[combat.table]
        self.colours = {c.colour: c for c in combat.strength_colours}
        self.drm = {m.id: m.drm for m in combat.modifiers}
        self.die = definition.game.dice[0].sides if definition.game.dice else 6
        self.size = piece_size
        board, names = game_board(definition), location_names(definition)
        self.levels = sum_of_lookups(
            "LocationName", counted((names[s], space.level or 0) for s, space in board.spaces.items())
        )
        wall = next(
            (t for t in definition.terrain.terrain.values() if t.kind == "hexside" and t.combat), None
        )
        self.old_city = sorted(
            {names[h.a] for h in definition.board.hexsides if wall is not None and h.terrain == wall.id}
        )
        kinds = {
            names[s]: kinds_of(board, s) + ([wall] if wall and names[s] in self.old_city else [])
            for s in board.spaces
        }
        self.terrain = TerrainLookup(kinds)
        self.fort_limit = sum_of_lookups(
            "LocationName",
            counted(
                (name, min((k.combat.max_units for k in ks if k.combat and k.combat.max_units), default=0))
                for name, ks in kinds.items()
            ),
        )
        layout = art.layout
        self.reach2 = round((1.5 * layout.size) ** 2) if layout is not None else 0
        self.davidka_sixes = _effect_rolls(definition, "davidka")
        self.blast_sixes = _effect_rolls(definition, "davidka-blast")

    # --- the units ---------------------------------------------------------------------------

    def counter_values(self, counter: Counter) -> dict[str, str]:
        role = role_of(counter, self.definition.game)
        flags = {
            "JLeader": role.leader,
            "JDummy": role.dummy,
            "JArty": role.artillery,
            "JLegion": role.legion,
            "JEEF": role.eef,
            "JVehicle": role.vehicle,
            "JConvoy": role.convoy,
            "JTargetedAlways": role.targeted_always,
            "JTargetedVsVehicles": role.targeted_vs_vehicles,
            "JKhader": counter.id == KHADER,
            "JSyrian": counter.nation == SYRIAN,
            "JTell": counter.id == TELL,
            "JTellFormation": counter.formation == TELL_FORMATION,
            "JShaltiel": counter.id == SHALTIEL,
            "JDavidka": counter.id == DAVIDKA,
        }
        values = {name: "true" if flag else "false" for name, flag in flags.items()}
        values["LeaderQ"] = str(_q(leader_multiplier(counter)) if role.leader else SCALE)
        return values

    def counter_traits(self, counter: Counter) -> list[Trait]:
        return self._davidka_traits() if counter.id == DAVIDKA else []

    def automation(self) -> Automation:
        """The global properties of the battle being resolved, and the marks' pictures."""
        plan = Automation()
        plan.globals += [
            GlobalProperty(name, "0" if numeric else "false", numeric, "the battle being resolved")
            for name, (_, numeric) in RESOLVING.items()
        ]
        plan.images.update(mark_images(self.size, MARKS))
        return plan

    def unit_traits(self) -> list[Trait]:
        return [*self._marks(), *self._strengths(), *self._context(), *self._blast()]

    def _marks(self) -> list[Trait]:
        return [
            overlay(HALVED_IMAGE, "Halved", "Halved (abandoned)", keys.HALVED),
            overlay(DISRUPTED_IMAGE, "Disrupted", "Disrupted", keys.DISRUPTED),
            overlay(FIRED_IMAGE, "Fired", "Fired this turn", keys.FIRED),
            overlay(TRANSPORTED_IMAGE, "Transported", "Transported", keys.TRANSPORTED),
            overlay(QUIET_IMAGE, "Quiet", "No leader effects this turn", keys.QUIET),
            trigger(
                "A gun fires", [keys.named("GunFired")], [keys.FIRED], "{JArty==true && Fired_Active!=true}"
            ),
        ]

    def _strengths(self) -> list[Trait]:
        """What a unit fires and defends with, in quarters of a strength point."""
        attack = [c for c, s in self.colours.items() if s.can_attack]
        first = [c for c, s in self.colours.items() if s.can_first_fire]
        own_targets = f"Count({matching([TARGETS, 'JVehicle!=true'])})==0 && Count({matching([TARGETS])})>0"
        ff_targets = f"Count({matching([_ff_targets_of('ResolvingBattle'), 'JVehicle!=true'])})==0"
        return [
            calculated(
                "CanAttack",
                braces(f"TargetedStrength>0 || ({member('StrengthColour', attack)} && Strength>0)"),
            ),
            calculated(
                "CanFirstFire",
                braces(f"TargetedStrength>0 || ({member('StrengthColour', first)} && Strength>0)"),
            ),
            calculated("LeaderQ4", braces(_leader_factor())),
            calculated("DefQ", braces("Strength * LeaderQ4 / (Halved_Active==true ? 2 : 1)")),
            calculated("AtkQ", braces(_fire(own_targets))),
            calculated("FFQ", braces(_fire(ff_targets))),
            calculated("TellQ", braces(f"{_tell_hex()} && JTell!=true ? AtkQ : 0")),
            calculated("TellFFQ", braces(f"{_tell_hex()} && JTell!=true ? FFQ : 0")),
        ]

    def _context(self) -> list[Trait]:
        """Where the unit stands as the modifiers ask it, against the battle being resolved."""
        near = (
            "Battle==ResolvingBattle && (CurrentX - ResolvingX) * (CurrentX - ResolvingX)"
            f" + (CurrentY - ResolvingY) * (CurrentY - ResolvingY) <= {self.reach2}"
        )
        here = UNIT + ' && Battle==ResolvingBattle && BattleRole=="A" && FFNear==true'
        legion = "CountLocation(" + matching([here, "JLegion!=true"]) + ") == 0"
        protected = "CountLocation(" + matching([here, "StackPos > StackSize - FortLimit"]) + ") > 0"
        return [
            calculated("HexLevel", braces(self.levels)),
            calculated("InOldCity", braces(member("LocationName", self.old_city))),
            calculated("Inside01", "{InOldCity ? 1 : 0}"),
            calculated("NotLower01", "{HexLevel >= ResolvingLevel ? 1 : 0}"),
            calculated("NotHigher01", "{HexLevel <= ResolvingLevel ? 1 : 0}"),
            calculated(
                "Shaltiel01",
                "{CountLocation("
                + matching([UNIT, "JShaltiel==true", "SideNo==$SideNo$"])
                + ") > 0 ? 1 : 0}",
            ),
            calculated("FortLimit", braces(self.fort_limit)),
            dynamic("FFNear", "false", [Change(keys.named("Near"), braces(near))]),
            dynamic(
                "FFTerrain",
                "0",
                [
                    Change(
                        keys.named("NearTerrain"),
                        braces(self.terrain.value(legion, "ResolvingInside", protected)),
                    )
                ],
                numeric=True,
            ),
        ]

    def _blast(self) -> list[Trait]:
        """10.10: a unit in the hex where the Davidka blew up rolls; a 6 disrupts it."""
        disrupts = braces(f"{member('BlastDie', self.blast_sixes)} && Disrupted_Active!=true")
        return [
            trigger("Blast", [keys.named("Blast")], [keys.named("BlastRoll"), keys.named("BlastCheck")]),
            trigger("Disrupted by the blast", [keys.named("BlastCheck")], [keys.DISRUPTED], disrupts),
            dynamic(
                "BlastDie", "0", [Change(keys.named("BlastRoll"), f"{{Random({self.die})}}")], numeric=True
            ),
        ]

    def join_note(self) -> str:
        return braces(
            '"strength " + (BattleRole=="A" ? AtkQ : DefQ) / 4.0'
            ' + (LeaderQ4!=4 ? " (a leader multiplies it)" : "") + (Halved_Active==true ? " (halved)" : "")'
        )

    def help(self) -> list[HelpRow]:
        return [
            HelpRow("Ctrl+G on a unit", "Halve its strength (a leader abandoned it, 12.8.2)."),
            HelpRow("Ctrl+K on a unit", "Disrupted: it may not fire (10.10, 13.1.4)."),
            HelpRow("Ctrl+Shift+J on a gun", "It has fired this player turn (set when a battle fires it)."),
            HelpRow("Ctrl+Shift+Y on a unit", "It is being transported (artillery firing at it gets -1)."),
            HelpRow("Ctrl+Shift+Q on a leader", "No leader effects this turn (El Kutub bombing, 13.1.1)."),
        ]

    # --- the battle marker ---------------------------------------------------------------------

    def stages(self) -> int:
        return 2

    def marker_traits(self) -> list[Trait]:
        resolving = keys.named("Resolving")
        return [
            stage_trigger(0, [resolving, keys.named("FirstFire")], "First fire"),
            stage_trigger(1, [resolving, keys.named("Attack")], "The attack", last=True),
            *self._shot_traits("First", first_fire=True),
            *self._shot_traits("Main", first_fire=False),
            report([keys.BATTLE_REPORT], "$DeclaredText$"),
            calculated("DeclaredText", self._declared_text()),
            calculated(
                "LabelText", braces('Stage==0 ? MainCol : (Stage==1 ? "FF " + FirstResult : MainResult)')
            ),
            calculated("ResultText", braces('"first fire " + FirstResult + ", attack " + MainResult')),
            trigger(
                "Before each step",
                [keys.BATTLE_SETUP, resolving],
                [keys.named("SetResolving"), keys.named("TellNear"), keys.named("TellTerrain")],
            ),
            counter_global_key(
                "Next to the battle", keys.named("TellNear"), keys.named("Near"), "{" + ATTACKERS + "}"
            ),
            counter_global_key(
                "Their terrain", keys.named("TellTerrain"), keys.named("NearTerrain"), "{" + ATTACKERS + "}"
            ),
            *(
                set_global(name, [Change(keys.named("SetResolving"), value)], numeric=numeric)
                for name, (value, numeric) in RESOLVING.items()
            ),
            calculated("HexLevel", braces(self.levels)),
            calculated("InOldCity", braces(member("LocationName", self.old_city))),
            calculated("Automatic", braces(_automatic())),
            # 14.7.1: the EEF never attacks below 3-1, so an attack first fire left below it is not made
            calculated(
                "MainEEF",
                braces(
                    f'Count({matching([FIRERS, "JEEF==true"])}) > 0 && MainCol!=""'
                    f" && MainQ < {EEF_LOWEST_ODDS} * MainDefQ"
                ),
            ),
        ]

    def _shot_traits(self, prefix: str, first_fire: bool) -> list[Trait]:
        """One shot's calculations on the battle marker: odds, column, modifiers, roll, result."""
        loc = "Location" if first_fire else ""
        firers = matching([FF_FIRERS if first_fire else FIRERS])
        targets = matching([FF_TARGETS if first_fire else TARGETS])
        drm = {m: self.drm.get(m, 0) for m in MODIFIER_IDS}
        tell = "TellFFQ" if first_fire else "TellQ"
        level = "NotHigher01" if first_fire else "NotLower01"
        level_sum = f'Sum("{level}", {targets})' if first_fire else f'Sum("{level}", {firers})'
        armed = matching([FF_FIRERS if first_fire else FIRERS, "JArty!=true"])
        carried = matching([FF_TARGETS if first_fire else TARGETS, "Transported_Active==true"])
        return [
            *self._shot_steps(prefix, first_fire),
            calculated(f"{prefix}Q", braces(f'Sum{loc}("{"FFQ" if first_fire else "AtkQ"}", {firers})')),
            calculated(f"{prefix}DefQ", braces(f'Sum("DefQ", {targets})')),
            calculated(f"{prefix}Fires", braces(f"Count{loc}({firers}) > 0 && Count({targets}) > 0")),
            calculated(f"{prefix}Col", braces(column(self.crt, f"{prefix}Q", f"{prefix}DefQ"))),
            calculated(
                f"{prefix}Terrain", braces(self._best_terrain() if first_fire else self._hex_terrain())
            ),
            calculated(
                f"{prefix}Higher", braces(f"{prefix}Fires && {level_sum} == 0 ? {drm['higher-terrain']} : 0")
            ),
            calculated(
                f"{prefix}Shaltiel",
                braces(f'Sum{loc}("Shaltiel01", {firers}) > 0 ? {drm["david-shaltiel"]} : 0'),
            ),
            calculated(
                f"{prefix}Tell",
                braces(
                    f'{prefix}Q > 0 && 2 * Sum{loc}("{tell}", {firers}) >= {prefix}Q'
                    f" ? {drm['abdullah-tell']} : 0"
                ),
            ),
            calculated(
                f"{prefix}Guns",
                braces(
                    f"Count{loc}({firers}) > 0 && Count{loc}({armed}) == 0 && Count({carried}) > 0"
                    f" ? {drm['artillery-at-transported']} : 0"
                ),
            ),
            calculated(f"{prefix}Drm", braces(" + ".join(prefix + name for name in MODIFIERS))),
            calculated(f"{prefix}Mod", braces(f"{prefix}Die + {prefix}Drm")),
            calculated(f"{prefix}Cell", braces(cell(self.crt, f"{prefix}Col", f"{prefix}Mod"))),
            calculated(f"{prefix}Odds", braces(f'{prefix}Q / 4.0 + "-" + {prefix}DefQ / 4.0')),
        ]

    def _shot_steps(self, prefix: str, first_fire: bool) -> list[Trait]:
        """Resolve's keys for one shot: the Davidka first, then the roll when there is a shot.

        Of two triggers on one key, the inner acts first (TriggerAction.keyEvent): each pair
        lists the one whose action could change the other's condition outermost."""
        shot = keys.named("FirstFire" if first_fire else "Attack")
        shoot, davidka = keys.named(f"{prefix}Shoot"), keys.named(f"{prefix}Davidka")
        rolled, none = keys.named(f"{prefix}Rolled"), keys.named(f"{prefix}None")
        settle, guns = keys.named(f"{prefix}Set"), keys.named(f"{prefix}Guns")
        firers = FF_FIRERS if first_fire else FIRERS
        can = f'{prefix}Fires && {prefix}Col!=""'
        taken = can if first_fire else f"{prefix}Fires && Automatic!=true && MainEEF!=true"
        skipped = f"!({taken})" + ("" if first_fire else " && Automatic!=true")
        traits = [
            trigger(f"{prefix}: fire", [shot], [davidka, shoot], braces(taken)),
            trigger(f"{prefix}: no fire", [shot], [settle, none], braces(skipped)),
            trigger(
                f"{prefix}: a shot", [shoot], [keys.named(f"{prefix}Roll"), settle, rolled, guns], braces(can)
            ),
            trigger(f"{prefix}: no shot", [shoot], [settle, none], braces(f"!({can})")),
            _keyed(
                f"{prefix}: the Davidka",
                davidka,
                keys.named("DavidkaCheck"),
                firers + " && JDavidka==true",
                first_fire,
            ),
            _keyed(
                f"{prefix}: guns fired", guns, keys.named("GunFired"), firers + " && JArty==true", first_fire
            ),
            dynamic(
                f"{prefix}Die",
                "0",
                [Change(keys.named(f"{prefix}Roll"), f"{{Random({self.die})}}")],
                numeric=True,
            ),
            dynamic(f"{prefix}Result", "", [Change(settle, braces(self._result(prefix, can)))]),
            # the shot as it was made (a gun that fired no longer counts once it is marked fired)
            *(
                dynamic(f"{prefix}Kept{name}", "", [Change(settle, braces(f"{prefix}{name}"))])
                for name in ("Col", "Mod", "Odds", *MODIFIERS)
            ),
            report([rolled], f"${prefix}ShotText$"),
            report([none], f"${prefix}NoShotText$"),
            calculated(f"{prefix}ShotText", self._shot_text(prefix, first_fire)),
            calculated(f"{prefix}NoShotText", self._no_shot_text(prefix, first_fire)),
        ]
        if not first_fire:
            alone = "the units attacked are alone: they are eliminated without a roll (9.10)."
            traits += [
                trigger("Automatic", [shot], [settle, keys.named("MainAuto")], "{Automatic==true}"),
                report([keys.named("MainAuto")], '{"Battle " + Battle + ": ' + alone + '"}'),
            ]
        return traits

    def _result(self, prefix: str, can: str) -> str:
        automatic = f'Automatic==true ? "K" : (MainEEF ? {text(EEF_NOT_MADE)} : ' if prefix == "Main" else "("
        below = f'({prefix}Fires ? "odds below the lowest column" : "no shot")'
        return f'{automatic}({can} ? ({prefix}Cell=="" ? "no effect" : {prefix}Cell) : {below}))'

    def _shot_text(self, prefix: str, first_fire: bool) -> str:
        what = "first fire" if first_fire else "the attack"
        shown = {
            "Terrain": "terrain",
            "Higher": "higher terrain",
            "Shaltiel": "David Shaltiel",
            "Tell": "Abdullah Tell",
            "Guns": "artillery at transported units",
        }
        listed = " + ".join(
            f'({prefix}{n}!=0 ? ", {words} " + {prefix}{n} : "")' for n, words in shown.items()
        )
        return braces(
            f'"Battle " + Battle + ", {what}: " + {prefix}Odds + " = " + {prefix}Col'
            f' + ", roll " + {prefix}Die'
            f' + " (modifiers " + {prefix}Drm + {listed} + ") = " + {prefix}Mod + ": " + {prefix}Result'
        )

    def _no_shot_text(self, prefix: str, first_fire: bool) -> str:
        what = "no first fire" if first_fire else "no attack"
        return braces(f'"Battle " + Battle + ": {what} (" + {prefix}Result + ")."')

    def _hex_terrain(self) -> str:
        """The attack's terrain modifier: the attacked hex's, with its variants."""
        legion = f"Count({matching([TARGETS, 'JLegion!=true'])}) == 0"
        inside = f'Sum("Inside01", {matching([FIRERS])}) > 0'
        return self.terrain.value(legion, inside, "true")

    def _best_terrain(self) -> str:
        """First fire's terrain modifier: the best of the hexes of the attackers fired at."""
        values = sorted({v for signature in self.terrain.groups for v, _ in signature if v}, reverse=True)
        cases = [(f"Count({matching([FF_TARGETS, f'FFTerrain>={v}'])}) > 0", str(v)) for v in values]
        return choose(cases, "0")

    def _declared_text(self) -> str:
        attack = '" = " + (MainCol=="" ? "below the lowest column" : MainCol) + ", modifiers " + MainDrm'
        first = (
            'FirstOdds + " = " + (FirstCol=="" ? "below the lowest column" : FirstCol)'
            ' + ", modifiers " + FirstDrm'
        )
        return braces(
            '"Battle " + Battle + ": " + Attacker + " attack " + LocationName'
            f' + ". The attack: " + MainOdds + {attack}'
            ' + (Automatic ? " (the units attacked are alone: no roll)" : "")'
            f' + ". First fire: " + (FirstFires ? {first} : "none") + "."'
        )

    def _davidka_traits(self) -> list[Trait]:
        """10.10 on the Davidka's own piece: its roll, and on a blow-up the blast and its end."""
        blows = member("DavidkaDie", self.davidka_sixes)
        outcome = f'{blows} ? ": it blows up; every unit with it rolls for disruption" : "."'
        return [
            report(
                [keys.named("DavidkaTold")], "The Davidka rolls $DavidkaDie$ before it fires$DavidkaOutcome$"
            ),
            calculated("DavidkaOutcome", braces(outcome)),
            trigger(
                "Davidka check",
                [keys.named("DavidkaCheck")],
                [keys.named("DavidkaRoll"), keys.named("DavidkaTold"), keys.named("DavidkaBlows")],
            ),
            trigger(
                "Davidka blows up",
                [keys.named("DavidkaBlows")],
                [keys.named("DavidkaBlast"), keys.ELIMINATE],
                braces(blows),
            ),
            counter_global_key(
                "The blast",
                keys.named("DavidkaBlast"),
                keys.named("Blast"),
                "{" + UNIT + " && JDavidka!=true}",
                same_location=True,
            ),
            dynamic(
                "DavidkaDie",
                "0",
                [Change(keys.named("DavidkaRoll"), f"{{Random({self.die})}}")],
                numeric=True,
            ),
        ]


def _keyed(name: str, watch: str, send: str, condition: str, here: bool) -> Trait:
    return counter_global_key(name, watch, send, "{" + condition + "}", same_location=here)


def _leader_factor() -> str:
    """12.6: the multiplier (in quarters) of the first leader with the unit, by the stack's order
    from the bottom (the engine's order of arrival); none for leaders, the Legion and the EEF."""
    leader = (
        UNIT + " && SideNo==$SideNo$ && JLeader==true && Quiet_Active!=true"
        ' && !(JKhader==true && "$JSyrian$"=="true")'
    )
    cases = [
        (
            f"CountLocation({matching([leader, f'StackPos=={k}'])}) > 0",
            f'SumLocation("LeaderQ", {matching([leader, f"StackPos=={k}"])})',
        )
        for k in range(12, 0, -1)
    ]
    exempt = "JLeader==true || JDummy==true || JLegion==true || JEEF==true"
    return f"{exempt} ? {SCALE} : {choose(cases, str(SCALE))}"


def _fire(all_vehicles: str) -> str:
    """A unit's firing strength in quarters (10.9.2, 11.0: the target-icon strength where it applies)."""
    targeted = f"JTargetedAlways==true || (JTargetedVsVehicles==true && {all_vehicles})"
    return f"({targeted} ? TargetedStrength : Strength) * LeaderQ4 / (Halved_Active==true ? 2 : 1)"


def _ff_targets_of(battle: str) -> str:
    return UNIT + f' && Battle=={battle} && BattleRole=="A" && FFNear==true'


def _tell_hex() -> str:
    """12.9.2: Tell is in the unit's hex and every other unit there is of the 6th Regiment."""
    return (
        f"CountLocation({matching([UNIT, 'JTell==true'])}) > 0"
        f" && CountLocation({matching([UNIT, 'JTell!=true'])}) > 0"
        f" && CountLocation({matching([UNIT, 'JTell!=true', 'JTellFormation!=true'])}) == 0"
    )


def _automatic() -> str:
    """9.10, 6.7.1: lone leaders, dummies or the convoy attacked by units other than guns."""
    return (
        f"Count({matching([FIRERS, 'JArty!=true'])}) > 0"
        f" && Count({matching([TARGETS, 'JLeader!=true', 'JDummy!=true', 'JConvoy!=true'])}) == 0"
        f" && CountLocation({matching([UNIT, NOT_A_TARGET])}) == 0"
    )


def _hex_value(kinds: Sequence[Terrain], legion: bool, inside: bool, protected: bool) -> tuple[int, str]:
    """9.6, 9.6.1: one hex's terrain modifier and the terrain that gives it (the engine's rule)."""
    best, name, extra = 0, "terrain", 0
    for kind in kinds:
        effect = kind.combat
        if effect is None or effect.drm is None:
            continue
        value = effect.drm
        if LEGION_TARGET in effect.drm_variants and legion:
            value = effect.drm_variants[LEGION_TARGET]
        if FIRED_FROM_INSIDE in effect.drm_variants and inside:
            value = effect.drm_variants[FIRED_FROM_INSIDE]
        if effect.max_units is not None and not protected:
            value = effect.drm_variants.get(UNPROTECTED, 0)
        if effect.cumulative:
            extra += value
        elif value > best:
            best, name = value, kind.id
    return best + extra, name


class TerrainLookup:
    """Each hex's terrain modifier under the three flags, as expressions of the flags."""

    def __init__(self, kinds: dict[str, list[Terrain]]) -> None:
        signatures: dict[tuple[tuple[int, str], ...], list[str]] = {}
        for name, found in kinds.items():
            signature = tuple(_hex_value(found, *flags) for flags in FLAGS)
            if any(value for value, _ in signature):
                signatures.setdefault(signature, []).append(name)
        self.groups = signatures

    def value(self, legion: str, inside: str, protected: str) -> str:
        return self._lookup(legion, inside, protected, lambda pair: str(pair[0]), "0")

    def name(self, legion: str, inside: str, protected: str) -> str:
        return self._lookup(legion, inside, protected, lambda pair: text(pair[1]), '"terrain"')

    def _lookup(
        self, legion: str, inside: str, protected: str, show: Callable[[tuple[int, str]], str], otherwise: str
    ) -> str:
        cases = []
        for signature, names in sorted(self.groups.items()):
            shown = [show(pair) for pair in signature]
            cases.append((member("LocationName", names), _by_flags(shown, (legion, inside, protected))))
        return choose(cases, otherwise)


def _by_flags(shown: list[str], flags: tuple[str, str, str], depth: int = 0) -> str:
    """The value for the flags' combination (FLAGS order: legion, inside, protected)."""
    if len(set(shown)) == 1:
        return shown[0]
    half = len(shown) // 2
    when, otherwise = _by_flags(shown[half:], flags, depth + 1), _by_flags(shown[:half], flags, depth + 1)
    return f"({flags[depth]} ? {when} : {otherwise})"


def _effect_rolls(definition: ValidGame, table_id: str) -> list[str]:
    """The rolls of a die-roll table that have an effect (the engine's ``table_effect``)."""
    table = definition.charts.tables.get(table_id)
    rolls: list[str] = []
    for row in table.rows if table else ():
        result = row.result
        if row.roll is not None and isinstance(result, dict) and "effect" in result:
            rolls += [str(n) for n in range(row.roll.low, row.roll.high + 1)]
    return rolls
