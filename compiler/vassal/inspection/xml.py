"""buildFile.xml as XML: a parser that refuses entity tricks, and readable element paths."""

from __future__ import annotations

from lxml import etree


def parse(data: bytes) -> etree._Element:
    """Raises etree.XMLSyntaxError. Entities are not expanded (no billion laughs, no XXE)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
    return etree.fromstring(data, parser)


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
