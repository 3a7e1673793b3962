"""One name per unit (issue 31): every player aid names a counter by the name the counter
itself prints, so a player who reads "SAMS FOXES: Tel Aviv" on the set-up finds a counter
that says so. Checked on the rendered aids of every shipped game: the Unit Identification
Chart beside each face, and every set-up, Order of Battle and schedule line."""

from __future__ import annotations

from functools import cache

import pytest

from compiler.render.chart_content import game_charts
from compiler.render.charts import Faces, render_chart
from compiler.render.counters import CounterPainter
from rules_engine.definitions import Counter, ValidGame

from .conftest import GAMES, shipped

WIDTH_IN = 7.5  # a Letter page inside its margins
DPI = 100
SIZE = 188  # a 5/8 in counter at 300 ppi


@cache
def definition(game: str) -> ValidGame:
    return shipped(game)


@cache
def painter(game: str) -> CounterPainter:
    return CounterPainter(definition(game))


def _front_name(game: str, counter: Counter) -> str | None:
    """The name the counter's front prints, read off its drawing (None: it prints none)."""
    drawing = painter(game)
    drawing.render(counter, "front", SIZE)
    names = [t.text for t in drawing.last_drawn if t.role == "name"]
    return names[0] if names else None


def _words(text: str) -> str:
    return " " + " ".join(text.split()) + " "


def _says(text: str, name: str) -> bool:
    """``text`` holds ``name`` word for word (a line break counts as a space), a word of
    ``name`` standing for a word of ``text`` it abbreviates the way counters do ("Ott." for
    "Ottoman", "Armd" for "Armored": the same first letter, then letters of the word in order)."""
    words = [w.strip(",;:()") for w in text.split()]
    wanted = name.split()
    return any(
        all(_stands_for(part, word) for part, word in zip(wanted, words[at : at + len(wanted)], strict=True))
        for at in range(len(words) - len(wanted) + 1)
    )


def _stands_for(part: str, word: str) -> bool:
    if part == word:
        return True
    short = part.rstrip(".")
    if not short or len(short) >= len(word) or short[0] != word[0] or not short.isalpha():
        return False
    rest = iter(word[1:])
    return all(letter in rest for letter in short[1:])


@cache
def _aid_texts(game: str) -> dict[str, str]:
    """Every aid chart's drawn text, by chart id, its lines joined in the order drawn."""
    return {
        chart.id: _words(" ".join(t.text for t in render_chart(chart, WIDTH_IN, DPI).texts))
        for chart in game_charts(definition(game))
    }


@pytest.mark.parametrize("game", GAMES)
def test_the_unit_chart_names_each_face_as_the_face_prints_it(game: str) -> None:
    """Beside each counter's front the Unit Identification Chart's caption holds the name that
    front prints (Israel 1948's aid read "SAMS FOXES" beside a counter printing "SAMSON")."""
    chart = next(c for c in game_charts(definition(game)) if c.id == "units")
    items = [item for block in chart.blocks if isinstance(block, Faces) for item in block.items]
    drawn = _aid_texts(game)["units"]
    wrong = []
    for item in items:
        printed = _front_name(game, item.front)
        if printed is not None and not _says(item.caption, printed):
            wrong.append((printed, item.caption))
        assert _says(drawn, item.caption.split(" x")[0]), item.caption  # the caption is drawn
    assert not wrong, wrong


@pytest.mark.parametrize("game", GAMES)
def test_no_aid_names_a_unit_by_a_name_its_counter_does_not_print(game: str) -> None:
    """Where a counter prints another name than its data's and the data's does not hold it
    (Israel 1948's "SAMSON" for "SAMS FOXES"), no aid (set-up, Order of Battle, schedule,
    tables, the rules' own sentences) uses the data's name for it: a sentence may say "Major
    Abdullah Tell" of a counter printing "Abdullah Tell", where a player finds it."""
    d = definition(game)
    texts = _aid_texts(game)
    printed_anywhere = {_front_name(game, c) for c in d.counters.counters.values()}
    wrong = []
    for counter in d.counters.counters.values():
        printed = _front_name(game, counter)
        if printed is None or _says(counter.name, printed) or counter.name in printed_anywhere:
            continue
        wrong += [
            (counter.name, printed, chart) for chart, text in texts.items() if _says(text, counter.name)
        ]
    assert not wrong, wrong


@pytest.mark.parametrize("game", GAMES)
def test_every_arrival_and_set_up_is_listed_by_the_name_its_counter_prints(game: str) -> None:
    """The scenarios chart lists every unit a scenario brings on, and a set-up chart every unit
    it places, by the name on the counter."""
    d = definition(game)
    texts = _aid_texts(game)
    missing = []
    for scenario in d.scenarios:
        lists = [
            (texts.get("scenarios"), [r.unit for r in scenario.reinforcements]),
            (texts.get(f"set-up-{scenario.id}"), [p.unit for p in scenario.placements]),
        ]
        for text, units in lists:
            for unit in units if text is not None else ():
                counter = d.counters.get(unit)
                printed = None if counter is None else _front_name(game, counter)
                if printed is not None and not _says(text or "", printed):
                    missing.append((scenario.id, unit, printed))
    assert not missing, missing[:5]
