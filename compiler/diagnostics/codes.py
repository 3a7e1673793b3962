"""Every diagnostic code, with the one-line meaning shown in docs/diagnostics.md.

Codes are stable: tools and tests match on them, so a code is never renamed
or reused for another meaning. Add new ones at the end of their group.
"""

from __future__ import annotations

# Files and JSON syntax
FILE_MISSING = "file.missing"
FILE_NOT_A_FILE = "file.not-a-file"
FILE_UNREADABLE = "file.unreadable"
FILE_TOO_LARGE = "file.too-large"
FILE_ENCODING = "file.encoding"
FILE_UNKNOWN = "file.unknown"
FILE_WRONG_SCHEMA = "file.wrong-schema"
FILE_OUTSIDE_GAME = "file.outside-game"
GAME_NOT_A_FOLDER = "game.not-a-folder"
JSON_SYNTAX = "json.syntax"
JSON_EMPTY = "json.empty"
JSON_DUPLICATE_KEY = "json.duplicate-key"
JSON_TOO_DEEP = "json.too-deep"
JSON_NUMBER_TOO_LARGE = "json.number-too-large"

# JSON Schema
SCHEMA_TYPE = "schema.type"
SCHEMA_REQUIRED = "schema.required"
SCHEMA_UNKNOWN_PROPERTY = "schema.unknown-property"
SCHEMA_ENUM = "schema.enum"
SCHEMA_PATTERN = "schema.pattern"
SCHEMA_RANGE = "schema.range"
SCHEMA_SIZE = "schema.size"
SCHEMA_INVALID = "schema.invalid"

# Identity and references
ID_DUPLICATE = "id.duplicate"
REF_UNKNOWN_SIDE = "ref.unknown-side"
REF_UNKNOWN_NATION = "ref.unknown-nation"
REF_UNKNOWN_CLASS = "ref.unknown-class"
REF_UNKNOWN_MOVEMENT_CLASS = "ref.unknown-movement-class"
REF_UNKNOWN_TERRAIN = "ref.unknown-terrain"
REF_UNKNOWN_COUNTER = "ref.unknown-counter"
REF_UNKNOWN_SPACE = "ref.unknown-space"
REF_UNKNOWN_REGION = "ref.unknown-region"
REF_UNKNOWN_TURN = "ref.unknown-turn"
REF_UNKNOWN_TRACK = "ref.unknown-track"
REF_UNKNOWN_TABLE = "ref.unknown-table"
REF_UNKNOWN_DIE = "ref.unknown-die"
REF_UNKNOWN_SCENARIO = "ref.unknown-scenario"
REF_UNKNOWN_OPTIONAL_RULE = "ref.unknown-optional-rule"
REF_WRONG_KIND = "ref.wrong-kind"
REF_UNKNOWN_MODE = "ref.unknown-mode"
REF_UNKNOWN_PHASE = "ref.unknown-phase"
REF_AMBIGUOUS_PLACE = "ref.ambiguous-place"
REF_UNKNOWN_SYSTEM = "ref.unknown-system"
SYSTEM_UNPLAYED_FIELD = "system.unplayed-field"
NAME_UNPRINTABLE = "name.unprintable"
TEXT_MISSING_GLYPHS = "text.missing-glyphs"
REF_UNKNOWN_PHASE_KIND = "ref.unknown-phase-kind"

# Map geometry
MAP_BAD_HEX_ID = "map.bad-hex-id"
MAP_HEX_OUTSIDE_GRID = "map.hex-outside-grid"
MAP_HEX_NOT_LISTED = "map.hex-not-listed"
MAP_HEXSIDE_NOT_ADJACENT = "map.hexside-not-adjacent"
MAP_ROAD_NOT_ADJACENT = "map.road-not-adjacent"
MAP_ROAD_CROSSES_WITHOUT_BRIDGE = "map.road-crosses-without-bridge"
MAP_BRIDGE_WITHOUT_ROAD = "map.bridge-without-road"
MAP_ROUTE_TO_ITSELF = "map.route-to-itself"
MAP_REGION_OVERLAP = "map.region-overlap"
MAP_TERRAIN_NOT_IN_CHART = "map.terrain-not-in-chart"
MAP_TERRAIN_WRONG_KIND = "map.terrain-wrong-kind"
MAP_PLACE_NAME_DUPLICATE = "map.place-name-duplicate"
MAP_SPACE_UNREACHABLE = "map.space-unreachable"
MAP_TOO_LARGE = "map.too-large"
MAP_SPACE_OFF_SHEET = "map.space-off-sheet"
MAP_FURNITURE_UNPLACED = "map.furniture-unplaced"
MAP_PRINT_RESOLUTION = "map.print-resolution"

