"""Zones of control (4.1-4.6): who has one, where it reaches, and which units make it.

All units have a ZOC but trucks, buses, leaders, dummies and Arab garrisons
(the data marks them with a no-ZOC band, 1.2.1); an Arab garrison gets one from
a real Arab leader with it (the yellow band, 4.6), but not from a dummy nor
from El Kutub in the turn he bombs (13.1.1); a demobilized Haganah unit has
none (6.5.2). No ZOC reaches into or out of a Jerusalem city hex or Bevingrad
(4.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import Unit

if TYPE_CHECKING:
    from rules_engine.systems.jerusalem.game import Game

# 4.6: the band colour of a leader that gives a garrison a ZOC
ZOC_GIVING_BAND = "yellow"


def exerts_zoc(game: Game, unit: Unit) -> bool:
    """4.1, 4.3, 4.6, 6.5.2: whether ``unit`` has a ZOC where it stands now."""
    if unit.space is None or unit.space in game.tables.no_zoc:
        return False
    role = game.role(unit)
    face = unit.face
    if role.leader or role.dummy or face.zoc is False:
        return False
    if face.no_zoc_band is None:
        return True
    return role.garrison and any(_gives_zoc(game, other, unit) for other in game.state.units_at(unit.space))


def _gives_zoc(game: Game, leader: Unit, garrison: Unit) -> bool:
    if leader.side != garrison.side or not game.role(leader).leader:
        return False
    if leader.face.no_zoc_band != ZOC_GIVING_BAND:
        return False
    return not game.leader_quiet(leader)


def zoc_hexes(game: Game, side: str) -> frozenset[str]:
    """The hexes in the ZOC of ``side``'s units (an enemy ZOC for the other side)."""
    key = (game.state.epoch, game.marks.kutub_quiet, side)
    cached = game.zoc_cache.get(side)
    if cached is not None and cached[0] == key:
        return cached[1]
    reach = game.system.zoc_reach
    found: set[str] = set()
    for space, units in game.state.occupants.items():
        if units and units[0].side == side and any(exerts_zoc(game, u) for u in units):
            found.update(reach[space])
    result = frozenset(found)
    game.zoc_cache[side] = (key, result)
    return result


def zoc_units_into(game: Game, space: str, side: str) -> list[Unit]:
    """4.5: the units of ``side`` whose ZOC reaches ``space``."""
    if space in game.tables.no_zoc:
        return []
    return [
        unit
        for neighbour in game.board.neighbours[space]
        if neighbour not in game.tables.no_zoc
        for unit in game.state.units_at(neighbour)
        if unit.side == side and exerts_zoc(game, unit)
    ]
