"""Battle for Moscow's map as checked hex by hex against the original art (issue 30 item 9).

The art is the GIF package map, key M in the game's SOURCES.md: github.com/tscheffel/battleformoscow
`img/mapfull.png` (the stitched `img/mapwest.gif` + `img/mapeast.gif`), at commit
1d585f9288aa8b9009b10185df4a1ffb00b88ecd. `bench/bfm_map_art.py` measures that art and prints where
the data and the art differ; the lists below are what it and a look at the art found. They are pinned
here so that an edit of map.json cannot drift from the art without this test saying which hex moved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

MAP = Path(__file__).resolve().parents[1] / "source_data" / "battle-for-moscow" / "map.json"
ART = "M img/mapfull.png"

# The three tinted bands the art labels: the lilac Vyazma Defense Line (column 05), the stippled
# Mozhaisk Defense Line (column 08) and the stippled Moscow Defense Line (columns 10-12). The
# Mozhaisk, Kaluga and Tula city squares stand inside the stipple, so those cities are fortified.
FORTIFICATIONS = {
    "Vyazma": ["0501", "0502", "0503", "0504", "0505", "0506", "0507"],
    "Mozhaisk": ["0801", "0802", "0803", "0804", "0805"],
    "Moscow": ["1001", "1002", "1003", "1004", "1102", "1104", "1105", "1106", "1107", "1203"],
}
FORESTS = [
    "0201", "0202", "0207", "0208", "0301", "0308", "0401", "0405", "0408", "0409", "0510", "0604",
    "0701", "0702", "0703", "0704", "0708", "0806", "0901", "0902", "0905", "0906", "1201", "1303",
    "1404",
]  # fmt: skip
# Printed names; 0307's square has none on M (its name is reconstructed from the redrawn map P).
CITIES = {
    "0204": "Smolensk", "0307": None, "0509": "Bryansk", "0601": "Rzhev", "0603": "Vyazma",
    "0803": "Mozhaisk", "0805": "Kaluga", "0809": "Orel", "1103": "MOSCOW", "1107": "Tula",
    "1405": "Ryazan",
}  # fmt: skip
_RIVER_LIST = """
0105/0106 0105/0205 0204/0205 0205/0305 0305/0306 0305/0405 0403/0504 0404/0405 0404/0504 0404/0505
0503/0504 0503/0603 0504/0604 0505/0506 0505/0604 0505/0605 0603/0604 0604/0704 0604/0705 0605/0705
0705/0706 0706/0805 0805/0806 0806/0906 0806/0907 0807/0907 0807/0908 0808/0908 0904/0905 0905/1004
0906/0907 0906/1006 0908/0909 0909/1008 0909/1009 0910/1009 0910/1010 1001/1101 1001/1102 1002/1102
1002/1103 1003/1103 1004/1005 1005/1006 1005/1105 1005/1106 1103/1104 1104/1203 1105/1106 1105/1205
1203/1204 1204/1205 1204/1304 1204/1305 1304/1305 1305/1404 1404/1405
"""
RIVERS = _RIVER_LIST.split()


def _map() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MAP.read_text(encoding="utf-8"))
    return data


def _hexes() -> dict[str, dict[str, Any]]:
    return {h["id"]: h for h in _map()["hexes"]}


def _cites(record: dict[str, Any]) -> list[str]:
    cite = record.get("cite", [])
    return [cite] if isinstance(cite, str) else list(cite)


def test_the_fortification_hexes_are_the_three_tinted_lines_of_the_art() -> None:
    found = sorted(h for h, rec in _hexes().items() if rec.get("terrain") == "fortification")
    assert found == sorted(h for line in FORTIFICATIONS.values() for h in line)


@pytest.mark.parametrize("line", sorted(FORTIFICATIONS))
def test_each_fortification_hex_cites_the_line_the_art_tints_it_with(line: str) -> None:
    hexes = _hexes()
    for h in FORTIFICATIONS[line]:
        assert f"{ART}: in the {line} Defense Line tint" in _cites(hexes[h]), h


def test_mozhaisk_kaluga_and_tula_are_fortified_cities_and_moscow_is_not_a_fortification() -> None:
    hexes = _hexes()
    for h, name in (("0803", "Mozhaisk"), ("0805", "Kaluga"), ("1107", "Tula")):
        assert (hexes[h]["terrain"], hexes[h]["name"], "city" in hexes[h]["features"]) == (
            "fortification",
            name,
            True,
        )
    # Moscow's tint is mixed on M; the hex is clear with the Moscow feature, and says why.
    assert hexes["1103"]["terrain"] == "clear"
    assert hexes["1103"]["provenance"]["terrain"].startswith("reconstructed: ")


def test_the_forest_hexes_are_the_green_patches_of_the_art() -> None:
    hexes = _hexes()
    assert sorted(h for h, rec in hexes.items() if rec.get("terrain") == "forest") == FORESTS
    for h in FORESTS:
        assert f"{ART}: a green forest patch fills the hex" in _cites(hexes[h]), h


def test_the_cities_are_the_squares_of_the_art_with_their_printed_names() -> None:
    hexes = _hexes()
    assert sorted(h for h, rec in hexes.items() if "city" in rec.get("features", [])) == sorted(CITIES)
    for h, printed in CITIES.items():
        expected = (
            f"{ART}: city square, printed name {printed}"
            if printed
            else f"{ART}: city square printed with no name"
        )
        assert expected in _cites(hexes[h]), h
        if printed:
            assert hexes[h].get("label", hexes[h]["name"]) == printed, h
    assert hexes["0307"]["provenance"]["name"].startswith("reconstructed: ")


def test_the_river_hexsides_are_the_wavy_lines_of_the_art() -> None:
    sides = [s for s in _map()["hexsides"] if s["terrain"] == "river"]
    assert sorted("/".join(sorted(s["between"])) for s in sides) == RIVERS
    for side in sides:
        assert f"{ART}: wavy river line drawn along this hexside" in _cites(side), side["between"]


def test_every_hex_not_listed_is_clear() -> None:
    listed = {h for line in FORTIFICATIONS.values() for h in line} | set(FORESTS)
    for h, rec in _hexes().items():
        if h not in listed:
            assert rec.get("terrain", "clear") == "clear", h