# Supply sources
SUPPLY_UNKNOWN_SIDE = "supply.unknown-side"
SUPPLY_UNKNOWN_NATION = "supply.unknown-nation"
SUPPLY_NATION_OF_OTHER_SIDE = "supply.nation-of-other-side"
SUPPLY_IMPASSABLE = "supply.impassable"

# Counters
COUNTER_NATION_OF_OTHER_SIDE = "counter.nation-of-other-side"
COUNTER_MISSING_VALUE = "counter.missing-value"
COUNTER_BACK_NOT_REDUCED = "counter.back-not-reduced"

# Counter values a game declares (game.json counter_values)
VALUE_UNKNOWN = "value.unknown"
VALUE_WRONG_KIND = "value.wrong-kind"
VALUE_OUT_OF_BOUNDS = "value.out-of-bounds"
VALUE_UNKNOWN_CHOICE = "value.unknown-choice"
VALUE_MARK_NOT_ALLOWED = "value.mark-not-allowed"
VALUE_BAD_DECLARATION = "value.bad-declaration"
VALUE_ENGINE_NEEDS = "value.engine-needs"

# Counter layouts, names and charts (game.json counter_layout, counter_names, counter_charts)
LAYOUT_BAD_TEMPLATE = "layout.bad-template"
LAYOUT_POSITION_TWICE = "layout.position-twice"
LAYOUT_WRONG_STYLE = "layout.wrong-style"
LAYOUT_WRONG_KIND = "layout.wrong-kind"
LAYOUT_UNKNOWN_COLOUR = "layout.unknown-colour"
LAYOUT_UNREACHABLE = "layout.unreachable"

# Counts the rulebook states
STATED_COUNT_MISMATCH = "stated.count-mismatch"
STATED_COUNTERS_TOTAL = "stated.counters-total"

# Scenarios and set-up
SETUP_WRONG_SIDE = "setup.wrong-side"
SETUP_TOO_MANY_COPIES = "setup.too-many-copies"
SETUP_IMPASSABLE = "setup.impassable"
SETUP_WITH_ENEMY = "setup.with-enemy"
SETUP_OVER_STACKED = "setup.over-stacked"
SETUP_CONSTRAINT_BROKEN = "setup.constraint-broken"
SETUP_NO_BACK = "setup.no-back"
SETUP_MARKER_NOT_TOKEN = "setup.marker-not-token"
SCENARIO_TURN_OFF_TRACK = "scenario.turn-off-track"
SCENARIO_TURNS_REVERSED = "scenario.turns-reversed"
SCENARIO_REINFORCEMENT_OUTSIDE = "scenario.reinforcement-outside-scenario"
SCENARIO_START_CONTROL_MISMATCH = "scenario.start-control-mismatch"

# Victory conditions
VICTORY_UNKNOWN_PLACE = "victory.unknown-place"
VICTORY_TOTAL_MISMATCH = "victory.total-mismatch"
VICTORY_LEVELS_GAP = "victory.levels-gap"
VICTORY_LEVELS_OVERLAP = "victory.levels-overlap"
VICTORY_UNPLAYABLE_KIND = "victory.unplayable-kind"

# Charts and tables
TABLE_GAP = "table.gap"
TABLE_DICE_CONFLICT = "table.dice-conflict"
TABLE_OVERLAP = "table.overlap"
TABLE_COLUMNS_ORDER = "table.columns-order"
TABLE_ROW_WIDTH = "table.row-width"
COMBAT_MISSING_COLOUR = "combat.missing-colour"
COMBAT_UNPLAYABLE_KIND = "combat.unplayable-kind"
COMBAT_RESULT_NO_MEANING = "combat.result-no-meaning"
COMBAT_ROLL_BEYOND_ROWS = "combat.roll-beyond-rows"
CLASSIC_UNPLAYABLE_FACES = "classic.unplayable-faces"
COMBAT_CRT_COLUMNS = "combat.crt-columns"

