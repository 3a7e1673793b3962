"""The kept component tree (vassal/module.xml), and the count of what in it is data.

By now each converter has taken its data out of the module's tree and marked the element with a
`wgc:` reference; what is left is kept verbatim. Every component counts once for the share of
data: a component the data fills (a map, a board and its grid, a die, a slot ...) as data, any
other as kept, listed by its class. BeanShell expressions and components of the module's own
classes are counted apart, since docs/import.md promises them kept.
"""

from __future__ import annotations

from lxml import etree

from compiler.importer.tally import Tally
from compiler.vassal.extension.format import NAMESPACE, PREFIX
from compiler.vassal.extension.tree import BOARD_TAG, DATA_ATTRIBUTES
from compiler.vassal.inspection.components import vassal_classes
from compiler.vassal.inspection.xml import short_tag


def count_components(root: etree._Element, tally: Tally) -> None:
    known = vassal_classes()
    for element in root.iter(etree.Element):
        if _is_data(element):
            tally.item(True)
            continue
        tally.item(False)
        if element.tag in known or "." not in str(element.tag):
            tally.kept(f"components: {short_tag(element.tag)}")
        else:
            tally.kept("components of the module's own classes")
        tally.kept(
            "BeanShell expressions", sum(1 for value in element.attrib.values() if _expression(str(value)))
        )


def _is_data(element: etree._Element) -> bool:
    if any(str(name).startswith(f"{{{NAMESPACE}}}") for name in element.attrib):
        return True
    if element.tag in DATA_ATTRIBUTES:  # a grid's part, inside a board the data holds
        return any(parent.tag == BOARD_TAG and _has_reference(parent) for parent in element.iterancestors())
    return False


def _has_reference(element: etree._Element) -> bool:
    return any(str(name).startswith(f"{{{NAMESPACE}}}") for name in element.attrib)


def _expression(value: str) -> bool:
    text = value.strip()
    return len(text) > 1 and text.startswith("{") and text.endswith("}")


def template_bytes(root: etree._Element) -> bytes:
    """The tree as vassal/module.xml: the `wgc` namespace declared once, on the root."""
    etree.cleanup_namespaces(root, top_nsmap={PREFIX: NAMESPACE})
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False)
    return data + b"\n"
