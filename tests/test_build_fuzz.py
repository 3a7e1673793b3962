"""Data that validates also builds: a game edited at random, if `validate` accepts it, goes through
every back end (module, sheets, map, aids) without an exception.

The edits keep the data plausible so that many of them validate: printed names and texts
replaced by any printable text (long, accented, Arabic, emoji), numbers on counters changed,
colours swapped. A bounded number of examples runs in the normal suite; raise
WGC_BUILD_FUZZ_EXAMPLES to search longer.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.build import BuildOptions, build
from compiler.render.sheets import SheetSpec

from .conftest import GAMES, SOURCE_DATA

EXAMPLES = int(os.environ.get("WGC_BUILD_FUZZ_EXAMPLES", "6"))
TEXT_KEYS = {"name", "short_name", "title", "subtitle", "heading", "label", "text", "summary", "abbreviation"}
NUMBER_KEYS = {"strength", "movement", "value", "range", "capacity", "targeted_strength"}
COLOUR_KEYS = {"colour", "text_colour", "background", "foreground"}

PRINTABLE = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn")), min_size=1, max_size=60
).filter(lambda s: s.strip() == s and not s.endswith("\\"))
COLOURS = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")


def _leaves(data: Any, keys: set[str], path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in keys and not isinstance(value, (dict, list)):
                found.append((*path, key))
            found.extend(_leaves(value, keys, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_leaves(value, keys, (*path, index)))
    return found


@st.composite
def plausible_edits(draw: st.DrawFn, document: Any) -> Any:
    """Up to five edits of printed text, counter numbers and colours."""
    data = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["text", "number", "colour"]))
        keys, values = {
            "text": (TEXT_KEYS, PRINTABLE),
            "number": (NUMBER_KEYS, st.integers(0, 19)),
            "colour": (COLOUR_KEYS, COLOURS),
        }[kind]
        paths = _leaves(data, keys)
        if not paths:
            continue
        path = draw(st.sampled_from(paths))
        parent = data
        for token in path[:-1]:
            parent = parent[token]
        if isinstance(parent[path[-1]], (int, float)) == (kind == "number"):
            parent[path[-1]] = draw(values)
    return data


EDITABLE = ("counters.json", "game.json", "map.json", "charts.json", "terrain.json", "cards.json")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(game=st.sampled_from(GAMES), file=st.sampled_from(EDITABLE), data=st.data())
def test_a_game_that_validates_goes_through_every_back_end(
    tmp_path_factory: pytest.TempPathFactory, game: str, file: str, data: st.DataObject
) -> None:
    scratch = tmp_path_factory.mktemp("fuzz")
    root = scratch / game
    shutil.copytree(SOURCE_DATA / game, root, ignore=shutil.ignore_patterns("replays"))
    source = root / file
    if not source.exists():
        return
    edited = data.draw(plausible_edits(json.loads(source.read_text(encoding="utf-8"))))
    source.write_text(json.dumps(edited, ensure_ascii=False), encoding="utf-8")
    options = BuildOptions(sheet_spec=SheetSpec(dpi=72), map_dpi=50, aid_dpi=72, run_replays=False)
    result = build([root], ("module", "sheets", "map", "aids"), scratch / "out", options)
    if result.ok:
        written = result.games[0].written
        assert any(p.suffix == ".vmod" for p in written) and any(p.suffix == ".pdf" for p in written)
