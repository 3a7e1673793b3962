"""One shot on the CRT (9.4-9.6), and what follows a loss (9.10, 10.8.1, 10.10, 12.7, 12.9.1.2, 14.7.2).

Every kind of fire is a shot: defensive first fire, an attack, artillery
shelling units on the move, a terrorist attack. A shot totals the firing and
the target strengths, reads the odds column, rolls one die, adds the modifiers
and reads the CRT; a 'K' eliminates every unit fired at. The Davidka rolls
before it fires (10.10). Losses then take leaders left alone with them (12.7),
passengers with their transport, and trigger the rolls for Abdul Khader's
death (12.9.1.2) and the EEF's morale (14.7.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, Unit, UnitStatus
from rules_engine.systems.jerusalem.decisions import Fire
from rules_engine.systems.jerusalem.roles import DAVIDKA, KHADER
from rules_engine.systems.jerusalem.strength import defence_strength, fire_strength, modifiers, total

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

KILL = "K"


@dataclass
class ShotReport:
    """One shot, as a replay's expectations and `wgc replay --trace` read it."""

    kind: str
    firers: list[str]
    targets: list[str]
    attack: Fraction = Fraction(0)
    defence: Fraction = Fraction(0)
    odds: str | None = None
    roll: int | None = None
    modifiers: dict[str, int] = field(default_factory=dict)
    modified: int | None = None
    result: str = ""
    eliminated: list[str] = field(default_factory=list)

    @property
    def strengths(self) -> str:
        return f"{_number(self.attack)}-{_number(self.defence)}"


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def shoot(
    game: Game,
    fire: Fire,
    kind: str,
    dice: DiceSource,
    *,
    protected: Iterable[str] = (),
    terror: bool = False,
    double: bool = False,
) -> ShotReport:
    """Resolve one shot; a 'K' eliminates the targets."""
    firers = [*fire.firers, *fire.support]
    firers = _davidka(game, firers, dice)
    for unit in firers:
        if game.role(unit).artillery:
            game.marks.fired.add(unit.uid)
    targets = [t for t in fire.targets if t.on_map]
    report = ShotReport(kind, [f.uid for f in firers], [t.uid for t in targets])
    game.last_shots.append(report)
    if not firers or not targets:
        report.result = "no shot"
        return report
    report.attack = total(fire_strength(game, f, targets) for f in firers) * (2 if double else 1)
    report.defence = total(defence_strength(game, t) for t in targets)
    column = game.tables.column(report.attack, report.defence)
    if column is None:
        report.result = "odds below the lowest column"
        game.note("combat", f"{kind}: {report.strengths} is below the lowest odds column; no shot")
        return report
    report.odds = column.label
    report.roll = game.roll(dice, kind)
    report.modifiers = modifiers(game, firers, targets, protected=protected, terror=terror)
    report.modified = report.roll + sum(report.modifiers.values())
    report.result = game.tables.crt_result(column, report.modified) or "no effect"
    game.note("combat", _describe(game, report, firers, targets))
    if report.result == KILL:
        report.eliminated = [
            u.uid for u in lose(game, targets, dice, ground=not all(game.role(f).artillery for f in firers))
        ]
    if firers[0].side == game.jewish:
        clear_dummies(game, {t.space for t in targets if t.space})
    return report


def _describe(game: Game, report: ShotReport, firers: Sequence[Unit], targets: Sequence[Unit]) -> str:
    shown = ", ".join(f"{name} {value:+d}" for name, value in report.modifiers.items())
    return (
        f"{report.kind}: {', '.join(game.label(f) for f in firers)} "
        f"at {', '.join(game.label(t) for t in targets)}, "
        f"{report.strengths} = {report.odds}, roll {report.roll}{' (' + shown + ')' if shown else ''} "
        f"-> {report.modified}: {report.result}"
    )


def _davidka(game: Game, firers: list[Unit], dice: DiceSource) -> list[Unit]:
    """10.10: roll before the Davidka fires; a 6 blows it up and may disrupt its hex-mates."""
    davidka = next((f for f in firers if f.counter.id == DAVIDKA), None)
    if davidka is None or davidka.space is None:
        return firers
    roll = game.roll(dice, "davidka")
    if game.tables.table_effect("davidka", roll) is None:
        game.note("davidka", f"the Davidka holds together (roll {roll})")
        return firers
    space = davidka.space
    game.note("davidka", f"the Davidka blows up (roll {roll})")
    game.remove(davidka, UnitStatus.ELIMINATED)
    others = [u for u in game.state.units_at(space)]
    if others:
        rolls = game.roll_many(dice, "davidka blast", len(others))
        for unit, blast in zip(others, rolls, strict=True):
            if game.tables.table_effect("davidka-blast", blast) is not None:
                game.disrupt(unit, until_jewish_turn_starts=True)
    return [f for f in firers if f.on_map and f.uid not in game.marks.disrupted]


def lose(game: Game, units: Sequence[Unit], dice: DiceSource, *, ground: bool) -> list[Unit]:
    """Eliminate ``units`` and what goes with them; returns every unit lost."""
    spaces = {(u.space, u.side) for u in units if u.space}
    lost: list[Unit] = []
    for unit in units:
        if unit.on_map:
            lost.extend(game.eliminate_with_passengers(unit))
    if ground:
        for space, side in sorted(spaces):
            lost.extend(_lone_leaders(game, space, side))
    after_losses(game, lost, dice)
    return lost


def _lone_leaders(game: Game, space: str, side: str) -> list[Unit]:
    """12.7, 12.9.4: a leader dies with the last of his units, if ground fire killed them (10.3)."""
    here = [u for u in game.state.units_at(space) if u.side == side]
    if not here or any(not (game.role(u).leader or game.role(u).dummy) for u in here):
        return []
    lost = list(here)
    for unit in lost:
        game.note("leader", f"{game.label(unit)} falls with his units in {game.board.name(space)}")
        game.remove(unit, UnitStatus.ELIMINATED)
    return lost


def clear_dummies(game: Game, spaces: Iterable[str]) -> None:
    """12.1: Jewish fire at a hex reveals the dummies in it, and they are eliminated."""
    for space in spaces:
        for unit in list(game.state.units_at(space)):
            if game.role(unit).dummy:
                game.note("leader", f"a face-down counter in {game.board.name(space)} is revealed: a dummy")
                game.remove(unit, UnitStatus.ELIMINATED)


def after_losses(game: Game, lost: Sequence[Unit], dice: DiceSource) -> None:
    """12.9.1.2 and 14.7.2: the morale rolls some losses call for."""
    if any(u.counter.id == KHADER for u in lost):
        mufti = [u for u in game.state.on_map() if game.role(u).needs_leader]
        rolls = game.roll_many(dice, "khader", len(mufti)) if mufti else []
        for unit, roll in zip(mufti, rolls, strict=True):
            if game.tables.table_effect("khader-death", roll) is not None:
                game.note("morale", f"{game.label(unit)} goes home (roll {roll})")
                game.remove(unit, UnitStatus.REMOVED)
    eef = [u for u in lost if game.role(u).eef]
    if eef:
        rolls = game.roll_many(dice, "eef morale", len(eef))
        if any(game.tables.table_effect("eef-morale", roll) is not None for roll in rolls):
            game.note("morale", f"the EEF's morale breaks (rolls {rolls}): every Egyptian unit goes home")
            for unit in list(game.state.units.values()):
                if game.role(unit).eef and unit.status in (UnitStatus.ON_MAP, UnitStatus.WAITING):
                    game.remove(unit, UnitStatus.REMOVED)
