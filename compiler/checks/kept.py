"""The kept module tree of an imported game (vassal/module.xml) against the data.

Each `wgc:` reference must name something the data has. A map or board the tree names and the
data lacks is an error (the tree around it cannot be placed); a counter, card, die, class or
scenario it names and the data lacks is a warning: the build leaves that element out.

lxml and the VASSAL back end's readers are imported only for a game that has a kept tree, so
validating any other game does not load them.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.diagnostics import Diagnostic, codes, error, warning
from compiler.diagnostics.text import shorten
from rules_engine.definitions import GameDefinition


def check_kept_tree(context: CheckContext) -> Iterator[Diagnostic]:
    definition = context.definition
    if definition.kept is None:
        return
    from lxml import etree

    from compiler.vassal.extension.entries import bad_entry_names
    from compiler.vassal.extension.format import TEMPLATE, wgc
    from compiler.vassal.inspection.xml import parse

    try:
        root = parse(definition.kept.template)
    except etree.XMLSyntaxError as exc:
        yield error(
            codes.VASSAL_EXTENSION, f"not well-formed XML: {exc}", TEMPLATE, hint="import the module again"
        )
        return
    for bad in bad_entry_names(root):
        yield error(
            codes.VASSAL_EXTENSION,
            bad.message.removeprefix(TEMPLATE + ": "),
            TEMPLATE,
            hint="leave wgc:file out (the tree is then buildFile.xml) or make it 'buildFile'"
            if bad.attribute == "wgc:file"
            else "name the saved game by a relative path inside the module, such as opening.vsav",
        )
    known = _known(definition)
    for element in root.iter(etree.Element):
        for name, kind in REFERENCES.items():
            value = element.get(wgc(name))
            if value is None or value in known[kind]:
                continue
            if name == "board":
                owner = next((e.get(wgc("map")) for e in element.iterancestors() if e.get(wgc("map"))), "")
                if f"{owner}/{value}" in known["board"]:
                    continue
            message = f"vassal/module.xml names {name} '{shorten(value)}', which the data does not have"
            if kind in ("map", "board"):
                yield error(codes.VASSAL_UNKNOWN_REFERENCE, message, TEMPLATE, hint="import the module again")
            else:
                yield warning(
                    codes.VASSAL_UNKNOWN_REFERENCE, message + "; it is left out of the module", TEMPLATE
                )


REFERENCES = {
    "counter": "counter",
    "card": "card",
    "map": "map",
    "board": "board",
    "die": "die",
    "class": "class",
    "scenario": "scenario",
}


def _known(definition: GameDefinition) -> dict[str, set[str]]:
    game, boards = definition.game, definition.boards
    maps = boards.maps if boards is not None else ()
    return {
        "counter": set(definition.counters.counters) if definition.counters is not None else set(),
        "card": {f"{d.id}/{c.id}" for d in definition.decks or () for c in d.cards},
        "map": {m.id for m in maps},
        "board": {f"{m.id}/{b.id}" for m in maps for b in m.boards},
        "die": {d.id for d in game.dice} if game is not None else set(),
        "class": {c.id for c in game.unit_classes} if game is not None else set(),
        "scenario": {s.id for s in definition.scenarios},
    }
