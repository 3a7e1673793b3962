"""The campaign game (3.4): a finished scenario's position carries into the next one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules_engine.core import EngineError, IllegalAction, ScriptedDice, UnitStatus
from rules_engine.systems.israel1948 import Game
from rules_engine.systems.israel1948.campaign import LinkChoices, Recovery, link_to_next_scenario

from .test_rules_israel import system


def finished_onslaught() -> Game:
    """Onslaught's set-up with some losses, as if the scenario had just ended."""
    game = system().new_game("onslaught", ScriptedDice({}))
    state = game.state
    state.take_off(game.unit("KIBBUTZ#7"), UnitStatus.ELIMINATED)
    state.take_off(game.unit("YIFTACH"), UnitStatus.ELIMINATED)
    state.set_damaged(game.unit("CARMELI"), True)
    state.set_damaged(game.unit("EGYPT 2/1"), True)
    state.set_damaged(game.unit("JORDAN 1"), True)
    state.take_off(game.unit("FAZA'A#1"), UnitStatus.ELIMINATED)
    state.set_out_of_supply(game.unit("EGYPT M/2"), True)
    for name, space in (("IRAQ 1#1", "L6"), ("IRAQ 1#2", "K6")):
        state.place(game.unit(name), space)  # leave room on the Iraqi source
    state.over = True
    return game


def good_choices() -> LinkChoices:
    return LinkChoices(
        israeli=(
            Recovery("kibbutz", "KIBBUTZ#7", "G12"),
            Recovery("recover", "YIFTACH", "F9"),
            Recovery("flip", "CARMELI"),
        ),
        arab=(Recovery("flip-egypt", "EGYPT 2/1"), Recovery("return-fazaa", "FAZA'A#1", "L11")),
        entering=(("SYRIA TANK", "L2"), ("IRAQ 4", "M6"), ("SAMS FOXES", "D10")),  # D10: by Tel Aviv only
        removed_jordanian="JORDAN 6",
        swap=("KIRYATI", "ODED"),
    )


