"""How much `wgc inspect` reads, so that no archive can make it take all memory or time.

A module is a ZIP that anyone can craft: an entry may claim a small size and inflate to
gigabytes, a central directory may list millions of entries. Each limit below stops the
reading of one entry (or of the whole module) with a finding; docs/diagnostics.md lists them.
The values are far above what real modules hold (the largest public modules tried have a
1 MB buildFile.xml, saves of a few MB and images of tens of MB).
"""

from __future__ import annotations

MiB = 1 << 20
GiB = 1 << 30

MODULE_FILE = 4 * GiB  # the .vmod itself (ZIP without extensions cannot be larger)
CENTRAL_DIRECTORY = 64 * MiB  # the list of entries (about 500,000 entries)
XML_ENTRY = 64 * MiB  # buildFile.xml, moduledata
SAVE_ENTRY = 64 * MiB  # a .vsav inside the module, and the savedGame inside that
HTML_ENTRY = 16 * MiB  # a help page or chart read for the images it shows
IMAGE_ENTRY = 512 * MiB  # an image: checked by streaming it, never held whole
IMAGE_HEADER = 1 * MiB  # what is read of an image to learn its size
TOTAL_READ = 2 * GiB  # everything inflated from one module
COMMAND_WORK = 8  # the command stream's nesting may cost this many times its length

DESCRIPTIONS = {
    "module file": (MODULE_FILE, "the .vmod file"),
    "central directory": (CENTRAL_DIRECTORY, "the ZIP's list of entries"),
    "XML entry": (XML_ENTRY, "buildFile.xml or moduledata, inflated"),
    "saved game": (SAVE_ENTRY, "a predefined setup's .vsav, and its savedGame entry, inflated"),
    "HTML entry": (HTML_ENTRY, "a help page or HTML chart, inflated"),
    "image": (IMAGE_ENTRY, "an image, inflated (streamed to check it, never held whole)"),
    "total": (TOTAL_READ, "everything inflated from one module"),
}


def size_text(count: int) -> str:
    """1073741824 -> '1 GiB' (limits are stated in whole MiB or GiB)."""
    if count >= GiB and count % GiB == 0:
        return f"{count // GiB} GiB"
    if count >= MiB and count % MiB == 0:
        return f"{count // MiB} MiB"
    return f"{count:,} bytes"


def work_bounds() -> list[tuple[str, str, str]]:
    """(what, bound, what happens past it) for the work inspect does over what a module holds:
    expressions, properties reading one another, prototypes, startup commands. Read from the
    constants the code uses, for docs/diagnostics.md."""
    return _xml_bounds() + _evaluation_bounds()


def _xml_bounds() -> list[tuple[str, str, str]]:
    from compiler.vassal.inspection import xml

    return [
        (
            "elements of buildFile.xml or moduledata",
            f"{xml.MAX_ELEMENTS:,}",
            "`xml.too-many-elements` (an error), counted while it is parsed (the parser stops "
            "there): it is not read, and `wgc import` refuses the module. Measured: 16 million "
            "empty elements (64 MiB of XML) took 7 s and 2.1 GB to refuse once parsed, 0.6 s and "
            "150 MB counted while parsed",
        ),
        (
            "entities a document's own DTD declares",
            f"{xml.JDK_ENTITY_EXPANSIONS:,} expansions (Java's limit), {size_text(xml.EXPANDED_CHARACTERS)} "
            "of text once expanded; internal ones only",
            "`xml.entities` (an error): an external entity, a loop or more is refused; within these "
            "they are expanded, as VASSAL expands them",
        ),
        (
            "attributes of one element",
            f"{xml.JDK_ATTRIBUTE_LIMIT:,}",
            "Java's limit: VASSAL cannot load it (an error)",
        ),
    ]


def _evaluation_bounds() -> list[tuple[str, str, str]]:
    from compiler.vassal.inspection import beanshell, keys, properties, startup

    return [
        ("tokens of one expression", f"{beanshell.MAX_TOKENS:,}", "the expression is not judged"),
        ("characters of one string an expression builds", f"{beanshell.MAX_STRING:,}", "not judged"),
        (
            "characters built by all the module's expressions",
            f"{beanshell.MAX_TEXT_WORK:,}",
            "the rest are not judged",
        ),
        (
            "nesting of one expression",
            f"{beanshell.MAX_NESTING} levels, {beanshell.MAX_HEIGHT} nodes high",
            "not judged",
        ),
        (
            "Calculated Properties reading one another",
            f"{properties.MAX_CALCULATION_DEPTH} deep",
            "not judged",
        ),
        (
            "expressions evaluated inside one another",
            f"{properties.MAX_EVALUATION_HEIGHT} nodes high",
            "not judged",
        ),
        (
            "properties computed for one piece",
            f"{properties.MAX_EVALUATION_WORK:,}",
            "not judged (each is kept once computed)",
        ),
        (
            "traits of a piece with its prototypes",
            f"{properties.MAX_EXPANDED_TRAITS:,}",
            "`piece.too-large` (warning)",
        ),
        (
            "prototypes inside one another",
            f"{properties.MAX_PROTOTYPE_DEPTH} deep",
            "the deeper ones are not expanded",
        ),
        ("Trigger Actions firing one another", f"{keys.MAX_KEY_DEPTH} deep", "the piece is not run"),
        ("keys followed in one start", f"{keys.MAX_KEYS_SENT:,}", "the remaining pieces are not run"),
        ("markers placed in one start", f"{startup.MAX_MARKERS:,}", "no more are placed (reported)"),
    ]
