"""Notation: parse, format, round trip, and errors that point at the character."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tiles import NotationError, format_tiles, parse, parse_one, tile_code


def test_parse_groups_share_a_letter() -> None:
    assert format_tiles(parse("123m456p789s11z")) == "123m456p789s11z"
    assert parse("1m") == [0]
    assert parse("9s") == [26]
    assert parse("7z") == [33]
    assert parse("8f") == [41]


def test_honor_letters_are_tenhou_order() -> None:
    assert parse("ESWNPFC") == parse("1234567z")
    assert format_tiles(parse("123mEEE")) == "123m111z"


def test_whitespace_is_ignored_and_order_of_groups_does_not_matter() -> None:
    assert sorted(parse(" 11z 123m\t456p ")) == sorted(parse("123m456p11z"))


def test_format_sorts_and_groups() -> None:
    assert format_tiles(parse("5z1m9p1m2f")) == "11m9p5z2f"


@pytest.mark.parametrize(
    ("text", "position", "char"),
    [
        ("123x", 3, "x"),
        ("12", 1, "2"),
        ("8z", 0, "8"),
        ("0m", 0, "0"),
        ("9f", 0, "9"),
        ("m", 0, "m"),
        ("12E", 0, "1"),
        ("１m", 0, "１"),
    ],
)
def test_errors_name_the_character_and_position(text: str, position: int, char: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.code == "unknown_tile"
    assert info.value.position == position
    assert info.value.char == char
    assert f"position {position + 1}" in info.value.message  # a reader counts from 1


def test_parse_one() -> None:
    assert tile_code(parse_one("5p")) == "5p"
    with pytest.raises(NotationError):
        parse_one("55p")


@given(st.lists(st.integers(0, 41), max_size=20))
def test_round_trip(tiles: list[int]) -> None:
    assert sorted(parse(format_tiles(tiles))) == sorted(tiles)


@given(st.text(max_size=30))
def test_junk_never_raises_anything_but_notation_errors(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse(text)


# --- Chinese notation (shared/spec/hand-format.md, "Chinese notation") ------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123万456筒789条东东", "123m456p789s11z"),
        ("一二三万", "123m"),
        ("一二三萬", "123m"),
        ("幺九万", "19m"),
        ("456饼", "456p"),
        ("456餅", "456p"),
        ("789條", "789s"),
        ("789索", "789s"),
        ("東南西北中發白", "1234567z"),
        ("东南西北中发白", "1234567z"),
        ("春夏秋冬梅蘭竹菊", "12345678f"),
        ("春夏秋冬梅兰竹菊", "12345678f"),
        ("123万 456p 东东", "123m456p11z"),
        ("123万，456筒、东东", "123m456p11z"),
        ("12,3m", "123m"),
        ("一2三万", "123m"),
        ("东E", "11z"),
    ],
)
def test_chinese_notation(text: str, expected: str) -> None:
    assert format_tiles(parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "char"),
    [
        ("红中", "红"),
        ("123萬x", "x"),
        ("一二三", "三"),  # numerals need their suit
        ("十万", "十"),
        ("一东", "一"),  # a numeral before an honor has no suit
        ("八东", "八"),
        ("八字", "字"),  # 字 is no suit word
    ],
)
def test_chinese_notation_errors_name_the_character(text: str, char: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.code == "unknown_tile"
    assert info.value.char == char
    assert char in info.value.message


def test_numerals_above_a_suits_size_are_not_tiles() -> None:
    with pytest.raises(NotationError) as info:
        parse("八z")
    assert info.value.char == "八"