# The classic system's options
CLASSIC_MISSING_OPTION = "classic.missing-option"
CLASSIC_ROAD_WITHOUT_COST = "classic.road-without-cost"

# Provenance
PROVENANCE_RECONSTRUCTED = "provenance.reconstructed"


DESCRIPTIONS: dict[str, str] = {
    FILE_MISSING: "A file the game needs does not exist.",
    FILE_NOT_A_FILE: "A folder, device, pipe or socket stands where a regular file is expected.",
    FILE_UNREADABLE: "The operating system refused to read the file.",
    FILE_TOO_LARGE: "The file is larger than any source file needs to be.",
    FILE_ENCODING: "The file is not UTF-8 text.",
    FILE_UNKNOWN: "A JSON file in the game folder that the compiler does not read.",
    FILE_WRONG_SCHEMA: "The file's $schema is missing or names another kind of file.",
    FILE_OUTSIDE_GAME: "A file of the game folder leads outside it (a link, a name with '..'): never read.",
    GAME_NOT_A_FOLDER: "A game argument is not a folder with a game.json.",
    JSON_SYNTAX: "The text is not valid JSON.",
    JSON_EMPTY: "The file is empty.",
    JSON_DUPLICATE_KEY: "An object has the same key twice.",
    JSON_TOO_DEEP: "The JSON is nested deeper than game data ever is.",
    JSON_NUMBER_TOO_LARGE: "A number is too large to be meant.",
    SCHEMA_TYPE: "A value has the wrong JSON type.",
    SCHEMA_REQUIRED: "A required property is missing.",
    SCHEMA_UNKNOWN_PROPERTY: "A property the schema does not know (often a typo).",
    SCHEMA_ENUM: "A value is not one of the allowed words.",
    SCHEMA_PATTERN: "A string does not have the required form.",
    SCHEMA_RANGE: "A number is out of its allowed range.",
    SCHEMA_SIZE: "A string, list or object is too short or too long.",
    SCHEMA_INVALID: "A value breaks another rule of the schema.",
    ID_DUPLICATE: "Two records of the same kind share an id.",
    REF_UNKNOWN_SIDE: "A side id that game.json does not define.",
    REF_UNKNOWN_NATION: "A nation id that game.json does not define.",
    REF_UNKNOWN_CLASS: "A unit class that game.json does not define.",
    REF_UNKNOWN_MOVEMENT_CLASS: "A movement class that terrain.json does not define.",
    REF_UNKNOWN_TERRAIN: "A terrain id that terrain.json does not define.",
    REF_UNKNOWN_COUNTER: "A counter id that counters.json does not define.",
    REF_UNKNOWN_SPACE: "A hex, space or place name that is not on the map.",
    REF_UNKNOWN_REGION: "A region id that map.json does not define.",
    REF_UNKNOWN_TURN: "A turn that is not on the turn track.",
    REF_UNKNOWN_TRACK: "A track id that map.json does not define.",
    REF_UNKNOWN_TABLE: "A table id that charts.json does not define.",
    REF_UNKNOWN_DIE: "A die id that game.json does not define.",
    REF_UNKNOWN_SCENARIO: "A scenario id with no file in scenarios/.",
    REF_UNKNOWN_OPTIONAL_RULE: "An optional rule id that game.json does not define.",
    REF_WRONG_KIND: "A reference names a record of the wrong kind (a hexside terrain on a hex).",
    REF_UNKNOWN_MODE: "A phase or turn effect names a movement mode rules.movement does not declare.",
    REF_UNKNOWN_PHASE: "An option names a phase the sequence of play does not have.",
    REF_AMBIGUOUS_PLACE: "A place name that names more than one space.",
    REF_UNKNOWN_SYSTEM: "game.json names a game system that no rules engine plays.",
    SYSTEM_UNPLAYED_FIELD: (
        "The game gives a field its system does not play (a classic option in another system's game, "
        "more_faces, a hidden counter, a table's dice ...): its rules would ignore it."
    ),
    NAME_UNPRINTABLE: "A name holds a line break or control character, or ends with a backslash.",
    TEXT_MISSING_GLYPHS: "Printed text has characters the drawing font has no glyph for (empty boxes).",
    REF_UNKNOWN_PHASE_KIND: "A phase of the sequence of play has a kind its game system does not know.",
    MAP_TOO_LARGE: (
        "The map is larger than wgc draws (120 in a side, 80 M pixels at the resolution drawn): "
        "a wrong hex size or unit, or too fine a --dpi."
    ),
    MAP_SPACE_OFF_SHEET: "A space of a point-to-point map lies beyond the edge of the map's sheet.",
    MAP_FURNITURE_UNPLACED: "A track, box, card space or key found no room on the map and was left off.",
    MAP_PRINT_RESOLUTION: (
        "The map is too large to print its ground at 300 ppi; it prints at the finest that wgc draws "
        "(a warning: lines and type stay vector)."
    ),
    MAP_BAD_HEX_ID: "A hex ID that does not have the grid's form.",
    MAP_HEX_OUTSIDE_GRID: "A hex ID outside the grid's columns and rows.",
    MAP_HEX_NOT_LISTED: "A hex of the grid has no terrain and there is no default.",
    MAP_HEXSIDE_NOT_ADJACENT: "A hexside joins two hexes that are not neighbours.",
    MAP_ROAD_NOT_ADJACENT: "A road jumps between hexes that are not neighbours.",
    MAP_ROAD_CROSSES_WITHOUT_BRIDGE: (
        "A road crosses a hexside with a bridge cost (a river) where there is no bridge: an error "
        "where the terrain chart forbids crossing it without one (the road leads nowhere), a warning "
        "where units may cross anyway at a price (Israel 1948's rivers cost all movement)."
    ),
    MAP_BRIDGE_WITHOUT_ROAD: "A bridge on a hexside that no road crosses.",
    MAP_ROUTE_TO_ITSELF: "A route joins a space to itself.",
    MAP_REGION_OVERLAP: "A space belongs to two countries.",
    MAP_TERRAIN_NOT_IN_CHART: "The map uses terrain the terrain effects chart does not have.",
    MAP_TERRAIN_WRONG_KIND: "A terrain is used where its kind does not fit.",
    MAP_PLACE_NAME_DUPLICATE: "Two spaces carry the same name.",
    MAP_SPACE_UNREACHABLE: "A space no route reaches.",
    SUPPLY_UNKNOWN_SIDE: "A supply source names a side that does not exist.",
    SUPPLY_UNKNOWN_NATION: "A supply source names a nation that does not exist.",
    SUPPLY_NATION_OF_OTHER_SIDE: "A supply source's nation belongs to the other side.",
    SUPPLY_IMPASSABLE: "A supply source lies in impassable terrain.",
    COUNTER_NATION_OF_OTHER_SIDE: "A counter's nation belongs to another side.",
    COUNTER_MISSING_VALUE: "A counter lacks a value game.json's required_values asks it to carry.",
    COUNTER_BACK_NOT_REDUCED: "A number on a unit's damaged side is higher than on its full side.",
    VALUE_UNKNOWN: (
        "A face gives, or required_values, a layout, a name format, a counter chart or a classic "
        "option names, a value game.json does not declare."
    ),
    VALUE_WRONG_KIND: "A face gives a value of another kind than declared (a word for a number).",
    VALUE_OUT_OF_BOUNDS: "A number outside its declared min, max or step; a text over its max_length.",
    VALUE_UNKNOWN_CHOICE: "A face gives a choice its declaration does not list.",
    VALUE_MARK_NOT_ALLOWED: "A number carries a mark its declaration does not allow.",
    VALUE_BAD_DECLARATION: "A counter value's declaration contradicts itself (min above max, no choices).",
    VALUE_ENGINE_NEEDS: "The rules read a counter value the game does not declare, require, or declare so.",
    LAYOUT_BAD_TEMPLATE: (
        "A layout's or name format's text cannot be read: an unclosed '{', a stray '}', "
        "a field that names no value."
    ),
    LAYOUT_POSITION_TWICE: "Two entries of one counter layout stand at the same position.",
    LAYOUT_WRONG_STYLE: (
        "A layout entry's style does not fit its position or what it prints (a band away from "
        "'band', a symbol without one, a plain line that would lose a colour code)."
    ),
    LAYOUT_WRONG_KIND: (
        "A layout uses a value of another kind than it needs (a flag printed as a number, "
        "a colour from a value that is not a choice)."
    ),
    LAYOUT_UNKNOWN_COLOUR: "A value's colour comes from choices that are not colours the renderer knows.",
    LAYOUT_UNREACHABLE: (
        "A counter layout or name format comes after one that already selects every counter it selects."
    ),
    STATED_COUNT_MISMATCH: "The data disagrees with a number the rulebook states.",
    STATED_COUNTERS_TOTAL: "The counter mix does not add up to the rulebook's total.",
    SETUP_WRONG_SIDE: "A side sets up a unit that belongs to the other side.",
    SETUP_TOO_MANY_COPIES: "A unit is used more often than the counter mix has copies.",
    SETUP_IMPASSABLE: "A unit is placed in impassable terrain.",
    SETUP_WITH_ENEMY: "A unit is placed in a space with enemy units.",
    SETUP_OVER_STACKED: "A space holds more units than the stacking limit.",
    SETUP_CONSTRAINT_BROKEN: "A placement breaks the condition the rulebook puts on it.",
    SETUP_NO_BACK: "A unit is set up on its back (or a further face) but the counter has none.",
    SETUP_MARKER_NOT_TOKEN: "A marker entry names a unit rather than a token or marker.",
    SCENARIO_TURN_OFF_TRACK: "A scenario's turns do not fit on the turn track.",
    SCENARIO_TURNS_REVERSED: "A scenario's last turn comes before its first.",
    SCENARIO_REINFORCEMENT_OUTSIDE: "A reinforcement arrives on a turn the scenario does not play.",
    SCENARIO_START_CONTROL_MISMATCH: (
        "The set-up gives a side another number of places than the rulebook says it starts with."
    ),
    VICTORY_UNKNOWN_PLACE: "A victory condition names a place that is not on the map.",
    VICTORY_TOTAL_MISMATCH: "A victory condition's total disagrees with the map.",
    VICTORY_LEVELS_GAP: "Some counts match no victory level.",
    VICTORY_LEVELS_OVERLAP: "Some counts match two victory levels.",
    VICTORY_UNPLAYABLE_KIND: "A victory condition of a kind the game's rules system does not evaluate.",
    TABLE_GAP: "A die result that no row of a table covers.",
    TABLE_DICE_CONFLICT: "A table's die and dice name different dice.",
    TABLE_OVERLAP: "A die result that two rows of a table cover.",
    TABLE_COLUMNS_ORDER: "The odds columns of a combat results table are out of order.",
    TABLE_ROW_WIDTH: "A table row has another number of cells than there are columns.",
    COMBAT_MISSING_COLOUR: (
        "A unit's strength colour that the combat chart in charts.json does not declare "
        "(any colour, where it declares none)."
    ),
    COMBAT_UNPLAYABLE_KIND: "charts.json's combat system is of a kind the game's rules system does not play.",
    COMBAT_RESULT_NO_MEANING: "A result code of the CRT or of a table end has no meaning in combat.results.",
    COMBAT_ROLL_BEYOND_ROWS: (
        "The CRT's dice and the die-roll modifiers on the map can make a roll beyond the CRT's rows, "
        "and the combat does not say how it is read (below_lowest_roll, above_highest_roll)."
    ),
    CLASSIC_UNPLAYABLE_FACES: (
        "A counter's more_faces cannot be played as steps: it is not a unit, its back is not its "
        "reduced side, or a further face is blank or not marked damaged."
    ),
    COMBAT_CRT_COLUMNS: "A CRT column does not read as the combat kind's columns (odds or differentials).",
    CLASSIC_MISSING_OPTION: "A classic game lacks an option its phases or results need.",
    CLASSIC_ROAD_WITHOUT_COST: (
        "A road or railway of a classic game gives no 'along' cost for a movement class: a unit of "
        'it would move along the line for nothing. Give the points per hex, or "none" when the '
        "line changes nothing in ordinary movement."
    ),
    PROVENANCE_RECONSTRUCTED: "A value the rulebook does not print was reconstructed (a warning).",
}

