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
    assert str(position) in info.value.message


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
