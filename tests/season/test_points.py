"""标准分 at a table with ties, the attendance rules and the rating replay."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from calculator.season.names import key, near
from calculator.season.placings import placings, shown
from calculator.season.rating import Seat, replay


def points(money: dict[str, int]) -> dict[str, Fraction]:
    return {p: Fraction(t, 12) for p, (_place, t) in placings(money).items()}


def test_four_players_no_tie() -> None:
    assert points({"a": 30, "b": 10, "c": -15, "d": -25}) == {"a": 4, "b": 2, "c": 1, "d": 0}


def test_two_first_share_four_and_two() -> None:
    got = placings({"a": 20, "b": 20, "c": -10, "d": -30})
    assert got["a"] == got["b"] == (1, 36)  # 3 each
    assert got["c"] == (3, 12) and got["d"] == (4, 0)


def test_three_level_and_all_level() -> None:
    assert points({"a": 30, "b": -10, "c": -10, "d": -10})["b"] == Fraction(1)  # (2+1+0)/3
    assert set(points({"a": 0, "b": 0, "c": 0, "d": 0}).values()) == {Fraction(7, 4)}
    assert shown(21) == "1.75"
    assert points({"a": 5, "b": 5, "c": 5, "d": -15})["a"] == Fraction(7, 3)
    assert shown(28) == "2.33"


def test_three_and_two_player_tables() -> None:
    assert points({"a": 10, "b": 0, "c": -10}) == {"a": 4, "b": 2, "c": 1}
    assert points({"a": -5, "b": 5}) == {"a": 2, "b": 4}
    assert placings({"a": 1, "b": 1}) == {"a": (1, 36), "b": (1, 36)}


def test_the_points_of_a_table_add_up_whatever_the_ties() -> None:
    rng = random.Random(4)
    for _ in range(200):
        n = rng.choice((2, 3, 4))
        money = {i: rng.choice((-20, 0, 20)) for i in range(n)}
        assert sum(t for _p, t in placings(money).values()) == sum((4, 2, 1, 0)[:n]) * 12


@pytest.mark.parametrize("typed", ["张伟", "张 伟", "張偉", " 張　偉 ", "ＺＨＡＮＧ"])
def test_one_person_typed_several_ways(typed: str) -> None:
    assert key(typed) in ("张伟", "zhang")


def test_near_matches_come_after_the_same_name() -> None:
    class M:
        def __init__(self, name: str) -> None:
            self.name, self.key = name, key(name)

    roster = [M("张伟"), M("张伟伟"), M("李娜")]
    assert [m.name for m in near("張偉", roster)] == ["张伟", "张伟伟"]
    assert near("", roster) == []
    assert near("王芳", roster) == []


def seat(table: int, rnd: int, place: int, who: str, event: int = 1, n: int = 4) -> Seat:
    return Seat(table, event, rnd, place, n, who)


def test_rating_replay_winner_up_loser_down_and_level_equal() -> None:
    ratings, steps = replay(
        [seat(1, 1, 1, "m1"), seat(1, 1, 2, "m2"), seat(1, 1, 2, "m3"), seat(1, 1, 4, "m4")]
    )
    assert ratings["m1"].mu > ratings["m2"].mu == ratings["m3"].mu > ratings["m4"].mu
    assert len(steps) == 4


def test_rating_order_of_tables_within_a_round_does_not_matter() -> None:
    one = [seat(1, 1, 1, "m1"), seat(1, 1, 2, "m2"), seat(1, 1, 3, "m3"), seat(1, 1, 4, "m4")]
    two = [seat(2, 1, 4, "m5"), seat(2, 1, 3, "m6"), seat(2, 1, 1, "m7"), seat(2, 1, 2, "m8")]
    later = [seat(3, 2, 1, "m4"), seat(3, 2, 2, "m5"), seat(3, 2, 3, "m1"), seat(3, 2, 4, "m7")]
    a, _ = replay(one + two + later)
    b, _ = replay(two + one + later)
    assert {k: (r.mu, r.sigma) for k, r in a.items()} == {k: (r.mu, r.sigma) for k, r in b.items()}


def test_rating_replay_is_deterministic_and_takes_two_and_three_players() -> None:
    seats = [seat(1, 1, 1, "m1", n=2), seat(1, 1, 2, "m2", n=2)]
    seats += [seat(2, 2, 2, "m1", n=3), seat(2, 2, 1, "m2", n=3), seat(2, 2, 3, "g9", n=3)]
    a, steps = replay(seats)
    b, _ = replay(seats)
    assert a["m1"].mu == b["m1"].mu and len(steps) == 5


def test_one_member_in_two_seats_counts_once() -> None:
    _ratings, steps = replay([seat(1, 1, 1, "m1"), seat(1, 1, 2, "m1"), seat(1, 1, 3, "m2")])
    assert [s[0] for s in steps] == ["m1", "m2"]
