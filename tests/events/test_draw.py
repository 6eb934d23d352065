"""Seat draws: nobody twice in a round, every table full, repeats within the bound."""

from __future__ import annotations

from collections import Counter

import pytest

from calculator.events.draw import (
    METHODS,
    draw,
    pairs_of,
    repeated_pairs,
    repeats,
    swap,
    table_sizes,
)


def rounds(players: list[int], count: int, method: str, seed: int = 1) -> list[list[list[int]]]:
    met: Counter[tuple[int, int]] = Counter()
    out = []
    for n in range(count):
        tables = draw(
            players, 4, method, standing=players, met=met, rounds_left=count - n, seed=seed + n
        )
        met.update(pairs_of(tables))
        out.append(tables)
    return out


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("count", [4, 8, 12, 16, 64])
def test_every_player_sits_once_and_every_table_is_full(method: str, count: int) -> None:
    players = list(range(100, 100 + count))
    tables = draw(players, 4, method, standing=players, seed=7)
    seated = [p for t in tables for p in t]
    assert sorted(seated) == players  # nobody twice, nobody left out
    assert all(len(t) == 4 for t in tables)


def test_sixteen_players_over_four_rounds_never_meet_twice() -> None:
    """The measured bound: 16 players, 4 rounds of 4 tables, 0 repeated pairings."""
    played = rounds(list(range(16)), 4, "fresh")
    met: Counter[tuple[int, int]] = Counter()
    for tables in played:
        met.update(pairs_of(tables))
    assert max(met.values()) == 1  # every pair met at most once
    assert repeats(played[-1], Counter()) == 0


def test_random_draws_repeat_where_fresh_ones_do_not() -> None:
    def repeated(method: str) -> int:
        met: Counter[tuple[int, int]] = Counter()
        total = 0
        for tables in rounds(list(range(16)), 4, method):
            total += repeats(tables, met)
            met.update(pairs_of(tables))
        return total

    assert repeated("fresh") == 0 and repeated("random") > 0


def test_snake_and_high_high_follow_the_standing() -> None:
    standing = list(range(8))  # 0 leads
    snake = draw(standing, 4, "snake", standing=standing)
    high = draw(standing, 4, "high_high", standing=standing)
    assert sorted(map(sorted, snake)) == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert sorted(map(sorted, high)) == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_fewer_at_a_table_only_where_the_count_does_not_divide() -> None:
    assert table_sizes(12, 4) == [4, 4, 4]
    assert table_sizes(10, 3) == [3, 3, 2, 2]
    assert table_sizes(9, 3) == [3, 3, 3]


def test_a_swap_exchanges_two_players_seats_and_all() -> None:
    tables = [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert swap(tables, 2, 7) == [[1, 7, 3, 4], [5, 6, 2, 8]]


def test_a_draw_is_reproducible_from_its_seed() -> None:
    players = list(range(16))
    assert draw(players, 4, "fresh", seed=3) == draw(players, 4, "fresh", seed=3)


def test_a_season_of_earlier_meetings_is_avoided_where_the_roster_allows() -> None:
    # Sixteen who sat four by four at an earlier evening: one from each old
    # table at every new one, and nobody meets again.
    old = [list(range(i, i + 4)) for i in range(0, 16, 4)]
    met = pairs_of(old)
    for seed in range(3):
        tables = draw(list(range(16)), 4, "fresh", met=met, seed=seed)
        assert repeated_pairs(tables, met) == 0
        assert draw(list(range(16)), 4, "fresh", met=met, seed=seed) == tables  # its seed's draw


def test_a_draw_that_cannot_avoid_repeats_says_how_many() -> None:
    # Everyone at one earlier table, and a table again: all six pairs repeat.
    met = pairs_of([[0, 1, 2, 3]])
    tables = draw([0, 1, 2, 3], 4, "fresh", met=met, seed=3)
    assert repeated_pairs(tables, met) == 6
    # Eight who each met everyone but one partner: a table of four holds six
    # pairs, at most two of them new, so eight of the twelve must repeat.
    everyone = pairs_of([list(range(8))])
    apart = Counter(
        {p: n for p, n in everyone.items() if p not in {(0, 1), (2, 3), (4, 5), (6, 7)}}
    )
    tables = draw(list(range(8)), 4, "fresh", met=apart, seed=1)
    assert repeated_pairs(tables, apart) == 12 - 4
    assert {frozenset(p) for p in [(0, 1), (2, 3), (4, 5), (6, 7)]} <= {
        frozenset(p) for p in pairs_of(tables)
    }


def test_pairs_met_twice_before_do_not_keep_the_search_going() -> None:
    # A pair met twice costs the same whatever is drawn, so the search stops
    # once it is down to that cost (not only at zero) — and keeps them apart.
    met = Counter({(0, 1): 2})
    tables = draw(list(range(16)), 4, "fresh", met=met, seed=2)
    assert repeated_pairs(tables, met) == 0