MAP_BAD_GRID = "map.bad-grid"
DESCRIPTIONS[MAP_BAD_GRID] = "The grid description cannot number its hexes unambiguously."

MAP_OFF_MAP_IN_PLAY = "map.off-map-in-play"
DESCRIPTIONS[MAP_OFF_MAP_IN_PLAY] = (
    "A hex under the map's charts (an off_map feature) holds a place, road, entrance, supply "
    "source or set-up, or its feature can be entered."
)

MAP_OFF_MAP_UNCITED = "map.off-map-uncited"
DESCRIPTIONS[MAP_OFF_MAP_UNCITED] = (
    "An off_map feature takes hexes out of play without a source (a cite, not a reconstruction) "
    "showing them out of play: a print layout never changes the game."
)

INTERNAL_CHECK_FAILED = "internal.check-failed"
DESCRIPTIONS[INTERNAL_CHECK_FAILED] = "A cross-check itself failed: a bug in the compiler; please report it."

MAP_LINE_BROKEN = "map.line-broken"
MAP_ROAD_DEAD_END = "map.road-dead-end"
SETUP_LEADER_STACKING = "setup.leader-stacking"
REF_UNKNOWN_CARD = "ref.unknown-card"
SCENARIO_BOX_OFF_TRACK = "scenario.box-off-track"
DESCRIPTIONS.update(
    {
        MAP_LINE_BROKEN: (
            "A hex of a line feature (a stream) touches no other hex of it; "
            "a one-hex gap between two pieces of it is a warning."
        ),
        MAP_ROAD_DEAD_END: "A road ends where no other road, map edge, named place or exit is (a warning).",
        SETUP_LEADER_STACKING: "A leader is set up with units it may not stack with.",
        REF_UNKNOWN_CARD: "A deck or card id that cards.json does not define.",
        SCENARIO_BOX_OFF_TRACK: "A marker is put in a track box the track does not have.",
    }
)

