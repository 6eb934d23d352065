"""The generated tile artwork: well-formed, self-contained, CSP-safe SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from calculator.page.tile_art import sprite, tile_svg, write_all
from calculator.words.tile_names import TILE_CODES, TILE_NAMES_ZH

SVG = "{http://www.w3.org/2000/svg}"


def test_codes_and_names() -> None:
    assert len(TILE_CODES) == 42
    assert len(set(TILE_CODES)) == 42
    assert TILE_CODES[:3] == ("1m", "2m", "3m")
    assert TILE_CODES[-1] == "8f"
    assert set(TILE_NAMES_ZH) == set(TILE_CODES)
    assert TILE_NAMES_ZH["5p"] == "五筒"
    assert TILE_NAMES_ZH["1s"] == "幺鸡"
    assert TILE_NAMES_ZH["5z"] == "白板"
    assert TILE_NAMES_ZH["1f"] == "春"


@pytest.mark.parametrize("code", TILE_CODES)
def test_tile_is_well_formed_and_safe(code: str) -> None:
    text = tile_svg(code)
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == TILE_NAMES_ZH[code]
    texts = [el.text for el in root.iter(f"{SVG}text")]
    assert code in texts  # the corner index
    assert "style=" not in text
    assert "<script" not in text.lower()
    for el in root.iter():
        assert el.tag != f"{SVG}style"
        for name in el.attrib:
            assert not name.lower().startswith("on")
            assert "href" not in name  # no external references


def test_tiles_are_distinct() -> None:
    bodies = {
        tile_svg(code).split("</title>", 1)[1].replace(f">{code}<", "><") for code in TILE_CODES
    }
    assert len(bodies) == len(TILE_CODES)


def test_sprite_has_one_symbol_per_tile() -> None:
    text = sprite()
    root = ET.fromstring(text)
    symbols = root.findall(f"{SVG}symbol")
    assert len(symbols) == 42
    ids = [s.get("id") for s in symbols]
    assert len(set(ids)) == 42
    assert ids == [f"t-{code}" for code in TILE_CODES]
    for symbol in symbols:
        assert symbol.get("viewBox") == "0 0 60 80"
        assert symbol.find(f"{SVG}title") is not None
    # Only the symbols carry ids, so nothing inside a tile can collide.
    assert sum(1 for el in root.iter() if "id" in el.attrib) == 42
    assert "style=" not in text
    assert "<script" not in text.lower()


@pytest.mark.parametrize("code", ["", "0m", "10m", "8z", "9f", "5x", "5P", "p5", "east"])
def test_unknown_code_raises(code: str) -> None:
    with pytest.raises(ValueError):
        tile_svg(code)


def test_write_all(tmp_path: Path) -> None:
    write_all(tmp_path / "tiles")
    written = sorted(p.name for p in (tmp_path / "tiles").iterdir())
    assert written == sorted(
        [f"{code}.svg" for code in TILE_CODES] + ["tiles.svg", "tiles-indexed.svg"]
    )
    for code in TILE_CODES:
        ET.parse(tmp_path / "tiles" / f"{code}.svg")
    ET.parse(tmp_path / "tiles" / "tiles.svg")


def test_static_files_are_current() -> None:
    """The committed static files match the generator (regenerate with write_all)."""
    static = Path(__file__).resolve().parents[2] / "static" / "calculator" / "tiles"
    for code in TILE_CODES:
        assert (static / f"{code}.svg").read_text(encoding="utf-8") == tile_svg(code) + "\n"
    assert (static / "tiles.svg").read_text(encoding="utf-8") == sprite() + "\n"
    assert (static / "tiles-indexed.svg").read_text(encoding="utf-8") == sprite(True) + "\n"


def test_only_the_english_sprite_shows_the_latin_index() -> None:
    plain, indexed = ET.fromstring(sprite()), ET.fromstring(sprite(indexed=True))
    assert not [el.text for el in plain.iter(f"{SVG}text") if el.text in TILE_CODES]
    assert {el.text for el in indexed.iter(f"{SVG}text")} >= set(TILE_CODES)
