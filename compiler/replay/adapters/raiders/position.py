"""A Raiders position: tracks, decks, the operating force, RR breaks and a campaign under way.

Counters the position does not place wait in their boxes; operations cards
not in the ``deck``, the ``discard`` pile or the ``hand`` form the reserve. A
unit may name its ``carrier`` (for gear) and be ``face_down`` (a Garrison
not yet revealed, a Bedouin not yet seen in battle, a charge showing its RR
break).
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import codes
from compiler.replay.names import named_space, named_unit
from compiler.replay.problems import ReplayProblem
from rules_engine.core import Unit
from rules_engine.systems.raiders import Game
from rules_engine.systems.raiders.campaign import start_campaign
from rules_engine.systems.raiders.pieces import carry, set_track


def set_track_value(name: str) -> Any:
    def set_value(game: Game, value: int, pointer: str) -> None:
        track = game.rules.level_track if name == "leadership" else game.rules.points_track
        set_track(game, track, int(value))

    return set_value


def set_cards(name: str) -> Any:
    def set_value(game: Game, cards: list[str], pointer: str) -> None:
        mission = game.mission
        known = {c.id for c in game.rules.operations}
        for index, card_id in enumerate(cards):
            if card_id not in known or card_id not in mission.reserve:
                raise ReplayProblem(
                    codes.REPLAY_BAD_START,
                    f"{pointer}/{index}",
                    f"'{card_id}' is not an operations card still unplaced",
                    hint=", ".join(sorted(known)),
                )
            mission.reserve.remove(card_id)
        getattr(mission, {"deck": "draw", "discard": "discard", "hand": "hand"}[name]).extend(cards)

    return set_value


def set_force(game: Game, names: list[str], pointer: str) -> None:
    units = [named_unit(game, n, f"{pointer}/{i}") for i, n in enumerate(names)]
    spaces = {u.space for u in units}
    if len(spaces) != 1 or None in spaces:
        raise ReplayProblem(
            codes.REPLAY_BAD_START, pointer, "the operating force stands together in one space"
        )
    operation = game.mission.operation
    operation.force, operation.start = [u.uid for u in units], units[0].space


def set_moved(game: Game, moved: bool, pointer: str) -> None:
    game.mission.operation.moved = bool(moved)


def set_flag(name: str) -> Any:
    def set_value(game: Game, value: Any, pointer: str) -> None:
        setattr(game.mission, name, value)

    return set_value


def set_rr_breaks(game: Game, places: list[str], pointer: str) -> None:
    game.mission.rr_breaks = {named_space(game, p, f"{pointer}/{i}") for i, p in enumerate(places)}


def set_campaign(game: Game, record: dict[str, Any], pointer: str) -> None:
    start_campaign(game)
    campaign = game.campaign
    assert campaign is not None
    for key in ("won", "lost"):
        for mission in record.get(key, ()):
            campaign.results.append((mission, key))
    campaign.won, campaign.lost = len(record.get("won", ())), len(record.get("lost", ()))
    for key in ("no_garrison", "rr_breaks"):
        places = {named_space(game, p, f"{pointer}/{key}/{i}") for i, p in enumerate(record.get(key, ()))}
        setattr(campaign, key, places)


def set_carrier(game: Game, unit: Unit, carrier: str, pointer: str) -> None:
    holder = named_unit(game, carrier, pointer)
    if holder.space != unit.space:
        raise ReplayProblem(codes.REPLAY_BAD_START, pointer, f"{holder.uid} is not in {unit.uid}'s space")
    carry(game, unit, holder)


def set_face_down(game: Game, unit: Unit, face_down: bool, pointer: str) -> None:
    game.state.set_damaged(unit, bool(face_down))
    if not face_down and game.rules.is_garrison(unit.counter):
        game.mission.revealed.add(unit.uid)