REPLAY_EXPECTATION_FAILED = "replay.expectation-failed"
REPLAY_ILLEGAL_ACTION = "replay.illegal-action"
REPLAY_NOT_REFUSED = "replay.not-refused"
REPLAY_BAD_STEP = "replay.bad-step"
REPLAY_DICE_MISMATCH = "replay.dice-mismatch"
REPLAY_BAD_START = "replay.bad-start"
REPLAY_NO_ENGINE = "replay.no-engine"
DESCRIPTIONS.update(
    {
        REPLAY_EXPECTATION_FAILED: "A replay expected something the rules engine did not produce.",
        REPLAY_ILLEGAL_ACTION: "A replay step breaks a rule; the message names the rule.",
        REPLAY_NOT_REFUSED: "A step marked 'illegal' was allowed by the rules engine.",
        REPLAY_BAD_STEP: "A replay step names a unit, hex or choice that does not fit the game.",
        REPLAY_DICE_MISMATCH: "A replay gives another number of dice than the rules roll.",
        REPLAY_BAD_START: "A replay's start (scenario, position, overrides, test counters) cannot be set up.",
        REPLAY_NO_ENGINE: "The game's system has no rules engine yet; its replays are not run (a warning).",
    }
)

# Limits (docs/diagnostics.md lists every limit)
LIMIT_MORE_DIAGNOSTICS = "limit.more-diagnostics"
DESCRIPTIONS[LIMIT_MORE_DIAGNOSTICS] = (
    "One file has more diagnostics of one code than are listed; this one counts the rest."
)

