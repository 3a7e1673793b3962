"""Print docs/diagnostics.md from the code registry: `python -m compiler.diagnostics.catalogue`.

The limits are read from the constants the code uses, so the page cannot
promise another number than the one enforced.
"""

from __future__ import annotations

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


def limits() -> list[tuple[str, str, str]]:
    """(what, value, what happens past it) for every limit, from the constants in force."""
    from compiler.diagnostics.hints import MAX_HINT_LENGTH
    from compiler.diagnostics.repeats import MAX_PER_CODE
    from compiler.diagnostics.text import MAX_MESSAGE_CHARACTERS, SHOWN_CHARACTERS
    from compiler.loading import game_folder, json_source
    from compiler.replay.runner import MAX_PHASES_PER_STEP
    from compiler.schema.validation import longest_string

    megabytes = json_source.MAX_FILE_BYTES // (1024 * 1024)
    return [
        (
            "size of a source file",
            f"{megabytes} MB",
            f"`file.too-large`; at most {megabytes} MB and one byte is read",
        ),
        (
            "kind of file",
            "regular files only",
            "a device, FIFO or socket (or a link to one) is `file.not-a-file` and never read",
        ),
        (
            "JSON files in scenarios/, replays/ or the game folder",
            str(game_folder.MAX_FILES_PER_FOLDER),
            "`file.too-large` (`file.unknown` for the game folder); the listing stops there",
        ),
        (
            "all files of one game together",
            f"{game_folder.MAX_GAME_BYTES // (1024 * 1024)} MB",
            "`file.too-large` for each file not read once the game holds more",
        ),
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
    ]


def markdown() -> str:
    rows = "".join(f"| `{code}` | {text} |\n" for code, text in sorted(DESCRIPTIONS.items()))
    limit_rows = "".join(f"| {what} | {value} | {past} |\n" for what, value, past in limits())
    return HEADER + rows + LIMITS_HEADER + limit_rows


if __name__ == "__main__":
    print(markdown(), end="")