def test_the_first_link_carries_the_position_into_ten_days() -> None:
    old = finished_onslaught()
    kiryati, oded = old.unit("KIRYATI").space, old.unit("ODED").space
    game = link_to_next_scenario(old, "ten-days", good_choices())
    assert game.scenario.id == "ten-days" and game.state.turn == "1"
    assert game.active_side == "israeli"
    assert not game.unit("EGYPT M/2").out_of_supply  # markers go; the Arab check comes later in the turn
    assert game.unit("KIBBUTZ#7").space == "G12" and game.unit("KIBBUTZ#7").damaged is False
    assert game.unit("YIFTACH").space == "F9" and game.unit("YIFTACH").damaged
    assert not game.unit("CARMELI").damaged and not game.unit("EGYPT 2/1").damaged
    assert game.unit("JORDAN 1").damaged  # not chosen: stays damaged
    assert game.unit("FAZA'A#1").space == "L11"
    assert game.unit("SYRIA TANK").space == "L2" and game.unit("IRAQ 4").space == "M6"
    # steps 4, 5, 7: the units the link brings in come on their full-strength side
    assert [game.unit(n).damaged for n in ("SYRIA TANK", "IRAQ 4", "SAMS FOXES")] == [False] * 3
    assert game.unit("CARMELI").damaged is False and game.unit("EGYPT 2/1").damaged is False
    assert game.unit("JORDAN 6").status is UnitStatus.REMOVED
    assert game.unit("KIRYATI").space == oded and game.unit("ODED").space == kiryati
    assert game.state.points == {"israeli": 2, "arab": 1}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda c: c._replace(
                arab=(Recovery("flip-egypt", "EGYPT 2/1"), Recovery("flip-egypt", "EGYPT 2/1"))
            ),
            "different",
        ),
        (lambda c: c._replace(israeli=(*c.israeli, *[Recovery("flip", "CARMELI")] * 4)), "6 recovery points"),
        (lambda c: c._replace(israeli=(Recovery("recover", "YIFTACH", "I1"),)), "cannot be placed"),
        (
            lambda c: c._replace(entering=(("SYRIA TANK", "M6"), ("IRAQ 4", "M6"), ("SAMS FOXES", "E10"))),
            "SYRIA TANK",
        ),
        (
            lambda c: c._replace(entering=(("SYRIA TANK", "L2"), ("IRAQ 4", "M6"), ("SAMS FOXES", "M10"))),
            "SAMS FOXES",
        ),
        (  # I8 is next to Arab-held towns only (step 7: an Israeli-controlled town or city)
            lambda c: c._replace(entering=(("SYRIA TANK", "L2"), ("IRAQ 4", "M6"), ("SAMS FOXES", "I8"))),
            "SAMS FOXES",
        ),
        (lambda c: c._replace(israeli=(Recovery("recover", "YIFTACH"),)), "cannot be placed in None"),
        # step 2: the kibbutz action returns an eliminated KIBBUTZ only
        (lambda c: c._replace(israeli=(Recovery("kibbutz", "YIFTACH", "G12"),)), "not an eliminated KIBBUTZ"),
        (
            lambda c: c._replace(israeli=(Recovery("kibbutz", "KIBBUTZ#1", "G12"),)),
            "not an eliminated KIBBUTZ",
        ),
        (lambda c: c._replace(israeli=(Recovery("flip", "EGYPT 2/1"),)), "not an Israeli recovery action"),
        (lambda c: c._replace(israeli=(Recovery("flip-egypt", "YIFTACH", "F9"),)), "not an Israeli recovery"),
        (
            lambda c: c._replace(arab=(Recovery("return-irregular", "FAZA'A#1", "L11"),)),
            "AOS or ALA or FUTUWA",
        ),
        (
            lambda c: c._replace(arab=(Recovery("return-fazaa", "FAZA'A#2", "L11"),)),
            "not an eliminated FAZA'A",
        ),
        (
            lambda c: c._replace(arab=(Recovery("return-fazaa", "FAZA'A#1", "K11"),)),
            "cannot be placed in K11:",
        ),
        (lambda c: c._replace(removed_jordanian="EGYPT TANK"), "jordan"),
        (lambda c: c._replace(removed_jordanian=None), "must remove"),
        (lambda c: c._replace(swap=("KIRYATI", "JORDAN 1")), "Israeli"),
        (
            lambda c: c._replace(israeli=c.israeli[:1], swap=("KIRYATI", "YIFTACH")),
            "on the map",
        ),  # eliminated
        (lambda c: c._replace(israeli=c.israeli[:1], swap=("YIFTACH", "KIRYATI")), "on the map"),
        (lambda c: c._replace(israeli=(Recovery("flip", "KIRYATI"),)), "not a damaged unit"),  # full strength
        (
            lambda c: c._replace(israeli=(Recovery("flip", "YIFTACH"),)),
            "not a damaged unit",
        ),  # not on the map
    ],
)
def test_the_link_refuses_what_3_4_does_not_allow(
    change: Callable[[LinkChoices], LinkChoices], message: str
) -> None:
    with pytest.raises(IllegalAction, match=message):
        link_to_next_scenario(finished_onslaught(), "ten-days", change(good_choices()))


def test_the_second_link_removes_irgun_and_restricts_the_arab_choices() -> None:
    old = system().new_game("ten-days", ScriptedDice({}))
    old.state.take_off(old.unit("IRGUN"), UnitStatus.ELIMINATED)
    old.state.over = True
    entering = (("NEGEV-2", "E14"), ("GIVATI-2", "E10"), ("MINORIT.", "G3"))
    with pytest.raises(IllegalAction, match="cannot be recovered"):
        link_to_next_scenario(
            old, "end-game", LinkChoices(israeli=(Recovery("recover", "IRGUN", "F9"),), entering=entering)
        )
    with pytest.raises(IllegalAction, match="not an Arab recovery action"):
        link_to_next_scenario(
            old, "end-game", LinkChoices(arab=(Recovery("flip-jordan", "JORDAN 1"),), entering=entering)
        )
    game = link_to_next_scenario(old, "end-game", LinkChoices(entering=entering))
    assert game.unit("IRGUN").status is not UnitStatus.ON_MAP
    assert game.unit("MINORIT.").space == "G3" and game.unit("NEGEV-2").space == "E14"
    assert game.state.points == {"israeli": 3, "arab": 1}


