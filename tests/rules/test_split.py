"""Splitting, seven pairs, wild tiles, the winning tile's role, and waits."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hand import Meld
from rules.split import (
    CLOSED,
    EDGE,
    SINGLE,
    TRIPLET,
    TWO_SIDED,
    is_complete,
    seven_pairs,
    shapes,
    splits,
    waits,
    wild_shapes,
    wild_shapes_exist,
)
from rules.tiles import counts_of, parse, parse_one, tile_code
from tests.strategies import complete_tiles

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "bench" / "corpus.json"


def c(text: str) -> list[int]:
    return counts_of(parse(text))


def test_all_splits_of_a_pure_run() -> None:
    got = shapes(c("11122233344455m"))
    assert (
        len(got) == 4
    )  # 111 222 333 444 55 / 111 234 234 234 55 / 123 123 123 444 55 / 111 22 234 345 345
    assert all(sum(1 for k, _ in s if k == "pair") == 1 for s in got)


def test_not_complete() -> None:
    assert shapes(c("123m456p789s1z2z3z4z")) == []
    assert not is_complete(c("123m456p789s1z2z3z4z"))


@pytest.mark.parametrize(
    ("hand", "win", "expected"),
    [
        ("13s456m789p11z555p", "2s", {CLOSED}),
        ("12s456m789p11z555p", "3s", {EDGE}),
        ("89s456m789p11z555p", "7s", {EDGE}),
        ("45s456m789p11z555p", "3s", {TWO_SIDED}),
        ("123s456m789p1z555p", "1z", {SINGLE}),
        ("123s456m789p11z55p", "5p", {TRIPLET}),
        # 4 5 6 6 on 6: the pair (single) or the 456 (two-sided)
        ("456m456m789p11z45p", "6p", {TWO_SIDED}),
        ("123m456m789p456p6p", "6p", {SINGLE, TWO_SIDED}),
        ("1112m456p789s555z", "3m", {EDGE}),
        ("1112m456p789s555z", "2m", {SINGLE}),
        ("1113m456p789s555z", "2m", {CLOSED}),
    ],
)
def test_wait_roles(hand: str, win: str, expected: set[str]) -> None:
    got = {s.wait for s in splits(tuple(parse(hand)), parse_one(win))}
    assert got == expected


def test_triplet_completed_by_a_discard_is_exposed() -> None:
    hand = tuple(parse("123s456m789p11z55p"))
    drawn = splits(hand, parse_one("5p"), self_drawn=True)
    won = splits(hand, parse_one("5p"), self_drawn=False)
    assert all(b.concealed for b in drawn[0].blocks)
    assert not won[0].blocks[won[0].win_index or 0].concealed


def test_melds_join_the_split() -> None:
    meld = Meld("pong", tuple(parse("555p")))
    got = splits(tuple(parse("123s456m789p7p")), parse_one("7p"), (meld,))
    assert {s.wait for s in got} == {SINGLE, EDGE}  # 77p pair, or the 7 of 789p
    assert len(got[0].blocks) == 5
    assert got[0].blocks[-1].meld == meld
    assert not got[0].blocks[-1].concealed


def test_seven_pairs_with_four_of_a_kind() -> None:
    assert seven_pairs(c("11223344556677m")) is not None
    assert seven_pairs(c("11112233445566m"), four_as_two=True) is not None
    assert seven_pairs(c("11112233445566m"), four_as_two=False) is None
    assert seven_pairs(c("1122334455667m"), wilds=1) is not None
    assert seven_pairs(c("1234567m1234567p")) is None


def test_seven_pairs_only_when_asked() -> None:
    hand, win = tuple(parse("1122m3344p5566s7z")), parse_one("7z")
    assert splits(hand, win) == []
    (sp,) = splits(hand, win, allow_seven_pairs=True)
    assert sp.seven_pairs and sp.wait == SINGLE


# --- wild tiles: recognized exactly when some assignment wins ---------------


def brute_force(counts: list[int], wilds: int) -> bool:
    for assignment in itertools.combinations_with_replacement(range(34), wilds):
        trial = list(counts)
        for t in assignment:
            trial[t] += 1
        if is_complete(trial):
            return True
    return False


def random_hand(rng: random.Random, n_sets: int = 4) -> list[int]:
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(n_sets):
            if rng.random() < 0.4:
                t = rng.randrange(34)
                counts[t] += 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(3):
                    counts[s + k] += 1
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("wilds", [1, 2, 3])
def test_wilds_agree_with_brute_force(wilds: int) -> None:
    rng = random.Random(wilds)
    for trial in range(60):
        counts = random_hand(rng)
        tiles = [t for t in range(34) for _ in range(counts[t])]
        for t in rng.sample(tiles, wilds):
            counts[t] -= 1
        if trial % 2:  # spoil half of them so both answers occur
            tiles = [t for t in range(34) for _ in range(counts[t])]
            counts[rng.choice(tiles)] -= 1
            counts[rng.randrange(34)] += 1
            if max(counts) > 4:
                continue
        expected = brute_force(counts, wilds)
        assert wild_shapes_exist(counts, wilds) == expected, counts
        assert bool(wild_shapes(counts, wilds)) == expected, counts


def test_four_wilds_agree_with_brute_force_on_a_few() -> None:
    rng = random.Random(4)
    for _ in range(3):
        counts = random_hand(rng)
        tiles = [t for t in range(34) for _ in range(counts[t])]
        for t in rng.sample(tiles, 4):
            counts[t] -= 1
        assert wild_shapes_exist(counts, 4) == brute_force(counts, 4) is True


def test_wild_splits_say_what_each_wild_stood_for() -> None:
    # 白板 (5z) wild: 123m 456p 789s 111z 5z, winning on 2z: the 白板 pairs it
    wild = parse_one("5z")
    got = splits(tuple(parse("123m456p789s111z5z")), parse_one("2z"), wild_tile=wild)
    assert got
    assert all(len(s.wild_assignments) == 1 for s in got)
    assert any(b.tile == parse_one("2z") and b.wild for s in got for b in s.blocks)


# --- waits ------------------------------------------------------------------


def test_nine_gates_waits_on_every_tile() -> None:
    assert [tile_code(t) for t in waits(tuple(parse("1112345678999m")))] == [
        f"{n}m" for n in range(1, 10)
    ]


def test_a_tile_held_four_times_is_no_wait() -> None:
    # 1111m 23m: 1m is held four times, so only 4m waits via 1111m as 111+1? no: 23m waits 1m/4m
    assert [tile_code(t) for t in waits(tuple(parse("111123m456p789s5z")))] == ["5z"]


@pytest.mark.skipif(not CORPUS.exists(), reason=f"no benchmark corpus at {CORPUS}")
def test_waits_agree_with_the_corpus() -> None:
    corpus = json.loads(CORPUS.read_text())
    for record in corpus["tenpai"][:400]:
        tiles = tuple(t for t in range(34) for _ in range(record["counts"][t]))
        got = waits(tiles, allow_seven_pairs=True, four_as_two_pairs=False)
        assert got == record["waits"], record["mpsz"]


@settings(max_examples=150, deadline=None)
@given(complete_tiles(), st.integers(0, 13))
def test_random_sets_and_a_pair_are_always_recognized(tiles: list[int], pick: int) -> None:
    assert is_complete(counts_of(tiles))
    rest = list(tiles)
    win = rest.pop(pick)
    assert splits(tuple(rest), win)
    assert win in waits(tuple(rest))
