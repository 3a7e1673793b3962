"""Setting up a mission (7.0, 37.0): boxes, decks, Garrisons, Feisal's Camp, Pounds and Leadership.

The fixed part (Lawrence in his space, the tracks from the mission card) is
done when the game is created; the random part (the operations cards dealt,
the Garrisons drawn face down, the camp placed by the Random Placement Table)
when the set-up begins, with the game's dice, so a replay can script it. The
starting force is then bought in the set-up "turn" (operations.recruit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core import DiceSource, EngineError, UnitStatus
from rules_engine.systems.raiders.draws import pick, roll_d6, shuffled
from rules_engine.systems.raiders.pieces import box_of, in_box, place, set_track
from rules_engine.systems.raiders.rules import GARRISON_BOX, RANDOM_PLACEMENT

if TYPE_CHECKING:
    from rules_engine.systems.raiders.game import Game


def fill_boxes(game: Game) -> None:
    """37.0: every counter starts in its box (Bedouin and Garrisons face down); the deck in the reserve."""
    for unit in game.state.units.values():
        if unit.status is UnitStatus.REMOVED and unit.space is None:
            game.mission.where[unit.uid] = box_of(game, unit.counter.id)
            game.state.set_damaged(unit, unit.counter.hidden)
    game.mission.reserve = [card.id for card in game.rules.operations]
    set_track(game, game.rules.level_track, game.info.leadership)
    set_track(game, game.rules.points_track, game.info.pounds)


def set_up_mission(game: Game) -> None:
    """37.0: Lawrence in the space the mission names; the rest waits for the set-up's dice."""
    for placement in game.scenario.placements:
        if placement.unit != game.rules.hero:
            continue
        space = game.board.resolve(placement.at)
        if space is None:
            raise EngineError(f"set-up place '{placement.at}' is not on the map", field="scenario")
        place(game, game.hero, space)


def random_set_up(game: Game, dice: DiceSource) -> None:
    """7.0, 37.0: deal the operations cards, draw the Garrisons face down, place Feisal's Camp."""
    mission = game.mission
    deck = shuffled(dice, "deal operations", mission.reserve)
    mission.draw, mission.reserve = deck[: game.info.ops], deck[game.info.ops :]
    game.state.note("set-up", f"{len(mission.draw)} operations cards dealt into the draw deck")
    skipped = game.campaign.no_garrison if game.campaign is not None else set()
    for space in game.info.garrison_places:
        if space in skipped:
            game.state.note("set-up", f"no Garrison in {game.space_name(space)}: it was taken (32.0)")
            continue
        cup = in_box(game, GARRISON_BOX)
        if not cup:
            break
        garrison = pick(dice, "draw garrison", cup)
        place(game, garrison, space)
        game.state.set_damaged(garrison, True)
        game.state.note("set-up", f"a Garrison is placed face down in {game.space_name(space)}")
    place_camp(game, dice)
    mission.set_up = True


def place_camp(game: Game, dice: DiceSource) -> None:
    """36.0: Feisal's Camp goes where the Random Placement Table sends it (not if it was lost)."""
    camp_id = game.rules.camp
    if camp_id is None:
        return
    camp = game.state.units[game.system.names[camp_id][0]]
    if camp.status is UnitStatus.ELIMINATED:
        game.state.note("camp", "Feisal's Camp was eliminated and is not replaced this mission (36.0)")
        return
    roll = roll_d6(dice, "camp")
    name = str(game.rules.row_for(RANDOM_PLACEMENT, roll).result)
    space = game.board.resolve(name)
    if space is None:
        raise EngineError(f"the Random Placement Table names '{name}', which is not on the map")
    place(game, camp, space)
    game.state.note("camp", f"Feisal's Camp is placed in {game.space_name(space)} (roll {roll})")