def test_minorities_enter_next_to_haifa_only() -> None:
    """3.4, the second link: MINORIT. enters in or next to Haifa; E10, next to Israeli-held Tel Aviv
    (where GIVATI-2 may enter), is refused."""
    old = system().new_game("ten-days", ScriptedDice({}))
    old.state.over = True
    entering = (("NEGEV-2", "E14"), ("GIVATI-2", "E10"), ("MINORIT.", "E10"))
    with pytest.raises(IllegalAction, match=r"MINORIT\. cannot be placed in E10$"):
        link_to_next_scenario(old, "end-game", LinkChoices(entering=entering))


def test_the_second_link_takes_irgun_off_the_map_and_reads_entries_by_counter_id() -> None:
    """Step 4 of the second link: IRGUN, if it is on the map, leaves play; an entering unit may be
    named by its counter id."""
    old = system().new_game("ten-days", ScriptedDice({}))
    irgun = old.unit("IRGUN")
    assert irgun.on_map
    old.state.over = True
    entering = (("negev-2", "E14"), ("GIVATI-2", "E10"), ("MINORIT.", "G3"))
    game = link_to_next_scenario(old, "end-game", LinkChoices(entering=entering))
    irgun = game.unit("IRGUN")
    assert irgun.status is UnitStatus.REMOVED and irgun.space is None
    assert game.state.units_at("G12") == [u for u in game.state.units_at("G12") if u is not irgun]
    assert game.unit("NEGEV-2").space == "E14" and game.unit("NEGEV-2").damaged is False


def test_six_israeli_points_may_all_be_spent_and_each_arab_return_has_its_face() -> None:
    """Steps 2 and 3: six Israeli recovery points, all usable; a returned FAZA'A is at full strength,
    a returned AOS, ALA or FUTUWA on its damaged side."""
    old = finished_onslaught()
    old.state.take_off(old.unit("AOS#1"), UnitStatus.ELIMINATED)
    for name in ("KIRYATI", "GIVATI-1", "ALEXANDR.", "GOLANI-1"):
        old.state.set_damaged(old.unit(name), True)
    flips = tuple(Recovery("flip", n) for n in ("KIRYATI", "GIVATI-1", "ALEXANDR.", "GOLANI-1"))
    choices = good_choices()._replace(
        israeli=(*good_choices().israeli[1:], *flips),
        arab=(Recovery("return-irregular", "AOS#1", "L11"), Recovery("return-fazaa", "FAZA'A#1", "K8")),
    )
    assert len(choices.israeli) == 6
    game = link_to_next_scenario(old, "ten-days", choices)
    assert [game.unit(n).damaged for n in ("KIRYATI", "GIVATI-1", "ALEXANDR.", "GOLANI-1")] == [False] * 4
    assert game.unit("AOS#1").space == "L11" and game.unit("AOS#1").damaged is True
    assert game.unit("FAZA'A#1").space == "K8" and game.unit("FAZA'A#1").damaged is False


def test_a_recovered_unit_is_placed_only_by_an_israeli_held_source() -> None:
    """Step 2: "in or adjacent to any Israeli controlled supply source": F4 is next to Haifa only."""
    old = finished_onslaught()
    choices = good_choices()._replace(israeli=(Recovery("recover", "YIFTACH", "F4"),))
    assert link_to_next_scenario(old, "ten-days", choices).unit("YIFTACH").space == "F4"
    old = finished_onslaught()
    old.state.control["F3"] = "arab"
    with pytest.raises(IllegalAction, match="cannot be placed in F4"):
        link_to_next_scenario(old, "ten-days", choices)


def test_a_link_must_be_one_the_campaign_has() -> None:
    with pytest.raises(EngineError, match="does not link onslaught to end-game"):
        link_to_next_scenario(finished_onslaught(), "end-game", LinkChoices())
