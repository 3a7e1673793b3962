"""Classic games with odd data (issue 28, also probe): zero, negative or huge costs and values,
an empty or odd CRT, a sequence of play of any phases, retreats with no legal hex.

Whatever the options hold, `validate` answers with diagnostics that name the value and its bound,
and a game it accepts plays to its end under the random player (bench/classic_hostile.py runs
the same cases through `wgc validate` and `wgc simulate` in capped child processes).
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.diagnostics import codes
from compiler.new_game import new_game
from compiler.pipeline import validate_game
from rules_engine.systems import system_for
from rules_engine.systems.classic.game import ClassicRulesSystem

from .hostile_fuzz import HOSTILE_FUZZ, assert_answered

SCENARIO = "the-river-line"
FILES = ("game.json", "counters.json", "charts.json", "terrain.json", f"scenarios/{SCENARIO}.json")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("classic") / "river"
    new_game(folder)
    shutil.rmtree(folder / "replays")  # the edits change what they expect; the engine is played below
    return folder


def _originals(template: Path) -> dict[str, Any]:
    return {name: json.loads((template / name).read_text(encoding="utf-8")) for name in FILES}


def _copy_with(template: Path, target: Path, files: dict[str, Any]) -> Path:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(template, target)
    for name, data in files.items():
        (target / name).write_text(json.dumps(data), encoding="utf-8")
    return target


def _set_retreat(files: dict[str, Any], hexes: Any) -> None:
    files["charts.json"]["combat"]["results"]["DR"]["defender"]["retreat"] = hexes


def _set_enter(files: dict[str, Any], cost: Any) -> None:
    files["terrain.json"]["terrain"][0]["movement"]["enter"]["foot"] = cost


def _set_movement(files: dict[str, Any], value: Any) -> None:
    files["counters.json"]["counters"][0]["front"]["movement"] = value


def _set_last_turn(files: dict[str, Any], value: Any) -> None:
    files[f"scenarios/{SCENARIO}.json"]["turns"]["last"] = value


# Each was explained through an alternative the value does not fit: "'combat' needs the property
# 'dice'" (the dice-pool combat), "'enter' cannot be {...} (an object)", "must be a string".
PAST_THE_SCHEMA = [
    (_set_retreat, 99, "charts.json", "/combat/results/DR/defender/retreat", "9"),
    (_set_enter, -1, "terrain.json", "/terrain/0/movement/enter/foot", "0"),
    (_set_movement, 10**9, "counters.json", "/counters/0/front/movement", "999"),
    (_set_last_turn, 1000, f"scenarios/{SCENARIO}.json", "/turns/last", "999"),
]


@pytest.mark.parametrize(
    ("edit", "value", "file", "pointer", "bound"), PAST_THE_SCHEMA, ids=[c[3] for c in PAST_THE_SCHEMA]
)
def test_a_value_past_its_range_is_named_with_its_bound(
    template: Path, tmp_path: Path, edit: Any, value: Any, file: str, pointer: str, bound: str
) -> None:
    files = _originals(template)
    edit(files, value)
    report = validate_game(_copy_with(template, tmp_path / "game", files), run_replays=False)
    found = [d for d in report.diagnostics if d.is_error]
    assert [(d.code, d.pointer) for d in found] == [(codes.SCHEMA_RANGE, pointer)], [
        f"{d.code} {d.pointer}: {d.message}" for d in found
    ]
    assert found[0].file.endswith(file)
    assert str(value) in found[0].message and bound in found[0].message


# --- fuzz: any value of the classic options -----------------------------------------------------

NUMBERS = st.one_of(
    st.integers(-3, 12),
    st.integers(-(10**6), 10**6),
    st.sampled_from([0, 0.5, 1.5, 99, 100, 999, 1000, 1e300, -0.0, 2.25]),
)
COSTS = NUMBERS | st.sampled_from(["all", "impassable", "prohibited", "none", "free"])


@st.composite
def classic_edits(draw: st.DrawFn, originals: dict[str, Any]) -> dict[str, Any]:
    """The files with a few of the options the classic system reads set to any value."""
    files = copy.deepcopy(originals)
    game, counters, charts, terrain = (files[n] for n in FILES[:4])
    units = [c for c in counters["counters"] if c["kind"] == "unit"]
    edits = [
        lambda: draw(st.sampled_from(terrain["terrain"][:3]))["movement"]["enter"].update(
            {draw(st.sampled_from(["foot", "mechanised"])): draw(COSTS)}
        ),
        lambda: terrain["terrain"][draw(st.sampled_from([6, 7]))]["movement"].update(along=draw(NUMBERS)),
        lambda: terrain["terrain"][5]["movement"]["cross"].update(foot=draw(COSTS)),
        lambda: draw(st.sampled_from(units))["front"].update(
            {draw(st.sampled_from(["strength", "movement"])): draw(NUMBERS)}
        ),
        lambda: game["counter_values"][draw(st.integers(0, 1))].update(
            {draw(st.sampled_from(["min", "max"])): draw(NUMBERS)}
        ),
        lambda: (
            charts["combat"]["results"][draw(st.sampled_from(["AR", "DR", "DRL"]))]
            .setdefault("defender" if draw(st.booleans()) else "attacker", {})
            .update({draw(st.sampled_from(["retreat", "steps"])): draw(NUMBERS)})
        ),
        lambda: charts["combat"]["retreat"].update(
            chosen_by=draw(st.sampled_from(["owner", "enemy"])),
            enemy_zoc=draw(st.sampled_from(["prohibited", "allowed", "step-loss"])),
            negated_by_friendly_units=draw(st.booleans()),
            blocked=draw(st.sampled_from(["eliminated", "step-loss"])),
        ),
        lambda: charts["combat"]["advance"].update(
            {draw(st.sampled_from(["units", "hexes"])): draw(NUMBERS)}
        ),
        lambda: charts["combat"].update(
            {
                draw(st.sampled_from(["below_lowest", "above_highest", "rounding"])): draw(
                    st.sampled_from(
                        ["no-attack", "highest", "lowest", "defender", "attacker", "nearest", "x"]
                    )
                )
            }
        ),
        lambda: charts["tables"][0].update(
            columns=draw(
                st.lists(st.sampled_from(originals["charts.json"]["tables"][0]["columns"]), max_size=7)
            ),
        ),
        lambda: charts["tables"][0].update(
            rows=draw(st.lists(st.sampled_from(originals["charts.json"]["tables"][0]["rows"]), max_size=8)),
        ),
        lambda: draw(st.sampled_from([t for t in terrain["terrain"] if "combat" in t]))["combat"].update(
            {
                draw(
                    st.sampled_from(["column_shift", "drm", "defense_multiplier", "attack_multiplier"])
                ): draw(NUMBERS)
            }
        ),
        lambda: game["stacking"].update(limit=draw(NUMBERS)),
        lambda: game["rules"]["supply"].update(range=draw(NUMBERS)),
        lambda: game["rules"]["movement"]["modes"][0].update(hexes=draw(NUMBERS)),
        lambda: game["rules"]["turn_effects"][0]["movement"].update(multiply=draw(NUMBERS)),
        lambda: game["rules"]["zoc"].update(
            kind=draw(st.sampled_from(["stop", "lock", "none", "sticky", "x"])),
            zoc_to_zoc=draw(st.booleans()),
        ),
        lambda: game.update(
            sequence_of_play=draw(
                st.lists(st.sampled_from(originals["game.json"]["sequence_of_play"]), max_size=14)
            )
        ),
        lambda: files[f"scenarios/{SCENARIO}.json"]["turns"].update(
            {draw(st.sampled_from(["first", "last"])): draw(NUMBERS)}
        ),
    ]
    for which in draw(st.lists(st.integers(0, len(edits) - 1), min_size=1, max_size=4)):
        edits[which]()
    return files


# A game of six turns takes a few hundred actions; one that runs past this never ends its turns.
MOST_ACTIONS = 20_000


@HOSTILE_FUZZ
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_any_classic_options_validate_or_play_to_the_end(
    template: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, seed: int
) -> None:
    files = data.draw(classic_edits(_originals(template)))
    folder = _copy_with(template, tmp_path_factory.mktemp("fuzz") / "river", files)
    report = validate_game(folder, run_replays=False)
    if not assert_answered(report):
        return
    assert report.valid is not None
    system = system_for(report.valid, frozenset())
    assert isinstance(system, ClassicRulesSystem)
    actions = [0]

    def count(game: Any, what: str) -> None:
        actions[0] += 1
        assert actions[0] < MOST_ACTIONS, f"still playing after {MOST_ACTIONS} actions ({what})"

    game = system.play_random(SCENARIO, seed, after_action=count)
    assert game.state.over