# Art: image files a game names (compiler/art)
ART_MISSING = "art.missing"
ART_UNREADABLE = "art.unreadable"
ART_TOO_LARGE = "art.too-large"
ART_OUTSIDE_GAME = "art.outside-game"
ART_EXTERNAL_REFERENCE = "art.external-reference"
ART_SVG_UNAVAILABLE = "art.svg-unavailable"
ART_SIZES_DIFFER = "art.sizes-differ"
ART_LOW_RESOLUTION = "art.low-resolution"
MAP_IMAGE_GRID_OFF_IMAGE = "map.image-grid-off-image"
MAP_IMAGE_SPACE_OFF_IMAGE = "map.image-space-off-image"
MAP_IMAGE_SCALE = "map.image-scale"
MAP_IMAGE_REGISTRATION = "map.image-registration"
DESCRIPTIONS.update(
    {
        ART_MISSING: "An image file the data names does not exist.",
        ART_UNREADABLE: "An image is not a whole PNG, JPEG or SVG (damaged, cut short, another format).",
        ART_TOO_LARGE: "An image is past a limit (bytes, pixels, SVG size or expansion): a bomb.",
        ART_OUTSIDE_GAME: "An image is named by a path that leads outside the game folder.",
        ART_EXTERNAL_REFERENCE: "An SVG refers to something outside itself (a file, a URL, an entity).",
        ART_SVG_UNAVAILABLE: "SVG art cannot be drawn: CairoSVG or the cairo library is not installed.",
        ART_SIZES_DIFFER: "The front and back images of a counter or card are not the same size.",
        ART_LOW_RESOLUTION: "An image has fewer pixels than printing at the chosen size needs (a warning).",
        MAP_IMAGE_GRID_OFF_IMAGE: "A hex of the registered grid has its centre outside the board image.",
        MAP_IMAGE_SPACE_OFF_IMAGE: "A point-to-point space is placed outside the board image.",
        MAP_IMAGE_SCALE: "The board image's resolution disagrees with its hex size or the counters' size.",
        MAP_IMAGE_REGISTRATION: "The board image's grid registration is missing a value the map needs.",
    }
)

