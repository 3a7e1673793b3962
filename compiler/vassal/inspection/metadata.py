"""Whether VASSAL takes an archive for a module, which build file it then opens, and the
VASSAL version it goes by (MetaDataFactory.buildMetaData, ModuleMetaData.read and
GameModule.build of VASSAL 3.7.26).

- An archive with a `savedGame` entry is a saved game; one without `buildFile.xml` or
  `buildFile` is nothing VASSAL opens; one with `extensiondata` is an extension.
- With `moduledata`, the VASSAL version is its VassalVersion element (the running VASSAL's,
  3.7.26, when it has none). Without it, VASSAL reads the first ten lines of the build file
  (`buildFile.xml` if there is one, else `buildFile`) for the module's root element, and
  then takes the version from the `vassalVersion` attribute (lower case: build files write
  `VassalVersion`, so in practice none) of the first module element of `buildFile`; a
  module without `buildFile` keeps the running VASSAL's version.
- The build file it opens is `buildFile` for a version before 3.5, as Maven's
  DefaultArtifactVersion reads the version ("3.0b6", "3.5beta" and "" are all 0.0), and
  `buildFile.xml` otherwise; a module without that entry does not open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from compiler.javatext.numbers import parse_int
from compiler.vassal.inspection import limits
from compiler.vassal.inspection.archive import READ_ERRORS, ModuleArchive
from compiler.vassal.inspection.findings import EntryProblem
from compiler.vassal.inspection.xml import parse

BUILD_FILE, OLD_BUILD_FILE = "buildFile.xml", "buildFile"
MODULE_ELEMENTS = ("VASSAL.launch.BasicModule", "VASSAL.build.GameModule")
EXTENSION_ELEMENT = "VASSAL.build.module.ModuleExtension"
HEAD_LINES = 10  # lines of the build file MetaDataFactory reads for the root element
RUNNING_VERSION = "3.7.26"  # AbstractMetaData's version until something sets it (Info.getVersion)
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Choice:
    """What VASSAL makes of the archive: the build file it opens (None: it does not open it,
    ``refusal`` says why) and the VASSAL version it goes by."""

    build_file: str | None
    vassal_version: str
    refusal: str = ""


def minor_version(version: str) -> tuple[int, int]:
    """VersionUtils.truncateToMinorVersion: (major, minor) as Maven's DefaultArtifactVersion
    parses them; any version it does not read as numbers is 0.0."""
    part = version.split("-", 1)[0]
    if "." not in part and not part.startswith("0"):
        major = parse_int(part)
        return (major, 0) if major is not None else (0, 0)
    tokens = [token for token in part.split(".") if token]  # a StringTokenizer's tokens
    if (
        not tokens
        or (len(tokens) > 3 and tokens[3].isdecimal())  # a number as the qualifier: not read
        or ".." in part
        or part.startswith(".")
        or part.endswith(".")
    ):
        return (0, 0)
    numbers = [_version_number(token) for token in tokens[:3]]
    if any(number is None for number in numbers):
        return (0, 0)
    return (numbers[0] or 0, (numbers[1] or 0) if len(numbers) > 1 else 0)


def _version_number(token: str) -> int | None:
    """getNextIntegerToken: Integer.valueOf, refusing a leading 0."""
    if len(token) > 1 and token.startswith("0"):
        return None
    return parse_int(token)


def is_before_3_5(version: str) -> bool:
    return minor_version(version) < (3, 5)


def choose_build_file(archive: ModuleArchive, moduledata_version: str | None) -> Choice:
    """The build file GameModule.build opens. ``moduledata_version``: moduledata's VassalVersion
    (RUNNING_VERSION when it has none), None when the archive has no moduledata."""
    if archive.has("savedGame"):
        return Choice(None, "", "it is a saved game, not a module")
    found = BUILD_FILE if archive.has(BUILD_FILE) else OLD_BUILD_FILE if archive.has(OLD_BUILD_FILE) else None
    if found is None:
        return Choice(None, "", "it has no buildFile.xml (nor buildFile)")
    if archive.has("extensiondata"):
        return Choice(None, "", "it is an extension (it has extensiondata), not a module")
    version = moduledata_version
    if version is None:
        refusal = _module_element_refusal(archive, found)
        if refusal:
            return Choice(None, "", refusal)
        version = _old_build_file_version(archive)
    wanted = OLD_BUILD_FILE if is_before_3_5(version) else BUILD_FILE
    if not archive.has(wanted):
        written = f"VASSAL {version}" if version else "an unknown VASSAL version"
        return Choice(
            None, version, f"written by {written}, it needs {wanted}, which it lacks{_template_hint(version)}"
        )
    return Choice(wanted, version)


TEMPLATE_PLACEHOLDER = re.compile(r"\$\{[^}]*\}")


def _template_hint(version: str) -> str:
    """A version such as '${vassal.version}' is a build template's placeholder nothing filled
    in (a Maven build of the module substitutes it): say so, since VASSAL reads it as 0.0."""
    found = TEMPLATE_PLACEHOLDER.search(version)
    if found is None:
        return ""
    return (
        f" ({found.group()} looks like the placeholder of a build template that was never filled in:"
        " build the module with its build tool, or write the VASSAL version, e.g. 3.7.0, in moduledata)"
    )


def _module_element_refusal(archive: ModuleArchive, name: str) -> str:
    """Why the build file's first ten lines do not make it a module ('' when they do)."""
    try:
        text = archive.read(name, limits.XML_ENTRY).decode("utf-8", errors="replace")
    except (EntryProblem, *READ_ERRORS):
        return f"its {name} cannot be read"
    lines = LINE_BREAK.split(text)[:HEAD_LINES]
    for line in lines:
        if any(line.find(element) > 0 for element in MODULE_ELEMENTS):
            return ""
        if line.find(EXTENSION_ELEMENT) > 0:
            return f"its {name} is an extension's, not a module's"
    return f"there is no moduledata, and the first {HEAD_LINES} lines of {name} name no module element"


def _old_build_file_version(archive: ModuleArchive) -> str:
    """ModuleMetaData without moduledata: the `vassalVersion` attribute (so spelled) of the
    first module element of `buildFile` ('' without one), never `buildFile.xml`'s; without
    `buildFile`, the running VASSAL's."""
    if not archive.has(OLD_BUILD_FILE):
        return RUNNING_VERSION
    try:
        root = parse(archive.read(OLD_BUILD_FILE, limits.XML_ENTRY))
    except (EntryProblem, etree.XMLSyntaxError, *READ_ERRORS):
        return ""
    element = next(root.iter(*MODULE_ELEMENTS), None)
    return element.get("vassalVersion", "") if element is not None else ""
