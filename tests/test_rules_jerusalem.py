"""The Jerusalem! system: its replays, its tables, and play through a Chooser as `wgc play` drives it."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from compiler.diagnostics import codes
from compiler.pipeline import validate_game
from rules_engine.core import EndPhase, SeededDice
from rules_engine.systems import system_for
from rules_engine.systems.jerusalem import Build, Game, Jerusalem, Leave
from rules_engine.systems.jerusalem.legal import legal_actions

from .conftest import SOURCE_DATA, copy_game, engine_cache
from .conftest import valid_game as _valid

REPLAYS = SOURCE_DATA / "jerusalem" / "replays"


@engine_cache
def jerusalem() -> Jerusalem:
    system = system_for(_valid(validate_game(SOURCE_DATA / "jerusalem", run_replays=False)))
    assert isinstance(system, Jerusalem)
    return system


def test_every_shipped_replay_passes() -> None:
    report = validate_game(SOURCE_DATA / "jerusalem")
    assert [d for d in report.diagnostics if d.code.startswith("replay.")] == []
    assert len(list(REPLAYS.glob("*.json"))) >= 70


def test_a_wrong_odds_expectation_fails_at_its_pointer(tmp_path: Path) -> None:
    game = copy_game("jerusalem", tmp_path)
    name = "replays/combat-9-4-odds.json"
    game.edit(name, lambda d: d["steps"][0]["expect"]["combat"].update(odds="2-1"))
    problems = [d for d in validate_game(game.root).diagnostics if d.code.startswith("replay.")]
    assert [(p.code, p.pointer) for p in problems] == [
        (codes.REPLAY_EXPECTATION_FAILED, "/steps/0/expect/combat/odds")
    ]
    assert "'1-1'" in problems[0].message


def test_a_refusal_names_its_rule(tmp_path: Path) -> None:
    game = copy_game("jerusalem", tmp_path)
    game.edit("replays/zoc-stop-and-leave.json", lambda d: d["steps"][0].update(illegal="4.4"))
    problems = [d for d in validate_game(game.root).diagnostics if d.code.startswith("replay.")]
    assert [p.code for p in problems] == [codes.REPLAY_ILLEGAL_ACTION]
    assert problems[0].message.startswith("4.2: ") and "expected a refusal by 4.4" in problems[0].message


@pytest.mark.parametrize(
    ("attack", "defence", "column"),
    [
        (5, 3, "1-1"),
        (10, 3, "3-1"),
        (5, 6, "1-2"),
        (10, 2, "4-1"),
        (24, 2, "10-1"),
        (7, 1, "6-1"),
        (Fraction(9, 2), 3, "1-1"),
    ],
)
def test_odds_are_rounded_for_the_defender_and_read_lower(
    attack: Fraction, defence: int, column: str
) -> None:
    found = jerusalem().tables.column(Fraction(attack), Fraction(defence))
    assert found is not None and found.label == column


def test_odds_below_one_to_two_have_no_column_and_rolls_off_the_table_read_its_ends() -> None:
    tables = jerusalem().tables
    assert tables.column(Fraction(2), Fraction(5)) is None
    lowest = tables.column(Fraction(1), Fraction(2))
    assert lowest is not None
    assert tables.crt_result(lowest, 0) == "K" and tables.crt_result(lowest, 2) == ""
    highest = tables.column(Fraction(10), Fraction(1))
    assert highest is not None and tables.crt_result(highest, 12) == "K"


def test_line_of_sight_is_the_same_both_ways_and_blocked_by_the_city() -> None:
    tables = jerusalem().tables
    assert tables.between("4411", "4017") == tables.between("4017", "4411")
    assert not tables.can_see("4411", "4017")
    assert tables.can_see("3509", "3712") and tables.distance("3509", "3712") == 4


def test_class_facts_match_the_data() -> None:
    system = jerusalem()
    assert {p.kind for p in system.phases} == set(Jerusalem.phase_kinds)
    assert [p.id for p in system.phases if p.order == "player-choice"] == [
        "jewish-overland",
        "jewish-road",
        "arab-overland",
        "arab-road",
    ]


class FirstAnswers:
    """A Chooser that keeps every question and takes the first options, as a script driving `wgc play`."""

    def __init__(self) -> None:
        self.questions: list[tuple[str, list[str]]] = []

    def choose(
        self,
        question: str,
        options: Sequence[str],
        *,
        minimum: int = 1,
        maximum: int = 1,
        side: str | None = None,
    ) -> list[int]:
        self.questions.append((question, list(options)))
        return list(range(max(minimum, min(1, maximum))))


def test_a_game_plays_through_the_chooser_decider() -> None:
    """Every action from legal_actions(), every choice through a Chooser, in players' words."""
    system = jerusalem()
    chooser = FirstAnswers()
    decider = system.chooser_decider(chooser)
    pick = random.Random(4)
    dice = SeededDice(4, system.die_sides)
    game = system.new_game("standard-game", dice, log=False)
    ids = [c for c in system.counters.counters if "-" in c]  # printed names, never counter ids
    for _ in range(400):
        if game.state.over:
            break
        actions = legal_actions(game)
        attacks = [a for a in actions if a.kind == "attack"]
        moving = [a for a in actions if a.kind not in ("end_phase", "attack")]
        if attacks and pick.random() < 0.5:
            action = pick.choice(attacks)
        elif moving and pick.random() < 0.7:
            action = pick.choice(moving)
        else:
            action = next((a for a in actions if isinstance(a, EndPhase)), actions[0])
        text = action.describe()
        assert text and not any(counter_id in text for counter_id in ids), text
        game.apply(action, dice, decider)
    assert chooser.questions, "no action asked a player anything"
    for question, options in chooser.questions:
        assert question.split(" player:")[0] in ("Jewish", "Arab") and options and all(options)


