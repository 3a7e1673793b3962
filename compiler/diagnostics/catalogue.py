"""Print docs/diagnostics.md from the code registry: `python -m compiler.diagnostics.catalogue`.

The limits are read from the constants the code uses, so the page cannot
promise another number than the one enforced.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics.codes import DESCRIPTIONS

HEADER = """# Diagnostic codes

Every diagnostic has a stable code. Errors stop a build; warnings are counted and
shown. This page is generated from `compiler/diagnostics/codes.py`
(`python -m compiler.diagnostics.catalogue > docs/diagnostics.md`).

| code | meaning |
| --- | --- |
"""

LIMITS_HEADER = """
## Limits

Each limit bounds the time or memory that what a user feeds in can cost;
what lies past a limit is reported, not processed.

| limit | value | past it |
| --- | --- | --- |
"""


MB = 1024 * 1024


def limits() -> list[tuple[str, str, str]]:
    """(what, value, what happens past it) for every limit, from the constants in force."""
    from compiler.diagnostics.hints import MAX_HINT_LENGTH
    from compiler.diagnostics.repeats import MAX_PER_CODE
    from compiler.diagnostics.text import MAX_MESSAGE_CHARACTERS, SHOWN_CHARACTERS
    from compiler.loading import json_source
    from compiler.replay.runner import MAX_PHASES_PER_STEP
    from compiler.schema.validation import longest_string

    return [
        *_file_limits(),
        ("nesting of JSON", f"{json_source.MAX_DEPTH} levels", "`json.too-deep`"),
        ("digits of an integer", str(json_source.MAX_NUMBER_DIGITS), "`json.number-too-large`"),
        ("characters of a number", str(json_source.MAX_NUMBER_CHARACTERS), "`json.number-too-large`"),
        (
            "items of a list, properties of an object",
            "the schema's `maxItems` / `maxProperties`",
            "one `schema.size` with the count; what lies past the limit is not checked",
        ),
        (
            "characters of a string or key",
            f"the schema's `maxLength` (at most {longest_string()})",
            f"`schema.size`; other rules are checked on its first {longest_string() + 1} characters",
        ),
        (
            "diagnostics of one code in one file",
            str(MAX_PER_CODE),
            "one `limit.more-diagnostics` counts the rest (`provenance.reconstructed` is counted, not cut)",
        ),
        (
            "a value quoted in a message",
            f"{SHOWN_CHARACTERS} characters",
            f"its first {SHOWN_CHARACTERS} characters, then '… (N characters)'",
        ),
        ("a message or hint", f"{MAX_MESSAGE_CHARACTERS} characters", "shortened the same way"),
        ("a word a typo hint is sought for", f"{MAX_HINT_LENGTH} characters", "no 'did you mean' hint"),
        ("phases one replay step may advance", str(MAX_PHASES_PER_STEP), "`replay.bad-step`"),
        *_art_limits(),
        *_output_limits(),
    ]


def _file_limits() -> list[tuple[str, str, str]]:
    """What a game folder's files may be: their size, kind, where they lead and how many."""
    from compiler.loading import limits

    megabytes = limits.JSON_FILE_BYTES // (1024 * 1024)
    return [
        (
            "size of a source file",
            f"{megabytes} MB",
            f"`file.too-large`; at most {megabytes} MB and one byte is read",
        ),
        (
            "kind of file",
            "regular files only",
            "a device, FIFO or socket is `file.not-a-file` and never read",
        ),
        (
            "where a file of a game folder may lead",
            "inside the game folder, every link followed (a link that stays inside is followed)",
            "`file.outside-game` (`art.outside-game` for an image, `vassal.extension` in vassal/): "
            "a link to a file or folder elsewhere, or a name with '..', is never read. Every file "
            "validate and build read passes here (compiler/loading/folder.py)",
        ),
        (
            "JSON files in scenarios/, replays/ or the game folder",
            str(limits.JSON_FILES_PER_FOLDER),
            "`file.too-large` (`file.unknown` for the game folder); the listing stops there",
        ),
        (
            "all files of one game together",
            f"{limits.GAME_JSON_CHARACTERS // (1024 * 1024)} MB",
            "`file.too-large` for each file not read once the game holds more",
        ),
    ]


