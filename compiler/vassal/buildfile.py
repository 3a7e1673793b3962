"""buildFile.xml: the component tree of a module, one small function per component.

Tag names are VASSAL's Java class names. The map gets all the plumbing VASSAL
does not add by itself (PieceMover, KeyBufferer, MenuDisplayer ...), its board
gets a ZonedGrid: a Zone per track box and off-map box, over a HexGrid whose
numbering reproduces the data's hex IDs (or a RegionGrid with one region per
space on point-to-point maps).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from compiler.javatext.sequence import encode
from compiler.render.art import BoardArt
from compiler.vassal.automation import keys
from compiler.vassal.automation.components import write_globals
from compiler.vassal.automation.plan import PALETTE, Automation, ExtraMap
from compiler.vassal.catalogue import PieceDefinition, is_solitaire, prototypes
from compiler.vassal.decks import DeckPlan
from compiler.vassal.grid import vassal_grid
from compiler.vassal.namedkeys import number_named_keys
from compiler.vassal.pieces import add_piece, basic_piece
from compiler.vassal.setups import MAP_NAME
from rules_engine.definitions import ValidGame

VASSAL_VERSION = "3.6.0"  # opened by 3.6 and 3.7 players alike (FORMAT.md 1.3)
B = "VASSAL.build."
M = B + "module."
MAP = M + "map."
BOARD = MAP + "boardPicker."
GRID = BOARD + "board."


@dataclass
class ModuleParts:
    """Everything the build file refers to, decided before the XML is written."""

    definition: ValidGame
    art: BoardArt
    pieces: list[PieceDefinition]
    piece_size: int
    charts: list[tuple[str, str]] = field(default_factory=list)
    setups: list[tuple[str, str]] = field(default_factory=list)
    help_file: str = "help/index.html"
    decks: list[DeckPlan] = field(default_factory=list)
    automation: Automation = field(default_factory=Automation)
    automation_gpids: list[int] = field(default_factory=list)
    named_keys: dict[str, int] = field(default_factory=dict)  # each named command's code, once written


def _element(parent: etree._Element | None, tag: str, **attributes: str) -> etree._Element:
    element = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
    for name in sorted(attributes):
        element.set(name, attributes[name])
    return element


def _slot(parent: etree._Element, kind: str, name: str, gpid: int, size: tuple[int, int], piece: str) -> None:
    """A palette or deck slot (``kind`` PieceSlot or CardSlot) holding one encoded piece."""
    width, height = size
    slot = _element(
        parent, B + "widget." + kind, entryName=name, gpid=str(gpid), width=str(width), height=str(height)
    )
    slot.text = piece


def module_name(definition: ValidGame) -> str:
    return definition.game.title


def build_file(parts: ModuleParts) -> bytes:
    """The build file, its named commands numbered as VASSAL numbers them (so that VASSAL
    saves every piece back unchanged)."""
    root = _module_root(parts)
    parts.named_keys = number_named_keys(root)
    data: bytes = etree.tostring(
        root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True
    )
    return data


def _module_root(parts: ModuleParts) -> etree._Element:
    definition = parts.definition
    game = definition.game
    next_id = (
        max(
            [p.gpid for p in parts.pieces]
            + [entry.gpid for deck in parts.decks for entry in deck.entries]
            + parts.automation_gpids
            + [0]
        )
        + 1
    )
    root = _element(
        None,
        B + "GameModule",
        name=module_name(definition),
        version="1.0",
        description=(game.summary or "")[:300],
        ModuleOther1="",
        ModuleOther2="",
        VassalVersion=VASSAL_VERSION,
        nextPieceSlotId=str(next_id),
    )
    _element(root, M + "BasicCommandEncoder")
    _documentation(root, parts)
    _player_roster(root, definition)
    _element(
        root,
        M + "GlobalOptions",
        autoReport="Always",
        hotKeysOnClosedWindows="Always",  # the automation's hidden buttons answer their hotkeys
        # hex IDs like "0107" stay text in expressions (else they read as the number 107)
        storeLeadingZeroIntegersAsStrings="true",
        # solitaire: what lies face down for everyone (garrisons, drawn cards) may be turned up
        nonOwnerUnmaskable="Always" if is_solitaire(definition) else "Never",
        playerIdFormat="$PlayerName$",
        promptString="Opponents can unmask my pieces",
    )
    _element(root, M + "Chatter")
    _element(root, M + "KeyNamer")
    _prototypes(root, parts.automation)
    _map(root, parts)
    _palette(root, parts)
    _dice(root, definition)
    _turn_tracker(root, definition, parts.automation)
    _charts(root, parts)
    _automation(root, parts.automation, parts.piece_size)
    for name, file in parts.setups:
        _element(
            root, M + "PredefinedSetup", name=name, description="", isMenu="false", useFile="true", file=file
        )
    return root


def _documentation(root: etree._Element, parts: ModuleParts) -> None:
    documentation = _element(root, M + "Documentation")
    _element(
        documentation,
        M + "documentation.HelpFile",
        title=f"{module_name(parts.definition)} - help",
        fileName=parts.help_file,
        fileType="archive",
    )


def side_names(definition: ValidGame) -> list[str]:
    if is_solitaire(definition):
        return ["Solitaire"]
    game = definition.game
    return [side.name for side in game.sides if side.played_by == "player"]


def _player_roster(root: etree._Element, definition: ValidGame) -> None:
    roster = _element(
        root, M + "PlayerRoster", buttonText="Retire", buttonToolTip="", buttonIcon="", buttonKeyStroke=""
    )
    for name in side_names(definition):
        entry = etree.SubElement(roster, "entry")
        entry.text = name


def _prototypes(root: etree._Element, plan: Automation) -> None:
    container = _element(root, M + "PrototypesContainer")
    for name, traits in prototypes(plan).items():
        prototype = _element(container, M + "PrototypeDefinition", name=name, description="")
        prototype.text = add_piece("null", [*traits, basic_piece("", "", gpid="")])


def _map(root: etree._Element, parts: ModuleParts) -> None:
    game_map = _map_element(root)
    _board(game_map, parts)
    _stack_metrics(game_map)
    for plumbing in MAP_PLUMBING:
        _element(game_map, MAP + plumbing)
    _element(game_map, MAP + "HighlightLastMoved", enabled="true", color="255,0,0", thickness="2")
    _element(game_map, MAP + "Zoomer", zoomLevels="0.4,0.6,0.8,1.0,1.25,1.6", zoomStart="3")
    _detail_viewer(game_map)
    for deck in parts.decks:
        _deck(game_map, deck, parts)
    for camera in parts.automation.cameras:
        camera.write(game_map)


def _extra_map(root: etree._Element, spec: ExtraMap) -> None:
    """A window of its own: a blank board of the spec's size, with the map's plumbing."""
    game_map = _map_element(root, spec.name, spec.button)
    picker = _element(
        game_map,
        MAP + "BoardPicker",
        title="Choose Boards",
        slotWidth="350",
        slotHeight="125",
        slotScale="0.2",
        addRowText="Add Row",
        addColumnText="Add Column",
        boardPrompt="Select board",
        maxColumns="0",
    )
    _element(
        picker,
        BOARD + "Board",
        name=spec.name,
        image="",
        reversible="false",
        width=str(spec.width),
        height=str(spec.height),
        color="230,230,220",
    )
    _stack_metrics(game_map)
    for plumbing in MAP_PLUMBING:
        _element(game_map, MAP + plumbing)
    _element(game_map, MAP + "Zoomer", zoomLevels="0.4,0.6,0.8,1.0", zoomStart="2")


def _automation(root: etree._Element, plan: Automation, piece_size: int) -> None:
    """The automation's global properties (with the commands that set them), its toolbar and
    hidden buttons, its global key commands, and the hidden palette of the markers it places."""
    write_globals(root, plan.globals, plan.property_commands)
    for extra in plan.extra_maps:
        _extra_map(root, extra)
    if plan.palette:
        window = _element(
            root,
            M + "PieceWindow",
            name=PALETTE,
            description="",
            hidden="true",
            text="",
            tooltip="",
            icon="",
            hotkey="",
            scale="1.0",
            defaultWidth="0",
        )
        for slot in plan.palette:
            _slot(window, "PieceSlot", slot.name, slot.gpid, (piece_size, piece_size), slot.piece)
    for button in plan.buttons:
        button.write(root)
    for command in plan.key_commands:
        command.write(root)
    for startup in plan.startup_keys:
        startup.write(root)


MAP_PLUMBING = (
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
    "SelectionHighlighters",
)


def _map_element(root: etree._Element, name: str = MAP_NAME, button: str = "") -> etree._Element:
    """A map: the main one, or a window of its own opened by a toolbar ``button``. Every move on
    it marks the piece moved (the automation's moved marks, where pieces have them)."""
    return _element(
        root,
        M + "Map",
        mapName=name,
        description="",
        markMoved="Always",
        launch="true" if button else "false",
        edgeWidth="0",
        edgeHeight="0",
        allowMultiple="false",
        backgroundcolor="255,255,255",
        buttonName=button,
        icon="",
        hotkey="",
        color="255,0,0",
        thickness="3",
        moveWithinFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
        moveToFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
        createFormat="$pieceName$ created in $location$ *",
        changeFormat="$message$",
    )


def _board(game_map: etree._Element, parts: ModuleParts) -> None:
    """The board picture with its zones over a hex grid (or a region per space)."""
    picker = _element(
        game_map,
        MAP + "BoardPicker",
        title="Choose Boards",
        slotWidth="350",
        slotHeight="125",
        slotScale="0.2",
        addRowText="Add Row",
        addColumnText="Add Column",
        boardPrompt="Select board",
        maxColumns="0",
    )
    board = _element(
        picker,
        BOARD + "Board",
        name="Board",
        image="board.png",
        reversible="false",
        width="0",
        height="0",
        color="255,255,255",
    )
    zoned = _element(board, GRID + "ZonedGrid")
    _zones(zoned, parts.art)
    if parts.art.layout is not None:
        _hex_grid(zoned, parts.art)
    else:
        _region_grid(zoned, parts)


def _stack_metrics(game_map: etree._Element) -> None:
    """A closed stack draws each piece 3 px right and 4 px up of the last: the boxes'
    slots leave room for the tallest stack a scenario puts there."""
    _element(
        game_map,
        MAP + "StackMetrics",
        disabled="false",
        exSepX="12",
        exSepY="16",
        unexSepX="3",
        unexSepY="4",
        top="38,0",
        bottom="40,0",
        up="39,0",
        down="37,0",
        color="",
    )


def _detail_viewer(game_map: etree._Element) -> None:
    _element(
        game_map,
        MAP + "CounterDetailViewer",
        version="4",
        delay="700",
        minDisplayPieces="2",
        display="from top-most layer only",
        showgraph="true",
        showtext="true",
        zoomlevel="1.0",
        summaryReportFormat="$LocationName$",
        counterReportFormat="",
    )


def _zones(zoned: etree._Element, art: BoardArt) -> None:
    """A zone per track box, Order of Battle row, Sequence of Play cell, off-map box and deck,
    so pieces there report where they are (the smaller zones first: VASSAL takes the first)."""
    for box in art.track_boxes:
        name = f"{_track_name(art, box.track)} {box.label}" + (" reinforcements" if box.reinforcement else "")
        _zone(zoned, name, box.rect)
    for box_name, turn, rect in art.oob_rows:
        _zone(zoned, f"{box_name} {turn}", rect)
    for name, rect in art.zones:
        _zone(zoned, name, rect)
    for box_name, rect in art.boxes.items():
        _zone(zoned, art.box_names.get(box_name, box_name), rect)
    for deck_id, rect in art.deck_areas.items():
        _zone(zoned, art.deck_names.get(deck_id, deck_id), rect)


def _track_name(art: BoardArt, track_id: str) -> str:
    return art.track_names.get(track_id, track_id)


def _zone(zoned: etree._Element, name: str, rect: tuple[float, float, float, float]) -> None:
    left, top, right, bottom = (round(v) for v in rect)
    path = f"{left},{top};{right},{top};{right},{bottom};{left},{bottom}"
    _element(
        zoned,
        GRID + "mapgrid.Zone",
        name=name,
        path=path,
        locationFormat="$name$",
        useParentGrid="false",
        useHighlight="false",
        highlightProperty="",
    )


def _hex_grid(zoned: etree._Element, art: BoardArt) -> None:
    assert art.layout is not None
    parameters = vassal_grid(art.layout)
    grid = _element(zoned, GRID + "HexGrid", **parameters.grid_attributes())
    _element(grid, GRID + "mapgrid.HexGridNumbering", **parameters.numbering_attributes())


def _region_grid(zoned: etree._Element, parts: ModuleParts) -> None:
    grid = _element(zoned, GRID + "RegionGrid", snapto="true", visible="false", fontsize="9")
    board = parts.definition.board
    assert board is not None
    for space_id, (x, y) in parts.art.space_centres.items():
        space = board.spaces[space_id]
        _element(
            grid, GRID + "Region", name=space.name or space.id, originx=str(round(x)), originy=str(round(y))
        )


def _palette(root: etree._Element, parts: ModuleParts) -> None:
    """Counters grouped by side (a tab each) and nation (a panel each); markers in their own tab."""
    window = _element(
        root,
        M + "PieceWindow",
        name="Counters",
        description="",
        hidden="false",
        text="Counters",
        tooltip="Counters",
        icon="",
        hotkey="",
        scale="1.0",
        defaultWidth="0",
    )
    tabs = _element(window, B + "widget.TabWidget", entryName="Counters", description="")
    panels: dict[str, etree._Element] = {}
    for (side_label, nation_label), pieces in _palette_groups(parts).items():
        if side_label not in panels:
            panels[side_label] = _element(
                tabs,
                B + "widget.PanelWidget",
                entryName=side_label,
                description="",
                fixed="false",
                nColumns="1",
                vert="true",
                scale="1.0",
            )
        panel = _element(
            panels[side_label],
            B + "widget.PanelWidget",
            entryName=nation_label,
            description="",
            fixed="false",
            nColumns="8",
            vert="false",
            scale="1.0",
        )
        for piece in pieces:
            size = (parts.piece_size, parts.piece_size)
            _slot(panel, "PieceSlot", piece.name, piece.gpid, size, add_piece("null", list(piece.traits)))


def _palette_groups(parts: ModuleParts) -> dict[tuple[str, str], list[PieceDefinition]]:
    game = parts.definition.game
    groups: dict[tuple[str, str], list[PieceDefinition]] = {}
    for piece in parts.pieces:
        counter = piece.counter
        if counter.is_unit:
            side = game.side(counter.side) if game and counter.side else None
            nation = game.nation(counter.nation) if game and counter.nation else None
            key = (side.name if side else "Units", nation.name if nation else "Units")
            groups.setdefault(key, []).append(piece)
        else:
            groups.setdefault(("Markers", "Markers"), []).append(piece)
    return groups


def _dice(root: etree._Element, definition: ValidGame) -> None:
    """A button per die of the game; dice-pool games ask how many to roll."""
    game = definition.game
    pool = definition.charts.combat is not None and definition.charts.combat.kind == "dice-pool"
    for die in game.dice or ():
        _element(
            root,
            M + "DiceButton",
            name=die.name,
            text=die.name,
            tooltip=f"Roll {die.name.lower()}",
            icon="",
            hotkey="",
            nDice=str(die.dice_count or 1),
            nSides=str(die.sides),
            plus="0",
            addToTotal="0",
            reportTotal="false",
            prompt="true" if pool else "false",
            lockSides="true",
            lockPlus="true",
            lockAdd="true",
            sortDice="false",
            keepDice="false",
            keepOption=">",
            keepCount="1",
            reportFormat="** $name$ = $result$ *** <$PlayerName$>",
            canDisable="false",
            propertyGate="",
            hideWhenDisabled="false",
            disabledIcon="",
        )


def _turn_tracker(root: etree._Element, definition: ValidGame, plan: Automation) -> None:
    game = definition.game
    if not game.turn_labels:
        return
    tracker = _element(
        root,
        M + "turn.TurnTracker",
        name="Turn",
        description="",
        buttonText="Turn",
        icon="",
        hotkey="",
        nexthotkey=keys.NEXT_PHASE if plan.turn_hotkeys else "",
        prevhotkey="",
        turnFormat="Turn $level1$ - $level2$",
        reportFormat="* <$PlayerName$> $newTurn$",
        tooltip="Turn and phase",
        lengthStyle="Maximum",
        length="-1",
        fwdOnly="true",
    )
    turns = _element(
        tracker,
        M + "turn.ListTurnLevel",
        name="Turn",
        property="Turn",
        turnFormat="$value$",
        list=encode(list(game.turn_labels), ","),
        configList="false",
        configFirst="false",
        prompt="",
    )
    if game.phases:
        _element(
            turns,
            M + "turn.ListTurnLevel",
            name="Phase",
            property="Phase",
            turnFormat="$value$",
            list=encode([phase.name for phase in game.phases], ","),
            configList="false",
            configFirst="false",
            prompt="",
        )
    for hotkey in plan.turn_hotkeys:
        hotkey.write(tracker)


def _charts(root: etree._Element, parts: ModuleParts) -> None:
    if not parts.charts:
        return
    window = _element(
        root,
        M + "ChartWindow",
        name="Charts",
        description="",
        text="Charts",
        tooltip="Charts",
        icon="",
        hotkey="",
    )
    tabs = _element(window, B + "widget.TabWidget", entryName="Charts", description="")
    for name, file in parts.charts:
        _element(tabs, B + "widget.Chart", chartName=name, description="", fileName=file)


def _deck(game_map: etree._Element, deck: DeckPlan, parts: ModuleParts) -> None:
    pile = _element(
        game_map,
        MAP + "DrawPile",
        name=deck.name,
        owningBoard="Board",
        x=str(deck.x),
        y=str(deck.y),
        width=str(deck.width),
        height=str(deck.height),
        allowMultiple="false",
        allowSelect="false",
        faceDown="Always" if deck.face_down else "Never",
        drawFaceUp="true" if deck.draw_face_up else "false",
        shuffle="Always" if deck.shuffle else "Never",
        reversible="false",
        draw="true",
        color="0,0,0",
        reshufflable="false",
        reshuffleCommand="",
        reshuffleMessage="",
        reshuffleTarget="",
        canSave="false",
        maxStack=str(deck.max_stack),
        description="",
        restrictOption="false",
        restrictExpression="",
        deckRestrictAccess="false",
        deckOwners="",
        hotkeyOnEmpty="false",
        emptyHotkey="",
        shuffleCommand="Shuffle",
        shuffleFormat="$playerSide$ shuffles $deckName$",
        shuffleHotkey="",
        faceFlipHotkey="",
        faceUpMessage="",
        faceDownMessage="",
        drawMultipleMessage="",
        drawSpecificMessage="",
        selectDisplayProperty="$BasicName$",
        selectSortProperty="",
        reverseCommand="",
        reverseFormat="",
        reverseHotkey="",
        expressionCounting="false",
        countExpressions="",
    )
    for entry in deck.entries:
        _slot(
            pile,
            "CardSlot",
            entry.name,
            entry.gpid,
            (deck.width, deck.height),
            add_piece("null", list(entry.traits)),
        )
