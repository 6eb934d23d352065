"""Issue 40 point 1: no hand the engine scores as a win shows a fifth copy of
any tile, counting the robbed kong's three (counted here apart from
rules.sight, so that a slip there is not hidden by the same slip here)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import score_json
from rules.tiles import format_tiles, parse, tile_code
from tests.strategies import complete_tiles

REGIONS = ("laosanfan", "chuzhou", "sanmen", "changchun", "guobiao")


@st.composite
def robbed_kongs(draw: st.DrawFn) -> dict[str, Any]:
    tiles = draw(complete_tiles())
    win = tiles.pop(draw(st.integers(0, 13)))
    hand: dict[str, Any] = {
        "region": draw(st.sampled_from(REGIONS)),
        "hand": format_tiles(tiles),
        "win_tile": tile_code(win),
        "seat": "S",
        "dealer": "E",
        "win_by": "robbing_kong",
        "discarder": "W",
        "flags": ["ready_declared"],
    }
    if draw(st.booleans()) and tiles.count(win) >= 1:
        # Now and then a copy of the robbed tile goes into a pong or chow.
        for start in (win - 1, win - 2, win):
            run = [start, start + 1, start + 2]
            if start >= 0 and start // 9 == (start + 2) // 9 < 3 and all(t in tiles for t in run):
                for t in run:
                    tiles.remove(t)
                hand["hand"] = format_tiles(tiles)
                hand["melds"] = [{"type": "chi", "tiles": format_tiles(run)}]
                break
    return hand


def in_sight(hand: dict[str, Any]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for text in [hand["hand"], hand["win_tile"], *(m["tiles"] for m in hand.get("melds", []))]:
        seen.update(tile_code(t) for t in parse(text))
    seen[hand["win_tile"]] += 3  # the robbed seat's pong
    return seen


@settings(max_examples=300, deadline=None)
@given(robbed_kongs())
def test_no_scored_win_uses_a_fifth_copy(hand: dict[str, Any]) -> None:
    got = score_json(hand)
    over = {t: n for t, n in in_sight(hand).items() if n > 4}
    if got["ok"] and got["winning"]:
        assert not over, (hand, got)
    if over:
        assert not got["ok"]
        assert [e["code"] for e in got["errors"]] == ["too_many_copies"], got
        assert hand["win_tile"] in got["errors"][0]["message"]
