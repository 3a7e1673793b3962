"""buildFile.xml as XML: a parser that refuses entity tricks, and readable element paths."""

from __future__ import annotations

from lxml import etree


def parse(data: bytes) -> etree._Element:
    """Raises etree.XMLSyntaxError. Entities are not expanded (no billion laughs, no XXE)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
    return etree.fromstring(data, parser)


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
