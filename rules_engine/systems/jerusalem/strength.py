"""Combat strengths (1.2.1, 9.4, 10.9.2, 11.0, 12.6, 12.8.2) and die-roll modifiers (9.5, 9.6, 10.8, 12.9).

A strength is a Fraction: El Kaukji halves the units with him and abandoned
units are halved, and the odds are then rounded for the defender only once
(9.4.3). Terrain modifiers come from terrain.json, the others from charts.json.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rules_engine.core import Unit
from rules_engine.systems.jerusalem.roles import KHADER, SYRIAN, TELL, TELL_FORMATION

if TYPE_CHECKING:
    from rules_engine.definitions import Counter
    from rules_engine.systems.jerusalem.game import Game

# drm_variants keys of terrain.json that the rules know
LEGION_TARGET = "arab-legion-target"
FIRED_FROM_INSIDE = "attacker-inside"
UNPROTECTED = "other-units"
ONE = Fraction(1)


def parse_multiplier(text: str | None) -> Fraction:
    """'x2' -> 2, 'x1/2' -> 1/2; no multiplier is 1."""
    if not text:
        return Fraction(1)
    return Fraction(text.lstrip("xX"))


def leader_multiplier(counter: Counter) -> Fraction:
    """12.6: the multiplier a leader counter prints (1 for a counter that prints none)."""
    return parse_multiplier(counter.front.multiplier)


def multiplier(game: Game, unit: Unit) -> Fraction:
    """12.6: the leader in the hex multiplies Arab units other than the Legion and the EEF."""
    role = game.role(unit)
    if unit.space is None or role.leader or role.dummy or role.legion or role.eef:
        return ONE
    for other in game.state.units_at(unit.space):
        if other is unit or other.side != unit.side or not game.role(other).leader:
            continue
        if game.leader_quiet(other):
            continue
        if other.counter.id == KHADER and unit.nation == SYRIAN:
            continue  # 12.9.1.3
        return leader_multiplier(other.counter)
    return ONE


@functools.cache
def _fraction(value: float) -> Fraction:
    """A printed strength as a Fraction (immutable, so each value is made once)."""
    return Fraction(value)


def _scaled(game: Game, unit: Unit, value: float | None) -> Fraction:
    amount = _fraction(value or 0)
    factor = multiplier(game, unit)
    if factor != 1:  # most units: no leader multiplies them, and Fraction arithmetic is slow
        amount *= factor
    return amount / 2 if unit.uid in game.marks.halved else amount


def can_fire(game: Game, unit: Unit, attacking: bool) -> bool:
    """1.2.1: yellow attacks and first-fires, black only first-fires; a target-icon strength fires."""
    face = unit.face
    if face.targeted_strength is not None:
        return True
    colour = game.system.colours.get(face.strength_colour or "")
    if colour is None or not face.strength:
        return False
    return colour.can_attack if attacking else colour.can_first_fire


def fire_strength(game: Game, unit: Unit, targets: Sequence[Unit]) -> Fraction:
    """The strength ``unit`` fires with at ``targets`` (10.9.2: the 6 lb. uses 12 only at vehicles)."""
    role, face = game.role(unit), unit.face
    value = face.strength
    if role.targeted_always or (
        role.targeted_vs_vehicles and targets and all(game.role(t).vehicle for t in targets)
    ):
        value = face.targeted_strength
    return _scaled(game, unit, value)


def defence_strength(game: Game, unit: Unit) -> Fraction:
    """9.4.3, 9.10: the strength that sets the odds against ``unit`` (white and bracketed ones too)."""
    return _scaled(game, unit, unit.face.strength)


def total(values: Iterable[Fraction]) -> Fraction:
    """The sum of strengths; whole numbers (the common case) are added as integers."""
    found = list(values)
    if all(v.denominator == 1 for v in found):
        return Fraction(sum(v.numerator for v in found))
    return sum(found, Fraction(0))


def modifiers(
    game: Game,
    firers: Sequence[Unit],
    targets: Sequence[Unit],
    *,
    protected: Iterable[str] = (),
    terror: bool = False,
) -> dict[str, int]:
    """9.5, 9.6, 10.8, 12.9: the die-roll modifiers of one shot, by name."""
    found: dict[str, int] = {}
    drm = game.tables.modifiers
    if not terror:
        terrain = max(
            (_hex_terrain(game, space, firers, targets, set(protected)) for space in _spaces(targets)),
            key=lambda t: t[1],
        )
        if terrain[1]:
            found[terrain[0]] = terrain[1]
        if _all_lower(game, firers, targets):
            found["higher-terrain"] = drm["higher-terrain"]
    if _shaltiel_fires(game, firers):
        found["david-shaltiel"] = drm["david-shaltiel"]
    if _tell_fires(game, firers, targets):
        found["abdullah-tell"] = drm["abdullah-tell"]
    if firers and all(game.role(f).artillery for f in firers) and _transported(game, targets):
        found["artillery-at-transported"] = drm["artillery-at-transported"]
    return found


def _spaces(units: Sequence[Unit]) -> list[str]:
    return sorted({u.space for u in units if u.space is not None})


def _hex_terrain(
    game: Game, space: str, firers: Sequence[Unit], targets: Sequence[Unit], protected: set[str]
) -> tuple[str, int]:
    """9.6, 9.6.1: the best terrain modifier of one target hex, plus any that add to it."""
    board = game.board
    here = [t for t in targets if t.space == space]
    best, name, extra = 0, "terrain", 0
    kinds = [board.terrain_of[space], *board.features_of[space]]
    if space in game.tables.old_city and game.tables.wall is not None:
        kinds.append(game.tables.wall)
    for kind in kinds:
        effect = kind.combat if kind is not None else None
        if kind is None or effect is None or effect.drm is None:
            continue
        value = effect.drm
        if LEGION_TARGET in effect.drm_variants and here and all(game.role(t).legion for t in here):
            value = effect.drm_variants[LEGION_TARGET]
        if FIRED_FROM_INSIDE in effect.drm_variants and any(f.space in game.tables.old_city for f in firers):
            value = effect.drm_variants[FIRED_FROM_INSIDE]
        if effect.max_units is not None and not any(t.uid in protected for t in here):
            value = effect.drm_variants.get(UNPROTECTED, 0)
        if effect.cumulative:
            extra += value
        elif value > best:
            best, name = value, kind.id
    return name, best + extra


def _all_lower(game: Game, firers: Sequence[Unit], targets: Sequence[Unit]) -> bool:
    """9.6: higher terrain counts only when every firing unit is below every target."""
    level = game.tables.level
    if not firers or not targets:
        return False
    return max(level[f.space or ""] for f in firers) < min(level[t.space or ""] for t in targets)


def _shaltiel_fires(game: Game, firers: Sequence[Unit]) -> bool:
    """12.9.4: David Shaltiel in a hex with Jewish units firing at Arab units."""
    shaltiel = game.shaltiel
    return (
        shaltiel is not None
        and shaltiel.on_map
        and any(f.space == shaltiel.space and f.side == shaltiel.side for f in firers)
    )


def _tell_fires(game: Game, firers: Sequence[Unit], targets: Sequence[Unit]) -> bool:
    """12.9.2: Tell with 6th Regiment units only, which give at least half the firing strength."""
    tell = next((u for u in game.system.copies(game, TELL) if u.on_map), None)
    if tell is None or game.leader_quiet(tell):
        return False
    mates = [u for u in game.state.units_at(tell.space or "") if u is not tell]
    if not mates or any(u.counter.formation != TELL_FORMATION for u in mates):
        return False
    firing = total(fire_strength(game, f, targets) for f in firers)
    regiment = total(fire_strength(game, f, targets) for f in firers if f in mates)
    return firing > 0 and regiment * 2 >= firing


def _transported(game: Game, targets: Sequence[Unit]) -> bool:
    """10.8.1, 10.8.4: a target being carried (by the convoy too); 10.8.3: not the convoy itself."""
    return any(target.uid in game.marks.carried_by for target in targets)
