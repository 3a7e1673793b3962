"""buildFile.xml as XML: a parser that expands a document's own entities as VASSAL's does, within
Java's limits, and refuses every other entity trick; and readable element paths.

A module's XML may declare entities in its internal DTD (``<!DOCTYPE ... [<!ENTITY isr
"Israeli">]>``, used as ``&isr;``): legal XML that Java's parser, and so VASSAL, expands. They are
expanded here too, so that inspect, import and build read what VASSAL reads. What VASSAL would
not load, or what would read a file or the network, is refused with the reason
(``EntitiesRefused``, an XMLSyntaxError): an external entity (``SYSTEM`` or ``PUBLIC``, general or
parameter: XXE), an entity that refers to itself, more expansions than Java's
``jdk.xml.entityExpansionLimit`` (64,000), or a document that would grow past the limit its
entry is read within (a billion laughs). Both are worked out from the declarations before
anything is expanded, so a refusal costs no more than reading the declarations.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

MAX_ELEMENTS = 250_000  # of a module's tree: real ones hold some tens of thousands
JDK_ENTITY_EXPANSIONS = 64_000  # jdk.xml.entityExpansionLimit: Java's parser stops past it
EXPANDED_CHARACTERS = 64 << 20  # as the XML entry itself (inspection/limits.XML_ENTRY)
_REFERENCE = re.compile(rb"&([A-Za-z_:][-A-Za-z0-9_.:]*);")
_PREDEFINED = frozenset({"lt", "gt", "amp", "apos", "quot"})


class TooManyElements(etree.XMLSyntaxError):
    """A document of more elements than wgc reads (MAX_ELEMENTS): the work over a module's tree
    grows with its elements, and 64 MiB of XML holds some 16 million empty ones."""

    def __init__(self, count: int) -> None:
        message = f"more than {MAX_ELEMENTS:,} elements (it holds at least {count:,})"
        super().__init__(message, 0, 1, 1, None)  # type: ignore[call-arg, arg-type]  # stubs lag lxml


class EntitiesRefused(etree.XMLSyntaxError):
    """A document whose entities VASSAL would not expand, or that wgc does not (the reason)."""

    def __init__(self, reason: str) -> None:
        message = f"entities refused: {reason}"
        super().__init__(message, 0, 1, 1, None)  # type: ignore[call-arg, arg-type]  # stubs lag lxml


def parse(data: bytes) -> etree._Element:
    """Raises etree.XMLSyntaxError (EntitiesRefused for entities that are refused,
    TooManyElements past MAX_ELEMENTS, counted while it is parsed: 64 MiB of empty elements
    would make a tree of 16 million, 7 s and 2 GB, before a count afterwards could stop it).

    libxml2 has guards of its own (against an entity reference loop, and an amplification
    factor that many short references in one text can pass although Java accepts them): what it
    refuses is refused here too, with its reason."""
    try:
        root = _counted_parse(data, resolve=False)
        dtd: Any = root.getroottree().docinfo.internalDTD
        declared = {entity.name: entity for entity in dtd.iterentities()} if dtd is not None else {}
        if declared:
            _check_entities(data, declared)
            root = _counted_parse(data, resolve=True)
    except (EntitiesRefused, TooManyElements):
        raise
    except etree.XMLSyntaxError as exc:
        if b"<!ENTITY" in data and "entit" in str(exc).lower():
            raise _refused(f"the XML parser stops: {exc}") from None
        raise
    return root


_CHUNK = 1 << 18  # bytes fed at a time: at most 65,536 elements past the bound are built


def _counted_parse(data: bytes, resolve: bool) -> etree._Element:
    """The document's root, its elements counted as the parser meets them (TooManyElements
    as soon as the count passes MAX_ELEMENTS)."""
    # lxml takes "internal" (its own definitions only, never a file or URL); its stubs know bools
    entities: Any = "internal" if resolve else False
    parser = etree.XMLPullParser(
        events=("start",), resolve_entities=entities, no_network=True, huge_tree=False, load_dtd=False
    )
    count = 0
    for start in range(0, len(data), _CHUNK):
        parser.feed(data[start : start + _CHUNK])
        count += sum(1 for _ in parser.read_events())
        if count > MAX_ELEMENTS:
            raise TooManyElements(count)
    root: etree._Element = parser.close()
    count += sum(1 for _ in parser.read_events())
    if count > MAX_ELEMENTS:
        raise TooManyElements(count)
    return root


def _check_entities(data: bytes, declared: dict[str, etree._Entity]) -> None:
    """EntitiesRefused unless every entity is internal and the expansion stays in bounds."""
    for name, entity in declared.items():
        if entity.content is None or entity.system_url is not None:
            raise _refused(f"the entity '{name[:60]}' is external (it would read a file or the network)")
    cost: dict[str, tuple[int, int]] = {}  # name -> (characters, expansions) once expanded
    for name in declared:
        _cost(name, declared, cost, ())
    body = data[data.rfind(b"]>") + 2 :] if b"]>" in data else data
    characters, expansions = len(data), 0
    for reference in _REFERENCE.finditer(body):
        name = reference.group(1).decode("ascii", "replace")
        if name in cost:
            size, count = cost[name]
            characters += size
            expansions += count
    if expansions > JDK_ENTITY_EXPANSIONS:
        raise _refused(
            f"its entities expand {expansions:,} times, more than the {JDK_ENTITY_EXPANSIONS:,} "
            "Java's XML parser allows: VASSAL cannot load it"
        )
    if characters > EXPANDED_CHARACTERS:
        raise _refused(
            f"its entities expand it to {characters:,} characters, more than the "
            f"{EXPANDED_CHARACTERS >> 20} MiB an XML entry may hold"
        )


def _cost(
    name: str, declared: dict[str, etree._Entity], cost: dict[str, tuple[int, int]], path: tuple[str, ...]
) -> tuple[int, int]:
    """(characters, expansions) of one reference to ``name``, every entity inside expanded."""
    if name in cost:
        return cost[name]
    if name in path:
        raise _refused(f"the entity '{name[:60]}' refers to itself")
    if len(path) > 100:
        raise _refused("its entities refer to one another more than 100 deep")
    text = (declared[name].content or "").encode("utf-8")
    characters, expansions = len(text), 1
    for reference in _REFERENCE.finditer(text):
        inner = reference.group(1).decode("ascii", "replace")
        if inner in declared and inner not in _PREDEFINED:
            size, count = _cost(inner, declared, cost, (*path, name))
            characters += size
            expansions += count
        if characters > EXPANDED_CHARACTERS or expansions > JDK_ENTITY_EXPANSIONS:
            break  # far enough to refuse; the sum need not be exact past the bounds
    cost[name] = (characters, expansions)
    return cost[name]


def _refused(reason: str) -> EntitiesRefused:
    return EntitiesRefused(reason)


# jdk.xml.elementAttributeLimit: Java's XML parser (and so VASSAL) refuses an element with more.
JDK_ATTRIBUTE_LIMIT = 10_000


def crowded_element(root: etree._Element) -> tuple[etree._Element, int] | None:
    """The first element with more attributes than Java's parser accepts, and how many."""
    for element in root.iter(etree.Element):
        count = len(element.attrib)
        if count > JDK_ATTRIBUTE_LIMIT:
            return element, count
    return None


def attributes(element: etree._Element) -> list[tuple[str, str]]:
    """(name, value) of every attribute, in document order, in time linear in their number.
    lxml's attrib.items() looks each value up by name again, which is quadratic: an element
    of 200,000 attributes would take minutes. An XPath over them reads each node once."""
    found = element.xpath("@*")
    if not isinstance(found, list):
        return []
    return [(str(getattr(value, "attrname", "")), str(value)) for value in found]


def short_tag(tag: object) -> str:
    return str(tag).rsplit(".", 1)[-1]


def element_path(element: etree._Element) -> str:
    """'/GameModule[name]/Map[Main Map]/...', as the harness names components."""
    parts = []
    current: etree._Element | None = element
    while current is not None:
        label = current.get("name") or current.get("mapName") or current.get("entryName") or ""
        parts.append(short_tag(current.tag) + (f"[{label}]" if label else ""))
        current = current.getparent()
    return "/" + "/".join(reversed(parts))