def _kept_limits() -> list[tuple[str, str, str]]:
    """What an imported game's vassal/ folder may hold (compiler/loading/limits.py, read by
    vassal/extension/reading.py); `wgc import` applies each of these, and the JSON limits above,
    before it writes a folder, and reads a module within `wgc inspect`'s limits (listed with its
    findings)."""
    from compiler.loading import limits

    mib = 1 << 20
    refused = "; `wgc import` refuses a module past it first (`import.too-large`)"
    return [
        (
            "vassal/module.xml, vassal/moduledata.xml",
            f"{limits.TEMPLATE_BYTES // mib} MB",
            "`vassal.extension`" + refused,
        ),
        (
            "vassal/pieces.json, each vassal/setups/*.json",
            f"{limits.KEPT_JSON_BYTES // mib} MB",
            "`vassal.extension`; the game's module is not built" + refused,
        ),
        (
            "setups in vassal/setups/",
            str(limits.MAX_SETUPS),
            "`vassal.extension`; `wgc import` keeps a module's setups past it as the module's own "
            "saved games (its scenarios/ holds as many files)",
        ),
        (
            "files an imported game's module holds (images/, files/, vassal/files/)",
            f"{limits.MAX_FILES:,} files, each {limits.MAX_FILE_BYTES // mib} MB, "
            f"{limits.MAX_TOTAL_BYTES >> 30} GB in all",
            "`vassal.extension`; a link among them is followed only where it stays inside the game "
            "folder (`file.outside-game` otherwise); `wgc import` refuses a module of more files "
            "from its list of entries, before it copies any",
        ),
    ]


def _art_limits() -> list[tuple[str, str, str]]:
    """What an image a game names may be (compiler/art/limits.py)."""
    from compiler.art import limits as art

    return [
        *(
            (what, value, f"{kind}: past it `art.too-large`, and the image is not decoded")
            for what, (value, kind) in art.DESCRIPTIONS.items()
        ),
        (
            "pixels `wgc import` decodes from one module",
            f"{art.IMPORT_PIXELS:,} (five maps at the image pixel limit)",
            "each image's size is read from its header first; the images past the budget are kept "
            "as the module's files, not read as art (one `import.pixel-budget` warning). Measured: "
            "ten blank 79 M-pixel PNGs (a 0.9 MB module) took 27 s to import before the budget",
        ),
    ]


def _output_limits() -> list[tuple[str, str, str]]:
    """What the back ends hold in memory and on disk, whatever the size of the game."""
    from compiler.cache.store import ENTRY_LIMIT
    from compiler.output.printables import IN_FLIGHT_BYTES
    from compiler.render.sheets import FACES_KEPT_BYTES

    return [
        (
            "pages `wgc sheets` holds",
            f"the page being drawn, {IN_FLIGHT_BYTES // MB} MB of pages being encoded, "
            f"{FACES_KEPT_BYTES // MB} MB of recent faces",
            "a page larger than that is finished before the next is drawn; whatever the number of "
            "counters, memory holds about two pages (RGB pages take 4 bytes a pixel: 34 MB for letter "
            "at 300 dpi, 1.1 GB for tabloid at 1200 dpi). Measured: 20,042 counters at 300 dpi, "
            "147 MB peak; Lawrence at 1200 dpi on tabloid, 1.2 GB",
        ),
        (
            "the drawings cache (OUT/.cache)",
            "one build's drawings per game and target, inside OUT",
            "entries a build did not use are removed after it; an entry that is damaged, foreign, "
            f"not a regular file or over {ENTRY_LIMIT // MB} MB is ignored and drawn again; a cache "
            "folder whose real path leads out of OUT (a link) is not used, and a game's output folder "
            "that does is refused: nothing outside OUT is written or removed",
        ),
        *_map_limits(),
        *_trust_limits(),
        *_kept_limits(),
    ]


def _length_bounds(unit: str) -> tuple[str, str]:
    """The sheet's side and the hex size allowed in ``unit``, as map.schema.json states them."""
    import json
    from importlib import resources

    schema: Any = json.loads(resources.files("compiler.schemas").joinpath("map.schema.json").read_text())

    def bounds(node: Any, field: str) -> str:
        part = next(p for p in node["allOf"] if p["if"]["properties"]["unit"]["const"] == unit)
        found = part["then"]["properties"][field]
        return f"{found['minimum']:g} to {found['maximum']:g} {unit}"

    sheet = bounds(schema["properties"]["size"], "width")
    return sheet, bounds(schema["$defs"]["grid"]["properties"]["hex_size"], "value")


