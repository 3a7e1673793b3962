"""The ``$schema`` of the files wgc writes after `wgc new` (issue 29): the counters.json of
`wgc slice` and the replay `wgc play` saves point at a schema that is there, beside the game as
`wgc new` writes it (or beside the file outside a game), so an editor checks them; they once
named a file beside them that was not written, or a path into wgc's own checkout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.play import PlaySession
from compiler.schema.export import schema_files

from .conftest import SOURCE_DATA
from .test_play import RandomChooser

SHEET = Path(__file__).resolve().parent / "art_game" / "art" / "sheet-front.png"


def linked_schema(path: Path) -> Path:
    """The file the ``$schema`` of the JSON at ``path`` names, checked to be wgc's schema."""
    link: str = json.loads(path.read_text(encoding="utf-8"))["$schema"]
    assert not Path(link).is_absolute() and "\\" not in link
    target = (path.parent / link).resolve()
    assert target.is_file(), f"{path}'s $schema {link!r} names no file"
    assert target.read_bytes() == schema_files()[target.name]
    return target


@pytest.mark.parametrize("in_game", [True, False])
def test_slice_writes_counters_json_whose_schema_is_there(tmp_path: Path, in_game: bool) -> None:
    game = tmp_path / "my-game"
    game.mkdir()
    if in_game:
        (game / "game.json").write_text("{}", encoding="utf-8")
    out = game / "art" / "counters"
    done = CliRunner().invoke(cli, ["slice", str(SHEET), "-o", str(out)])
    assert done.exit_code == 0, done.output
    target = linked_schema(out / "counters.json")
    assert target.name == "counters.schema.json"
    assert target.parent == (tmp_path / "schemas" if in_game else out / "schemas").resolve()


@pytest.mark.parametrize("in_game", [True, False])
def test_play_saves_a_replay_whose_schema_is_there(tmp_path: Path, in_game: bool) -> None:
    session = PlaySession.start(SOURCE_DATA / "israel1948", "onslaught", 4, RandomChooser(4))
    game = tmp_path / "copy"
    (game / "replays").mkdir(parents=True)
    if in_game:
        (game / "game.json").write_text("{}", encoding="utf-8")
    path = game / "replays" / "played.json"
    session.save(path)
    target = linked_schema(path)
    assert target.name == "replay.schema.json"
    assert target.parent == (tmp_path / "schemas" if in_game else game / "replays" / "schemas").resolve()


def test_a_replay_in_a_game_that_names_its_schemas_links_to_those(tmp_path: Path) -> None:
    """As the games in wgc's checkout do (compiler/schemas): no second schemas folder."""
    session = PlaySession.start(SOURCE_DATA / "israel1948", "onslaught", 4, RandomChooser(4))
    (tmp_path / "lib").mkdir()
    for name in ("game.schema.json", "replay.schema.json"):
        (tmp_path / "lib" / name).write_bytes(schema_files()[name])
    game = tmp_path / "games" / "copy"
    (game / "replays").mkdir(parents=True)
    (game / "game.json").write_text('{"$schema": "../../lib/game.schema.json"}', encoding="utf-8")
    session.save(game / "replays" / "played.json")
    assert (
        linked_schema(game / "replays" / "played.json") == (tmp_path / "lib" / "replay.schema.json").resolve()
    )
    assert not (tmp_path / "games" / "schemas").exists()
