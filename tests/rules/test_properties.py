"""Engine properties over random winning hands: it always wins, money balances."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import score
from rules.regions.laosanfan import TIERS
from rules.report import to_json
from rules.tiles import format_tiles, parse, tile_code
from tests.strategies import complete_tiles

SEATS = ["E", "S", "W", "N"]


@st.composite
def laosanfan_hands(draw: st.DrawFn) -> dict[str, Any]:
    tiles = draw(complete_tiles())
    win = tiles.pop(draw(st.integers(0, 13)))
    seat = draw(st.sampled_from(SEATS))
    win_by = draw(st.sampled_from(["self_draw", "discard", "robbing_kong"]))
    hand: dict[str, Any] = {
        "region": "laosanfan",
        "hand": format_tiles(tiles),
        "win_tile": tile_code(win),
        "seat": seat,
        "dealer": draw(st.sampled_from(SEATS)),
        "flowers": format_tiles(draw(st.sets(st.integers(34, 41)))),
        "rules": {
            "tier": draw(st.sampled_from(TIERS)),
            "payer_split": draw(st.sampled_from(["dealer_full_xian_half", "equal"])),
        },
    }
    if win_by == "robbing_kong" and win in tiles:
        win_by = "discard"  # the robbed tile is the fourth copy: the winner holds no other
    if win_by != "self_draw":
        hand["discarder"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    hand["win_by"] = win_by
    losers = [s for s in SEATS if s != seat]
    if draw(st.booleans()):
        hand["table"] = {"loser_hu": {s: draw(st.integers(0, 200)) for s in losers}}
    return hand


@settings(max_examples=250, deadline=None)
@given(laosanfan_hands())
def test_sets_and_a_pair_always_win_and_money_balances(hand: dict[str, Any]) -> None:
    got = to_json(score(hand))
    assert got["ok"], got
    assert got["winning"], got
    assert sum(got["net"].values()) == 0
    assert all(isinstance(p["amount"], int) and p["amount"] > 0 for p in got["payments"])
    assert got["net"][hand["seat"]] > 0
    assert got["total"]["value"] <= 800


@settings(max_examples=100, deadline=None)
@given(laosanfan_hands())
def test_scoring_is_deterministic_and_order_free(hand: dict[str, Any]) -> None:
    first = to_json(score(hand))
    codes = [tile_code(t) for t in parse(hand["hand"])]
    shuffled = {**hand, "hand": "".join(reversed(codes))}
    assert to_json(score(hand)) == first
    assert to_json(score(shuffled))["total"] == first["total"]


@settings(max_examples=60, deadline=None)
@given(complete_tiles(), st.integers(0, 13), st.integers(0, 12), st.sampled_from(SEATS))
def test_sanmen_a_baiban_in_place_of_any_tile_keeps_a_win(
    tiles: list[int], win_at: int, swap_at: int, seat: str
) -> None:
    """白板 stands for anything: putting one in place of a hand tile never spoils a win."""
    from hypothesis import assume

    baiban = 31
    assume(baiban not in tiles)
    win = tiles.pop(win_at)
    hand = {
        "region": "sanmen",
        "hand": format_tiles(tiles),
        "win_tile": tile_code(win),
        "seat": seat,
        "dealer": "E",
        "win_by": "self_draw",
    }
    assert to_json(score(hand))["winning"]
    swapped = list(tiles)
    swapped[swap_at] = baiban
    got = to_json(score({**hand, "hand": format_tiles(swapped)}))
    assert got["ok"] and got["winning"], got