# Imported modules: wgc import, boards.json, scenarios' pieces and the kept vassal/ folder
IMPORT_NOT_A_MODULE = "import.not-a-module"
IMPORT_MODULE_FINDING = "import.module-finding"
IMPORT_FILE_SKIPPED = "import.file-skipped"
IMPORT_TOO_LARGE = "import.too-large"
IMPORT_PIXEL_BUDGET = "import.pixel-budget"
BOARDS_UNKNOWN_MAP = "boards.unknown-map"
BOARDS_UNKNOWN_BOARD = "boards.unknown-board"
BOARDS_DUPLICATE = "boards.duplicate"
PIECE_UNKNOWN_LOCATION = "piece.unknown-location"
PIECE_POSITION_ELSEWHERE = "piece.position-elsewhere"
PIECE_UNKNOWN_FACE = "piece.unknown-face"
PIECE_IN_A_DECK = "piece.position-in-a-deck"
VASSAL_EXTENSION = "vassal.extension"
VASSAL_UNKNOWN_REFERENCE = "vassal.unknown-reference"
DESCRIPTIONS.update(
    {
        IMPORT_NOT_A_MODULE: "wgc import found no component tree VASSAL could read: nothing written.",
        IMPORT_MODULE_FINDING: "What wgc inspect finds wrong with the module imported (its code first).",
        IMPORT_FILE_SKIPPED: "A file of the module is not copied into the game (an unsafe name, a limit).",
        IMPORT_PIXEL_BUDGET: "Images past the pixels an import decodes are kept as files, not read as art.",
        IMPORT_TOO_LARGE: "The module holds more than a game folder may (a limit of build): nothing written.",
        BOARDS_UNKNOWN_MAP: "A scenario's piece or layout names a map boards.json does not have.",
        BOARDS_UNKNOWN_BOARD: "A layout names a board its map does not have.",
        BOARDS_DUPLICATE: "Two maps, or two boards of one map, have the same id.",
        PIECE_UNKNOWN_LOCATION: "A scenario's piece stands at a location no board of its map names so.",
        PIECE_POSITION_ELSEWHERE: "A piece's position is named otherwise than its location: it goes there.",
        PIECE_UNKNOWN_FACE: "A piece shows a face its counter does not have.",
        PIECE_IN_A_DECK: "A piece still in a kept deck was given a position: VASSAL keeps it in the deck.",
        VASSAL_EXTENSION: "A file of the game's vassal/ folder cannot be read (see docs/import.md).",
        VASSAL_UNKNOWN_REFERENCE: "The kept module tree names a counter, map, board ... the data lacks.",
    }
)