def _map_limits() -> list[tuple[str, str, str]]:
    """How large a map may be: the lengths map.json may hold, and the pixels a board may take."""
    from compiler.checks.geometry import MAX_MAP_INCHES
    from compiler.presentation import limits

    (sheet_in, hex_in), (sheet_mm, hex_mm) = _length_bounds("in"), _length_bounds("mm")
    return [
        (
            "lengths in map.json",
            f"a sheet's side {sheet_in} ({sheet_mm}); a hex {hex_in} ({hex_mm}) across its flats; "
            f"a hex grid at most {MAX_MAP_INCHES:g} in a side; a space on its sheet",
            "`schema.range` (with what the length means), `map.too-large`, `map.space-off-sheet`",
        ),
        (
            "a map's area",
            f"{limits.MAX_MAP_SQUARE_INCHES:,.0f} in² ({limits.MAX_PLAY_AREA_PIXELS / 1e6:.0f} M pixels "
            f"at {limits.PLANNED_DPI} dpi: {limits.MAX_MAP_SQUARE_INCHES**0.5:.0f} x "
            f"{limits.MAX_MAP_SQUARE_INCHES**0.5:.0f} in, or 44 x 80 in)",
            "`map.too-large` when validated. A map at the limit builds: bench/large_map.py measured "
            "a 59.6 x 59.6 in Lawrence (80 M pixels at the module's 150 dpi) at 9.2 s and 443 MB "
            "for `wgc build`, 12.7 s and 540 MB for `wgc map` (its PDFs' ground at 165 ppi, "
            "`map.print-resolution`); Napoleon at Waterloo with 4 in hexes at 3.3 s and 232 MB, "
            "and 9.9 s and 519 MB",
        ),
        (
            "a board as drawn",
            f"{limits.MAX_BOARD_PIXELS / 1e6:.0f} M pixels at the resolution drawn (the module's "
            f"{limits.MODULE_DPI} dpi, {limits.MODULE_CARD_DPI} for a card game; `wgc map --dpi`), "
            "furniture included",
            "`map.too-large` before anything is drawn, naming the dpi that fits. The map's PDFs "
            "draw its ground at 300 ppi, or where that would pass the limit at the finest "
            "resolution inside it (`map.print-resolution`, a warning)",
        ),
    ]


def _trust_limits() -> list[tuple[str, str, str]]:
    """What wgc believes of what others may have written, and how long it waits for a server."""
    from compiler.simulate import cluster

    return [
        (
            "the replay cache (`$WGC_CACHE_DIR`, `$XDG_CACHE_HOME/wgc`, `~/.cache/wgc`)",
            "believed only from a regular file (not a link) that, with its folder, belongs to the "
            "user running wgc and that nobody else may write (no group or other write bit: ssh's "
            "rule for keys); the folder is made 0700",
            "a cache another user owns or could write (a shared folder, a CI cache restored from "
            "elsewhere) is read as empty and never written: every replay is played",
        ),
        (
            "a Dask scheduler's greeting (`wgc simulate --scheduler`)",
            f"{cluster.CONNECT_SECONDS:g} s and {cluster.GREETING_LIMIT // 1024} KiB, Dask's framing",
            "an error naming the address, before any game is played; an address that is none "
            "(no scheme Dask knows, no port) is a usage error (exit 2)",
        ),
    ]


def markdown() -> str:
    rows = "".join(f"| `{code}` | {text} |\n" for code, text in sorted(DESCRIPTIONS.items()))
    limit_rows = "".join(f"| {what} | {value} | {past} |\n" for what, value, past in limits())
    return HEADER + rows + LIMITS_HEADER + limit_rows + inspect_markdown()


def inspect_markdown() -> str:
    """`wgc inspect` findings (compiler/vassal/inspection/findings.py) and the limits it reads within."""
    from compiler.vassal.inspection import limits
    from compiler.vassal.inspection.findings import CODES

    rows = "".join(f"| `{code}` | {level} | {text} |\n" for code, (level, text) in sorted(CODES.items()))
    bounds = "".join(
        f"| {what} | {limits.size_text(n)} | {text} |\n" for what, (n, text) in limits.DESCRIPTIONS.items()
    )
    work = "".join(f"| {what} | {bound} | {past} |\n" for what, bound, past in limits.work_bounds())
    return (
        INSPECT_HEADER
        + rows
        + INSPECT_LIMITS_HEADER
        + bounds
        + INSPECT_LIMITS_FOOTER
        + INSPECT_WORK_HEADER
        + work
    )


