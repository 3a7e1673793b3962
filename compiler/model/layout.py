"""Build game.json's counter_layout and counter_charts into their definitions.

Templates stay as written (a list of alternatives even where the file gives one
string); compiler/checks/layout.py reads them and reports what is wrong at its line.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from compiler.model.reading import Json, strings, text
from rules_engine.definitions import (
    ChartColumn,
    CounterChart,
    CounterLayout,
    CounterNames,
    LayoutEntry,
    Origin,
    ValueStyle,
)

DEFAULT_STYLE = "figures"
DEFAULT_NAME_HEADING = "Counter"


def templates(value: Any) -> tuple[str, ...]:
    """A template, or a list of them tried in order, as a tuple."""
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value or ())


def build_layouts(data: Json, root: Origin) -> tuple[CounterLayout, ...]:
    return tuple(
        _layout(layout, root.child("counter_layout", i))
        for i, layout in enumerate(data.get("counter_layout", ()))
    )


def _layout(data: Json, origin: Origin) -> CounterLayout:
    styles = {
        value_id: _value_style(style, origin.child("values", value_id))
        for value_id, style in data.get("values", {}).items()
    }
    return CounterLayout(
        origin,
        kinds=strings(data, "kinds"),
        classes=strings(data, "classes"),
        sides=strings(data, "sides"),
        entries=tuple(_entry(e, origin.child("print", i)) for i, e in enumerate(data.get("print", ()))),
        values=MappingProxyType(styles),
    )


def _entry(data: Json, origin: Origin) -> LayoutEntry:
    return LayoutEntry(
        data["at"],
        data.get("style", DEFAULT_STYLE),
        origin,
        texts=templates(data.get("text")),
        size=data.get("size"),
        symbol=text(data, "symbol"),
        when=text(data, "when"),
        colour=text(data, "colour"),
        listed=isinstance(data.get("text"), list),
    )


def _value_style(data: Json, origin: Origin) -> ValueStyle:
    return ValueStyle(
        origin,
        colour=text(data, "colour"),
        colour_default=text(data, "colour_default"),
        flag_marks=tuple((str(flag), str(mark)) for flag, mark in data.get("flag_marks", {}).items()),
        mark=text(data, "mark"),
    )


def build_counter_names(data: Json, root: Origin) -> tuple[CounterNames, ...]:
    return tuple(
        CounterNames(
            root.child("counter_names", i),
            templates(rule["format"]),
            kinds=strings(rule, "kinds"),
            classes=strings(rule, "classes"),
            sides=strings(rule, "sides"),
            listed=isinstance(rule["format"], list),
        )
        for i, rule in enumerate(data.get("counter_names", ()))
    )


def build_counter_charts(data: Json, root: Origin) -> tuple[CounterChart, ...]:
    return tuple(
        _chart(chart, root.child("counter_charts", i))
        for i, chart in enumerate(data.get("counter_charts", ()))
    )


def _chart(data: Json, origin: Origin) -> CounterChart:
    return CounterChart(
        data["id"],
        data["title"],
        origin,
        name_heading=data.get("name_heading", DEFAULT_NAME_HEADING),
        columns=tuple(
            ChartColumn(c["heading"], c["value"], origin.child("columns", i, "value"))
            for i, c in enumerate(data["columns"])
        ),
        kinds=strings(data, "kinds"),
        classes=strings(data, "classes"),
        sides=strings(data, "sides"),
        with_values=strings(data, "with"),
        rules_heading=text(data, "rules_heading"),
    )
