"""Control of places (docs/classic-rules.md, Control): which places change hands, and how.

``last-to-enter``: a place belongs to the side whose unit last entered it (moving through,
retreating, advancing, placed). ``occupy``: to the side whose unit is in it, to nobody when
it is empty. Which places count: the option's features or places; without the option, the
places the scenarios' victory conditions name.
"""

from __future__ import annotations

from rules_engine.definitions import ValidGame
from rules_engine.systems.classic.state import World
from rules_engine.systems.classic.tables import Tables


def controlled_places(tables: Tables, definition: ValidGame) -> frozenset[str]:
    """The places whose control the game records."""
    board = tables.board
    rules = tables.rules.control
    features: set[str] = set()
    names: list[str] = []
    if rules is not None:
        features.update(rules.features)
        names.extend(rules.places)
    else:
        for scenario in definition.scenarios:
            for condition in scenario.victory.conditions if scenario.victory else ():
                if condition.kind in ("control-any", "count-controlled"):
                    names.extend(condition.places)
                    if condition.feature:
                        features.add(condition.feature)
    places = {s for s in board.spaces if not features.isdisjoint(tables.terrain_ids[s])}
    places.update(s for s in (board.resolve(n) for n in names) if s is not None)
    return frozenset(places)


def by_occupation(tables: Tables) -> bool:
    rules = tables.rules.control
    return rules is not None and rules.by == "occupy"


def entered(world: World, space: str, side: str) -> bool:
    """A unit of ``side`` entered ``space``: control changes hands there; True when it did."""
    if space not in world.tables.controlled or world.state.control.get(space) == side:
        return False
    world.state.control[space] = side
    return True


def vacated(world: World, space: str) -> None:
    """Under ``occupy``, a place left empty belongs to nobody."""
    if space in world.tables.controlled and not world.state.units_at(space) and by_occupation(world.tables):
        world.state.control.pop(space, None)
