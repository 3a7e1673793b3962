"""Build the game manifest's definitions from game.json."""

from __future__ import annotations

from compiler.model.classic import build_rules, first_cite, selector
from compiler.model.layout import build_counter_charts, build_counter_names, build_layouts
from compiler.model.reading import Json, cite_text, strings, text, turn
from rules_engine.definitions import (
    Campaign,
    CampaignLink,
    CampaignRule,
    CampaignStep,
    CounterValue,
    Die,
    GameInfo,
    Nation,
    OptionalRule,
    Origin,
    Phase,
    RequiredValues,
    Side,
    Stacking,
    StackingRule,
    StackingWith,
    StatedCount,
    UnitClass,
)


def build_game(data: Json, file: str) -> GameInfo:
    root = Origin(file)
    players = data.get("players", {})
    return GameInfo(
        id=data["id"],
        title=data["title"],
        subtitle=text(data, "subtitle"),
        system=data["system"],
        rulebook=text(data, "rulebook"),
        summary=text(data, "summary"),
        min_players=int(players.get("min", 1)),
        max_players=int(players.get("max", 2)),
        sides=tuple(_side(s, root.child("sides", i)) for i, s in enumerate(data["sides"])),
        nations=tuple(_nation(n, root.child("nations", i)) for i, n in enumerate(data.get("nations", ()))),
        unit_classes=tuple(
            UnitClass(
                c["id"],
                c["name"],
                c.get("symbol", "none"),
                strings(c, "groups"),
                root.child("unit_classes", i),
            )
            for i, c in enumerate(data.get("unit_classes", ()))
        ),
        dice=tuple(
            Die(d["id"], d["name"], d["sides"], text(d, "colour"), root.child("dice", i), d.get("count"))
            for i, d in enumerate(data.get("dice", ()))
        ),
        turn_labels=tuple(str(label) for label in data.get("turns", {}).get("labels", ())),
        phases=tuple(
            _phase(p, root.child("sequence_of_play", i))
            for i, p in enumerate(data.get("sequence_of_play", ()))
        ),
        stacking=_stacking(data.get("stacking", {}), root.child("stacking")),
        stated_counts=tuple(
            StatedCount(s["what"], text(s, "of"), s["count"], cite_text(s), root.child("stated_counts", i))
            for i, s in enumerate(data.get("stated_counts", ()))
        ),
        optional_rules=tuple(
            _optional_rule(r, root.child("optional_rules", i))
            for i, r in enumerate(data.get("optional_rules", ()))
        ),
        campaign=_campaign(data["campaign"], root.child("campaign")) if "campaign" in data else None,
        origin=root,
        rules=build_rules(data["rules"], root.child("rules")) if "rules" in data else None,
        counter_values=tuple(
            _counter_value(v, root.child("counter_values", i))
            for i, v in enumerate(data.get("counter_values", ()))
        ),
        required_values=_required_values(data, root),
        counter_layout=build_layouts(data, root),
        counter_names=build_counter_names(data, root),
        counter_charts=build_counter_charts(data, root),
    )


def _required_values(data: Json, root: Origin) -> tuple[RequiredValues, ...]:
    return tuple(
        RequiredValues(
            strings(r, "values"),
            strings(r, "kinds"),
            strings(r, "classes"),
            strings(r, "sides"),
            root.child("required_values", i),
        )
        for i, r in enumerate(data.get("required_values", ()))
    )


def _counter_value(data: Json, origin: Origin) -> CounterValue:
    return CounterValue(
        data["id"],
        data["name"],
        data["kind"],
        origin,
        minimum=data.get("min"),
        maximum=data.get("max"),
        step=data.get("step", 1),
        marks=strings(data, "marks"),
        words=strings(data, "words"),
        choices=strings(data, "choices"),
        choices_from=text(data, "choices_from"),
        max_length=data.get("max_length", 40),
        summary=text(data, "summary"),
    )


def _side(data: Json, origin: Origin) -> Side:
    return Side(
        data["id"],
        data["name"],
        text(data, "colour"),
        text(data, "text_colour"),
        data.get("played_by", "player"),
        origin,
    )


def _nation(data: Json, origin: Origin) -> Nation:
    mark = data.get("mark", {})
    return Nation(
        data["id"],
        data["name"],
        data["side"],
        text(data, "abbreviation"),
        text(data, "colour"),
        tuple(mark.get("colours", ())),
        mark.get("stripes"),
        origin,
        mark.get("emblem"),
    )


def _phase(data: Json, origin: Origin) -> Phase:
    return Phase(
        data["id"],
        data["name"],
        data["kind"],
        data["player"],
        text(data, "group"),
        data.get("order", "fixed"),
        text(data, "summary"),
        origin,
        units=selector(data.get("units")),
        mode=text(data, "mode"),
        turns=tuple(str(turn(t)) for t in data.get("turns", ())),
        cite=first_cite(data),
    )


def _stacking(data: Json, origin: Origin) -> Stacking:
    rules = tuple(
        StackingRule(
            r["max"],
            strings(r, "classes"),
            strings(r, "kinds"),
            text(r, "with_unit"),
            r.get("max_with_unit"),
            strings(r, "not_with_nations"),
            strings(r, "except_counters"),
            text(r, "summary"),
            origin.child("rules", i),
            side=text(r, "side"),
            raised_by=tuple(
                StackingWith(
                    w["max"],
                    text(w, "unit"),
                    strings(w, "classes"),
                    text(w, "plus_track"),
                    text(w, "summary"),
                )
                for w in r.get("with", ())
            ),
            unlimited_in=strings(r, "unlimited_in"),
        )
        for i, r in enumerate(data.get("rules", ()))
    )
    return Stacking(
        data.get("limit"),
        bool(data.get("tokens_count", False)),
        bool(data.get("one_side_per_space", True)),
        rules,
        text(data, "summary"),
        first_cite(data),
    )


def _optional_rule(data: Json, origin: Origin) -> OptionalRule:
    end_roll = data.get("end_roll", {})
    return OptionalRule(
        data["id"],
        data["name"],
        data["summary"],
        int(data.get("extra_turns", 0)),
        end_roll.get("table"),
        origin,
    )


def _campaign(data: Json, origin: Origin) -> Campaign:
    links = tuple(
        CampaignLink(
            link["from"],
            link["to"],
            tuple(
                CampaignStep(
                    step["summary"],
                    text(step, "side"),
                    step.get("recovery_points"),
                    bool(step.get("distinct_actions", False)),
                    strings(step, "actions"),
                    strings(step, "units"),
                    origin.child("links", i, "steps", j),
                )
                for j, step in enumerate(link["steps"])
            ),
            origin.child("links", i),
        )
        for i, link in enumerate(data.get("links", ()))
    )
    rules = tuple(
        CampaignRule(
            r["summary"],
            r.get("when", "always"),
            text(r, "track"),
            r.get("amount"),
            r.get("per_mission_won"),
            origin.child("rules", i),
        )
        for i, r in enumerate(data.get("rules", ()))
    )
    return Campaign(
        strings(data, "scenarios"), text(data, "summary"), links, rules, data.get("losses_allowed"), origin
    )