INSPECT_HEADER = """
## `wgc inspect` findings

`wgc inspect FILE.vmod` checks any module the way VASSAL 3.7 loads it. An error is what VASSAL
itself reports when it loads the module, starts a setup, draws a piece or reads a property, or
what breaks play; a warning is a fault VASSAL passes over in silence; info is something VASSAL
does that inspect does not follow or that changes nothing in play (what startup commands do
that it does not emulate, slots VASSAL rewrites on save). Only errors fail (exit 1), so a module
VASSAL loads quietly passes. Past 20 findings of one code, the rest are counted (`findingCounts`
in `--format json`).

Calculated Properties are evaluated for the pieces of every setup inspect starts, over what it
knows of each piece (its Marker and Dynamic Property values, other Calculated Properties, its
map, position and location name, with prototypes expanded as in play), in a subset of BeanShell
with Java's semantics (String methods, int arithmetic, comparisons, `?:`); an expression using
anything else (VASSAL's functions, global properties, floats) is not judged; comparisons of mixed
types follow VASSAL's BeanShell (an int against `""` compares with 0, other mixes as strings), and
an integer literal is read as BeanShell's parser reads it (one it refuses, such as a number of 12
or 5,000 digits, fails the whole expression; 4294967296 wraps to 0). Each property is computed
once per piece, however many properties read it.

Startup global key commands run when inspect starts a setup, as VASSAL runs them for a new game
and for every predefined setup, in module order. A command whose target inspect can decide (a
named map, a fast-match property with a plain value, a `{...}` properties filter) sends its key
to each piece it selects, and the key goes through the piece's traits in VASSAL's order (outer
traits first; a Trigger Action passes it inwards before it tests its condition, then sends its
actions to the outermost trait again). Dynamic Properties set to a value on the key change; a
Trigger Action fires when its `{...}` condition is true; a Place Marker whose marker is defined
in the trait puts it where `PlaceMarker.placeMarker` first puts it (joined to the piece's stack,
or at the offsets; a point the map would snap to a grid is not worked out), and the marker is
named like any other piece. A property a piece lacks but other pieces of the module declare
reads `""` (unless the module has a global property of that name). A piece whose key runs into
what is not emulated (a condition or value inspect cannot evaluate, a looping Trigger Action, a
trait that moves, replaces or removes the piece itself, a marker from a palette slot) places
nothing, and a command whose target cannot be decided (zones, regions, decks, expressions) is
not run: inspect then follows its keys through Trigger Actions and piece Global Key Commands to
the traits that would change the board (Place Marker, Replace, Clone, Delete, Send To Location,
Return To Deck, Move Fixed Distance). Whatever is left out, including keys sent on to other
pieces or to the new markers (their afterburner keys), is reported (`setup.startup-commands`,
info), since VASSAL's pieces and locations may then differ. A condition that throws is reported
and does not hold. Re-encoding is judged by writing each slot back as VASSAL 3.7.26's
`myGetType` and `myGetState` would, with the slot's gpid, and comparing the strings; a named
command takes the code VASSAL gives its name as it loads the module (the names numbered from
0xE000 in the order VASSAL meets them: `compiler/vassal/namedkeys.py`). Not judged are a Text
Label's font family outside Java's logical ones and a Layer following a property that inspect
cannot work out in the palette; a named command whose name holds a separator (`,;:|/`, TAB or
a backslash) is read up to it.

| code | severity | meaning |
| --- | --- | --- |
"""

INSPECT_LIMITS_HEADER = """
### Limits of `wgc inspect`

A module is a ZIP anyone can craft. Only a regular file is opened (a device or FIFO is refused
without being read); the list of entries is checked before it is parsed; every entry is
inflated only up to its limit, images are streamed rather than held, and reading stops when
the whole module has inflated past its total. Going past a limit is an `archive.too-large`
error (a `module.unreadable` one for the first two).

| what | limit | applies to |
| --- | --- | --- |
"""

INSPECT_LIMITS_FOOTER = """
Peak memory therefore stays near the largest entry read whole (a saved game or buildFile.xml:
at most 64 MiB inflated, a few times that once parsed), whatever the archive claims or holds.
Measured near the limits: a 60 MB buildFile.xml with 443,000 slots takes 14 s and 440 MB; a
saved game of 26 MB with 454,000 pieces 12 s and 316 MB; a 3.7 MB module whose saved game
inflates to 3 GB 0.4 s and 26 MB. Real modules are far smaller (1 MB of buildFile.xml, saves
of a few MB: about a second).
"""

INSPECT_WORK_HEADER = """
The work done over what a module holds is bounded too, so that no expression or prototype graph
takes minutes or gigabytes (`bench/inspect_hostile.py` measures the hostile ones):

| what | bound | past it |
| --- | --- | --- |
"""


if __name__ == "__main__":
    print(markdown(), end="")