def test_a_played_game_is_written_as_a_replay_that_runs_again(tmp_path: Path) -> None:
    """`wgc play`'s session: every action and every answer recorded, Scenario II's set-up rolls too."""
    from click.testing import CliRunner

    from compiler.cli.main import cli
    from compiler.play import PlaySession

    class RandomChooser:
        def __init__(self, seed: int) -> None:
            self.random = random.Random(seed)

        def choose(
            self,
            question: str,
            options: Sequence[str],
            *,
            minimum: int = 1,
            maximum: int = 1,
            side: str | None = None,
        ) -> list[int]:
            count = self.random.randint(minimum, maximum)
            return sorted(self.random.sample(range(len(options)), count))

    session = PlaySession.start(SOURCE_DATA / "jerusalem", "latrun-and-the-burma-road", 6, RandomChooser(6))
    assert session.setup_dice, "Scenario II's set-up rolls are recorded"
    pick = random.Random(6)
    for _ in range(120):
        actions = session.legal_actions()
        attacks = [a for a in actions if a.kind == "attack"]
        ends = [a for a in actions if a.kind == "end_phase"]
        if attacks and pick.random() < 0.4:
            session.apply(pick.choice(attacks))
        elif ends and pick.random() < 0.25:
            session.apply(ends[0])
        else:
            session.apply(pick.choice(actions))
    assert any("attack" in step for step in session.steps)
    path = tmp_path / "played.json"
    session.save(path)
    result = CliRunner().invoke(cli, ["replay", str(SOURCE_DATA / "jerusalem"), str(path)])
    assert result.exit_code == 0, result.output


# --- 14.6 and 15.x: leaving the map, and the bulldozers' roads ----------------------------------


def _replay(steps: list[dict[str, object]], units: list[dict[str, object]]) -> Game:
    """A replay of the standard game from a June I Jewish Overland position, run through the adapter."""
    from compiler.loading import SourceDocument
    from compiler.replay import run_replay

    report = validate_game(SOURCE_DATA / "jerusalem", run_replays=False)
    data = {
        "scenario": "standard-game",
        "position": {"turn": "June I", "phase": "jewish-overland", "units": units},
        "steps": steps or [{"expect": {"turn": "June I"}}],
    }
    document = SourceDocument(path=Path("test.json"), name="test", text=json.dumps(data), data=data)
    outcome = run_replay(report.sources, _valid(report), document)
    assert outcome.problem is None, outcome.problem
    assert isinstance(outcome.game, Game)
    return outcome.game


def test_leaving_and_building_are_listed_and_replay_as_their_steps() -> None:
    """legal_actions() offers leaving by an edge road (14.6) and straight new roads (15.2); taken
    from the list and written as replay steps, they play back to the same position."""
    units: list[dict[str, object]] = [
        {"unit": "Bulldozer#1", "at": "Hulda"},
        {"unit": "Bulldozer#2", "at": "Hulda"},
        {"unit": "HGH#1", "at": "0103"},
    ]
    game = _replay([], units)
    actions = legal_actions(game)
    leaving = [a for a in actions if isinstance(a, Leave)]
    building = [a for a in actions if isinstance(a, Build)]
    assert {a.units for a in leaving} >= {("HGH#1",), ("Bulldozer#1", "Bulldozer#2")}
    assert {len(a.units) for a in building} == {1, 2} and all(len(a.path) <= 6 for a in building)
    longest = max(building, key=lambda a: (len(a.path), a.path))
    chosen = [longest, next(a for a in leaving if a.units == ("HGH#1",))]
    dice = SeededDice(1, game.system.die_sides)
    for action in chosen:
        game.apply(action, dice)
    again = _replay([a.replay_step() for a in chosen], units)
    assert again.marks.new_roads == game.marks.new_roads and len(game.marks.new_roads) == len(longest.path)
    assert again.marks.off_map == game.marks.off_map == {"HGH#1": ("0103", game.state.turn_index)}
    assert sorted((u.uid, u.space) for u in again.state.on_map()) == sorted(
        (u.uid, u.space) for u in game.state.on_map()
    )


def test_new_roads_are_the_games_own_and_change_only_the_rows_they_touch() -> None:
    """15.4: a game's roads open on tables of its own; the system's (shared by every game and
    replay) keep the map's roads, and the rows of hexes no new road touches are the same objects."""
    system = jerusalem()
    tables = system.tables
    a, b = "0210", "0211"
    assert b not in tables.roads.get(a, {})
    opened = tables.with_roads([(a, b)])
    assert b in opened.roads[a] and a in opened.roads[b] and b not in tables.roads.get(a, {})
    mechanized = opened.costs("mechanized", True)
    assert mechanized[a][b] == 1.0 and b not in tables.costs("mechanized", True)[a]
    assert mechanized["4011"] is tables.costs("mechanized", True)["4011"]
    assert opened.steps("other")["4011"] is tables.steps("other")["4011"]
    game = system.new_game("standard-game")
    game.marks.new_roads[a, b] = (game.state.turn_index, 2.0)
    game.open_new_roads()
    assert game.tables is tables, "a road built this turn is no one's yet"
    game.state.turn_index += 1
    game.open_new_roads()
    assert game.tables is not tables and b in game.tables.roads[a]
