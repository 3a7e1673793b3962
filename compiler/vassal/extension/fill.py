"""The kept component tree filled with the data: each `wgc:` reference replaced by what the data
says (names, boards and grids, decks' places, dice, turns, sides, classes, scenarios, and every
slot's piece). An element whose data is gone is left out (the checks have said so).
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from compiler.javatext.sequence import encode
from compiler.vassal.extension.format import NAMESPACE, PIECE_ID, wgc
from compiler.vassal.extension.pieces import PieceMaker
from compiler.vassal.extension.tree import BOARD_TAG, fill_board
from compiler.vassal.inspection.maps import own_descendants
from rules_engine.definitions import ValidGame
from rules_engine.definitions.boards import BoardMap, PlacedBoard

PICKER = "VASSAL.build.module.map.BoardPicker"
PIECE_WINDOW, LIST_WIDGET = "VASSAL.build.module.PieceWindow", "VASSAL.build.widget.ListWidget"
PIECE_SLOT = "VASSAL.build.widget.PieceSlot"


class TreeFiller:
    def __init__(self, definition: ValidGame, pieces: PieceMaker) -> None:
        self.definition = definition
        self.pieces = pieces
        game = definition.game
        self.dice = {d.id: d for d in game.dice}
        self.classes = {c.id: c for c in game.unit_classes}
        self.scenarios = {s.id: s for s in definition.scenarios}
        self.maps = {m.id: m for m in definition.boards.maps} if definition.boards is not None else {}

    def fill(self, root: etree._Element) -> None:
        game = self.definition.game
        root.set("name", game.title)
        if game.summary is not None:
            root.set("description", game.summary)
        actions: dict[str, Callable[[etree._Element, str], bool]] = {
            "map": self._map,
            "die": self._die,
            "turns": self._turns,
            "phases": self._phases,
            "sides": self._sides,
            "class": self._class,
            "scenario": self._scenario,
            "counter": self._counter,
            "card": self._card,
        }
        for element in list(root.iter(etree.Element)):
            for name, action in actions.items():
                value = element.get(wgc(name))
                if value is not None and not action(element, value):
                    parent = element.getparent()
                    if parent is not None:
                        parent.remove(element)
                    break
        self._new_counters(root)

    def _new_counters(self, root: etree._Element) -> None:
        """Counters the data added (no kept piece, no slot) go in a palette window of their own,
        with palette ids after the module's, so that players can take them."""
        slotted = {e.get(wgc("counter")) for e in root.iter(etree.Element) if e.get(wgc("counter"))}
        added = [c for c in self.definition.counters.counters if c not in slotted and self.pieces.is_new(c)]
        if not added:
            return
        window = etree.SubElement(root, PIECE_WINDOW, name="New counters", text="New counters")
        panel = etree.SubElement(window, LIST_WIDGET, entryName="New counters")
        next_id = (
            int(root.get("nextPieceSlotId", "") or 0) if (root.get("nextPieceSlotId") or "").isdigit() else 0
        )
        next_id = max(next_id, 1)
        for counter_id in added:
            gpid = str(next_id)
            slot = etree.SubElement(
                panel, PIECE_SLOT, entryName=self.definition.counters.counters[counter_id].name, gpid=gpid
            )
            slot.text = self.pieces.slot_text(counter_id, gpid)
            slot.set(PIECE_ID, counter_id)
            next_id += 1
        root.set("nextPieceSlotId", str(next_id))

    def _map(self, element: etree._Element, map_id: str) -> bool:
        board_map = self.maps.get(map_id)
        if board_map is None:
            return False
        element.set("mapName", board_map.name)
        element.set("edgeWidth", str(board_map.edge[0]))
        element.set("edgeHeight", str(board_map.edge[1]))
        _boards(element, board_map)
        _piles(element, board_map)
        return True

    def _die(self, element: etree._Element, die_id: str) -> bool:
        die = self.dice.get(die_id)
        if die is not None:
            element.set("name", die.name)
            element.set("nSides", str(die.sides))
            if die.dice_count is not None:
                element.set("nDice", str(die.dice_count))
        return die is not None

    def _turns(self, element: etree._Element, _: str) -> bool:
        element.set("list", encode(list(self.definition.game.turn_labels), ","))
        return True

    def _phases(self, element: etree._Element, _: str) -> bool:
        element.set("list", encode([phase.name for phase in self.definition.game.phases], ","))
        return True

    def _sides(self, element: etree._Element, _: str) -> bool:
        for side in self.definition.game.sides:
            etree.SubElement(element, "entry").text = side.name
        return True

    def _class(self, element: etree._Element, class_id: str) -> bool:
        unit_class = self.classes.get(class_id)
        if unit_class is not None:
            element.set("name", unit_class.name)
        return unit_class is not None

    def _scenario(self, element: etree._Element, scenario_id: str) -> bool:
        scenario = self.scenarios.get(scenario_id)
        if scenario is not None:
            element.set("name", scenario.name)
        return scenario is not None

    def _counter(self, element: etree._Element, counter_id: str) -> bool:
        gpid = element.get("gpid") if element.get(wgc("gpid")) == "slot" else None
        text = self.pieces.slot_text(counter_id, gpid)
        element.text = text
        element.set(PIECE_ID, counter_id)
        return text is not None

    def _card(self, element: etree._Element, key: str) -> bool:
        text = self.pieces.card_text(key)
        element.text = text
        element.set(PIECE_ID, key.partition("/")[2])
        return text is not None


def _boards(element: etree._Element, board_map: BoardMap) -> None:
    picker = element.find(PICKER)
    if picker is None:
        picker = etree.SubElement(element, PICKER)
    kept = {b.get(wgc("board")): b for b in picker.iter(BOARD_TAG) if b.get(wgc("board")) is not None}
    for board in board_map.boards:
        found = kept.pop(board.id, None)
        if found is None:
            found = etree.SubElement(picker, BOARD_TAG)
        fill_board(found, board)
    for stale in kept.values():
        parent = stale.getparent()
        if parent is not None:
            parent.remove(stale)
    if board_map.layout is not None:
        for setup in picker.findall("setup"):
            picker.remove(setup)
        etree.SubElement(picker, "setup").text = layout_command(board_map.name, board_map.layout)


def layout_command(map_name: str, layout: tuple[PlacedBoard, ...]) -> str:
    """BoardPicker's encoding of a choice of boards: the map, then board, column, row for each."""
    tokens = [map_name + "BoardPicker"]
    for placed in layout:
        name = encode([placed.board, "rev"], "/") if placed.reversed else encode([placed.board], "/")
        tokens += [name, str(placed.column), str(placed.row)]
    return encode(tokens, "\t")


def _piles(element: etree._Element, board_map: BoardMap) -> None:
    """Each deck of the map (not of a map inside it) at the place the data gives."""
    for pile in (p for p in own_descendants(element) if p.tag == "VASSAL.build.module.map.DrawPile"):
        index = pile.get(wgc("pile"))
        if index is None or not index.isdigit() or int(index) >= len(board_map.decks):
            continue
        deck = board_map.decks[int(index)]
        pile.set("name", deck.name)
        pile.set("x", str(deck.x))
        pile.set("y", str(deck.y))
        if deck.board is not None:
            pile.set("owningBoard", deck.board)


def remove_references(root: etree._Element) -> None:
    """The tree as VASSAL reads it: no `wgc:` attribute, no namespace left."""
    prefix = f"{{{NAMESPACE}}}"
    for element in root.iter(etree.Element):
        for name in [n for n in element.attrib if str(n).startswith(prefix)]:
            del element.attrib[name]
    etree.cleanup_namespaces(root)
