"""The example game whose map, counters and cards are images (tests/art_game): it validates,
plays and replays by its data, and its module loads in the real VASSAL with every piece on
its hex of the art.

What VASSAL 3.7.26 answered for the module is recorded in tests/fixtures/art/artful-vassal.json
(tests/fixtures/art/record.py says how); the engine itself is not needed here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from compiler.build import BuildOptions, build
from compiler.pipeline import validate_game
from compiler.vassal.inspect import inspect_module
from rules_engine.systems import system_for

from .conftest import GameCopy

ART_GAME = Path(__file__).resolve().parent / "art_game"
RECORDED = json.loads((Path(__file__).parent / "fixtures" / "art" / "artful-vassal.json").read_text())
sys.path.insert(0, str(ART_GAME))
import make_art  # noqa: E402


def test_the_example_validates_and_its_replay_plays(artful: GameCopy) -> None:
    report = validate_game(artful.root)  # with its replay
    assert report.diagnostics == []


def test_the_example_plays_to_its_end(artful: GameCopy) -> None:
    definition = validate_game(artful.root, run_replays=False).valid
    assert definition is not None
    engine = system_for(definition)
    for seed in range(3):
        game = engine.play("first-clash", seed, "random")
        assert game.over and game.result in ("North Victory", "South Victory", "Draw")


def test_vassal_put_every_piece_on_its_hex_of_the_art() -> None:
    assert RECORDED["built"] and RECORDED["problemCount"] == 0 and RECORDED["vassal"] == "3.7.26"
    pieces = RECORDED["setups"]["First Clash"]
    on_hexes = [p for p in pieces if p[1] in make_art.hex_ids()]
    assert len(on_hexes) == 4
    for _, location, x, y in on_hexes:
        cx, cy = make_art.centre(location)
        assert abs(x - cx) <= 0.5 and abs(y - cy) <= 0.5, location  # the art's own hex


def test_inspect_names_every_piece_as_vassal_did(artful: GameCopy, tmp_path: Path) -> None:
    assert build([artful.root], ("module",), tmp_path / "out", BuildOptions(run_replays=False)).ok
    report = inspect_module(tmp_path / "out" / "artful.vmod")
    ours = {s.name: sorted([p.name, p.location, p.x, p.y] for p in s.pieces) for s in report.setups}
    assert ours == RECORDED["setups"]
