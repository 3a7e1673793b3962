"""What VASSAL writes when it saves a module again, without VASSAL.

tests/fixtures/vassal/resave/ holds, for each game of source_data, a build file our writers
made before they numbered named commands as VASSAL does (main at 6d1363f), what VASSAL 3.7.26
wrote when it saved that module again, and the codes it gave the named commands
(bench/vassal_resave.py recorded them); and cadre (tests/fixtures/classic/cadre, units of three
steps on a Face layer of every face, built with the named commands numbered), which VASSAL
wrote back unchanged. The inspect re-encoder must write every slot as VASSAL did, and number
the named commands as VASSAL did; test_vassal.py holds today's modules to the re-encoder (every
slot comes back unchanged).
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from compiler.pipeline import validate_game
from compiler.vassal.inspection.reencode import rewrite
from compiler.vassal.inspection.xml import parse
from compiler.vassal.module import build_module
from compiler.vassal.namedkeys import NAMED_FIRST, meeting_order, named_key_codes, number_named_keys, renumber
from compiler.vassal.pieces import (
    add_piece,
    basic_piece,
    calculated_expression,
    calculated_property,
    named_key,
    report,
)

from .conftest import GAMES

FIXTURES = Path(__file__).parent / "fixtures" / "vassal" / "resave"
CLASSIC = Path(__file__).parent / "fixtures" / "classic"
SLOT_TAGS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
RECORDED = sorted(path.name.removesuffix(".ours.xml.gz") for path in FIXTURES.glob("*.ours.xml.gz"))


def recorded(game: str) -> tuple[etree._Element, etree._Element]:
    """(our build file, VASSAL's re-save of it)."""
    ours = gzip.decompress((FIXTURES / f"{game}.ours.xml.gz").read_bytes())
    theirs = gzip.decompress((FIXTURES / f"{game}.vassal.xml.gz").read_bytes())
    return parse(ours), parse(theirs)


def slots(root: etree._Element) -> list[etree._Element]:
    return list(root.iter(*SLOT_TAGS))


def vassal_codes(game: str) -> dict[str, int]:
    """The code VASSAL gave each named command as it loaded the recorded module."""
    codes: dict[str, int] = json.loads((FIXTURES / f"{game}.namedkeys.json").read_text(encoding="utf-8"))
    return codes


def test_every_game_has_its_resave_recorded() -> None:
    assert sorted(set(RECORDED) - {"cadre"}) == GAMES and "cadre" in RECORDED


@pytest.mark.parametrize("game", RECORDED)
def test_named_commands_are_numbered_as_vassal_numbers_them(game: str) -> None:
    ours, theirs = recorded(game)
    codes = named_key_codes(ours)
    assert codes == vassal_codes(game)
    # and the slots VASSAL wrote again hold those codes
    for slot in slots(theirs):
        for code, name in re.findall(
            r"(5[7-9][0-9]{3}|6[0-3][0-9]{3})\\*,0\\*,([A-Za-z0-9_]+)", slot.text or ""
        ):
            assert codes[name] == int(code), (slot.get("entryName"), name)


@pytest.mark.parametrize("game", RECORDED)
def test_the_reencoder_writes_every_slot_as_vassal_did(game: str) -> None:
    ours, theirs = recorded(game)
    codes = named_key_codes(ours)
    mine, saved = slots(ours), slots(theirs)
    assert len(mine) == len(saved) > 0
    wrong = []
    for slot, written in zip(mine, saved, strict=True):
        verdict = rewrite((slot.text or "").strip(), slot.get("gpid", ""), None, codes)
        if verdict.text != (written.text or "").strip():
            wrong.append(slot.get("entryName"))
    assert wrong == []


def test_cadre_is_recorded_as_it_is_built_today() -> None:
    """VASSAL wrote cadre's slots back unchanged; those slots are still the ones we build (the
    rest of the build file, its charts say, may grow)."""
    definition = validate_game(CLASSIC / "cadre", run_replays=False).valid
    assert definition is not None
    built = parse(
        zipfile.ZipFile(io.BytesIO(build_module(definition, fork_board=False))).read("buildFile.xml")
    )
    ours, theirs = recorded("cadre")
    assert [s.text for s in slots(built)] == [s.text for s in slots(ours)] == [s.text for s in slots(theirs)]
    assert named_key_codes(built) == vassal_codes("cadre")


@pytest.mark.parametrize("game", sorted(p.name for p in CLASSIC.iterdir() if (p / "game.json").exists()))
def test_the_classic_fixtures_modules_come_back_unchanged(game: str) -> None:
    """The classic system's test games (odds, differential and 2d6 CRTs, dice pools, units of
    three steps): every slot judged, and written back as it is (test_vassal.py holds the seed
    games the same way)."""
    definition = validate_game(CLASSIC / game, run_replays=False).valid
    assert definition is not None
    root = parse(
        zipfile.ZipFile(io.BytesIO(build_module(definition, fork_board=False))).read("buildFile.xml")
    )
    codes = named_key_codes(root)
    changed = [
        (slot.get("entryName"), verdict.differs if verdict.judged else "not judged")
        for slot in slots(root)
        for verdict in [rewrite((slot.text or "").strip(), slot.get("gpid", ""), None, codes)]
        if not verdict.judged or verdict.differs is not None
    ]
    assert slots(root) and changed == []


def test_the_recorded_modules_hold_what_vassal_rewrites() -> None:
    """The fixtures are worth holding the re-encoder to: VASSAL rewrote most of their slots
    (named commands' codes, integers in braces)."""
    rewritten = 0
    for game in RECORDED:
        ours, theirs = recorded(game)
        rewritten += sum(
            (a.text or "") != (b.text or "") for a, b in zip(slots(ours), slots(theirs), strict=True)
        )
    assert rewritten > 200


def test_names_are_met_in_document_order_attributes_sorted_and_pieces_from_the_inside() -> None:
    outer = add_piece("null", [report([named_key("outer")], "x"), basic_piece("", "U")])
    nested = add_piece(
        "null", [report([named_key("fourth")], "x"), report([named_key("third")], "x"), basic_piece("", "U")]
    )
    root = etree.Element("m", b=named_key("second"), a=named_key("first"))
    etree.SubElement(root, "slot").text = outer
    etree.SubElement(root, "slot").text = nested
    assert meeting_order(root) == ["first", "second", "outer", "third", "fourth"]
    codes = number_named_keys(root)
    assert codes["first"] == NAMED_FIRST and codes["fourth"] == NAMED_FIRST + 4
    assert root.get("b") == f"{NAMED_FIRST + 1},0,second"
    assert f"{NAMED_FIRST + 3}\\,0\\,third" in (root[1].text or "")


def test_renumbering_writes_vassals_code_and_no_modifiers() -> None:
    codes = {"Fire": 57350}
    assert renumber("57344,130,Fire;57344\\\\,0\\\\,Fire", codes) == "57350,0,Fire;57350\\\\,0\\\\,Fire"
    assert renumber("70,130", codes) == "70,130"  # a real key
    assert renumber("57344,0,Other", codes) == "57344,0,Other"  # a name VASSAL has not met


@pytest.mark.parametrize(
    ("expression", "written"),
    [
        ("{0}", "0"),  # an IntExpression: the braces come off
        ("{-12}", "-12"),
        ("{007}", "7"),
        ("{ 0 }", "{ 0 }"),  # Integer.parseInt refuses the spaces: BeanShell, as written
        ("{Stage<1}", "{Stage<1}"),
        ("Stage+1", "{Stage+1}"),  # a bare expression gets its braces
        ("Stage", "Stage"),  # a bare name is a SinglePropertyExpression
        ("$Stage$", "Stage"),
        ("{}", ""),
        ("$", None),  # VASSAL throws
    ],
)
def test_calculated_expressions_are_written_as_vassal_writes_them_back(
    expression: str, written: str | None
) -> None:
    assert calculated_expression(expression) == written


def test_the_writers_write_calculated_integers_without_braces() -> None:
    assert calculated_property("Shift", "{0}").type == "calcProp;Shift;0;"
    with pytest.raises(ValueError, match="cannot read"):
        calculated_property("Broken", "$")


def test_a_named_command_has_a_plain_name() -> None:
    assert named_key("wgcJoin") == "57344,0,wgcJoin"
    with pytest.raises(ValueError, match="letters, digits"):
        named_key("two words")
