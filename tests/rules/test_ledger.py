"""A session replayed: table state carried hand to hand, totals, settling up."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.engine import score
from rules.ledger import replay, settle_up
from rules.regions import REGIONS
from rules.report import to_json
from rules.tiles import format_tiles, tile_code


def test_zhen_climbs_across_hands_in_chuzhou() -> None:
    plain = {"hand": "234m567m345p79s11z", "win_tile": "8s", "win_by": "discard"}
    hands = [
        {**plain, "seat": "S", "discarder": "E"},  # the dealer's next seat wins: all 针 → 2
        {**plain, "seat": "N", "discarder": "E"},  # the new dealer (S)'s opposite: N → 3, others 1
        {"win_by": "draw"},
    ]
    got = replay("chuzhou", 4, {}, {"dealer": "E"}, hands)
    assert got.steps[0].request["table"] == {}
    assert got.steps[1].request["table"]["zhen"] == {"E": 2, "S": 2, "W": 2, "N": 2}
    assert got.steps[1].request["dealer"] == "S"
    assert got.steps[2].request["table"]["zhen"] == {"E": 1, "S": 1, "W": 1, "N": 3}
    assert got.steps[2].request["dealer"] == "W"
    assert got.table["dealer"] == "N"  # a drawn hand passes the deal on
    assert sum(got.totals.values()) == 0


def test_lao_zhuang_streak_in_sanmen() -> None:
    win = {"hand": "123m456p789s11z22z", "win_tile": "2z", "seat": "E", "win_by": "self_draw"}
    got = replay("sanmen", 4, {}, {"dealer": "E"}, [win, win, {**win, "seat": "S"}])
    assert got.steps[1].request["table"]["lao_zhuang"] == 1
    assert got.steps[2].request["table"]["lao_zhuang"] == 2
    assert got.table == {"dealer": "S", "lao_zhuang": 0}


def test_guobiao_passes_the_deal_and_moves_the_wind_on_when_it_is_back() -> None:
    win = {"hand": "123m456m789m123p5p", "win_tile": "5p", "win_by": "discard"}
    hands = [
        {**win, "seat": "S", "discarder": "W"},
        {"win_by": "draw"},  # 国标 has no 连庄: a drawn hand passes the deal too
        {**win, "seat": "W", "discarder": "E"},
        {**win, "seat": "W", "discarder": "N"},  # the dealer (N) hands the deal back to E
        {**win, "seat": "E", "discarder": "S"},
    ]
    got = replay("guobiao", 4, {}, {"dealer": "E"}, hands)
    dealers = [step.request["dealer"] for step in got.steps]
    winds = [
        step.request["table"]["round_wind"] if number else "E"
        for number, step in enumerate(got.steps)
    ]
    assert dealers == ["E", "S", "W", "N", "E"]
    assert winds == ["E", "E", "E", "E", "S"]
    assert all(step.request["table"]["first_dealer"] == "E" for step in got.steps)
    assert got.table == {"dealer": "S", "round_wind": "S", "first_dealer": "E"}
    assert all(step.result["ok"] for step in got.steps)
    assert got.steps[0].result["net"] == {"E": -8, "S": 8 + 8 + 31, "W": -31, "N": -8}
    assert sum(got.totals.values()) == 0


@pytest.mark.parametrize(
    ("totals", "transfers"),
    [
        ({"E": 30, "S": -30, "W": 20, "N": -20}, 2),  # two pairs settle apart
        ({"E": 60, "S": -20, "W": -20, "N": -20}, 3),
        ({"E": 0, "S": 0, "W": 0, "N": 0}, 0),
        ({"E": 50, "S": -10, "W": -40, "N": 0}, 2),
    ],
)
def test_settle_up_uses_the_fewest_transfers(totals: dict[str, int], transfers: int) -> None:
    got = settle_up(totals)
    assert len(got) == transfers
    balance = dict(totals)
    for payer, payee, amount in got:
        assert amount > 0
        balance[payer] += amount
        balance[payee] -= amount
    assert all(v == 0 for v in balance.values())


def random_hands(region: str, n: int, seed: int) -> Iterator[dict[str, Any]]:
    """Plausible hands: complete four-set hands of the region's tiles, or a draw."""
    rng = random.Random(seed)
    allowed = sorted(REGIONS[region].tiles)
    suited = [t for t in allowed if t < 27 and t % 9 <= 6]
    seats = ["E", "S", "W", "N"]
    made = 0
    while made < n:
        if rng.random() < 0.1:
            made += 1
            yield {"win_by": "draw"}
            continue
        tiles = [rng.choice(allowed)] * 2
        for _ in range(4):
            if rng.random() < 0.4:
                tiles += [rng.choice(allowed)] * 3
            else:
                s = rng.choice(suited)
                tiles += [s, s + 1, s + 2]
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        win = tiles.pop(rng.randrange(len(tiles)))
        seat = rng.choice(seats)
        hand = {"hand": format_tiles(tiles), "win_tile": tile_code(win), "seat": seat}
        if rng.random() < 0.5:
            hand["win_by"] = "self_draw"
        else:
            hand.update(win_by="discard", discarder=rng.choice([s for s in seats if s != seat]))
        made += 1
        yield hand


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_forty_hands_totals_are_the_engines_payments_summed(region: str) -> None:
    hands = list(random_hands(region, 40, seed=len(region)))
    got = replay(region, 4, {}, {"dealer": "E"}, hands)
    assert len(got.steps) == 40
    summed = dict.fromkeys("ESWN", 0)
    for step in got.steps:
        again = to_json(score(step.request))  # the engine alone, on the filled-in hand
        assert again == step.result
        if again["ok"]:
            for seat, amount in again["net"].items():
                summed[seat] += amount
    assert summed == dict(got.totals)
    assert sum(summed.values()) == 0
